// The fake layout of the views that scroll: fixed-height rows, one section after another,
// no headers or spacing, so that "the anchored row stays put" is a number of points. Not
// UIKit or AppKit API.

import Foundation

extension FakeListCore {
  /// The top of the row at `indexPath` in a layout of `rowHeight`-point rows, or nil when the
  /// view shows no such row. O(s) for s sections.
  package func top(of indexPath: IndexPath, rowHeight: CGFloat) -> CGFloat? {
    layoutIfStale()
    let counts = itemCounts
    guard counts.indices.contains(indexPath[0]), (0..<counts[indexPath[0]]).contains(indexPath[1])
    else { return nil }
    return CGFloat(counts[..<indexPath[0]].reduce(0, +) + indexPath[1]) * rowHeight
  }

  /// The rows of a layout of `rowHeight`-point rows that meet the band of `height` points
  /// from `offset` down, in order. O(s + the rows returned).
  package func visibleRows(offset: CGFloat, height: CGFloat, rowHeight: CGFloat) -> [IndexPath] {
    layoutIfStale()
    guard rowHeight > 0, height > 0 else { return [] }
    let first = max(0, Int((offset / rowHeight).rounded(.down)))
    let end = Int(((offset + height) / rowHeight).rounded(.up))
    var paths: [IndexPath] = []
    var start = 0
    for (section, count) in itemCounts.enumerated() {
      let low = max(first, start)
      let high = min(end, start + count)
      if low < high {
        paths += (low..<high).map { IndexPath(indexes: [section, $0 - start]) }
      }
      start += count
      if start >= end { break }
    }
    return paths
  }
}

// Removing many entries of a sectioned snapshot's outline at once.

extension SectionedStorage {
  /// Removes the item entries at `positions` (any order, repeats allowed), dropping their
  /// marks. O(r b log n + k) for the r runs of neighbouring positions and k items; when that
  /// would cost more than rebuilding, O(n) (the outline is rebuilt without them).
  @inlinable
  mutating func removeEntries(at positions: [Int]) {
    guard !positions.isEmpty else { return }
    var ranges: [Range<Int>] = []
    for position in positions.sorted() {
      if let last = ranges.last, position < last.upperBound { continue }
      if let last = ranges.last, position == last.upperBound {
        ranges[ranges.count - 1] = last.lowerBound..<position + 1
      } else {
        ranges.append(position..<position + 1)
      }
    }
    removeRanges(ranges)
  }

  /// Removes the sections whose entries are at `positions` (any order, repeats allowed),
  /// with their items, dropping their marks. As ``removeEntries(at:)``, for the ranges of
  /// the sections.
  @inlinable
  mutating func removeSections(at positions: [Int]) {
    var ranges: [Range<Int>] = []
    for position in positions.sorted() where position != ranges.last?.lowerBound {
      ranges.append(position..<sectionEnd(of: position))
    }
    removeRanges(ranges)
  }

  /// Removes `ranges` (sorted, disjoint, each whole subtrees), dropping their marks: range by
  /// range from the last, the kept arrays' pieces losing the same ranges (see
  /// `SectionedStorage+BuiltPieces.swift`); or, when that costs more, by rebuilding the
  /// outline from what stays, which keeps the arrays it was rebuilt from, as a snapshot
  /// built at once does.
  @inlinable
  mutating func removeRanges(_ ranges: [Range<Int>]) {
    guard !ranges.isEmpty else { return }
    for range in ranges { forgetMarks(in: range) }
    let removed = ranges.reduce(0) { $0 + $1.count }
    // About 1.5 µs a run (seeks, path copies) and 0.3 µs an entry (its trie walk), against
    // 0.15 µs an entry kept for a rebuild.
    if ranges.count &* 10 &+ removed &* 2 > _list.count - removed,
      let (rebuilt, layout) = rebuilt(without: ranges)
    {
      _list = rebuilt
      kept = .whole(BuiltLayout(layout))
      return
    }
    for range in ranges.reversed() {
      // Cannot fail: each range is whole subtrees.
      try? _list.removeSubtrees(range)
    }
    removeFromPieces(ranges)
  }

  /// The outline without `ranges` (sorted, disjoint), built anew, with its layout (each
  /// section's items in an array), or nil if the bulk build refuses it (only identifiers
  /// whose hashing is broken can make it). O(n).
  @inlinable
  func rebuilt(
    without ranges: [Range<Int>]
  ) -> (list: SharedList<Entry>, layout: [LayoutSection<Section, Item>])? {
    let count = list.count - ranges.reduce(0) { $0 + $1.count }
    var kept: [SharedEntry<Entry>] = []
    kept.reserveCapacity(count)
    var layout: [LayoutSection<Section, Item>] = []
    var items: [Item] = []
    var start = 0
    for range in ranges + [list.count..<list.count] {
      list.tree.forEachRun(in: start..<range.lowerBound) { _, entries in
        for entry in entries {
          kept.append(SharedEntry(item: entry.item, level: entry.level, isExpanded: false))
          switch entry.item {
          case .section(let section):
            if !layout.isEmpty { swap(&layout[layout.count - 1].items, &items) }
            layout.append(LayoutSection(section, items: []))
          case .item(let item):
            items.append(item)
          }
        }
      }
      start = range.upperBound
    }
    if !layout.isEmpty { swap(&layout[layout.count - 1].items, &items) }
    guard
      let list = try? SharedList(
        kept, base: list.tree.base, bucketCapacity: list.labelIndex.bucketCapacity)
    else { return nil }
    return (list, layout)
  }
}

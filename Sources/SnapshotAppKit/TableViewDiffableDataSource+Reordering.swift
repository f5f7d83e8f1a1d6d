import Snapshot
import SnapshotAdapterCore

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  /// The pasteboard type of a row dragged within its table: the row's number.
  let draggedRowType = NSPasteboard.PasteboardType("dev.snapshot.table-row")

  /// What reordering by drag and drop needs beside the data source members.
  extension TableViewDiffableDataSource {
    /// The row a drag from this table carries, or nil.
    func draggedRow(_ info: any NSDraggingInfo, in tableView: NSTableView) -> Int? {
      guard (info.draggingSource as AnyObject?) === tableView,
        let text = info.draggingPasteboard.pasteboardItems?.first?.string(forType: draggedRowType),
        let row = Int(text), (0..<rowCount).contains(row)
      else { return nil }
      return row
    }

    /// The index path after the move of the row at `from` dropped above table row `row`: in
    /// the section of the row below the gap, before it (the last section's end past the last
    /// row). O(log s).
    func destination(above row: Int, from: ListIndexPath) -> ListIndexPath {
      let below =
        row < rowCount
        ? indexPath(ofRow: row)
        : ListIndexPath(
          item: rowCount - (sectionStarts.last ?? 0), section: max(0, sectionStarts.count - 1))
      let shift = from.section == below.section && from.item < below.item ? 1 : 0
      return ListIndexPath(item: below.item - shift, section: below.section)
    }

    /// The table moved a row from section `source` to section `destination`: the record's
    /// section starts follow. O(s).
    func viewMovedRow(from source: Int, to destination: Int) {
      guard source != destination else { return }
      for section in sectionStarts.indices {
        if section > source { sectionStarts[section] -= 1 }
        if section > destination { sectionStarts[section] += 1 }
      }
    }
  }
#endif

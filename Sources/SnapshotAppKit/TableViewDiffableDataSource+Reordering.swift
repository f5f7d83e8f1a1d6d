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

  /// Reordering by drag and drop within the table, wired to the engine's
  /// ``Snapshot/DiffableDataSource/reorderingHandlers``: a row drags when `canReorderItem`
  /// allows it (none drags without the handler); it drops between rows (`.above`), into the
  /// section of the row below the gap (the last section at the end). AppKit leaves the move
  /// to the data source: the adapter moves the row in the table (`moveRow(at:to:)`, animated
  /// as a move), then in the engine with
  /// ``Snapshot/DiffableDataSource/moveItem(at:to:viewAlreadyMoved:)``, which sends only the
  /// rest (the rows of its subtree, reconfigures); a move the engine refuses reloads the
  /// table.
  extension TableViewDiffableDataSource {
    /// The dragged row's pasteboard item (its row number), or nil when the engine's
    /// `canReorderItem` does not allow the row to move. O(log s + log n).
    public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
      -> (any NSPasteboardWriting)?
    {
      guard let canReorder = base.reorderingHandlers.canReorderItem,
        let item = itemIdentifier(forRow: row), canReorder(item)
      else { return nil }
      let writer = NSPasteboardItem()
      writer.setString(String(row), forType: draggedRowType)
      return writer
    }

    /// `.move` for a row of this table dropped between rows; none otherwise. O(1).
    public func tableView(
      _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
      proposedDropOperation dropOperation: NSTableView.DropOperation
    ) -> NSDragOperation {
      draggedRow(info, in: tableView) != nil && dropOperation == .above ? .move : []
    }

    /// Moves the dragged row above `row`: in the table, then in the engine (which sends only
    /// the rest). False for a drop onto a row, from elsewhere, or where the row already is.
    ///
    /// - Complexity: as the engine's move, plus O(s) count reads.
    public func tableView(
      _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
      dropOperation: NSTableView.DropOperation
    ) -> Bool {
      guard dropOperation == .above, let source = draggedRow(info, in: tableView),
        (0...rowCount).contains(row), row != source, row != source + 1
      else { return false }
      let from = indexPath(ofRow: source)
      let to = destination(above: row, from: from)
      tableView.moveRow(at: source, to: row > source ? row - 1 : row)
      viewMovedRow(from: from.section, to: to.section)
      do {
        try base.moveItem(
          at: from, to: to, viewAlreadyMoved: plantedBug != .movesAgainAfterDrop)
        advance(to: base)
      } catch {
        advance(to: base)
        tableView.reloadData()
      }
      return true
    }

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

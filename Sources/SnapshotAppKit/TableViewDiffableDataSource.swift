import Snapshot
import SnapshotAdapterCore

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  /// An `NSTableView` data source driven by a ``Snapshot/DiffableDataSource``: the
  /// counterpart of `NSTableViewDiffableDataSource`, created the same way (a table view and a
  /// cell provider). Experimental until the macOS workflow has run it against real views.
  ///
  /// `NSTableView` has rows, not sections: the sections' rows follow one another. Unlike
  /// UIKit, it applies each call at once, shifting the rows after it, and wants its data
  /// source to answer for the new state during the calls: the adapter advances its record
  /// first, then turns the batch (old-frame deletes, new-frame inserts, moves) into one
  /// ordered sequence of `removeRows`, `insertRows` and `moveRow` calls that lands on the new
  /// layout, between `beginUpdates` and `endUpdates`. Reconfigured rows are reloaded in place
  /// after it (AppKit has no reconfigure). `animated: false` runs inside an
  /// `NSAnimationContext` group with no duration; every update runs in an animation group, and
  /// an apply's completion runs when the groups have finished (their completion handlers).
  /// While the table has no window it reloads. A section's header row
  /// (`.firstItemInSection`) is a group row; a row that becomes or stops being one without
  /// being made anew is reloaded in place after the update.
  /// The first visible row is kept in place when ``keepsFirstVisibleRowInPlace`` is set.
  ///
  /// Reordering by drag and drop within the table is wired to the engine's
  /// ``Snapshot/DiffableDataSource/reorderingHandlers``: a row drags when `canReorderItem`
  /// allows it (none drags without the handler); it drops between rows (`.above`), into the
  /// section of the row below the gap (the last section at the end). AppKit leaves the move
  /// to the data source: the adapter moves the row in the table (`moveRow(at:to:)`, animated
  /// as a move), then in the engine with
  /// ``Snapshot/DiffableDataSource/moveItem(at:to:viewAlreadyMoved:)``, which sends only the
  /// rest (the rows of its subtree, reconfigures); a move the engine refuses reloads the
  /// table.
  ///
  /// Cost of an update: O(n + k·d) for n rows shown after it, k rows it inserts or moves and
  /// d the distance each move looks across (the sequence is worked out on a list of the
  /// rows); the cells of inserted rows are asked for at once.
  @MainActor
  public final class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, NSTableViewDataSource, NSTableViewDelegate {
    /// Apple's shape: the view for an item at a row of a column.
    public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) ->
      NSView

    /// The engine: apply snapshots, expand and collapse through it.
    public let base: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    /// The view driven.
    public private(set) weak var tableView: NSTableView?

    let cellProvider: CellProvider
    var content: (any ListContent<SectionIdentifierType, ItemIdentifierType>)?
    /// The first row of each section, and the row count.
    var sectionStarts: [Int] = []
    var rowCount = 0
    /// Whether each section shows its first row as a header (a group row), as of the last
    /// advance.
    var headerSections: [Bool] = []
    /// Updates whose animation group has not finished, and the data source's completions
    /// waiting for them.
    var updatesInFlight = 0
    var waitingCompletions: [() -> Void] = []

    /// Whether a batch keeps the first visible row where it is on screen (opt-in): when rows
    /// are inserted or deleted above it, the table scrolls by as much, as chat and feed apps
    /// do by hand. The row is found by its identity (its index path before the batch, mapped
    /// through the batch's ``Snapshot/BatchUpdate/PositionMap``; a staged update maps stage
    /// by stage); a row the batch deletes or reloads leaves the scroll position alone.
    ///
    /// Costs the batch's O(k log k) map, only when set.
    public var keepsFirstVisibleRowInPlace = false

    /// A defect planted for the tests that prove they catch it.
    package enum PlantedBug: Sendable {
      /// The batch sent in UIKit's frames (deletes, inserts, moves as listed).
      case uiKitFrames
      /// After a dropped row's move in the table, the engine asked to send that move again.
      case movesAgainAfterDrop
    }
    package var plantedBug: PlantedBug?

    /// Creates the data source of `tableView` (it becomes the table's `dataSource` and
    /// `delegate`, and takes drops of its rows) and its engine.
    ///
    /// - Complexity: O(1).
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
      self.base = DiffableDataSource()
      self.tableView = tableView
      self.cellProvider = cellProvider
      super.init()
      tableView.dataSource = self
      tableView.delegate = self
      tableView.registerForDraggedTypes([draggedRowType])
      base.listView = self
    }

    /// The item at `row`. O(log s + log n) for s sections.
    public func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
      content?.itemIdentifier(for: indexPath(ofRow: row))
    }

    /// The section and row within it of table row `row`. O(log s).
    func indexPath(ofRow row: Int) -> ListIndexPath {
      var low = 0
      var high = sectionStarts.count
      while low < high {
        let middle = (low + high) / 2
        if sectionStarts[middle] <= row { low = middle + 1 } else { high = middle }
      }
      let section = max(0, low - 1)
      return ListIndexPath(
        item: row - (sectionStarts.isEmpty ? 0 : sectionStarts[section]), section: section)
    }

    /// The rows shown. O(1).
    public func numberOfRows(in tableView: NSTableView) -> Int { rowCount }

    /// The cell provider's view for `row`. O(log s + log n) plus the provider's cost.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      guard let item = itemIdentifier(forRow: row),
        let column = tableColumn ?? tableView.tableColumns.first
      else { return nil }
      return cellProvider(tableView, column, row, item)
    }

    // The Objective-C protocols' members stay in the class's body: Swift does not expose
    // members of extensions of generic classes to Objective-C.

    /// Whether `row` is a section's header (its first row, in a section whose
    /// ``Snapshot/DiffableDataSource/headerMode(for:)`` is `.firstItemInSection`): shown as a
    /// group row, across the table's columns. O(log s).
    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard (0..<rowCount).contains(row) else { return false }
      let path = indexPath(ofRow: row)
      return path.item == 0 && headerSections.indices.contains(path.section)
        && headerSections[path.section]
    }

    // MARK: - Reordering (the helpers are in TableViewDiffableDataSource+Reordering.swift)

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

    /// Makes `content` what the adapter answers with. O(s) count and section identifier
    /// reads.
    func advance(to content: any ListContent<SectionIdentifierType, ItemIdentifierType>) {
      self.content = content
      sectionStarts = []
      rowCount = 0
      for section in 0..<content.numberOfSections {
        sectionStarts.append(rowCount)
        rowCount += content.numberOfItems(inSection: section)
      }
      headerSections = headerSections(of: content)
    }
  }

  // `@preconcurrency`, as ``SnapshotAdapterCore/ListViewAdapter``'s: the methods run on the
  // main actor, checked where they are called.
  extension TableViewDiffableDataSource: @preconcurrency DiffableListView {
    /// Reloads the table from `content` (called by ``base``, on the main actor).
    ///
    /// - Complexity: O(s) count reads; the table then reads what it shows.
    public func reloadData(_ content: some ListContent<SectionIdentifierType, ItemIdentifierType>) {
      advance(to: content)
      tableView?.reloadData()
    }

    /// Sends `batch` as one ordered sequence of row calls (called by ``base``, on the main
    /// actor); reloads instead while the table has no window.
    ///
    /// - Complexity: see the type's cost.
    public func performBatchUpdates(
      _ batch: BatchUpdate, animated: Bool,
      content: some ListContent<SectionIdentifierType, ItemIdentifierType>
    ) {
      perform(batch, animated: animated, content: content)
    }

    func perform(
      _ batch: BatchUpdate, animated: Bool,
      content: any ListContent<SectionIdentifierType, ItemIdentifierType>
    ) {
      guard let tableView, tableView.window != nil else {
        advance(to: content)
        tableView?.reloadData()
        return
      }
      let oldStarts = sectionStarts
      let oldCount = rowCount
      let oldHeaders = headerSections
      let anchor = keepsFirstVisibleRowInPlace ? firstVisibleRow(of: tableView) : nil
      advance(to: content)
      let old = RowFrame(starts: oldStarts, count: oldCount)
      let new = RowFrame(starts: sectionStarts, count: rowCount)
      let calls =
        plantedBug == .uiKitFrames
        ? RowCalls.inUIKitFrames(batch, old: old, new: new)
        : RowCalls.ordered(batch, old: old, new: new)
      let reconfigured = IndexSet(batch.reconfiguredItems.map { new.row($0) })
        .union(groupRowsChanging(batch, old: old, oldHeaders: oldHeaders, new: new))
      let update = {
        tableView.beginUpdates()
        for call in calls {
          switch call {
          case .remove(let rows): tableView.removeRows(at: rows, withAnimation: .effectFade)
          case .insert(let rows): tableView.insertRows(at: rows, withAnimation: .effectFade)
          case .move(let from, let to): tableView.moveRow(at: from, to: to)
          }
        }
        tableView.endUpdates()
        if !reconfigured.isEmpty {
          tableView.reloadData(forRowIndexes: reconfigured, columnIndexes: IndexSet(integer: 0))
        }
      }
      updatesInFlight += 1
      NSAnimationContext.runAnimationGroup { context in
        if !animated { context.duration = 0 }
        update()
      } completionHandler: { [weak self] in
        // AppKit runs it on the main thread; Swift 6.2 imports it as @Sendable (SE-0463).
        MainActor.assumeIsolated { self?.updateFinished() }
      }
      if let anchor, let path = batch.positionMap.newIndexPath(forOld: anchor.path) {
        let top = tableView.rect(ofRow: new.row(path)).minY
        tableView.scroll(NSPoint(x: tableView.visibleRect.minX, y: top + anchor.past))
      }
    }

    /// Runs `completion` once every update handed to the table so far has finished (its
    /// animation group's completion handler ran); at once when none is under way (called by
    /// ``base``, on the main actor). O(1).
    public func whenUpdatesFinish(_ completion: @escaping () -> Void) {
      if updatesInFlight == 0 {
        completion()
      } else {
        waitingCompletions.append(completion)
      }
    }

    /// An update's animation group finished: the waiting completions run when it was the
    /// last one.
    func updateFinished() {
      updatesInFlight -= 1
      guard updatesInFlight == 0 else { return }
      let waiting = waitingCompletions
      waitingCompletions = []
      for completion in waiting { completion() }
    }

    /// The first visible row of `tableView` as an index path of the record (before it
    /// advances), and how far the visible area's top is past the row's top. O(log s).
    func firstVisibleRow(of tableView: NSTableView) -> (path: ListIndexPath, past: CGFloat)? {
      let visible = tableView.visibleRect
      let rows = tableView.rows(in: visible)
      guard rows.length > 0, rows.location < rowCount else { return nil }
      return (
        indexPath(ofRow: rows.location), visible.minY - tableView.rect(ofRow: rows.location).minY
      )
    }
  }
#endif

// What the UIKit and AppKit adapters share, framework-free: not API.

import Foundation
import Snapshot

/// What the shared core needs of a list view that batches (UICollectionView, UITableView,
/// NSCollectionView).
@usableFromInline @MainActor package protocol BatchingListView: AnyObject {
  /// Whether the view is in a window (else it is reloaded, not animated).
  var isInWindow: Bool { get }
  /// Runs `body` without animation (`UIView.performWithoutAnimation`, an
  /// `NSAnimationContext` group with no duration).
  func withoutAnimation(_ body: () -> Void)
  func reloadData()
  /// `performBatchUpdates(_:completion:)`.
  func performBatch(_ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void)
  /// `reconfigureItems(at:)` / `reconfigureRows(at:)`; AppKit: the visible items again.
  func reconfigure(_ indexPaths: [IndexPath])
}

/// What keeping the user's place needs of a view: where its first visible row is, and a
/// way to scroll a row back there.
@usableFromInline @MainActor package protocol PlaceKeepingView: AnyObject {
  /// The first visible row (a section and an item) and how many points the top of the
  /// visible area is past the row's top; nil without a window or a visible row.
  func firstVisibleRow() -> (row: IndexPath, past: CGFloat)?
  /// After an update: lays the view out and scrolls so that the top of the visible area is
  /// `past` points past the top of the row at `indexPath`.
  func scroll(toRow indexPath: IndexPath, past: CGFloat)
}

/// A defect an adapter can be made to have, for the tests that prove they catch it.
@usableFromInline package enum AdapterBug: Sendable {
  /// The record advanced before `performBatchUpdates`, not inside its closure.
  case recordAdvancedBeforeClosure
  /// Reconfigures sent inside the batch's closure.
  case reconfigureInsideBatch
  /// `animated: false` without `performWithoutAnimation`.
  case animatesUnanimatedBatches
  /// After an interactive move, the engine asked to send the view's move again.
  case movesAgainAfterInteractiveMove
}

/// What every batching adapter shares: its record of what the view shows (the sections' row
/// counts, and the content that answers for them), advanced inside the
/// `performBatchUpdates` closure, and the delivery of updates.
///
/// UIKit reads the "before" counts from its data source at the start of
/// `performBatchUpdates` whenever its layout is stale, after the engine has already moved
/// on; until the closure runs, rows are answered for through the batch's
/// ``Snapshot/BatchUpdate/PositionMap``.
///
/// The stored properties an update reads and writes are `@exclusivity(unchecked)`: the core
/// is used from the main actor only, and each access is a load, a store or a change that
/// calls out to nothing, so no two can overlap (the runtime's check of each, about 50 on an
/// update with the fake view, cost a quarter of the adapter's time). ``indexPathBuffer``,
/// lent to the view's calls, keeps its check.
@MainActor @usableFromInline
package final class AdapterCore<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
  @exclusivity(unchecked) @usableFromInline package var counts: [Int] = []
  @exclusivity(unchecked) @usableFromInline package var content:
    (any ListContent<SectionIdentifierType, ItemIdentifierType>)?
  /// Between the start of an update and its closure: the batch, whose map takes the rows
  /// the view shows (the record) to the content's (wherever it is set, ``preparedMap`` is
  /// reset).
  @exclusivity(unchecked) @usableFromInline package var pendingBatch: BatchUpdate?
  /// The pending batch's map, prepared when the view first asks for a row mid-update (a
  /// view whose layout is current asks for none, and the update then costs no map).
  @exclusivity(unchecked) @usableFromInline var preparedMap: BatchUpdate.PositionMap?
  /// The items handed to the cell provider since the record last advanced.
  @exclusivity(unchecked) @usableFromInline package var shownItems:
    [IndexPath: ItemIdentifierType] = [:]
  /// Batches handed to the view whose completion has not run yet, and the data source's
  /// completions waiting for them.
  @exclusivity(unchecked) @usableFromInline package var batchesInFlight = 0
  @exclusivity(unchecked) @usableFromInline package var waitingCompletions: [() -> Void] = []
  @exclusivity(unchecked) @usableFromInline package var bug: AdapterBug?
  /// Makes a batch's structural calls on the view (set once by the adapter).
  @exclusivity(unchecked) @usableFromInline package var sendBatch:
    (BatchUpdate, inout [IndexPath]) -> Void = { _, _ in }
  /// The storage the item calls' index paths are built in, kept from one update to the
  /// next (no allocation once it is large enough, unless the view keeps an array it got).
  @usableFromInline var indexPathBuffer: [IndexPath] = []
  /// While the view runs the `performBatchUpdates` closure: the content it takes the record
  /// to, the view (for a planted bug only), and the batch when not ``pendingBatch`` (a
  /// planted bug advanced the record before the closure).
  @exclusivity(unchecked) @usableFromInline var delivering: BatchUpdate?
  @exclusivity(unchecked) @usableFromInline var deliveringContent:
    (any ListContent<SectionIdentifierType, ItemIdentifierType>)?
  @exclusivity(unchecked) @usableFromInline var deliveringView: (any BatchingListView)?
  /// The `performBatchUpdates` closure, made once by ``connect(_:)`` (the view runs it
  /// before `performBatchUpdates` returns, while the core exists).
  @exclusivity(unchecked) @usableFromInline var batchBody: () -> Void = {}
  /// The `performBatchUpdates` completion, made once by ``connect(_:)``: it holds the core
  /// weakly (the view keeps it until its animation ends, which may outlive the adapter).
  @exclusivity(unchecked) @usableFromInline var batchCompletion: (Bool) -> Void = { _ in }

  package init() {}

  /// Sets ``sendBatch`` and makes the `performBatchUpdates` closure and completion.
  /// Inlinable, as the update path is: an adapter's inlinable initializer calling it has the
  /// path specialized for the caller's identifier types. O(1).
  @inlinable package func connect(_ send: @escaping (BatchUpdate, inout [IndexPath]) -> Void) {
    sendBatch = send
    // Unowned without a count: the core owns the closure, and the view runs it inside
    // `performBatchUpdates`, which the core calls (so it is alive).
    batchBody = { [unowned(unsafe) self] in self.runBatchBody() }
    batchCompletion = { [weak self] _ in self?.batchFinished() }
  }

  /// The section count the view is told. O(1).
  package var sectionCount: Int { counts.count }

  /// The row count of `section` the view is told. O(1).
  package func rowCount(_ section: Int) -> Int {
    counts.indices.contains(section) ? counts[section] : 0
  }

  /// The item the view shows at `indexPath`. O(log n), O(log k) more mid-update (and the
  /// batch's O(k log k) map, the first time).
  package func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    if let item = shownItems[indexPath] { return item }
    let path = ListIndexPath(item: indexPath[1], section: indexPath[0])
    guard let map = pendingMap() else { return content?.itemIdentifier(for: path) }
    return map.newIndexPath(forOld: path).flatMap { content?.itemIdentifier(for: $0) }
  }

  /// The section the view shows at `index`. O(log s), O(log k) more mid-update (and the
  /// batch's O(k log k) map, the first time).
  package func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    guard let map = pendingMap() else { return content?.sectionIdentifier(for: index) }
    return map.newSection(forOld: index).flatMap { content?.sectionIdentifier(for: $0) }
  }

  /// The pending batch's map, prepared on first use; nil outside an update.
  func pendingMap() -> BatchUpdate.PositionMap? {
    guard let pendingBatch else { return nil }
    let map = preparedMap ?? pendingBatch.positionMap
    preparedMap = map
    return map
  }

  /// The item to draw at `indexPath`: a row the pending batch removes, and not yet shown,
  /// is drawn as the content's row at the same place (its cell is about to go).
  package func itemToDraw(at indexPath: IndexPath) -> ItemIdentifierType? {
    let item =
      itemIdentifier(for: indexPath)
      ?? content?.itemIdentifier(
        for: ListIndexPath(item: indexPath[1], section: indexPath[0]))
    if let item { shownItems[indexPath] = item }
    return item
  }

  /// Makes `content` what the record answers with: O(s) count reads for s sections, and
  /// O(the items handed to the cell provider since the last advance); never O(n).
  ///
  /// With `batch`, the update that takes the record to `content`: when it leaves the
  /// sections as they are, the counts of the sections its item entries touch follow from
  /// the batch (UIKit's count rule: old count, plus inserts and moves in, minus deletes and
  /// moves out), O(k) for k entries, no count read; debug builds check them against
  /// `content` (``checkDerivedCounts(against:through:)``).
  @inlinable package func advance(
    to content: any ListContent<SectionIdentifierType, ItemIdentifierType>,
    through batch: BatchUpdate? = nil
  ) {
    self.content = content
    if let batch, batch.keepsSections {
      for path in batch.insertedItems { addCount(1, to: path.section) }
      for path in batch.deletedItems { addCount(-1, to: path.section) }
      for move in batch.movedItems where move.source.section != move.destination.section {
        addCount(-1, to: move.source.section)
        addCount(1, to: move.destination.section)
      }
      #if DEBUG
        checkDerivedCounts(against: content, through: batch)
      #endif
    } else {
      counts = (0..<content.numberOfSections).map { content.numberOfItems(inSection: $0) }
    }
    pendingBatch = nil
    preparedMap = nil
    forgetShownItems()
  }

  /// Adds `change` to the row count of `section` (none out of range). O(1).
  @inlinable func addCount(_ change: Int, to section: Int) {
    guard counts.indices.contains(section) else { return }
    counts[section] += change
  }

  /// Debug builds: checks the counts derived from `batch` against `content`'s, for the
  /// sections its item entries touch, and takes `content`'s where they differ (so that the
  /// view's own check sees the batch as before). They may differ only with a planted bug
  /// (whose batch breaks the count rule on purpose). O(k) count reads.
  @usableFromInline func checkDerivedCounts(
    against content: any ListContent<SectionIdentifierType, ItemIdentifierType>,
    through batch: BatchUpdate
  ) {
    let touched =
      batch.insertedItems.map(\.section) + batch.deletedItems.map(\.section)
      + batch.movedItems.flatMap { [$0.source.section, $0.destination.section] }
    for section in touched where counts.indices.contains(section) {
      let count = content.numberOfItems(inSection: section)
      guard counts[section] != count else { continue }
      precondition(
        bug != nil,
        "section \(section): \(counts[section]) rows derived from the batch, \(count) in the "
          + "content")
      counts[section] = count
    }
  }

  /// Forgets the items handed to the cell provider: O(the items handed since the last time),
  /// not O(the most ever handed), as keeping the table's capacity would cost after a pass that
  /// drew many rows.
  @inlinable func forgetShownItems() {
    if !shownItems.isEmpty { shownItems = [:] }
  }

  /// The view moved a row from section `source` to section `destination` itself. O(1).
  package func viewMovedRow(from source: Int, to destination: Int) {
    guard counts.indices.contains(source), counts.indices.contains(destination) else { return }
    counts[source] -= 1
    counts[destination] += 1
    forgetShownItems()
  }

  @inlinable package func reload(
    _ view: (some BatchingListView)?,
    content: any ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    advance(to: content)
    view?.reloadData()
  }

  /// Sends `batch` to `view`: reloads while it has no window; else one
  /// `performBatchUpdates` advancing the record inside its closure, where ``sendBatch``
  /// makes the batch's structural calls, then the reconfigures. The closure is made once,
  /// not per update: what it delivers waits in the core while the view runs it.
  ///
  /// - Complexity: O(s + k log k) for s sections and k entries, plus a count read per
  ///   section when the batch changes sections (none otherwise).
  @inlinable package func perform(
    _ batch: BatchUpdate, animated: Bool, on view: (some BatchingListView)?,
    content: any ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    guard let view, view.isInWindow else { return reload(view, content: content) }
    if bug == .recordAdvancedBeforeClosure {
      advance(to: content)
      delivering = batch
    } else {
      pendingBatch = batch
      preparedMap = nil
    }
    if animated || bug == .animatesUnanimatedBatches {
      update(view, batch, content)
    } else {
      view.withoutAnimation { update(view, batch, content) }
    }
  }

  /// One `performBatchUpdates` of `batch` on `view`, then the reconfigures.
  @inlinable func update(
    _ view: some BatchingListView, _ batch: BatchUpdate,
    _ content: any ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    batchesInFlight += 1
    deliveringContent = content
    // Only the planted reconfigure bug needs the view inside the closure (a retain and a
    // release of a weakly held view, which take the slow path, spared on every update).
    if bug == .reconfigureInsideBatch { deliveringView = view }
    view.performBatch(batchBody, completion: batchCompletion)
    delivering = nil
    deliveringContent = nil
    deliveringView = nil
    guard !batch.reconfiguredItems.isEmpty, bug != .reconfigureInsideBatch else { return }
    view.reconfigure(batch.reconfiguredIndexPaths)
  }

  /// The `performBatchUpdates` closure's work: the record advances to the content being
  /// delivered, and the view gets the batch's calls.
  @inlinable func runBatchBody() {
    // Taken, not copied (a batch is a dozen arrays to retain and release).
    // Not `pendingBatch.take() ?? delivering.take()`: the generic `??` copies the batch.
    guard let content = deliveringContent.take() else { return }
    let batch: BatchUpdate
    if let pending = pendingBatch.take() {
      batch = pending
    } else if let early = delivering.take() {
      batch = early
    } else {
      return
    }
    advance(to: content, through: batch)
    sendBatch(batch, &indexPathBuffer)
    if bug == .reconfigureInsideBatch, !batch.reconfiguredItems.isEmpty {
      deliveringView?.reconfigure(batch.reconfiguredIndexPaths)
    }
  }

  /// Runs `completion` once every batch handed to the view so far has finished; at once
  /// when none is under way. O(1).
  package func whenUpdatesFinish(_ completion: @escaping () -> Void) {
    if batchesInFlight == 0 {
      completion()
    } else {
      waitingCompletions.append(completion)
    }
  }

  /// A batch's completion ran: the waiting completions run when it was the last one.
  @inlinable package func batchFinished() {
    batchesInFlight -= 1
    guard batchesInFlight == 0 else { return }
    let waiting = waitingCompletions
    waitingCompletions = []
    for completion in waiting { completion() }
  }
}

/// A kind of call a batching view takes for a batch.
package enum BatchCall: Sendable {
  case deleteSections, insertSections, reloadSections, deleteItems, insertItems, reloadItems
}

extension BatchUpdate {
  /// Whether the batch leaves the sections as they are (no section inserted, deleted,
  /// reloaded or moved): its item entries then say which sections change their counts. O(1).
  @inlinable var keepsSections: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
      && movedSections.isEmpty
  }

  /// The reconfigured items as index paths. O(k).
  @inlinable var reconfiguredIndexPaths: [IndexPath] {
    reconfiguredItems.map { IndexPath(index: $0.section).appending($0.item) }
  }

  /// The batch's structural entries as a batching view's calls, in UIKit's listing order:
  /// the section calls (each with its sections), the section moves, the item calls (each
  /// with its index paths, built in `buffer`, whose storage is reused), the item moves.
  /// Empty lists make no call. O(k).
  package func forEachCall(
    reusing buffer: inout [IndexPath],
    sections: (BatchCall, IndexSet) -> Void, items: (BatchCall, [IndexPath]) -> Void,
    moveSection: (Int, Int) -> Void, moveItem: (IndexPath, IndexPath) -> Void
  ) {
    // Built without an array of indexes (which would cost an allocation per path).
    func indexPath(_ path: ListIndexPath) -> IndexPath {
      IndexPath(index: path.section).appending(path.item)
    }
    func call(_ call: BatchCall, _ paths: [ListIndexPath]) {
      guard !paths.isEmpty else { return }
      buffer.removeAll(keepingCapacity: true)
      for path in paths { buffer.append(indexPath(path)) }
      items(call, buffer)
    }
    if !deletedSections.isEmpty { sections(.deleteSections, IndexSet(deletedSections)) }
    if !insertedSections.isEmpty { sections(.insertSections, IndexSet(insertedSections)) }
    if !reloadedSections.isEmpty { sections(.reloadSections, IndexSet(reloadedSections)) }
    for move in movedSections { moveSection(move.source, move.destination) }
    call(.deleteItems, deletedItems)
    call(.insertItems, insertedItems)
    call(.reloadItems, reloadedItems)
    for move in movedItems { moveItem(indexPath(move.source), indexPath(move.destination)) }
  }
}

import Foundation
import Snapshot

/// What the adapters of SnapshotUIKit and SnapshotAppKit share: the engine (``base``), the
/// conformance to `DiffableListView`, and the record of what the view shows. Open only so
/// that those modules' adapters can subclass it: not meant to be subclassed elsewhere.
///
/// The conformance is `@preconcurrency` (Swift 6.0 has no isolated conformances): its
/// methods run on the main actor, and a call from elsewhere stops the program, checked
/// where it is made (the data source calls them on the isolation it is used from, which
/// with these adapters is the main actor).
@MainActor
open class ListViewAdapter<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, @preconcurrency DiffableListView {
  /// The engine: apply snapshots, expand and collapse through it.
  public let base: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>
  @usableFromInline package let core = AdapterCore<SectionIdentifierType, ItemIdentifierType>()
  // Unchecked exclusivity, here and on `deliverBatch`: read once an update, on the main
  // actor, calling out to nothing (see `AdapterCore`).
  /// What the subclass's view does with a reload and a batch.
  @exclusivity(unchecked) @usableFromInline package var reloadView:
    (any ListContent<SectionIdentifierType, ItemIdentifierType>) -> Void = {
      _ in
    }
  @exclusivity(unchecked) @usableFromInline package var deliverBatch:
    (BatchUpdate, Bool, any ListContent<SectionIdentifierType, ItemIdentifierType>) -> Void = {
      _, _, _ in
    }

  /// Whether a batch keeps the first visible row where it is on screen (opt-in): when rows
  /// are inserted or deleted above it, the content offset moves by as much, as chat and
  /// feed apps do by hand. The row is found by its identity (its index path before the
  /// batch, mapped through the batch's ``Snapshot/BatchUpdate/PositionMap``; a staged update
  /// maps stage by stage); a row the batch deletes or reloads leaves the offset alone.
  ///
  /// Costs the batch's O(k log k) map and a layout pass after the batch, only when set.
  @exclusivity(unchecked) public var keepsFirstVisibleRowInPlace = false

  /// A defect planted for the tests that prove they catch it.
  package var plantedBug: AdapterBug? {
    get { core.bug }
    set { core.bug = newValue }
  }

  package override init() {
    base = DiffableDataSource()
    super.init()
    base.listView = self
  }

  /// The item at `indexPath` as the view shows it now.
  ///
  /// - Complexity: O(log n) (O(log k) more between an update's start and its closure).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    core.itemIdentifier(for: indexPath)
  }

  /// The identifier of the section the view shows at `index`, or nil (as
  /// `UICollectionViewDiffableDataSource.sectionIdentifier(for:)`): what a supplementary
  /// view provider reads.
  ///
  /// - Complexity: O(log s) (O(log k) more between an update's start and its closure).
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    core.sectionIdentifier(for: index)
  }

  /// Reloads the view from `content` (called by ``base``, on the main actor).
  ///
  /// - Complexity: O(s) count reads for s sections; the view then reads what it shows.
  public func reloadData(_ content: some ListContent<SectionIdentifierType, ItemIdentifierType>) {
    reloadView(content)
  }

  /// Sends `batch` to the view, advancing the record inside the `performBatchUpdates`
  /// closure; reloads instead while the view has no window (called by ``base``, on the
  /// main actor).
  ///
  /// - Complexity: O(s + k log k) for s sections and k entries, plus a count read per
  ///   section when the batch changes sections (none otherwise).
  public func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool,
    content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    deliverBatch(batch, animated, content)
  }

  /// Runs `completion` once every batch handed to the view so far has finished (its
  /// `performBatchUpdates` completion ran); at once when none is under way. O(1).
  public func whenUpdatesFinish(_ completion: @escaping () -> Void) {
    core.whenUpdatesFinish(completion)
  }

  /// Connects the update path to the view that `view` returns (the subclass's weak
  /// reference), `send` making a batch's structural calls on it (building index paths in
  /// the buffer it is given, whose storage is reused). Inlinable: an adapter's
  /// inlinable initializer calling it has the path specialized for its view and the
  /// caller's identifier types. O(1).
  ///
  /// `view` and `send` must not hold the adapter strongly (it owns them). The closures made
  /// here hold it unowned without a count: only the adapter's own methods (running, so the
  /// adapter is alive) call them, the view running `batchBody` before it returns.
  @inlinable package func connect<View: BatchingListView & PlaceKeepingView>(
    to view: @escaping () -> View?,
    send: @escaping (View, BatchUpdate, inout [IndexPath]) -> Void
  ) {
    reloadView = { [unowned(unsafe) self] in core.reload(view(), content: $0) }
    core.connect { batch, buffer in
      if let view = view() { send(view, batch, &buffer) }
    }
    deliverBatch = { [unowned(unsafe) self] batch, animated, content in
      let view = view()
      keepingPlace(on: view, through: batch) {
        core.perform(batch, animated: animated, on: view, content: content)
      }
    }
  }

  /// Runs `update`, which sends `batch` to `view`, keeping the first visible row where it
  /// was when ``keepsFirstVisibleRowInPlace`` is set.
  @inlinable package func keepingPlace(
    on view: (some PlaceKeepingView)?, through batch: BatchUpdate, _ update: () -> Void
  ) {
    let anchor = keepsFirstVisibleRowInPlace ? view?.firstVisibleRow() : nil
    update()
    guard let anchor, let view,
      let new = batch.positionMap.newIndexPath(
        forOld: ListIndexPath(item: anchor.row[1], section: anchor.row[0]))
    else { return }
    view.scroll(toRow: IndexPath(indexes: [new.section, new.item]), past: anchor.past)
  }

  /// Whether the user may move the row at `indexPath`: the engine's
  /// ``Snapshot/ReorderingHandlers/canReorderItem`` (false when it has none). O(log n).
  package func canMoveRow(at indexPath: IndexPath) -> Bool {
    guard let canReorder = base.reorderingHandlers.canReorderItem,
      let item = core.itemIdentifier(for: indexPath)
    else { return false }
    return canReorder(item)
  }

  /// The view has moved a row interactively (UIKit then asks its data source to move it):
  /// the record takes the view's move, and the engine moves the row without sending that
  /// move again (``Snapshot/DiffableDataSource/moveItem(at:to:viewAlreadyMoved:)``), only
  /// the rest. Should the engine refuse, the view reloads.
  ///
  /// - Complexity: as the engine's move, plus O(s) count reads.
  package func viewMovedRow(from source: IndexPath, to destination: IndexPath) {
    core.viewMovedRow(from: source[0], to: destination[0])
    do {
      try base.moveItem(
        at: ListIndexPath(item: source[1], section: source[0]),
        to: ListIndexPath(item: destination[1], section: destination[0]),
        viewAlreadyMoved: plantedBug != .movesAgainAfterInteractiveMove)
      core.advance(to: base)
    } catch {
      reloadView(base)
    }
  }
}

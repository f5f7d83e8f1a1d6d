import Snapshot

#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import FakeUIKit
#endif

/// A `UICollectionView` data source driven by a ``Snapshot/DiffableDataSource``: the
/// counterpart of `UICollectionViewDiffableDataSource`, created the same way (a collection
/// view and a cell provider), so that porting is renaming. Experimental until the macOS
/// workflow has run it against real views.
///
/// ```swift
/// let dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: view) {
///   collectionView, indexPath, item in
///   collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
/// }
/// dataSource.base.apply(snapshot)
/// ```
///
/// It keeps its own record of what the view shows (the section and row counts, and the
/// content that answers for the rows) and advances it inside the `performBatchUpdates`
/// closure: UIKit reads the "before" counts from its data source at the start of
/// `performBatchUpdates` whenever its layout is stale, after the engine has already moved on.
/// Until the closure runs, rows are answered for through the batch's
/// ``Snapshot/BatchUpdate/PositionMap``.
///
/// While the view has no window it reloads instead of animating. Reconfigured rows are
/// reconfigured after the structural batch, at their final index paths. `animated: false`
/// runs the batch inside `UIView.performWithoutAnimation`.
///
/// Cost of an update: O(s + k log k) for s sections and a batch of k entries, plus the s
/// count reads of the content (O(log n) each for the data source); the rows are never
/// copied.
@MainActor
public final class CollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, UICollectionViewDataSource {
  /// Apple's shape: the cell for an item at an index path.
  public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) ->
    UICollectionViewCell?
  /// Apple's shape: a supplementary view of a kind at an index path.
  public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) ->
    UICollectionReusableView?

  /// The engine: apply snapshots, expand and collapse through it.
  public let base: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>
  /// The view driven.
  public private(set) weak var collectionView: UICollectionView?
  /// Supplementary views (headers, footers); nil when the layout asks for none.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  let cellProvider: CellProvider
  /// The record of what the view shows: its sections' row counts, and what answers for them.
  var counts: [Int] = []
  var content: (any ListContent<SectionIdentifierType, ItemIdentifierType>)?
  /// Between the start of an update and its closure: the batch's map from the rows the view
  /// shows (the record) to the content's.
  var pendingMap: BatchUpdate.PositionMap?
  /// The items handed to the cell provider since the record last advanced, by index path.
  var shownItems: [IndexPath: ItemIdentifierType] = [:]

  /// Batches handed to the view whose completion has not run yet, and the data source's
  /// completions waiting for them.
  var batchesInFlight = 0
  var waitingCompletions: [() -> Void] = []

  /// A defect the adapter can be made to have, for the tests that prove they catch it.
  package enum PlantedBug: Sendable {
    /// The record advanced before `performBatchUpdates`, not inside its closure.
    case recordAdvancedBeforeClosure
    /// Reconfigures sent inside the batch's closure.
    case reconfigureInsideBatch
    /// `animated: false` without `performWithoutAnimation`.
    case animatesUnanimatedBatches
  }
  package var plantedBug: PlantedBug?

  /// Creates the data source of `collectionView` (it becomes the view's `dataSource`) and
  /// its engine.
  ///
  /// - Complexity: O(1).
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    self.base = DiffableDataSource()
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    super.init()
    collectionView.dataSource = self
    base.listView = self
  }

  /// The item at `indexPath` as the view shows it now.
  ///
  /// - Complexity: O(log n) (O(log k) more between an update's start and its closure).
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    if let item = shownItems[indexPath] { return item }
    let path = ListIndexPath(item: indexPath.item, section: indexPath.section)
    guard let pendingMap else { return content?.itemIdentifier(for: path) }
    return pendingMap.newIndexPath(forOld: path).flatMap { content?.itemIdentifier(for: $0) }
  }

  // MARK: - UICollectionViewDataSource

  /// The record's section count. O(1).
  public func numberOfSections(in collectionView: UICollectionView) -> Int {
    counts.count
  }

  /// The record's row count of `section`. O(1).
  public func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    counts.indices.contains(section) ? counts[section] : 0
  }

  /// The cell provider's cell for the row at `indexPath`. O(log n) plus the provider's cost.
  public func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    // A row the pending batch removes, and not yet shown, is drawn as the content's row at
    // the same place: its cell is about to be deleted.
    let row = ListIndexPath(item: indexPath.item, section: indexPath.section)
    guard let item = itemIdentifier(for: indexPath) ?? content?.itemIdentifier(for: row),
      let cell = cellProvider(collectionView, indexPath, item)
    else {
      preconditionFailure("CollectionViewDiffableDataSource: no cell for \(indexPath)")
    }
    shownItems[indexPath] = item
    return cell
  }

  /// The supplementary view provider's view. O(1) plus the provider's cost.
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
      preconditionFailure(
        "CollectionViewDiffableDataSource: no supplementary view of kind \(kind) at \(indexPath)")
    }
    return view
  }

  /// Interactive reordering is not supported yet: false. O(1).
  public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  {
    false
  }

  /// Not called (``collectionView(_:canMoveItemAt:)`` answers false). O(1).
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

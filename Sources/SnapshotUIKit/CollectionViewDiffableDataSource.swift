import Snapshot
import SnapshotAdapterCore

#if canImport(UIKit)
  import UIKit
#elseif os(Linux)
  import Foundation
  import FakeUIKit
#endif

#if canImport(UIKit) || os(Linux)
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
  /// It answers the view's counts and cells from its own record of what the view shows,
  /// advanced inside the `performBatchUpdates` closure (UIKit reads the "before" counts at
  /// the start of `performBatchUpdates` when its layout is stale, after the engine has moved
  /// on). While the view has no window it reloads instead of animating. Reconfigured rows
  /// are reconfigured after the structural batch, at their final index paths.
  /// `animated: false` runs the batch inside `UIView.performWithoutAnimation`. An apply's
  /// completion runs once the view's batches have finished.
  ///
  /// Cost of an update: O(s + k log k) for s sections and a batch of k entries; the counts
  /// of the sections whose rows the batch inserts, deletes or moves follow from the batch
  /// (the content's counts are read again only when it changes sections: O(log n) each for
  /// the data source); the rows are never copied.
  @MainActor
  public final class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: ListViewAdapter<SectionIdentifierType, ItemIdentifierType>, UICollectionViewDataSource {
    /// Apple's shape: the cell for an item at an index path.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) ->
      UICollectionViewCell?
    /// Apple's shape: a supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) ->
      UICollectionReusableView?

    /// The view driven.
    public private(set) weak var collectionView: UICollectionView?
    /// Supplementary views (headers, footers); nil when the layout asks for none.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    let cellProvider: CellProvider

    /// Creates the data source of `collectionView` (it becomes the view's `dataSource`) and
    /// its engine.
    ///
    /// - Complexity: O(1).
    @inlinable public convenience init(
      collectionView: UICollectionView, cellProvider: @escaping CellProvider
    ) {
      self.init(view: collectionView, cellProvider: cellProvider)
      connect(
        to: { [unowned(unsafe) self] in self.collectionView }, send: { $0.send($1, reusing: &$2) })
    }

    /// Sets the view and the cell provider, and becomes the view's data source (the
    /// public initializer, inlinable, then connects the update path: specialized where
    /// it is called, for the caller's identifier types).
    @usableFromInline init(view: UICollectionView, cellProvider: @escaping CellProvider) {
      self.collectionView = view
      self.cellProvider = cellProvider
      super.init()
      view.dataSource = self
    }

    // MARK: - UICollectionViewDataSource

    /// The record's section count. O(1).
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
      core.sectionCount
    }

    /// The record's row count of `section`. O(1).
    public func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      core.rowCount(section)
    }

    /// The cell provider's cell for the row at `indexPath`. O(log n) plus the provider's.
    public func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard let item = core.itemToDraw(at: indexPath),
        let cell = cellProvider(collectionView, indexPath, item)
      else {
        preconditionFailure("CollectionViewDiffableDataSource: no cell for \(indexPath)")
      }
      return cell
    }

    /// The supplementary view provider's view. O(1) plus the provider's cost.
    public func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
        preconditionFailure(
          "CollectionViewDiffableDataSource: no supplementary view of kind \(kind) at "
            + "\(indexPath)")
      }
      return view
    }

    /// Whether the user may move the row: the engine's `reorderingHandlers.canReorderItem`
    /// (false when it has none). O(log n).
    public func collectionView(
      _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
    ) -> Bool {
      canMoveRow(at: indexPath)
    }

    /// The user moved a row (the view shows it at `destinationIndexPath` already): the engine
    /// moves it and sends the view only the rest (the rows of its subtree, reconfigures).
    ///
    /// - Complexity: as the engine's move.
    public func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      viewMovedRow(from: sourceIndexPath, to: destinationIndexPath)
    }
  }

  extension UICollectionView: PlaceKeepingView {
    /// The first visible item and how far the content offset is past its top.
    @usableFromInline package func firstVisibleRow() -> (row: IndexPath, past: CGFloat)? {
      guard window != nil, let first = indexPathsForVisibleItems.min(),
        let frame = layoutAttributesForItem(at: first)?.frame
      else { return nil }
      return (first, contentOffset.y - frame.minY)
    }

    /// Lays out, then sets the content offset `past` points below the item's top.
    @usableFromInline package func scroll(toRow indexPath: IndexPath, past: CGFloat) {
      guard window != nil else { return }
      layoutIfNeeded()
      guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
      contentOffset.y = frame.minY + past
    }
  }

  extension UICollectionView: BatchingListView {
    @usableFromInline package var isInWindow: Bool { window != nil }

    @usableFromInline package func withoutAnimation(_ body: () -> Void) {
      UIView.performWithoutAnimation(body)
    }

    @usableFromInline package func performBatch(
      _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      performBatchUpdates(updates, completion: completion)
    }

    /// The batch's structural entries as the collection view's calls.
    @usableFromInline func send(_ batch: BatchUpdate, reusing buffer: inout [IndexPath]) {
      batch.forEachCall(
        reusing: &buffer,
        sections: { call, sections in
          switch call {
          case .deleteSections: deleteSections(sections)
          case .insertSections: insertSections(sections)
          default: reloadSections(sections)
          }
        },
        items: { call, paths in
          switch call {
          case .deleteItems: deleteItems(at: paths)
          case .insertItems: insertItems(at: paths)
          default: reloadItems(at: paths)
          }
        }, moveSection: moveSection(_:toSection:), moveItem: moveItem(at:to:))
    }

    @usableFromInline package func reconfigure(_ indexPaths: [IndexPath]) {
      reconfigureItems(at: indexPaths)
    }
  }
#endif

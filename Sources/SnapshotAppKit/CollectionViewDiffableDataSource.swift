import Snapshot
import SnapshotAdapterCore

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  /// An `NSCollectionView` data source driven by a ``Snapshot/DiffableDataSource``: the
  /// counterpart of `NSCollectionViewDiffableDataSource`, created the same way (a
  /// collection view and an item provider). Experimental until the macOS workflow has run
  /// it against real views.
  ///
  /// `NSCollectionView` validates a batch as UIKit's collection view does, so this adapter
  /// behaves as the UIKit one: counts and items from its own record, advanced inside the
  /// `performBatchUpdates` closure, the batch as `Set<IndexPath>` calls; a reload while the
  /// view has no window; `animated: false` inside an `NSAnimationContext` group with no
  /// duration; an apply's completion once the view's batches have finished. AppKit has no
  /// reconfigure: reconfigured items are reloaded in a batch of their own after the
  /// structural one, at their final index paths.
  ///
  /// Cost of an update: O(s + k log k) for s sections and a batch of k entries, plus the s
  /// count reads of the content.
  @MainActor
  public final class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, NSCollectionViewDataSource {
    /// Apple's shape: the item for an identifier at an index path.
    public typealias ItemProvider = (NSCollectionView, IndexPath, ItemIdentifierType) ->
      NSCollectionViewItem?

    /// The engine: apply snapshots, expand and collapse through it.
    public let base: DiffableDataSource<SectionIdentifierType, ItemIdentifierType>
    /// The view driven.
    public private(set) weak var collectionView: NSCollectionView?

    let itemProvider: ItemProvider
    let core = AdapterCore<SectionIdentifierType, ItemIdentifierType>()

    /// A defect planted for the tests that prove they catch it.
    package var plantedBug: AdapterBug? {
      get { core.bug }
      set { core.bug = newValue }
    }

    /// Creates the data source of `collectionView` (it becomes the view's `dataSource`) and
    /// its engine.
    ///
    /// - Complexity: O(1).
    public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
      base = DiffableDataSource()
      self.collectionView = collectionView
      self.itemProvider = itemProvider
      super.init()
      collectionView.dataSource = self
      base.listView = self
    }

    /// The item at `indexPath` as the view shows it now.
    ///
    /// - Complexity: O(log n) (O(log k) more between an update's start and its closure).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      core.itemIdentifier(for: indexPath)
    }

    /// The record's section count. O(1).
    public func numberOfSections(in collectionView: NSCollectionView) -> Int {
      core.sectionCount
    }

    /// The record's item count of `section`. O(1).
    public func collectionView(
      _ collectionView: NSCollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      core.rowCount(section)
    }

    /// The item provider's item at `indexPath`. O(log n) plus the provider's cost.
    public func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      guard let item = core.itemToDraw(at: indexPath),
        let viewItem = itemProvider(collectionView, indexPath, item)
      else {
        preconditionFailure("CollectionViewDiffableDataSource: no item for \(indexPath)")
      }
      return viewItem
    }
  }

  extension CollectionViewDiffableDataSource: DiffableListView {
    /// Reloads the view from `content` (called by ``base``, on the main actor).
    ///
    /// - Complexity: O(s) count reads for s sections; the view then reads what it shows.
    public nonisolated func reloadData(
      _ content: some ListContent<SectionIdentifierType, ItemIdentifierType>
    ) {
      let box = MainActorBox(value: content)
      MainActor.assumeIsolated { core.reload(collectionView, content: box.value) }
    }

    /// Sends `batch` to the view, advancing the record inside the `performBatchUpdates`
    /// closure; reloads instead while the view has no window (called by ``base``, on the
    /// main actor).
    ///
    /// - Complexity: O(s + k log k) for s sections and k entries, plus s count reads.
    public nonisolated func performBatchUpdates(
      _ batch: BatchUpdate, animated: Bool,
      content: some ListContent<SectionIdentifierType, ItemIdentifierType>
    ) {
      let box = MainActorBox(value: content)
      MainActor.assumeIsolated {
        core.perform(batch, animated: animated, on: collectionView, content: box.value) {
          [collectionView] in collectionView?.send($0)
        }
      }
    }

    /// Runs `completion` once every batch handed to the view so far has finished; at once
    /// when none is under way. O(1).
    public nonisolated func whenUpdatesFinish(_ completion: @escaping () -> Void) {
      let box = MainActorBox(value: completion)
      MainActor.assumeIsolated { core.whenUpdatesFinish(box.value) }
    }
  }

  extension NSCollectionView: BatchingListView {
    package var isInWindow: Bool { window != nil }

    package func withoutAnimation(_ body: () -> Void) {
      NSAnimationContext.runAnimationGroup { context in
        context.duration = 0
        body()
      }
    }

    package func performBatch(
      _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      performBatchUpdates(updates, completionHandler: completion)
    }

    /// The batch's structural entries as the collection view's calls.
    func send(_ batch: BatchUpdate) {
      func paths(_ list: [ListIndexPath]) -> Set<IndexPath> {
        Set(list.map { IndexPath(item: $0.item, section: $0.section) })
      }
      if !batch.deletedSections.isEmpty { deleteSections(IndexSet(batch.deletedSections)) }
      if !batch.insertedSections.isEmpty { insertSections(IndexSet(batch.insertedSections)) }
      if !batch.reloadedSections.isEmpty { reloadSections(IndexSet(batch.reloadedSections)) }
      for move in batch.movedSections { moveSection(move.source, toSection: move.destination) }
      if !batch.deletedItems.isEmpty { deleteItems(at: paths(batch.deletedItems)) }
      if !batch.insertedItems.isEmpty { insertItems(at: paths(batch.insertedItems)) }
      if !batch.reloadedItems.isEmpty { reloadItems(at: paths(batch.reloadedItems)) }
      for move in batch.movedItems {
        moveItem(
          at: IndexPath(item: move.source.item, section: move.source.section),
          to: IndexPath(item: move.destination.item, section: move.destination.section))
      }
    }

    /// AppKit has no reconfigure: the items are reloaded in a batch of their own.
    package func reconfigure(_ indexPaths: [IndexPath]) {
      performBatchUpdates { self.reloadItems(at: Set(indexPaths)) }
    }
  }
#endif

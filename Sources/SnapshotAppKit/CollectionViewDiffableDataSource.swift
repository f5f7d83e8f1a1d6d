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
  /// structural one, at their final index paths. The first visible item is kept in place
  /// when ``keepsFirstVisibleRowInPlace`` is set.
  ///
  /// Cost of an update: O(s + k log k) for s sections and a batch of k entries, plus the s
  /// count reads of the content.
  @MainActor
  public final class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: ListViewAdapter<SectionIdentifierType, ItemIdentifierType>, NSCollectionViewDataSource {
    /// Apple's shape: the item for an identifier at an index path.
    public typealias ItemProvider = (NSCollectionView, IndexPath, ItemIdentifierType) ->
      NSCollectionViewItem?

    /// Apple's shape: a supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (NSCollectionView, String, IndexPath) -> (
      any NSView & NSCollectionViewElement
    )?

    /// The view driven.
    public private(set) weak var collectionView: NSCollectionView?
    /// Supplementary views (headers, footers); nil when the layout asks for none.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    let itemProvider: ItemProvider

    /// Creates the data source of `collectionView` (it becomes the view's `dataSource`, and
    /// the view takes drops of its items: make the adapter the view's `delegate` too, or
    /// forward its drag and drop calls, for reordering) and its engine.
    ///
    /// - Complexity: O(1).
    public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
      self.collectionView = collectionView
      self.itemProvider = itemProvider
      super.init()
      collectionView.dataSource = self
      collectionView.registerForDraggedTypes([draggedItemType])
      reloadView = { [unowned self] in core.reload(self.collectionView, content: $0) }
      deliverBatch = { [unowned self] batch, animated, content in
        keepingPlace(on: self.collectionView, through: batch) {
          core.perform(batch, animated: animated, on: self.collectionView, content: content) {
            [unowned self] in self.collectionView?.send($0)
          }
        }
      }
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

    /// The supplementary view provider's view. O(1) plus the provider's cost.
    public func collectionView(
      _ collectionView: NSCollectionView,
      viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
      at indexPath: IndexPath
    ) -> NSView {
      guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
        preconditionFailure(
          "CollectionViewDiffableDataSource: no supplementary view of kind \(kind) at "
            + "\(indexPath)")
      }
      return view
    }
  }

  extension NSCollectionView: PlaceKeepingView {
    /// The first visible item and how far the visible area's top is past its top.
    package func firstVisibleRow() -> (row: IndexPath, past: CGFloat)? {
      guard window != nil, let first = indexPathsForVisibleItems().min(),
        let frame = layoutAttributesForItem(at: first)?.frame
      else { return nil }
      return (first, visibleRect.minY - frame.minY)
    }

    /// Lays out, then scrolls the visible area's top `past` points below the item's top.
    package func scroll(toRow indexPath: IndexPath, past: CGFloat) {
      guard window != nil else { return }
      layoutSubtreeIfNeeded()
      guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
      scroll(NSPoint(x: visibleRect.minX, y: frame.minY + past))
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
      batch.forEachCall(
        sections: { call, sections in
          switch call {
          case .deleteSections: deleteSections(sections)
          case .insertSections: insertSections(sections)
          default: reloadSections(sections)
          }
        },
        items: { call, paths in
          switch call {
          case .deleteItems: deleteItems(at: Set(paths))
          case .insertItems: insertItems(at: Set(paths))
          default: reloadItems(at: Set(paths))
          }
        }, moveSection: moveSection(_:toSection:), moveItem: moveItem(at:to:))
    }

    /// AppKit has no reconfigure: the items are reloaded in a batch of their own.
    package func reconfigure(_ indexPaths: [IndexPath]) {
      performBatchUpdates { self.reloadItems(at: Set(indexPaths)) }
    }
  }
#endif

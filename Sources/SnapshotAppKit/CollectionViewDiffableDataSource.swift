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
  /// Reordering by drag and drop within the collection view is wired to the engine's
  /// ``Snapshot/DiffableDataSource/reorderingHandlers``. AppKit asks the view's delegate, not
  /// its data source: make the adapter the collection view's `delegate`, or forward its
  /// three drag and drop calls from yours. An item drags when `canReorderItem` allows it (none drags
  /// without the handler) and drops between items (a drop onto an item becomes a drop before
  /// it). AppKit's view moves nothing itself: the engine moves the item
  /// (``Snapshot/DiffableDataSource/moveItem(at:to:viewAlreadyMoved:)``, the view not having
  /// moved it) and sends the view one batch, the item's move among it.
  ///
  /// Cost of an update: O(s + k log k) for s sections and a batch of k entries; the counts
  /// of the sections whose rows the batch inserts, deletes or moves follow from the batch
  /// (the content's counts are read again only when it changes sections).
  @MainActor
  public final class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: ListViewAdapter<SectionIdentifierType, ItemIdentifierType>, NSCollectionViewDataSource,
    NSCollectionViewDelegate
  {
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
      connect(
        to: { [unowned(unsafe) self] in self.collectionView }, send: { $0.send($1, reusing: &$2) })
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

    // MARK: - Reordering, as the view's delegate (the helpers and the overview are in
    // CollectionViewDiffableDataSource+Reordering.swift; the Objective-C protocols' members
    // stay in the class's body: Swift does not expose members of extensions of generic
    // classes to Objective-C)

    /// The dragged item's pasteboard item (its index path), or nil when the engine's
    /// `canReorderItem` does not allow it to move. O(log n).
    public func collectionView(
      _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
    ) -> (any NSPasteboardWriting)? {
      guard canMoveRow(at: indexPath) else { return nil }
      let writer = NSPasteboardItem()
      writer.setString("\(indexPath[0]) \(indexPath[1])", forType: draggedItemType)
      return writer
    }

    /// `.move` for an item of this view dropped between items (a drop onto an item is
    /// retargeted before it); none otherwise. O(1).
    public func collectionView(
      _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
      proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
      dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
    ) -> NSDragOperation {
      guard draggedItem(draggingInfo, in: collectionView) != nil else { return [] }
      if proposedDropOperation.pointee == .on { proposedDropOperation.pointee = .before }
      return .move
    }

    /// Moves the dragged item before the item at `indexPath` (an index up to the section's
    /// count) through the engine, which sends the view its batch. False for a drop from
    /// elsewhere, where the item already is, or a move the engine refuses.
    ///
    /// - Complexity: as the engine's move.
    public func collectionView(
      _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
      indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
    ) -> Bool {
      guard let source = draggedItem(draggingInfo, in: collectionView),
        (0...core.rowCount(indexPath[0])).contains(indexPath[1])
      else { return false }
      let shift = source.section == indexPath[0] && source.item < indexPath[1] ? 1 : 0
      let destination = ListIndexPath(item: indexPath[1] - shift, section: indexPath[0])
      guard destination != source else { return false }
      do {
        try base.moveItem(at: source, to: destination, viewAlreadyMoved: false)
        return true
      } catch {
        return false
      }
    }
  }

  extension NSCollectionView: PlaceKeepingView {
    /// The first visible item and how far the visible area's top is past its top.
    @usableFromInline package func firstVisibleRow() -> (row: IndexPath, past: CGFloat)? {
      guard window != nil, let first = indexPathsForVisibleItems().min(),
        let frame = layoutAttributesForItem(at: first)?.frame
      else { return nil }
      return (first, visibleRect.minY - frame.minY)
    }

    /// Lays out, then scrolls the visible area's top `past` points below the item's top.
    @usableFromInline package func scroll(toRow indexPath: IndexPath, past: CGFloat) {
      guard window != nil else { return }
      layoutSubtreeIfNeeded()
      guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
      scroll(NSPoint(x: visibleRect.minX, y: frame.minY + past))
    }
  }

  extension NSCollectionView: BatchingListView {
    @usableFromInline package var isInWindow: Bool { window != nil }

    @usableFromInline package func withoutAnimation(_ body: () -> Void) {
      NSAnimationContext.runAnimationGroup { context in
        context.duration = 0
        body()
      }
    }

    @usableFromInline package func performBatch(
      _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      performBatchUpdates(updates, completionHandler: completion)
    }

    /// The batch's structural entries as the collection view's calls.
    func send(_ batch: BatchUpdate, reusing buffer: inout [IndexPath]) {
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
          case .deleteItems: deleteItems(at: Set(paths))
          case .insertItems: insertItems(at: Set(paths))
          default: reloadItems(at: Set(paths))
          }
        }, moveSection: moveSection(_:toSection:), moveItem: moveItem(at:to:))
    }

    /// AppKit has no reconfigure: the items are reloaded in a batch of their own.
    @usableFromInline package func reconfigure(_ indexPaths: [IndexPath]) {
      performBatchUpdates { self.reloadItems(at: Set(indexPaths)) }
    }
  }
#endif

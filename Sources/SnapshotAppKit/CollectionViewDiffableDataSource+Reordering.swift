import Snapshot
import SnapshotAdapterCore

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  /// The pasteboard type of an item dragged within its collection view: its section and item.
  let draggedItemType = NSPasteboard.PasteboardType("dev.snapshot.collection-item")

  /// Reordering by drag and drop within the collection view, wired to the engine's
  /// ``Snapshot/DiffableDataSource/reorderingHandlers``. AppKit asks the view's delegate, not
  /// its data source: make the adapter the collection view's `delegate`, or forward these
  /// three calls from yours. An item drags when `canReorderItem` allows it (none drags
  /// without the handler) and drops between items (a drop onto an item becomes a drop before
  /// it). AppKit's view moves nothing itself: the engine moves the item
  /// (``Snapshot/DiffableDataSource/moveItem(at:to:viewAlreadyMoved:)``, the view not having
  /// moved it) and sends the view one batch, the item's move among it.
  extension CollectionViewDiffableDataSource: NSCollectionViewDelegate {
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

    /// The item a drag from this view carries, or nil.
    func draggedItem(_ info: any NSDraggingInfo, in collectionView: NSCollectionView)
      -> ListIndexPath?
    {
      guard (info.draggingSource as AnyObject?) === collectionView,
        let text = info.draggingPasteboard.pasteboardItems?.first?.string(forType: draggedItemType)
      else { return nil }
      let parts = text.split(separator: " ").compactMap { Int($0) }
      guard parts.count == 2, (0..<core.rowCount(parts[0])).contains(parts[1]) else { return nil }
      return ListIndexPath(item: parts[1], section: parts[0])
    }
  }
#endif

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

  /// What reordering by drag and drop needs beside the delegate members.
  extension CollectionViewDiffableDataSource {
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

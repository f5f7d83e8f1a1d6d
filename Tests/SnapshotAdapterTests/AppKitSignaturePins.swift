// Every AppKit declaration FakeAppKit copies, pinned to its signature: this file compiles
// against AppKit on macOS (the macOS workflow builds it) and against FakeAppKit on Linux.
// (The data source protocols are pinned by the adapters' conformances.)

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  @MainActor enum AppKitSignaturePins {
    typealias TV = NSTableView
    typealias CV = NSCollectionView

    static func pin() {
      let _: (NSRect) -> NSView = NSView.init(frame:)
      let _: KeyPath<NSView, NSWindow?> = \NSView.window
      let _: (NSView) -> () -> String = NSView.accessibilityIdentifier
      let _: (NSView) -> (String?) -> Void = NSView.setAccessibilityIdentifier
      let _: (NSRect, NSWindow.StyleMask, NSWindow.BackingStoreType, Bool) -> NSWindow =
        NSWindow.init(contentRect:styleMask:backing:defer:)
      let _: ReferenceWritableKeyPath<NSWindow, NSView?> = \NSWindow.contentView
      let _: ((NSAnimationContext) -> Void, (@Sendable () -> Void)?) -> Void =
        NSAnimationContext.runAnimationGroup(_:completionHandler:)
      let _: ReferenceWritableKeyPath<NSAnimationContext, TimeInterval> = \.duration
      let _: (String) -> NSUserInterfaceItemIdentifier = NSUserInterfaceItemIdentifier.init(_:)
      let _: (NSUserInterfaceItemIdentifier) -> NSTableColumn = NSTableColumn.init(identifier:)

      let _: (TV) -> (NSTableColumn) -> Void = TV.addTableColumn
      let _: (TV) -> () -> Void = TV.reloadData
      let _: (TV) -> () -> Void = TV.beginUpdates
      let _: (TV) -> () -> Void = TV.endUpdates
      let _: (TV) -> (IndexSet, TV.AnimationOptions) -> Void = TV.insertRows(at:withAnimation:)
      let _: (TV) -> (IndexSet, TV.AnimationOptions) -> Void = TV.removeRows(at:withAnimation:)
      let _: (TV) -> (Int, Int) -> Void = TV.moveRow(at:to:)
      let _: (TV) -> (IndexSet, IndexSet) -> Void = TV.reloadData(forRowIndexes:columnIndexes:)
      let _: (TV) -> (NSUserInterfaceItemIdentifier, Any?) -> NSView? =
        TV.makeView(withIdentifier:owner:)
      let _: KeyPath<TV, Int> = \TV.numberOfRows
      let _: ReferenceWritableKeyPath<TV, CGFloat> = \TV.rowHeight
      let _: (TV) -> (Int) -> NSRect = TV.rect(ofRow:)
      let _: (TV) -> (NSRect) -> NSRange = TV.rows(in:)
      let _: KeyPath<NSView, NSRect> = \NSView.visibleRect
      let _: (NSView) -> (NSPoint) -> Void = NSView.scroll(_:)
      let _: (NSView) -> () -> Void = NSView.layoutSubtreeIfNeeded
      let _: [TV.DropOperation] = [.on, .above]
      let _: (NSView) -> ([NSPasteboard.PasteboardType]) -> Void = NSView.registerForDraggedTypes
      let _: NSDragOperation = [.move, .copy]
      let _: (String) -> NSPasteboard.PasteboardType = NSPasteboard.PasteboardType.init(_:)
      let _: () -> NSPasteboardItem = NSPasteboardItem.init
      let _: (NSPasteboardItem) -> (String, NSPasteboard.PasteboardType) -> Bool =
        NSPasteboardItem.setString(_:forType:)
      let _: (NSPasteboardItem) -> (NSPasteboard.PasteboardType) -> String? =
        NSPasteboardItem.string(forType:)
      let _: KeyPath<NSPasteboard, [NSPasteboardItem]?> = \NSPasteboard.pasteboardItems
      let _: (any NSDraggingInfo) -> NSPasteboard = { $0.draggingPasteboard }
      let _: (any NSDraggingInfo) -> Any? = { $0.draggingSource }
      let _: TV.AnimationOptions = [.effectFade, .slideUp]

      let _: (CV) -> (AnyClass?, NSUserInterfaceItemIdentifier) -> Void =
        CV.register(_:forItemWithIdentifier:)
      let _: (CV) -> (NSUserInterfaceItemIdentifier, IndexPath) -> NSCollectionViewItem =
        CV.makeItem(withIdentifier:for:)
      let _: (CV) -> () -> Void = CV.reloadData
      let _: (CV) -> ((() -> Void)?, ((Bool) -> Void)?) -> Void =
        CV.performBatchUpdates(_:completionHandler:)
      let _: (CV) -> (IndexSet) -> Void = CV.insertSections
      let _: (CV) -> (IndexSet) -> Void = CV.deleteSections
      let _: (CV) -> (IndexSet) -> Void = CV.reloadSections
      let _: (CV) -> (Int, Int) -> Void = CV.moveSection(_:toSection:)
      let _: (CV) -> (Set<IndexPath>) -> Void = CV.insertItems(at:)
      let _: (CV) -> (Set<IndexPath>) -> Void = CV.deleteItems(at:)
      let _: (CV) -> (Set<IndexPath>) -> Void = CV.reloadItems(at:)
      let _: (CV) -> (IndexPath, IndexPath) -> Void = CV.moveItem(at:to:)
      let _: (CV) -> (Int) -> Int = CV.numberOfItems(inSection:)
      let _: (CV) -> (IndexPath) -> NSCollectionViewItem? = CV.item(at:)
      let _: KeyPath<CV, Int> = \CV.numberOfSections
      let _: (CV) -> (IndexPath) -> NSCollectionViewLayoutAttributes? =
        CV.layoutAttributesForItem(at:)
      let _: (CV) -> () -> Set<IndexPath> = CV.indexPathsForVisibleItems
      let _: KeyPath<NSCollectionViewLayoutAttributes, NSRect> = \.frame
      let _:
        (CV) -> (AnyClass?, CV.SupplementaryElementKind, NSUserInterfaceItemIdentifier) -> Void =
          CV.register(_:forSupplementaryViewOfKind:withIdentifier:)
      let _:
        (CV) -> (CV.SupplementaryElementKind, NSUserInterfaceItemIdentifier, IndexPath) -> NSView =
          CV.makeSupplementaryView(ofKind:withIdentifier:for:)
      let _: CV.SupplementaryElementKind = CV.elementKindSectionHeader
      let _: ReferenceWritableKeyPath<CV, (any NSCollectionViewDelegate)?> = \CV.delegate
      let _: [CV.DropOperation] = [.on, .before]
      let _: ReferenceWritableKeyPath<NSViewController, NSView> = \.view
    }
  }
#endif

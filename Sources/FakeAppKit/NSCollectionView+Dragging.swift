// NSCollectionView's drag and drop within the view, with Apple's signatures (the delegate's
// members), and the fake's drag. Not AppKit: never ship it.

import FakeListSupport
import Foundation

/// The pointer AppKit hands for an object it lets the callee replace; on Linux, which has no
/// Objective-C runtime, a plain mutable pointer (not AppKit API).
public typealias AutoreleasingUnsafeMutablePointer<Pointee> = UnsafeMutablePointer<Pointee>

/// https://developer.apple.com/documentation/appkit/nscollectionviewdelegate
@MainActor public protocol NSCollectionViewDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:pasteboardwriterforitemat:)
  /// (optional in AppKit)
  func collectionView(
    _ collectionView: NSCollectionView, pasteboardWriterForItemAt indexPath: IndexPath
  ) -> (any NSPasteboardWriting)?

  /// https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:validatedrop:proposedindexpath:dropoperation:)
  /// (optional in AppKit)
  func collectionView(
    _ collectionView: NSCollectionView, validateDrop draggingInfo: any NSDraggingInfo,
    proposedIndexPath proposedDropIndexPath: AutoreleasingUnsafeMutablePointer<NSIndexPath>,
    dropOperation proposedDropOperation: UnsafeMutablePointer<NSCollectionView.DropOperation>
  ) -> NSDragOperation

  /// https://developer.apple.com/documentation/appkit/nscollectionviewdelegate/collectionview(_:acceptdrop:indexpath:dropoperation:)
  /// (optional in AppKit)
  func collectionView(
    _ collectionView: NSCollectionView, acceptDrop draggingInfo: any NSDraggingInfo,
    indexPath: IndexPath, dropOperation: NSCollectionView.DropOperation
  ) -> Bool
}

extension NSCollectionView {
  /// https://developer.apple.com/documentation/appkit/nscollectionview/dropoperation
  public enum DropOperation: Int, Sendable {
    case on, before
  }

  /// The user drags the item at `indexPath` and drops it before the item at `proposed` (an
  /// item index up to the section's count: the gap before that item), as AppKit runs a drag
  /// within the view: the delegate gives the item's pasteboard writer (nil: the item does not
  /// drag; the view must be registered for one of its types), validates the drop (it must
  /// offer `.move`, and may retarget it), then accepts it and updates the view itself, in a
  /// batch the fake checks as any other. Returns whether the drop was accepted.
  @discardableResult
  public func fakeDrag(itemAt indexPath: IndexPath, toProposed proposed: IndexPath) -> Bool {
    fake.layoutIfStale()
    guard let delegate, fake.rows.indices.contains(indexPath[0]),
      fake.rows[indexPath[0]].indices.contains(indexPath[1]),
      fake.rows.indices.contains(proposed[0]),
      (0...fake.rows[proposed[0]].count).contains(proposed[1]),
      let writer = delegate.collectionView(self, pasteboardWriterForItemAt: indexPath)
        as? NSPasteboardItem,
      !registeredDraggedTypes.isDisjoint(with: writer.strings.keys)
    else { return false }
    let info = FakeDraggingInfo(source: self, items: [writer])
    var target = NSIndexPath(indexes: [proposed[0], proposed[1]], length: 2)
    var operation = DropOperation.before
    guard
      delegate.collectionView(
        self, validateDrop: info, proposedIndexPath: &target, dropOperation: &operation
      ).contains(.move)
    else { return false }
    let path = IndexPath(indexes: [target.index(atPosition: 0), target.index(atPosition: 1)])
    fake.log("drop \(indexPath) \(operation) \(path)")
    let accepted = delegate.collectionView(
      self, acceptDrop: info, indexPath: path, dropOperation: operation)
    if accepted { fake.count("drop") }
    return accepted
  }
}

// The members of AppKit's drag and drop that the NSTableView adapter's reordering uses, with
// Apple's signatures: a pasteboard that holds items in memory, and the dragging info the fake
// table hands its data source. Not AppKit: never ship it.

import Foundation

/// https://developer.apple.com/documentation/appkit/nspasteboardwriting
@MainActor public protocol NSPasteboardWriting: NSObjectProtocol {}

/// https://developer.apple.com/documentation/appkit/nspasteboard
@MainActor open class NSPasteboard: NSObject {
  /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype
  public struct PasteboardType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(_:)
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboarditems
  open internal(set) var pasteboardItems: [NSPasteboardItem]?
}

/// https://developer.apple.com/documentation/appkit/nspasteboarditem
@MainActor open class NSPasteboardItem: NSObject, NSPasteboardWriting {
  var strings: [NSPasteboard.PasteboardType: String] = [:]

  /// https://developer.apple.com/documentation/appkit/nspasteboarditem/setstring(_:fortype:)
  @discardableResult
  open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool {
    strings[type] = string
    return true
  }

  /// https://developer.apple.com/documentation/appkit/nspasteboarditem/string(fortype:)
  open func string(forType type: NSPasteboard.PasteboardType) -> String? { strings[type] }
}

/// https://developer.apple.com/documentation/appkit/nsdragoperation
public struct NSDragOperation: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/appkit/nsdragoperation/copy
  public static let copy = NSDragOperation(rawValue: 1)
  /// https://developer.apple.com/documentation/appkit/nsdragoperation/move
  public static let move = NSDragOperation(rawValue: 16)
}

/// https://developer.apple.com/documentation/appkit/nsdragginginfo
@MainActor public protocol NSDraggingInfo {
  /// https://developer.apple.com/documentation/appkit/nsdragginginfo/draggingpasteboard
  var draggingPasteboard: NSPasteboard { get }
  /// https://developer.apple.com/documentation/appkit/nsdragginginfo/draggingsource
  var draggingSource: Any? { get }
}

/// A drag in progress, as the fake table hands it to its data source (not AppKit API).
@MainActor final class FakeDraggingInfo: NSDraggingInfo {
  let draggingPasteboard = NSPasteboard()
  let draggingSource: Any?
  init(source: AnyObject, items: [NSPasteboardItem]) {
    draggingSource = source
    draggingPasteboard.pasteboardItems = items
  }
}

// A Linux-only test shim: the few members of AppKit the SnapshotAppKit adapter uses, with
// Apple's signatures, behaving as AppKit does where mistakes show. Not AppKit: never ship
// it. Each declaration cites its documentation page.

@_exported import FakeListSupport
import Foundation

/// https://developer.apple.com/documentation/appkit/nsresponder
@MainActor open class NSResponder: NSObject {}

/// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(rawvalue:)
  public init(rawValue: String) { self.rawValue = rawValue }
  /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(_:)
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// https://developer.apple.com/documentation/appkit/nsview
@MainActor open class NSView: NSResponder {
  /// https://developer.apple.com/documentation/appkit/nsview/window
  open internal(set) weak var window: NSWindow?
  /// https://developer.apple.com/documentation/appkit/nsview/frame
  open var frame: NSRect
  /// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentification/identifier
  open var identifier: NSUserInterfaceItemIdentifier?
  var accessibilityIdentifierValue = ""

  /// https://developer.apple.com/documentation/appkit/nsview/init(frame:)
  /// (required in the fake, which builds registered classes with it)
  public required init(frame frameRect: NSRect) {
    frame = frameRect
    super.init()
  }

  /// https://developer.apple.com/documentation/appkit/nsview/visiblerect
  /// (the fake: the frame's size at the point `scroll(_:)` last scrolled to, as if the view
  /// were the document view of a scroll view whose clip view is the frame's size)
  open var visibleRect: NSRect { NSRect(origin: fakeScrollPoint, size: frame.size) }
  var fakeScrollPoint = NSPoint.zero

  /// https://developer.apple.com/documentation/appkit/nsview/scroll(_:)
  open func scroll(_ point: NSPoint) { fakeScrollPoint = point }

  /// https://developer.apple.com/documentation/appkit/nsview/registerfordraggedtypes(_:)
  open func registerForDraggedTypes(_ newTypes: [NSPasteboard.PasteboardType]) {
    registeredDraggedTypes.formUnion(newTypes)
  }
  /// The pasteboard types the view takes drops of (AppKit's `registeredDraggedTypes`).
  var registeredDraggedTypes: Set<NSPasteboard.PasteboardType> = []

  /// https://developer.apple.com/documentation/appkit/nsview/layoutsubtreeifneeded()
  open func layoutSubtreeIfNeeded() {}

  /// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/accessibilityidentifier()
  /// (the fake reads a cell's as the row it shows)
  open func accessibilityIdentifier() -> String { accessibilityIdentifierValue }

  /// https://developer.apple.com/documentation/appkit/nsaccessibilityprotocol/setaccessibilityidentifier(_:)
  open func setAccessibilityIdentifier(_ accessibilityIdentifier: String?) {
    accessibilityIdentifierValue = accessibilityIdentifier ?? ""
  }
}

/// https://developer.apple.com/documentation/appkit/nswindow
@MainActor open class NSWindow: NSResponder {
  /// https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct
  public struct StyleMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/appkit/nswindow/stylemask-swift.struct/titled
    public static let titled = StyleMask(rawValue: 1 << 0)
  }

  /// https://developer.apple.com/documentation/appkit/nswindow/backingstoretype
  public enum BackingStoreType: UInt, Sendable {
    case retained, nonretained, buffered
  }

  /// https://developer.apple.com/documentation/appkit/nswindow/init(contentrect:stylemask:backing:defer:)
  public init(
    contentRect: NSRect, styleMask style: NSWindow.StyleMask,
    backing backingStoreType: NSWindow.BackingStoreType, defer flag: Bool
  ) {
    super.init()
  }

  /// https://developer.apple.com/documentation/appkit/nswindow/contentview
  open var contentView: NSView? {
    didSet {
      oldValue?.window = nil
      contentView?.window = self
    }
  }
}

/// https://developer.apple.com/documentation/appkit/nsanimationcontext
@MainActor open class NSAnimationContext: NSObject {
  /// https://developer.apple.com/documentation/appkit/nsanimationcontext/duration
  open var duration: TimeInterval = 0.25

  static var stack: [NSAnimationContext] = [NSAnimationContext()]

  /// https://developer.apple.com/documentation/appkit/nsanimationcontext/current
  open class var current: NSAnimationContext { stack[stack.count - 1] }

  /// https://developer.apple.com/documentation/appkit/nsanimationcontext/runanimationgroup(_:completionhandler:)
  /// (the completion handler as Swift 6.2 imports it, @Sendable: SE-0463)
  open class func runAnimationGroup(
    _ changes: (NSAnimationContext) -> Void, completionHandler: (@Sendable () -> Void)? = nil
  ) {
    let context = NSAnimationContext()
    context.duration = current.duration
    stack.append(context)
    changes(context)
    stack.removeLast()
    // AppKit calls it once the group's animations have finished: a later turn here.
    guard let completionHandler else { return }
    pendingGroups += 1
    Task { @MainActor in
      pendingGroups -= 1
      completionHandler()
    }
  }

  /// Animation groups whose completion handler has yet to run (not AppKit API).
  public internal(set) static var pendingGroups = 0
}

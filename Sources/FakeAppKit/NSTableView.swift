// NSTableView's members the adapter uses, with Apple's signatures, and the fake's checks:
// every call applies at once to the current rows, checked against the current count, and
// asks for the cells of inserted rows at once (AppKit's data source answers the new state
// during the calls); after endUpdates the row count equals the data source's.

import Foundation

/// https://developer.apple.com/documentation/appkit/nstablecolumn
@MainActor open class NSTableColumn: NSObject {
  /// https://developer.apple.com/documentation/appkit/nstablecolumn/identifier
  open var identifier: NSUserInterfaceItemIdentifier
  /// https://developer.apple.com/documentation/appkit/nstablecolumn/init(identifier:)
  public init(identifier: NSUserInterfaceItemIdentifier) {
    self.identifier = identifier
    super.init()
  }
}

/// https://developer.apple.com/documentation/appkit/nstableviewdatasource
@MainActor public protocol NSTableViewDataSource: NSObjectProtocol {
  /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/numberofrows(in:)
  /// (optional in AppKit)
  func numberOfRows(in tableView: NSTableView) -> Int

  /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:pasteboardwriterforrow:)
  /// (optional in AppKit)
  func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int)
    -> (any NSPasteboardWriting)?

  /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:validatedrop:proposedrow:proposeddropoperation:)
  /// (optional in AppKit)
  func tableView(
    _ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
    proposedDropOperation dropOperation: NSTableView.DropOperation
  ) -> NSDragOperation

  /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:acceptdrop:row:dropoperation:)
  /// (optional in AppKit)
  func tableView(
    _ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
    dropOperation: NSTableView.DropOperation
  ) -> Bool
}

/// https://developer.apple.com/documentation/appkit/nstableviewdelegate
@MainActor public protocol NSTableViewDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:viewfor:row:)
  /// (optional in AppKit)
  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
    -> NSView?

  /// https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:isgrouprow:)
  /// (optional in AppKit)
  func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
}

/// https://developer.apple.com/documentation/appkit/nstableview
@MainActor open class NSTableView: NSView {
  /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/effectfade
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    /// https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideup
    public static let slideUp = AnimationOptions(rawValue: 0x10)
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/dropoperation
  public enum DropOperation: UInt, Sendable {
    case on, above
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/datasource
  open weak var dataSource: (any NSTableViewDataSource)?
  /// https://developer.apple.com/documentation/appkit/nstableview/delegate
  open weak var delegate: (any NSTableViewDelegate)?
  /// https://developer.apple.com/documentation/appkit/nstableview/tablecolumns
  open private(set) var tableColumns: [NSTableColumn] = []

  /// https://developer.apple.com/documentation/appkit/nstableview/addtablecolumn(_:)
  open func addTableColumn(_ tableColumn: NSTableColumn) {
    tableColumns.append(tableColumn)
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/numberofrows
  open var numberOfRows: Int { fakeRows.count }

  /// https://developer.apple.com/documentation/appkit/nstableview/makeview(withidentifier:owner:)
  /// (the fake has no nibs: nil, and the cell provider makes its view)
  open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?)
    -> NSView?
  {
    nil
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata()
  open func reloadData() {
    fakeLog("reloadData()")
    guard fakeUpdateDepth == 0 else {
      return fakeFail("reloadData() between beginUpdates() and endUpdates()")
    }
    let count = dataSource?.numberOfRows(in: self) ?? 0
    let made = (0..<max(0, count)).map(fakeRow)
    (fakeRows, fakeGroupRows) = (made.map(\.identity), made.map(\.group))
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/beginupdates()
  open func beginUpdates() {
    fakeLog("beginUpdates()")
    fakeUpdateDepth += 1
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/endupdates()
  open func endUpdates() {
    fakeLog("endUpdates()")
    fakeUpdateDepth -= 1
    guard fakeUpdateDepth == 0 else { return }
    let count = dataSource?.numberOfRows(in: self) ?? 0
    if count != fakeRows.count {
      fakeFail(
        "the table view shows \(fakeRows.count) rows after endUpdates, its data source \(count)")
    }
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:)
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) {
    fakeLog("insertRows(at: \(Array(indexes)))")
    for index in indexes {
      guard index <= fakeRows.count else {
        return fakeFail("insertRows: row \(index) past the end (\(fakeRows.count) rows)")
      }
      let made = fakeRow(index)
      fakeRows.insert(made.identity, at: index)
      fakeGroupRows.insert(made.group, at: index)
    }
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:)
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: AnimationOptions) {
    fakeLog("removeRows(at: \(Array(indexes)))")
    for index in indexes.reversed() {
      guard index < fakeRows.count else {
        return fakeFail("removeRows: row \(index) past the end (\(fakeRows.count) rows)")
      }
      fakeRows.remove(at: index)
      fakeGroupRows.remove(at: index)
    }
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:)
  open func moveRow(at oldIndex: Int, to newIndex: Int) {
    fakeLog("moveRow(at: \(oldIndex), to: \(newIndex))")
    guard fakeRows.indices.contains(oldIndex), fakeRows.indices.contains(newIndex) else {
      return fakeFail("moveRow(at: \(oldIndex), to: \(newIndex)) with \(fakeRows.count) rows")
    }
    let identity = fakeRows.remove(at: oldIndex)
    fakeRows.insert(identity, at: newIndex)
    fakeGroupRows.insert(fakeGroupRows.remove(at: oldIndex), at: newIndex)
    if let dragged = fakeDropping, dragged.identity == identity {
      // The drop's own move, made again (the rows' order may move the row on its way, too).
      if let first = dragged.move, first == (oldIndex, newIndex) {
        fakeFail("row \(identity) moved twice: the table had already moved it (interactive move)")
      }
      if dragged.move == nil { fakeDropping?.move = (oldIndex, newIndex) }
    }
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:)
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
    fakeLog("reloadData(forRowIndexes: \(Array(rowIndexes)))")
    for index in rowIndexes {
      guard fakeRows.indices.contains(index) else {
        return fakeFail("reloadData(forRowIndexes:): row \(index) past the end")
      }
      (fakeRows[index], fakeGroupRows[index]) = fakeRow(index)
    }
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/rowheight
  /// (the fake's rows all have this height, with no spacing)
  open var rowHeight: CGFloat = 24

  /// https://developer.apple.com/documentation/appkit/nstableview/rect(ofrow:)
  open func rect(ofRow row: Int) -> NSRect {
    guard fakeRows.indices.contains(row) else { return .zero }
    return NSRect(x: 0, y: CGFloat(row) * rowHeight, width: frame.width, height: rowHeight)
  }

  /// https://developer.apple.com/documentation/appkit/nstableview/rows(in:)
  open func rows(in rect: NSRect) -> NSRange {
    guard rowHeight > 0, rect.height > 0 else { return NSRange(location: 0, length: 0) }
    let first = max(0, min(fakeRows.count, Int((rect.minY / rowHeight).rounded(.down))))
    let end = max(first, min(fakeRows.count, Int((rect.maxY / rowHeight).rounded(.up))))
    return NSRange(location: first, length: end - first)
  }

  // MARK: - The fake's own (not AppKit API)

  /// The rows shown, by the identity of their cells.
  public internal(set) var fakeRows: [String] = []
  /// Whether each row shown is a group row (the delegate's answer when the row was made).
  public internal(set) var fakeGroupRows: [Bool] = []
  /// Every failure so far.
  public internal(set) var fakeFailures: [String] = []
  /// Every call, one line each; " [no animation]" when the animation context has no duration.
  public internal(set) var fakeCalls: [String] = []
  var fakeUpdateDepth = 0
  /// The row being dropped while the data source accepts the drop, and its first move.
  var fakeDropping: (identity: String, move: (Int, Int)?)?

  /// The user drags row `row` and drops it above row `proposedRow` (0 through the row count:
  /// the gap before that row), as AppKit runs a drag within the table: the data source gives
  /// the row's pasteboard writer (nil: the row does not drag; the table must be registered
  /// for one of its types, else it takes no drop), validates the drop (it must
  /// offer `.move`), then accepts it and moves the row itself. The same move of the row made
  /// a second time while it accepts is a failure. Returns whether the drop was accepted.
  @discardableResult
  public func fakeDrag(row: Int, toProposedRow proposedRow: Int) -> Bool {
    fakeLog("drag row \(row) above row \(proposedRow)")
    guard let dataSource, fakeRows.indices.contains(row),
      (0...fakeRows.count).contains(proposedRow),
      let writer = dataSource.tableView(self, pasteboardWriterForRow: row) as? NSPasteboardItem,
      !registeredDraggedTypes.isDisjoint(with: writer.strings.keys)
    else { return false }
    let info = FakeDraggingInfo(source: self, items: [writer])
    guard
      dataSource.tableView(
        self, validateDrop: info, proposedRow: proposedRow, proposedDropOperation: .above
      ).contains(.move)
    else { return false }
    fakeDropping = (fakeRows[row], nil)
    defer { fakeDropping = nil }
    return dataSource.tableView(self, acceptDrop: info, row: proposedRow, dropOperation: .above)
  }

  func fakeFail(_ message: String) { fakeFailures.append(message) }

  func fakeLog(_ line: String) {
    fakeCalls.append(line + (NSAnimationContext.current.duration == 0 ? " [no animation]" : ""))
  }

  /// Forgets the recorded calls.
  public func fakeClearCalls() { fakeCalls.removeAll() }

  /// Whether the delegate makes `row` a group row, and the identity of the view it gives for
  /// the row (for a group row, with no column, as AppKit asks), at once.
  func fakeRow(_ row: Int) -> (identity: String, group: Bool) {
    let group = delegate?.tableView(self, isGroupRow: row) ?? false
    let column = group ? nil : tableColumns.first
    guard let view = delegate?.tableView(self, viewFor: column, row: row) else {
      fakeFail("no view for row \(row)")
      return ("(no view)", group)
    }
    return (view.accessibilityIdentifier(), group)
  }
}

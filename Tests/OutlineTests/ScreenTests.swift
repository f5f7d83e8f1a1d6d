import Foundation
import OutlineCore
import Snapshot
import Testing

@testable import outline

/// The screen: batches change its rows the way UIKit's rules say, and a frame rewrites only
/// the terminal lines that changed.
@Suite("outline: screen and row model")
struct ScreenTests {
  typealias Layout = LayoutContent<OutlineSection, OutlineItem>

  static func n(_ index: Int) -> OutlineItem { .node(NodeID(index)) }

  static func layout(_ sections: [(OutlineSection, [Int])]) -> Layout {
    Layout(sections.map { LayoutSection($0.0, items: $0.1.map(n)) })
  }

  static func rows(_ model: RowModel) -> [[OutlineItem]] { model.sections.map(\.rows) }

  @Test("deletes, inserts, moves across sections and reloads land where UIKit puts them")
  func batchApplication() throws {
    var model = RowModel()
    model.reload(from: Self.layout([(.folders, [1, 2, 3, 4]), (.files, [5, 6])]))
    // Delete 2, move 4 to the top, move 5 into folders, insert 7 and 8, reload 3.
    let after = Self.layout([(.folders, [4, 1, 7, 3, 5]), (.files, [8, 6])])
    let batch = BatchUpdate(
      deletedItems: [ListIndexPath(item: 1, section: 0)],
      insertedItems: [ListIndexPath(item: 2, section: 0), ListIndexPath(item: 0, section: 1)],
      movedItems: [
        .init(from: ListIndexPath(item: 3, section: 0), to: ListIndexPath(item: 0, section: 0)),
        .init(from: ListIndexPath(item: 0, section: 1), to: ListIndexPath(item: 4, section: 0)),
      ],
      reloadedItems: [ListIndexPath(item: 2, section: 0)])
    let followed = try model.apply(
      batch, content: after, tracking: ListIndexPath(item: 2, section: 0))
    #expect(Self.rows(model) == [[4, 1, 7, 3, 5].map(Self.n), [8, 6].map(Self.n)])
    #expect(followed == ListIndexPath(item: 3, section: 0))
    #expect(model.count == 7)
  }

  @Test("a batch that does not add up is refused and leaves the rows as they were")
  func inconsistentBatch() {
    var model = RowModel()
    model.reload(from: Self.layout([(.document, [1, 2, 3])]))
    let before = model.sections
    // Says one insert, but the content has two more rows.
    let after = Self.layout([(.document, [1, 2, 3, 4, 5])])
    #expect(throws: RowModel.Inconsistency.self) {
      _ = try model.apply(
        BatchUpdate(insertedItems: [ListIndexPath(item: 3, section: 0)]), content: after,
        tracking: nil)
    }
    #expect(model.sections == before)
    // An index out of range.
    #expect(throws: RowModel.Inconsistency.self) {
      _ = try model.apply(
        BatchUpdate(deletedItems: [ListIndexPath(item: 9, section: 0)]),
        content: Self.layout([(.document, [1, 2])]), tracking: nil)
    }
    #expect(model.sections == before)
  }

  /// The terminal lines (1-based) that `output` writes.
  static func writtenLines(_ output: [UInt8]) -> Set<Int> {
    let text = String(decoding: output, as: UTF8.self)
    let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[([0-9]+);1H")
    let range = NSRange(text.startIndex..., in: text)
    return Set(
      pattern.matches(in: text, range: range).compactMap {
        Range($0.range(at: 1), in: text).flatMap { Int(text[$0]) }
      })
  }

  /// A controller over a JSON document: 12 members "m0"…"m11", member "m3" an array of 3.
  static func controller(lines: Int = 20) -> OutlineController {
    var nodes = [JSONDocument.Node(key: nil, value: .object, parent: -1)]
    for index in 0..<12 {
      nodes.append(
        JSONDocument.Node(
          key: "m\(index)", value: index == 3 ? .array : .number("\(index)"), parent: 0))
      if index == 3 {
        let array = nodes.count - 1
        for element in 0..<3 {
          nodes.append(JSONDocument.Node(key: nil, value: .number("\(element)"), parent: array))
        }
      }
    }
    let controller = OutlineController(
      model: OutlineModel(json: JSONDocument(nodes: nodes), path: "doc.json"), columns: 40,
      lines: lines, checking: true)
    controller.start()
    return controller
  }

  @Test("moving the cursor rewrites two lines; expanding rewrites the lines below the row")
  func redrawsOnlyChangedLines() throws {
    let controller = Self.controller()
    let screen = controller.screen
    #expect(Self.writtenLines(screen.render()) == Set(1...20))
    try controller.handle(.character("j"))
    // Line 1 is the title; rows start on line 2: the header (cursor before) and m0.
    #expect(Self.writtenLines(screen.render()) == [2, 3])
    for _ in 0..<3 { try controller.handle(.character("j")) }
    _ = screen.render()
    // On m3 (line 6): expanding inserts 3 rows below it; the lines above are not rewritten.
    try controller.handle(.character("l"))
    let written = Self.writtenLines(screen.render())
    #expect(written.min() == 6)
    #expect(!written.contains(5))
    // m3's own line (its triangle), the 3 new rows, the 8 rows pushed down (to line 17)
    // and the status line; line 18 stays blank.
    #expect(written == Set(6...17).union([20]))
    // Collapsing puts the lines back.
    try controller.handle(.character("h"))
    #expect(Self.writtenLines(screen.render()) == Set(6...17).union([20]))
    // Renaming m0 rewrites its line only (and the status line).
    for _ in 0..<3 { try controller.handle(.character("k")) }
    _ = screen.render()
    try controller.handle(.character("r"))
    for key in [Key.backspace, .character("Z"), .enter] { try controller.handle(key) }
    #expect(Self.writtenLines(screen.render()) == [3, 20])
    #expect(screen.frame()[2].text == ">  \"mZ\": 0")
  }

  @Test("a resize redraws every line at the new size, and the cursor stays in view")
  func resize() throws {
    let controller = Self.controller(lines: 20)
    _ = controller.screen.render()
    try controller.handle(.character("G"))
    _ = controller.screen.render()
    controller.resize(columns: 30, lines: 6)
    let output = controller.screen.render()
    #expect(Self.writtenLines(output) == Set(1...6))
    let frame = controller.screen.frame()
    #expect(frame.count == 6)
    #expect(frame.contains { $0.style == .cursor && $0.text.hasPrefix(">  \"m11\"") })
    #expect(frame.allSatisfy { DisplayWidth.of($0.text) <= 30 })
  }

  @Test("display width: wide characters take two columns, names are cut with an ellipsis")
  func displayWidth() {
    #expect(DisplayWidth.of("犬") == 2)
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.fit("犬猫鳥", width: 5) == "犬猫…")
    #expect(DisplayWidth.fit("abcdef", width: 4) == "abc…")
    #expect(DisplayWidth.fit("abcd", width: 4) == "abcd")
    // A control character in a name never reaches the terminal.
    #expect(DisplayWidth.fit("a\u{1B}[2Jb", width: 20) == "a?[2Jb")
  }
}

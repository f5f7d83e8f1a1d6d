import Foundation
import OutlineCore
import Testing

@testable import outline

/// Search, filter and copy in the controller (issue #32): smart case, document order, the
/// filter's rows and restores, expand and collapse all, paths, OSC 52.
@Suite("outline: search, filter, expansion and paths")
struct SearchTests {
  static let text = """
    {"animals": {"dog": ["rex", "fido"], "cat": {"name": "Tom", "age": 3}},
     "plants": {"tree": "oak", "Dogwood": true}, "list": [1, 2, {"deep": {"dog": null}}],
     "odd key": {"a\\u001bb": "x"}}
    """

  static func controller(lines: Int = 30) throws -> OutlineController {
    let document = try JSONParser.parse(Array(text.utf8))
    let model = OutlineModel(json: document, path: "/nonexistent/doc.json")
    let controller = OutlineController(model: model, columns: 80, lines: lines, checking: true)
    controller.start()
    _ = controller.screen.render()
    return controller
  }

  static func press(_ controller: OutlineController, _ keys: String...) throws {
    for name in keys {
      if name.hasPrefix("type ") {
        for character in name.dropFirst(5) { try controller.handle(.character(character)) }
      } else {
        try controller.handle(try #require(Key(name: name)))
      }
      _ = controller.screen.render()
    }
  }

  /// The rows' texts, without the cursor gutter.
  static func rows(_ controller: OutlineController) -> [String] {
    (0..<controller.screen.rows.count).compactMap { index in
      controller.screen.rows.item(atFlat: index).map { controller.cell(for: $0).text }
    }
  }

  @Test("smart case: lowercase finds any case, a capital makes case count; keys and values")
  func smartCase() {
    #expect(SearchQuery("dog").matches("Dogwood"))
    #expect(!SearchQuery("Dog").matches("hotdog"))
    #expect(SearchQuery("Dog").matches("Dogwood"))
    #expect(SearchQuery("éa").matches("ÉA"))
    #expect(!SearchQuery("ÉA").matches("éa"))
    #expect(SearchQuery("").matches("anything"))
    #expect(!SearchQuery("abc").matches("ab"))
    #expect(SearchQuery("abC").narrows(SearchQuery("ab")))
    #expect(!SearchQuery("ab").narrows(SearchQuery("abc")))
    #expect(!SearchQuery("x").narrows(SearchQuery("")))
  }

  @Test("/ finds matches in document order inside collapsed nodes; n and N step and wrap")
  func searchSteps() throws {
    let controller = try Self.controller()
    try Self.press(controller, "/", "type dog", "enter")
    #expect(controller.selected.flatMap { $0.node }.map { controller.model[$0].name } == "dog")
    #expect(controller.message == "1 of 3")
    try Self.press(controller, "n")
    #expect(controller.message == "2 of 3")
    #expect(controller.selected.flatMap { $0.node }.map { controller.model[$0].name } == "Dogwood")
    try Self.press(controller, "n")
    #expect(controller.message == "3 of 3")
    try Self.press(controller, "n")
    #expect(controller.message == "1 of 3 (wrapped)")
    try Self.press(controller, "N")
    #expect(controller.message == "3 of 3 (wrapped)")
    // Revealed: the deep match's ancestors are expanded.
    #expect(Self.rows(controller).contains("        \"dog\": null"))
    // From the top, N goes to the last match; a capital makes case count.
    try Self.press(controller, "g", "/", "type Dog", "enter")
    #expect(controller.message == "1 of 1")
    try Self.press(controller, "/", "type nothing here", "enter")
    #expect(controller.message == "no match for \"nothing here\"")
  }

  @Test("* searches for the key under the cursor, # backwards")
  func keyUnderCursor() throws {
    let controller = try Self.controller()
    try Self.press(controller, "/", "type rex", "enter", "g", "j", "l")
    #expect(controller.selected.flatMap { $0.node }.map { controller.model[$0].name } == "dog")
    try Self.press(controller, "hash")
    #expect(controller.message == "3 of 3 (wrapped)")
    #expect(
      controller.model.copyablePath(of: try #require(controller.selected?.node))
        == ".list[2].deep.dog")
    try Self.press(controller, "*")
    #expect(controller.message == "1 of 3 (wrapped)")
    try Self.press(controller, "*")
    #expect(controller.message == "2 of 3")
    // On "Dogwood": a capital makes case count.
    try Self.press(controller, "*")
    #expect(controller.message == "1 of 1 (wrapped)")
  }

  @Test("f shows matches and their ancestors; Esc restores rows, cursor and status exactly")
  func filterCancel() throws {
    let controller = try Self.controller(lines: 12)
    try Self.press(controller, "j", "l", "j", "l", "G")
    let before = controller.screen.plainText()
    let rowsBefore = Self.rows(controller)
    try Self.press(controller, "f", "type o")
    try Self.press(controller, "type a")
    #expect(
      Self.rows(controller) == [
        "▾ DOCUMENT", "▾ \"plants\": {2}", "    \"tree\": \"oak\"",
      ])
    #expect(controller.screen.status.hasPrefix("Filter: oa▏  1 matching"))
    try Self.press(controller, "backspace", "backspace", "type zzz")
    #expect(Self.rows(controller) == ["▾ DOCUMENT"])
    try Self.press(controller, "escape")
    #expect(Self.rows(controller) == rowsBefore)
    #expect(controller.screen.plainText() == before)
  }

  @Test("a filter key gives up while keys wait, the rows shown kept; Enter searches first")
  func filterGivesUp() throws {
    let controller = try Self.controller(lines: 12)
    try Self.press(controller, "f")
    let shown = Self.rows(controller)
    controller.inputPending = { true }
    try Self.press(controller, "type oa")
    #expect(Self.rows(controller) == shown)
    #expect(controller.screen.status.hasPrefix("Filter: oa▏  searching…"))
    controller.inputPending = { false }
    try Self.press(controller, "type k")
    #expect(Self.rows(controller) == ["▾ DOCUMENT", "▾ \"plants\": {2}", "    \"tree\": \"oak\""])
    // Given up again, then Enter: the rows it keeps are those of "oa", searched first.
    controller.inputPending = { true }
    try Self.press(controller, "backspace")
    #expect(Self.rows(controller).count == 3)
    try Self.press(controller, "enter")
    #expect(controller.filter == nil)
    #expect(controller.message == "1 of 1")
    #expect(
      controller.model.copyablePath(of: try #require(controller.selected?.node)) == ".plants.tree")
  }

  @Test("Enter accepts: the rows from before come back, the match revealed under the cursor")
  func filterAccept() throws {
    let controller = try Self.controller()
    try Self.press(controller, "f", "type null", "enter")
    #expect(controller.filter == nil)
    #expect(controller.selected.flatMap { $0.node }.map { controller.model[$0].name } == "dog")
    #expect(
      controller.selected.flatMap { $0.node }.map { controller.model.copyablePath(of: $0) }
        == ".list[2].deep.dog")
    // Only the path to the match was opened (5 rows, + 3 + 1 + 1); n continues with the
    // filter's query.
    #expect(Self.rows(controller).count == 10)
    try Self.press(controller, "n")
    #expect(controller.message == "1 of 1 (wrapped)")
  }

  @Test("E and C expand and collapse everything below the cursor; 1…9 show that many levels")
  func expandCollapseAll() throws {
    let controller = try Self.controller()
    let steps: [(keys: [String], rows: Int)] = [
      // On the header: every node (the header, 4 top-level nodes and 14 below them).
      (["E"], 19), (["C"], 5),
      // Below "animals": dog (2 elements) and cat (2 members).
      (["j", "E"], 11),
      // Two levels: the top-level nodes' children, collapsed; then three.
      (["2"], 13), (["3"], 18),
    ]
    for (keys, rows) in steps {
      for key in keys { try Self.press(controller, key) }
      #expect(Self.rows(controller).count == rows, "after \(keys)")
    }
    try Self.press(controller, "G", "1")
    #expect(Self.rows(controller).count == 5)
    #expect(controller.selected == .node(controller.model.topLevel[3]))
  }

  @Test("paths: JSON paths with escaped keys, file paths with escaped controls")
  func paths() throws {
    let controller = try Self.controller()
    let model = controller.model
    let names = model.nodes.indices.map { NodeID($0) }.map { model.copyablePath(of: $0) }
    #expect(names.contains(".animals.dog[1]"))
    #expect(names.contains(".list[2].deep.dog"))
    #expect(names.contains("[\"odd key\"][\"a\\u001bb\"]"))
    #expect(names[0] == ".")
    #expect(OutlineModel.escapingControls("a\u{1B}b\u{85}c\u{7F}") == "a\\x1bb\\u{85}c\\x7f")
  }

  @Test("y queues OSC 52 with the path in base64 and shows the path")
  func copy() throws {
    let controller = try Self.controller()
    try Self.press(controller, "/", "type fido", "enter", "y")
    #expect(controller.message == "copied .animals.dog[1]")
    let sequence = controller.takeTerminalOutput()
    let expected = "\u{1B}]52;c;" + Data(".animals.dog[1]".utf8).base64EncodedString() + "\u{07}"
    #expect(sequence == Array(expected.utf8))
    #expect(controller.takeTerminalOutput().isEmpty)
    for length in 0..<8 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 77 + 3) }
      #expect(
        OutlineController.base64(bytes) == Array(Data(bytes).base64EncodedString().utf8))
    }
  }

  @Test("a directory: only folders already read are searched, and the status line says so")
  func directory() throws {
    let folder = try TemporaryFolder("find-dir")
    defer { folder.remove() }
    try folder.make(["tree/alpha/beta/b.txt", "tree/alpha/a1.txt", "tree/gamma/", "tree/bee.md"])
    let model = try OutlineModel.open(folder.path("tree"))
    let controller = OutlineController(model: model, columns: 80, lines: 20, checking: true)
    controller.start()
    try Self.press(controller, "/", "type b", "enter")
    #expect(controller.message == "1 of 1 (only folders already read are searched)")
    // E on a header reads every folder; the search then finds beta and b.txt too.
    try Self.press(controller, "g", "E", "g", "n")
    #expect(controller.message == "1 of 3 (only folders already read are searched)")
    try Self.press(controller, "C", "f", "type b.t")
    #expect(
      Self.rows(controller) == ["▾ FOLDERS", "▾ alpha/", "  ▾ beta/", "      b.txt", "▾ FILES"])
    try Self.press(controller, "enter", "y")
    #expect(controller.message == "copied " + folder.path("tree/alpha/beta/b.txt"))
  }

  @Test("the status line's counts have thousands separators")
  func grouping() {
    #expect(OutlineController.grouped(3) == "3")
    #expect(OutlineController.grouped(1204) == "1,204")
    #expect(OutlineController.grouped(1_000_000) == "1,000,000")
    #expect(OutlineController.grouped(-12345) == "-12,345")
  }

  @Test("? lists the keys over the list; any key closes the list")
  func help() throws {
    let controller = try Self.controller()
    let before = controller.screen.plainText()
    try Self.press(controller, "?")
    let screen = controller.screen.plainText()
    for key in ["/  n N", "*  #", "f  ", "E  C", "1 … 9", "y  ", "search", "filter", "copy"] {
      #expect(screen.contains(key), "\(key)")
    }
    #expect(!screen.contains("DOCUMENT"))
    try Self.press(controller, "j")
    #expect(controller.screen.plainText() == before)
  }
}

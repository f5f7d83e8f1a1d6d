import Foundation
import OutlineCore
import Testing

/// Search, filter, expand and collapse all, and copy, in the real program in a pseudo-terminal
/// (tmux), with `--check` on (issue #32).
@Suite("outline: find, filter and copy in a pseudo-terminal", .serialized)
struct FindSessionTests {
  static let document = """
    {"animals": {"dog": ["rex", "fido"], "cat": {"name": "Tom", "age": 3}},
     "plants": {"tree": "oak", "Dogwood": true}, "list": [1, 2, {"deep": {"dog": null}}]}
    """

  /// A folder with `doc.json` and a session running `outline --check doc.json` in it.
  static func start(columns: Int = 72, lines: Int = 16) throws -> (TemporaryFolder, TmuxSession) {
    let folder = try TemporaryFolder("find")
    try folder.write(document, to: "doc.json")
    let command =
      "'\(OutlineProcess.executable)' --check doc.json; echo \"EXIT=$?\"; sleep 600"
    let tmux = try TmuxSession(command, columns: columns, lines: lines, in: folder.url)
    try tmux.wait { $0.contains("DOCUMENT") }
    return (folder, tmux)
  }

  /// The line of the screen the cursor is on (it starts with ">").
  static func cursorLine(_ screen: String) -> String {
    screen.split(separator: "\n").first { $0.hasPrefix(">") }.map(String.init) ?? ""
  }

  /// Quits and checks the exit status (0: every `--check` comparison held).
  static func quit(_ tmux: TmuxSession) throws {
    try tmux.send("q")
    var screen = try tmux.wait(seconds: 5) { $0.contains("EXIT=") }
    if !screen.contains("EXIT=") {
      try tmux.send("q")
      screen = try tmux.wait { $0.contains("EXIT=") }
    }
    #expect(screen.contains("EXIT=0"))
  }

  @Test("/ finds the first match after the cursor inside collapsed nodes; n and N step")
  func searchAndStep() throws {
    let (folder, tmux) = try Self.start()
    defer { folder.remove() }
    try tmux.send("/")
    try tmux.wait { $0.contains("Search: ") }
    try tmux.type("dog")
    try tmux.send("Enter")
    var screen = try tmux.wait { $0.contains("1 of 3") }
    #expect(screen.contains("1 of 3"))
    #expect(Self.cursorLine(screen) == ">  ▸ \"dog\": [2]")
    try tmux.send("n")
    screen = try tmux.wait { $0.contains("2 of 3") }
    #expect(Self.cursorLine(screen) == ">    \"Dogwood\": true")
    try tmux.send("n")
    screen = try tmux.wait { $0.contains("3 of 3") }
    #expect(Self.cursorLine(screen) == ">        \"dog\": null")
    try tmux.send("N", "N")
    screen = try tmux.wait { $0.contains("1 of 3") }
    #expect(Self.cursorLine(screen) == ">  ▸ \"dog\": [2]")
    try Self.quit(tmux)
  }

  @Test("f filters as you type; Esc gives back the screen from before f; Enter keeps the row")
  func filterCancelAndAccept() throws {
    let (folder, tmux) = try Self.start()
    defer { folder.remove() }
    try tmux.send("j", "l", "j", "l", "j", "j")
    let before = try tmux.wait { Self.cursorLine($0).contains("fido") }
    #expect(Self.cursorLine(before) == ">      \"fido\"")
    try tmux.send("f")
    try tmux.wait { $0.contains("Filter: ") }
    try tmux.type("oa")
    var screen = try tmux.wait { $0.contains("1 matching") }
    #expect(screen.contains("\"tree\": \"oak\""))
    #expect(!screen.contains("animals"))
    try tmux.send("BSpace")
    screen = try tmux.wait { $0.contains("Filter: o▏") }
    #expect(screen.contains("animals"))
    try tmux.send("Escape")
    screen = try tmux.wait { $0 == before }
    #expect(screen == before)
    // Enter: the filter goes, the match stays under the cursor, revealed.
    try tmux.send("f")
    try tmux.wait { $0.contains("Filter: ") }
    try tmux.type("null")
    try tmux.wait { $0.contains("1 matching") }
    try tmux.send("Enter")
    screen = try tmux.wait { $0.contains("| 1 of 1") }
    #expect(Self.cursorLine(screen) == ">        \"dog\": null")
    #expect(screen.contains("\"fido\""))
    try Self.quit(tmux)
  }

  @Test("w while filtered writes the whole document")
  func writeWhileFiltered() throws {
    let (folder, tmux) = try Self.start()
    defer { folder.remove() }
    try tmux.send("f")
    try tmux.wait { $0.contains("Filter: ") }
    try tmux.type("rex")
    try tmux.wait { $0.contains("1 matching") }
    try tmux.send("Tab", "w")
    let screen = try tmux.wait { $0.contains("wrote") }
    #expect(screen.contains("wrote"))
    #expect(!screen.contains("plants"))
    let written = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("doc.json"))))
    let whole = JSONWriter.write(try JSONParser.parse(Array(Self.document.utf8)))
    #expect(written == whole)
    try tmux.send("Escape")
    try tmux.wait { $0.contains("plants") }
    try Self.quit(tmux)
  }

  @Test("E expands and C collapses everything (at the top); 2 shows two levels")
  func expandAndCollapseAll() throws {
    let (folder, tmux) = try Self.start(lines: 24)
    defer { folder.remove() }
    try tmux.send("E")
    var screen = try tmux.wait { $0.contains("\"dog\": null") }
    #expect(screen.contains("17 rows"))
    #expect(screen.contains("\"fido\""))
    try tmux.send("C")
    screen = try tmux.wait { $0.contains("4 rows") }
    #expect(!screen.contains("\"dog\""))
    try tmux.send("2")
    screen = try tmux.wait { $0.contains("showing 2 levels") }
    #expect(screen.contains("▸ \"dog\": [2]"))
    #expect(!screen.contains("\"fido\""))
    try Self.quit(tmux)
  }

  @Test("y writes the node's path to the terminal as OSC 52 and shows it; ? lists the keys")
  func copyPath() throws {
    let (folder, tmux) = try Self.start()
    defer { folder.remove() }
    try tmux.send("?")
    let keys = try tmux.wait { $0.contains("y               copy the node's path") }
    #expect(keys.contains("f               filter as you type"))
    try tmux.send("Escape")
    try tmux.wait { $0.contains("DOCUMENT") }
    let raw = folder.path("raw.bin")
    try tmux.tmux("pipe-pane", "-t", "t", "-o", "cat >> '\(raw)'")
    try tmux.send("/")
    try tmux.wait { $0.contains("Search: ") }
    try tmux.type("fido")
    try tmux.send("Enter")
    try tmux.wait { $0.contains("1 of 1") }
    try tmux.send("y")
    let screen = try tmux.wait { $0.contains("copied") }
    #expect(screen.contains("copied .animals.dog[1]"))
    let sequence = "\u{1B}]52;c;" + Data(".animals.dog[1]".utf8).base64EncodedString() + "\u{07}"
    let deadline = Date().addingTimeInterval(10)
    var bytes = Data()
    while Date() < deadline {
      bytes = (try? Data(contentsOf: URL(fileURLWithPath: raw))) ?? Data()
      if bytes.range(of: Data(sequence.utf8)) != nil { break }
      usleep(20_000)
    }
    #expect(bytes.range(of: Data(sequence.utf8)) != nil)
    try Self.quit(tmux)
  }
}

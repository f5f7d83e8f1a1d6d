import OutlineCore
import Testing

/// The `--script` reader on its own: lines, line endings, commands and errors (found by the
/// script fuzz target, `Fuzz/Sources/fuzz-script`).
@Suite struct ScriptReaderTests {
  /// The steps of `text`, without their lines.
  func steps(_ text: String) throws -> [Script.Step] {
    try Script(parsing: text, name: "s").steps.map(\.step)
  }

  @Test func crlfLineEndingsEndLines() throws {
    // "\r\n" is one Character in Swift: splitting the text at the Character "\n" never split
    // a CRLF file, so its whole text was one unknown key name, and `type` typed the CRLF.
    #expect(try steps("j\r\nk\r\n") == [.key(.character("j")), .key(.character("k"))])
    #expect(
      try steps("type ab\r\n# note\r\nscreen") == [
        .key(.character("a")), .key(.character("b")), .printScreen,
      ])
    let script = try Script(parsing: "\r\n\r\nenter\r\n", name: "s")
    #expect(script.steps.map(\.line) == [3])
    #expect(throws: OutlineError("s:4: unknown key name 'bogus'")) {
      try Script(parsing: "\r\n\r\nenter\r\nbogus\r\n", name: "s")
    }
  }

  @Test func hashKeyHasANameThatIsNoComment() throws {
    // A line "#" is a comment, so the key '#' named itself "#" and vanished from a script
    // written from key names.
    #expect(Key.character("#").name == "hash")
    #expect(Key(name: "hash") == .character("#"))
    let keys: [Key] = [.character("#"), .character("a"), .character(" "), .control("x")]
    let text = keys.map(\.name).joined(separator: "\n")
    #expect(try steps(text) == keys.map { .key($0) })
    #expect(try steps("# a comment\ntype #1") == [.key(.character("#")), .key(.character("1"))])
  }

  @Test func indentationIsTrimmedBeforeACombiningMark() throws {
    // A combining mark joins the space before it into one Character, so trimming Characters
    // left " \u{30A}" (not the key U+030A) and took "#\u{301}…" for no comment.
    let key = Key.character("\u{30A}")
    #expect(try steps("  \(key.name) \n\t\(key.name)") == [.key(key), .key(key)])
    #expect(try steps("#\u{301} a comment\n \u{301}") == [.key(.character("\u{301}"))])
    #expect(try steps("type \u{301}a") == [.key(.character("\u{301}")), .key(.character("a"))])
  }
}

/// A `--script` file: one key name per line (see `Key(name:)`), plus three commands:
/// `type TEXT` types each character of TEXT, `screen` prints the screen at that point, and
/// `resize COLUMNSxLINES` changes the screen size. Blank lines and lines starting with `#`
/// are skipped. Lines end at `\n` or `\r\n`.
public struct Script: Sendable {
  /// One step.
  public enum Step: Equatable, Sendable {
    case key(Key)
    case printScreen
    case resize(columns: Int, lines: Int)
  }

  /// The steps, each with its line number.
  public var steps: [(line: Int, step: Step)]

  /// Parses the text of a script file named `name` (for messages).
  ///
  /// - Throws: ``OutlineError`` "NAME:LINE: unknown key name 'X'" for a line that is no key
  ///   name or command.
  /// - Complexity: O(text).
  public init(parsing text: String, name: String) throws(OutlineError) {
    steps = []
    // Lines are split, trimmed and matched scalar by scalar, not by Character: Swift counts
    // "\r\n" as one Character (so the Character "\n" never splits a CRLF file), and a
    // combining mark joins the space before it ("  \u{30A}" would not trim to the key).
    let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    for (offset, raw) in lines.enumerated() {
      let number = offset + 1
      var line = raw.drop(while: blank)
      if line.last == "\r" { line.removeLast() }
      if line.isEmpty || line.first == "#" { continue }
      if line.starts(with: "type ".unicodeScalars) {
        for character in Substring(line.dropFirst(5)) {
          steps.append((number, .key(.character(character))))
        }
        continue
      }
      while let last = line.last, blank(last) { line.removeLast() }
      let word = String(Substring(line))
      if word == "screen" {
        steps.append((number, .printScreen))
      } else if line.starts(with: "resize ".unicodeScalars) {
        let parts = line.dropFirst(7).split(separator: "x").map { String(Substring($0)) }
        guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]),
          (10...1000).contains(columns), (3...1000).contains(lines)
        else { throw OutlineError("\(name):\(number): resize wants COLUMNSxLINES, e.g. 60x20") }
        steps.append((number, .resize(columns: columns, lines: lines)))
      } else if let key = Key(name: word) {
        steps.append((number, .key(key)))
      } else {
        throw OutlineError("\(name):\(number): unknown key name '\(word)'")
      }
    }
  }
}

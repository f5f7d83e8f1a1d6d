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
    // Split at the scalar "\n": the Character "\n" would never match a CRLF, which Swift
    // counts as one Character.
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    for (offset, raw) in lines.enumerated() {
      let number = offset + 1
      var scalars = raw
      if scalars.last == "\r" { scalars.removeLast() }
      let line = Substring(scalars)
      let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("type ") {
        for character in trimmed.dropFirst(5) {
          steps.append((number, .key(.character(character))))
        }
        continue
      }
      var word = String(trimmed)
      while word.last == " " || word.last == "\t" { word.removeLast() }
      if word == "screen" {
        steps.append((number, .printScreen))
      } else if word.hasPrefix("resize ") {
        let parts = word.dropFirst(7).split(separator: "x")
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

/// A JSON syntax error: where it is (1-based line and column, the column counted in Unicode
/// scalars from the line start) and what is wrong, in plain words.
///
/// Lines end at `\n`, `\r\n` or `\r`. A leading byte order mark does not count as a column.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the error.
  public var line: Int
  /// The 1-based column of the error, in Unicode scalars from the start of the line.
  public var column: Int
  /// What is wrong, e.g. "unterminated string" or "expected ',' or '}' after an object
  /// member".
  public var message: String

  /// "line L, column C: message".
  ///
  /// - Complexity: O(m) for a message of m characters.
  public var description: String { "line \(line), column \(column): \(message)" }
}

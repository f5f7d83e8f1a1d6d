import OutlineCore

/// Something the terminal reported.
enum TerminalEvent: Equatable, Sendable {
  /// The user pressed a key.
  case key(Key)
  /// The window changed size; the new size, in character cells. Several changes between two
  /// reads are reported once, with the latest size.
  case resize(columns: Int, rows: Int)
  /// The input ended (the terminal hung up, or stdin reached its end): no more keys will come.
  case endOfInput
}

/// Why the terminal could not be opened.
struct TerminalError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, for the user.
  var description: String
}

extension TerminalError {
  /// Creates an error with its description, as `TerminalError("standard input is not a terminal")`.
  init(_ description: String) {
    self.init(description: description)
  }
}

import Glibc

// TEMPORARY: stand-ins for the JSON and terminal layers being written on other branches.
enum Key: Hashable, Sendable {
  case up, down, left, right, enter, escape, backspace, tab, pageUp, pageDown, home, end, delete
  case character(Character)
  case control(Character)
}
extension Key {
  init?(name: String) {
    switch name {
    case "up": self = .up
    case "down": self = .down
    case "left": self = .left
    case "right": self = .right
    case "enter": self = .enter
    case "escape": self = .escape
    case "backspace": self = .backspace
    case "pageup": self = .pageUp
    case "pagedown": self = .pageDown
    case "space": self = .character(" ")
    case "ctrl-c": self = .control("c")
    default:
      guard name.count == 1, let c = name.first else { return nil }
      self = .character(c)
    }
  }
}
enum TerminalEvent: Equatable, Sendable {
  case key(Key)
  case resize(columns: Int, rows: Int)
  case endOfInput
}
struct TerminalError: Error, CustomStringConvertible, Sendable { var description: String }
final class RawTerminal {
  static func open() throws(TerminalError) -> RawTerminal {
    throw TerminalError(description: "standard input is not a terminal")
  }
  func restore() {}
  var size: (columns: Int, rows: Int) { (80, 24) }
  func readEvents(timeoutMilliseconds: Int32) -> [TerminalEvent] { [.endOfInput] }
  func write(_ bytes: [UInt8]) {}
}
extension Key {
  var name: String { "\(self)" }
}

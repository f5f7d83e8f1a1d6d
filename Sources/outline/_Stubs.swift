import Glibc

// TEMPORARY: stand-ins for the JSON and terminal layers being written on other branches.
struct JSONDocument: Equatable, Sendable {
  enum Value: Equatable, Sendable {
    case object, array
    case string(String)
    case number(String)
    case bool(Bool)
    case null
  }
  struct Node: Equatable, Sendable {
    var key: String?
    var value: Value
    var parent: Int
  }
  var nodes: [Node]
}
struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  var line: Int
  var column: Int
  var message: String
  var description: String { "line \(line), column \(column): \(message)" }
}
enum JSONParser {
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
    throw JSONSyntaxError(line: 1, column: 1, message: "stub")
  }
}
enum JSONWriter {
  static func write(_ document: JSONDocument) -> [UInt8] { [] }
}
struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }
}
enum FileIO {
  static func read(_ path: String) throws(FileError) -> [UInt8] {
    guard let f = fopen(path, "r") else { throw FileError(path: path, reason: "missing") }
    defer { fclose(f) }
    var out: [UInt8] = []
    while true {
      let c = fgetc(f)
      if c < 0 { break }
      out.append(UInt8(c))
    }
    return out
  }
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {}
}
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

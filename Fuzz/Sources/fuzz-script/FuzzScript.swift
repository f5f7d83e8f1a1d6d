// Fuzzes the `--script` reader two ways, chosen by the first byte: any text either reads, with
// every step on a line that exists, or fails with an error naming the file and such a line;
// and a script written from key names and commands (with comments, blank lines, indentation
// and either line ending) reads back to exactly the steps it was written from.

import FuzzSupport
import OutlineCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  if input.bool() {
    checkWrittenScript(&input)
  } else {
    checkAnyText(String(decoding: input.rest(), as: UTF8.self))
  }
  return 0
}

/// The file name the scripts are read under.
let fileName = "fuzz.script"

/// Any text: an error names the file and an existing line; steps carry existing lines, in
/// order.
func checkAnyText(_ text: String) {
  let lineCount = text.unicodeScalars.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  do {
    let script = try Script(parsing: text, name: fileName)
    var previous = 1
    for (line, _) in script.steps {
      fuzzCheck((previous...lineCount).contains(line), "step line \(line) of \(lineCount)")
      previous = line
    }
  } catch {
    let message = error.description
    let prefix = fileName + ":"
    fuzzCheck(message.hasPrefix(prefix), "error '\(message)' does not name the file")
    let number = Int(message.dropFirst(prefix.count).prefix { $0 != ":" })
    fuzzCheck(
      number.map { (1...lineCount).contains($0) } ?? false,
      "error '\(message)' names no line of the \(lineCount)")
  }
}

/// A script written from steps reads back to those steps.
func checkWrittenScript(_ input: inout FuzzInput) {
  let crlf = input.bool()
  var lines: [String] = []
  var expected: [Script.Step] = []
  while !input.isAtEnd {
    let indent = String(repeating: input.bool() ? " " : "\t", count: input.int(0...2))
    let trailing = String(repeating: " ", count: input.int(0...1))
    switch input.int(0...9) {
    case 0:
      lines.append(input.bool() ? "" : "# " + printableASCII(&input))
    case 1:
      lines.append(indent + "screen" + trailing)
      expected.append(.printScreen)
    case 2:
      let columns = 10 + input.int(0...255)
      let rows = 3 + input.int(0...255)
      lines.append(indent + "resize \(columns)x\(rows)" + trailing)
      expected.append(.resize(columns: columns, lines: rows))
    case 3:
      let text = printableASCII(&input)
      lines.append(indent + "type " + text)
      expected += text.map { .key(.character($0)) }
    default:
      let key = someKey(&input)
      lines.append(indent + key.name + trailing)
      expected.append(.key(key))
    }
  }
  let text = lines.joined(separator: crlf ? "\r\n" : "\n")
  do {
    let steps = try Script(parsing: text, name: fileName).steps.map(\.step)
    fuzzCheck(steps == expected, "script \(lines) read as \(steps), written from \(expected)")
  } catch {
    fuzzFail("script \(lines) written from \(expected) fails: \(error)")
  }
}

/// Up to 8 printable ASCII characters.
func printableASCII(_ input: inout FuzzInput) -> String {
  String(
    (0..<input.int(0...8)).map { _ in Character(Unicode.Scalar(UInt8(input.int(0x20...0x7E)))) })
}

/// A key the decoder can deliver: a named key, a control letter, a printable ASCII character
/// or another printable scalar.
func someKey(_ input: inout FuzzInput) -> Key {
  switch input.int(0...3) {
  case 0:
    return Key.namedKeys[input.int(0...Key.namedKeys.count - 1)].key
  case 1:
    return Key.controlByte(UInt8(input.int(1...26))) ?? .escape
  case 2:
    return .character(Character(Unicode.Scalar(UInt8(input.int(0x20...0x7E)))))
  default:
    let value = UInt32(input.byte()) << 8 | UInt32(input.byte())
    guard let scalar = Unicode.Scalar(max(value, 0xA0)) else { return .character("?") }
    let character = Character(scalar)
    return Key.isPrintable(character) ? .character(character) : .character("?")
  }
}

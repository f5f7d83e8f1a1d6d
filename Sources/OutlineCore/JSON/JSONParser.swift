// A strict RFC 8259 JSON parser over a byte array. It is iterative: open containers live on
// an explicit stack, so nesting depth is limited only by memory, never by the call stack.

/// Parses JSON text into a `JSONDocument`, with errors that say where and what.
public enum JSONParser {
  /// Parses RFC 8259 JSON (strict: no comments, no trailing commas, no NaN, no leading zeros,
  /// no single quotes). Skips a leading UTF-8 BOM. Any top-level value is allowed (scalars
  /// too). Duplicate keys are kept, in order.
  ///
  /// Strings must be valid UTF-8 and may not contain raw control characters; escapes are
  /// decoded, and a `\u` surrogate must be part of a high-low pair. Numbers are checked
  /// against the JSON grammar and kept as their literal text.
  ///
  /// - Throws: `JSONSyntaxError` at the first error, with its line, column and message.
  /// - Complexity: O(n) time for n bytes; O(d) extra space beyond the result for nesting
  ///   depth d.
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
    var parser = Parser(bytes: bytes)
    do throws(Failure) {
      return try parser.parseDocument()
    } catch {
      let (line, column) = location(of: error.offset, in: bytes, from: parser.bodyStart)
      throw JSONSyntaxError(line: line, column: column, message: error.message)
    }
  }

  /// Whether `text` is exactly one JSON number (`-? (0 | [1-9][0-9]*) (.[0-9]+)?
  /// ([eE][+-]?[0-9]+)?`), e.g. to check a number the user typed before storing it in
  /// `JSONDocument.Value.number`.
  ///
  /// - Complexity: O(m) for m UTF-8 bytes of `text`.
  public static func isValidNumber(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let (end, complete) = scanNumber(bytes, from: 0)
    return complete && end == bytes.count
  }

  /// The 1-based line and column (in Unicode scalars) of byte `offset`, counting from byte
  /// `start` (after a BOM). Lines end at `\n`, `\r\n` or `\r`.
  ///
  /// - Complexity: O(offset).
  static func location(of offset: Int, in bytes: [UInt8], from start: Int) -> (Int, Int) {
    var line = 1
    var column = 1
    var i = max(0, start)
    let end = min(offset, bytes.count)
    while i < end {
      let byte = bytes[i]
      if byte == Byte.carriageReturn {
        line += 1
        column = 1
      } else if byte == Byte.newline {
        if i == start || bytes[i - 1] != Byte.carriageReturn { line += 1 }
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }

  /// Scans the JSON number grammar from `start`: returns where the scan stopped and whether
  /// what it read is a complete number. When incomplete, `end` is the offending byte (or
  /// `bytes.count` if the input ran out).
  ///
  /// - Complexity: O(k) for the k bytes scanned.
  static func scanNumber(_ bytes: [UInt8], from start: Int) -> (end: Int, complete: Bool) {
    let count = bytes.count
    var i = start
    if i < count && bytes[i] == Byte.minus { i += 1 }
    guard i < count else { return (i, false) }
    if bytes[i] == Byte.zero {
      i += 1
    } else if Byte.isDigit(bytes[i]) {
      while i < count && Byte.isDigit(bytes[i]) { i += 1 }
    } else {
      return (i, false)
    }
    if i < count && bytes[i] == Byte.period {
      i += 1
      guard i < count, Byte.isDigit(bytes[i]) else { return (i, false) }
      while i < count && Byte.isDigit(bytes[i]) { i += 1 }
    }
    if i < count && (bytes[i] == Byte.lowerE || bytes[i] == Byte.upperE) {
      i += 1
      if i < count && (bytes[i] == Byte.plus || bytes[i] == Byte.minus) { i += 1 }
      guard i < count, Byte.isDigit(bytes[i]) else { return (i, false) }
      while i < count && Byte.isDigit(bytes[i]) { i += 1 }
    }
    return (i, true)
  }

  /// The length of the well-formed UTF-8 sequence starting at `i` (which must be in range):
  /// 1 to 4; 0 if the bytes are not well-formed UTF-8 (overlong forms, surrogates and
  /// values above U+10FFFF included); -1 if they are a well-formed start cut off by the end
  /// of the input.
  ///
  /// - Complexity: O(1).
  static func utf8Length(_ bytes: [UInt8], at i: Int) -> Int {
    let lead = bytes[i]
    var length = 0
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    for k in 1..<length {
      guard i + k < bytes.count else { return -1 }
      let byte = bytes[i + k]
      if k == 1 {
        guard byte >= low && byte <= high else { return 0 }
      } else {
        guard byte & 0xC0 == 0x80 else { return 0 }
      }
    }
    return length
  }
}

extension JSONParser {
  /// A parse error before it is located: the byte offset it is at, and its message.
  struct Failure: Error {
    /// The byte offset of the error in the input (the input's length at its end).
    var offset: Int
    /// The message, as in `JSONSyntaxError.message`.
    var message: String
  }

  /// The ASCII bytes the parser looks for.
  enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerE: UInt8 = 0x65
    static let lowerU: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// Whether `byte` is an ASCII digit. O(1).
    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    /// Whether `byte` is an ASCII letter. O(1).
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// Whether `byte` can continue something that looks like a number (digits, letters, `.`,
    /// `+`, `-`, `_`): the extent shown in an "invalid number" message. O(1).
    static func isNumberLike(_ byte: UInt8) -> Bool {
      isDigit(byte) || isLetter(byte) || byte == period || byte == plus || byte == minus
        || byte == underscore
    }

    /// The value of an ASCII hex digit, or nil. O(1).
    static func hexValue(_ byte: UInt8) -> UInt32? {
      switch byte {
      case 0x30...0x39: return UInt32(byte - 0x30)
      case 0x41...0x46: return UInt32(byte - 0x41 + 10)
      case 0x61...0x66: return UInt32(byte - 0x61 + 10)
      default: return nil
      }
    }
  }

  /// The parser's state: the input, the position, the nodes so far and the open containers.
  struct Parser {
    /// An open container: its node index and whether it is an object.
    struct Frame {
      /// The container's index in `nodes`.
      var node: Int
      /// Whether the container is an object (else an array).
      var isObject: Bool
    }

    /// The input.
    let bytes: [UInt8]
    /// Where the JSON text starts: 3 after a UTF-8 BOM, else 0.
    let bodyStart: Int
    /// The next byte to read.
    var index: Int
    /// The nodes parsed so far, in preorder.
    var nodes: [JSONDocument.Node] = []
    /// The open containers, outermost first.
    var open: [Frame] = []

    /// A parser at the start of `bytes` (after a BOM, if any). O(1).
    init(bytes: [UInt8]) {
      self.bytes = bytes
      let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
      bodyStart = hasBOM ? 3 : 0
      index = bodyStart
    }

    /// Parses the whole input as one JSON value followed by nothing but whitespace.
    ///
    /// - Complexity: O(n) for n bytes.
    mutating func parseDocument() throws(Failure) -> JSONDocument {
      let count = bytes.count
      skipWhitespace()
      guard index < count else { throw Failure(offset: bodyStart, message: "empty input") }
      var key: String? = nil
      var expectingValue = true
      while true {
        if expectingValue {
          skipWhitespace()
          guard index < count else { throw endOfInput() }
          let parent = open.last?.node ?? -1
          let byte = bytes[index]
          switch byte {
          case Byte.openBrace, Byte.openBracket:
            let isObject = byte == Byte.openBrace
            nodes.append(.init(key: key, value: isObject ? .object : .array, parent: parent))
            index += 1
            skipWhitespace()
            if index < count && bytes[index] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
              index += 1
              expectingValue = false
            } else {
              open.append(Frame(node: nodes.count - 1, isObject: isObject))
              key = isObject ? try parseMemberName() : nil
            }
          case Byte.quote:
            let string = try parseString()
            nodes.append(.init(key: key, value: .string(string), parent: parent))
            expectingValue = false
          case Byte.minus, Byte.zero...Byte.nine:
            let number = try parseNumber()
            nodes.append(.init(key: key, value: .number(number), parent: parent))
            expectingValue = false
          case _ where Byte.isLetter(byte):
            let value = try parseLiteral()
            nodes.append(.init(key: key, value: value, parent: parent))
            expectingValue = false
          default:
            throw unexpected(at: index, message: nil)
          }
        } else {
          skipWhitespace()
          guard let top = open.last else {
            guard index == count else {
              throw unexpected(at: index, message: "trailing characters after the JSON value")
            }
            return JSONDocument(nodes: nodes)
          }
          guard index < count else { throw endOfInput() }
          let close = top.isObject ? Byte.closeBrace : Byte.closeBracket
          let byte = bytes[index]
          if byte == Byte.comma {
            let comma = index
            index += 1
            skipWhitespace()
            if index < count && bytes[index] == close {
              let closeText = top.isObject ? "}" : "]"
              throw Failure(offset: comma, message: "trailing comma before '\(closeText)'")
            }
            key = top.isObject ? try parseMemberName() : nil
            expectingValue = true
          } else if byte == close {
            index += 1
            open.removeLast()
          } else {
            throw unexpected(
              at: index,
              message: top.isObject
                ? "expected ',' or '}' after an object member"
                : "expected ',' or ']' after an array element")
          }
        }
      }
    }

    /// Skips JSON whitespace (space, tab, newline, carriage return).
    ///
    /// - Complexity: O(k) for k bytes skipped.
    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab: index += 1
        default: return
        }
      }
    }

    /// Parses a number starting at `index` (a `-` or a digit) and returns its literal text.
    ///
    /// - Complexity: O(k) for the k bytes of the number.
    mutating func parseNumber() throws(Failure) -> String {
      let start = index
      let count = bytes.count
      let (end, complete) = JSONParser.scanNumber(bytes, from: start)
      if complete && (end == count || !Byte.isNumberLike(bytes[end])) {
        index = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
      }
      if !complete && end == count { throw endOfInput() }
      var runEnd = end
      while runEnd < count && Byte.isNumberLike(bytes[runEnd]) { runEnd += 1 }
      if runEnd == start { runEnd = min(start + 1, count) }
      throw Failure(offset: start, message: "invalid number '\(shown(start..<runEnd))'")
    }

    /// Parses `true`, `false` or `null` starting at `index` (a letter).
    ///
    /// - Complexity: O(k) for the k letters read.
    mutating func parseLiteral() throws(Failure) -> JSONDocument.Value {
      let start = index
      let count = bytes.count
      var end = start
      while end < count && Byte.isLetter(bytes[end]) { end += 1 }
      let word = bytes[start..<end]
      if word.elementsEqual(trueBytes) {
        index = end
        return .bool(true)
      } else if word.elementsEqual(falseBytes) {
        index = end
        return .bool(false)
      } else if word.elementsEqual(nullBytes) {
        index = end
        return .null
      }
      if end == count
        && (trueBytes.starts(with: word) || falseBytes.starts(with: word)
          || nullBytes.starts(with: word))
      {
        throw endOfInput()
      }
      throw Failure(offset: start, message: "invalid literal '\(shown(start..<end))'")
    }

    /// The ASCII bytes in `range`, cut to 32 with an ellipsis, for a message.
    ///
    /// - Complexity: O(1).
    func shown(_ range: Range<Int>) -> String {
      let cut = range.count > 32
      let end = cut ? range.lowerBound + 32 : range.upperBound
      return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self) + (cut ? "…" : "")
    }

    /// The error at the end of the input.
    ///
    /// - Complexity: O(1).
    func endOfInput() -> Failure {
      Failure(offset: bytes.count, message: "unexpected end of input")
    }

    /// The error for the byte at `i` where something else was expected: the end of input if
    /// `i` is past it, "invalid UTF-8" if the bytes there are not UTF-8, else `message`, or
    /// "unexpected character …" naming the character when `message` is nil.
    ///
    /// - Complexity: O(1).
    func unexpected(at i: Int, message: String?) -> Failure {
      guard i < bytes.count else { return endOfInput() }
      let byte = bytes[i]
      var length = 1
      if byte >= 0x80 {
        length = JSONParser.utf8Length(bytes, at: i)
        if length <= 0 { return Failure(offset: i, message: "invalid UTF-8") }
      }
      if let message { return Failure(offset: i, message: message) }
      let shown: String
      if byte == Byte.apostrophe {
        shown = "\"'\""
      } else if byte >= 0x20 && byte < 0x7F {
        shown = "'\(UnicodeScalar(byte))'"
      } else if byte < 0x80 {
        shown = codePoint(byte)
      } else {
        let character = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
        let scalar = character.unicodeScalars.first?.value ?? 0
        shown = scalar < 0xA0 ? codePoint(scalar) : "'\(character)' (\(codePoint(scalar)))"
      }
      return Failure(offset: i, message: "unexpected character \(shown)")
    }
  }
}

/// The bytes of the literal `true`.
private let trueBytes: [UInt8] = Array("true".utf8)
/// The bytes of the literal `false`.
private let falseBytes: [UInt8] = Array("false".utf8)
/// The bytes of the literal `null`.
private let nullBytes: [UInt8] = Array("null".utf8)

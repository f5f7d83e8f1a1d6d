// The JSON parser's strings: member names, string literals, escapes, surrogate pairs, and the
// UTF-8 and code-point helpers they use (`JSONParser.swift` has the parser's structure).

extension JSONParser.Parser {
  typealias Failure = JSONParser.Failure
  typealias Byte = JSONParser.Byte

  /// Parses `"name"` then optional whitespace and `:`, from `index` (whitespace already
  /// skipped); returns the decoded name, with `index` after the colon.
  ///
  /// - Complexity: O(k) for the k bytes read.
  mutating func parseMemberName() throws(Failure) -> String {
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == Byte.quote else {
      throw unexpected(at: index, message: "expected a member name (a string in double quotes)")
    }
    let name = try parseString()
    skipWhitespace()
    guard index < bytes.count else { throw endOfInput() }
    guard bytes[index] == Byte.colon else {
      throw unexpected(at: index, message: "expected ':' after the member name")
    }
    index += 1
    return name
  }

  /// Parses a string whose opening quote is at `index`; returns it decoded, with `index`
  /// after the closing quote. Without escapes the string is made straight from the input.
  ///
  /// - Complexity: O(k) for the k bytes of the string.
  mutating func parseString() throws(Failure) -> String {
    let count = bytes.count
    let start = index
    var i = index + 1
    var runStart = i
    var buffer: [UInt8] = []
    var escaped = false
    while i < count {
      let byte = bytes[i]
      if byte == Byte.quote {
        index = i + 1
        if !escaped { return String(decoding: bytes[runStart..<i], as: UTF8.self) }
        buffer.append(contentsOf: bytes[runStart..<i])
        return String(decoding: buffer, as: UTF8.self)
      } else if byte == Byte.backslash {
        escaped = true
        buffer.append(contentsOf: bytes[runStart..<i])
        i = try parseEscape(at: i, into: &buffer, stringStart: start)
        runStart = i
      } else if byte < 0x20 {
        throw Failure(offset: i, message: "control character in string")
      } else if byte < 0x80 {
        i += 1
      } else {
        let length = JSONParser.utf8Length(bytes, at: i)
        if length > 0 {
          i += length
        } else if length < 0 {
          throw Failure(offset: start, message: "unterminated string")
        } else {
          throw Failure(offset: i, message: "invalid UTF-8")
        }
      }
    }
    throw Failure(offset: start, message: "unterminated string")
  }

  /// Decodes the escape whose backslash is at `i` into `buffer` (as UTF-8) and returns the
  /// index after it. A high surrogate must be followed at once by a `\u` low surrogate.
  ///
  /// - Complexity: O(1).
  func parseEscape(at i: Int, into buffer: inout [UInt8], stringStart: Int) throws(Failure)
    -> Int
  {
    let count = bytes.count
    guard i + 1 < count else { throw Failure(offset: stringStart, message: "unterminated string") }
    let letter = bytes[i + 1]
    switch letter {
    case Byte.quote, Byte.backslash, Byte.slash: buffer.append(letter)
    case 0x62: buffer.append(0x08)  // b
    case 0x66: buffer.append(0x0C)  // f
    case 0x6E: buffer.append(0x0A)  // n
    case 0x72: buffer.append(0x0D)  // r
    case 0x74: buffer.append(0x09)  // t
    case Byte.lowerU:
      let first = try hex4(escapeAt: i, stringStart: stringStart)
      if first >= 0xDC00 && first <= 0xDFFF { throw unpairedSurrogate(at: i) }
      guard first >= 0xD800 && first <= 0xDBFF else {
        JSONParser.appendUTF8(first, to: &buffer)
        return i + 6
      }
      let next = i + 6
      if next >= count || (bytes[next] == Byte.backslash && next + 1 >= count) {
        throw Failure(offset: stringStart, message: "unterminated string")
      }
      guard bytes[next] == Byte.backslash && bytes[next + 1] == Byte.lowerU else {
        throw unpairedSurrogate(at: i)
      }
      let second = try hex4(escapeAt: next, stringStart: stringStart)
      guard second >= 0xDC00 && second <= 0xDFFF else { throw unpairedSurrogate(at: i) }
      JSONParser.appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &buffer)
      return i + 12
    default:
      throw invalidEscape(at: i, stringStart: stringStart)
    }
    return i + 2
  }

  /// Reads the four hex digits of the `\u` escape whose backslash is at `i`.
  ///
  /// - Complexity: O(1).
  func hex4(escapeAt i: Int, stringStart: Int) throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for k in 0..<4 {
      let p = i + 2 + k
      guard p < bytes.count else {
        throw Failure(offset: stringStart, message: "unterminated string")
      }
      guard let digit = Byte.hexValue(bytes[p]) else {
        var shown = "\\u" + String(decoding: bytes[(i + 2)..<p], as: UTF8.self)
        if bytes[p] >= 0x20 && bytes[p] < 0x7F { shown += String(UnicodeScalar(bytes[p])) }
        throw Failure(offset: i, message: "invalid escape '\(shown)'")
      }
      value = value << 4 | digit
    }
    return value
  }

  /// The error for a `\u` surrogate escape at `i` that is not part of a high-low pair.
  ///
  /// - Complexity: O(1).
  func unpairedSurrogate(at i: Int) -> Failure {
    let text = String(decoding: bytes[i..<min(i + 6, bytes.count)], as: UTF8.self)
    return Failure(offset: i, message: "unpaired surrogate '\(text)'")
  }

  /// The error for a backslash at `i` followed by something that is no escape.
  ///
  /// - Complexity: O(1).
  func invalidEscape(at i: Int, stringStart: Int) -> Failure {
    let p = i + 1
    let byte = bytes[p]
    if byte >= 0x20 && byte < 0x7F {
      return Failure(offset: i, message: "invalid escape '\\\(UnicodeScalar(byte))'")
    }
    if byte < 0x80 {
      let shown = JSONParser.codePoint(byte)
      return Failure(offset: i, message: "invalid escape: '\\' followed by \(shown)")
    }
    let length = JSONParser.utf8Length(bytes, at: p)
    if length < 0 { return Failure(offset: stringStart, message: "unterminated string") }
    if length == 0 { return Failure(offset: p, message: "invalid UTF-8") }
    let character = String(decoding: bytes[p..<(p + length)], as: UTF8.self)
    return Failure(offset: i, message: "invalid escape '\\\(character)'")
  }
}

extension JSONParser {
  /// `U+XXXX` for a code point, at least four uppercase hex digits.
  ///
  /// - Complexity: O(1).
  static func codePoint<T: BinaryInteger>(_ value: T) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Appends the UTF-8 encoding of the scalar `value` (not a surrogate, at most 0x10FFFF).
  ///
  /// - Complexity: O(1).
  static func appendUTF8(_ value: UInt32, to buffer: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      buffer.append(UInt8(truncatingIfNeeded: value))
    case 0x80..<0x800:
      buffer.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    case 0x800..<0x10000:
      buffer.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    default:
      buffer.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
      buffer.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
    }
  }
}

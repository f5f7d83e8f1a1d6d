import Testing

@testable import OutlineCore
@testable import outline

/// Valid documents parse to exactly the expected nodes; invalid ones fail with the expected
/// line, column and message.
@Suite struct JSONParserTests {
  @Test func objectsArraysAndScalars() {
    let text = """
      {"a": 1, "b": [true, false, null], "c": {"d": "e", "f": {}}, "": -0.5e+10, "g": []}
      """
    let expected = JSONDocument(nodes: [
      node(nil, .object, -1),
      node("a", .number("1"), 0),
      node("b", .array, 0),
      node(nil, .bool(true), 2),
      node(nil, .bool(false), 2),
      node(nil, .null, 2),
      node("c", .object, 0),
      node("d", .string("e"), 6),
      node("f", .object, 6),
      node("", .number("-0.5e+10"), 0),
      node("g", .array, 0),
    ])
    #expect(parsed(utf8(text)) == expected)
  }

  @Test func nestedArraysOfContainers() {
    let expected = JSONDocument(nodes: [
      node(nil, .array, -1),
      node(nil, .object, 0),
      node("x", .array, 1),
      node(nil, .array, 2),
      node(nil, .number("0"), 3),
      node(nil, .array, 0),
      node(nil, .string(""), 0),
    ])
    #expect(parsed(utf8(#"[{"x":[[0]]},[],""]"#)) == expected)
  }

  @Test(arguments: [
    ("\"x\"", JSONDocument.Value.string("x")),
    ("12", .number("12")),
    ("true", .bool(true)),
    ("false", .bool(false)),
    ("null", .null),
    ("{}", .object),
    ("[]", .array),
    (" \t\r\n 1 \n\t\r ", .number("1")),
  ])
  func topLevelValues(text: String, value: JSONDocument.Value) {
    #expect(parsed(utf8(text)) == JSONDocument(nodes: [node(nil, value, -1)]))
  }

  @Test func numbersKeepTheirLiteralText() {
    let literals = [
      "0", "-0", "1.50", "1E5", "1e-7", "12.5E+3", "-123456789012345678901234567890",
      "0.000", "1E400", "-0e-0",
    ]
    let document = parsed(utf8("[" + literals.joined(separator: " , ") + "]"))
    #expect(document?.nodes.dropFirst().map(\.value) == literals.map { .number($0) })
    #expect(document?.nodes.dropFirst().allSatisfy { $0.parent == 0 && $0.key == nil } == true)
  }

  @Test func escapesAreDecoded() {
    let text = #""\"\\\/\b\f\n\r\t\u00e9\u00E9\ud83d\ude00\u0000\u4e2d\uFFFF x""#
    let expected = "\"\\/\u{8}\u{C}\n\r\té\u{E9}😀\u{0}中\u{FFFF} x"
    #expect(parsed(utf8(text)) == JSONDocument(nodes: [node(nil, .string(expected), -1)]))
  }

  @Test func rawNonASCIIAndEscapedKeys() {
    let text = #"{"héllo 😀": "wörld 中", "k\u0065y\n": 1}"#
    let expected = JSONDocument(nodes: [
      node(nil, .object, -1),
      node("héllo 😀", .string("wörld 中"), 0),
      node("key\n", .number("1"), 0),
    ])
    #expect(parsed(utf8(text)) == expected)
  }

  @Test func byteOrderMarkIsSkipped() {
    let expected = JSONDocument(nodes: [node(nil, .array, -1), node(nil, .number("1"), 0)])
    #expect(parsed([0xEF, 0xBB, 0xBF] + utf8("[1]")) == expected)
    #expect(parsed([0xEF, 0xBB, 0xBF] + utf8(" \n[1]\n")) == expected)
  }

  @Test func duplicateKeysAreKeptInOrder() {
    let expected = JSONDocument(nodes: [
      node(nil, .object, -1),
      node("a", .number("1"), 0),
      node("b", .number("2"), 0),
      node("a", .number("3"), 0),
    ])
    #expect(parsed(utf8(#"{"a":1,"b":2,"a":3}"#)) == expected)
  }

  @Test func isValidNumber() {
    for valid in ["0", "-0", "1e-7", "12.5E+3", "10", "-1.5e10"] {
      #expect(JSONParser.isValidNumber(valid), "\(valid)")
    }
    for invalid in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x1", "1 ", "NaN", "１"] {
      #expect(!JSONParser.isValidNumber(invalid), "\(invalid)")
    }
  }

  /// One invalid input and the error it must produce.
  struct Bad: Sendable, CustomTestStringConvertible {
    /// The input.
    var bytes: [UInt8]
    /// The expected 1-based line.
    var line: Int
    /// The expected 1-based column.
    var column: Int
    /// The expected message.
    var message: String

    /// The input as text, for the test report.
    var testDescription: String { shownText(bytes) }

    /// A case whose input is the UTF-8 of `text`.
    init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
      self.init(utf8(text), line, column, message)
    }

    /// A case whose input is `bytes`.
    init(_ bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
      self.bytes = bytes
      self.line = line
      self.column = column
      self.message = message
    }
  }

  static let invalidInputs: [Bad] = [
    // Empty input.
    Bad("", 1, 1, "empty input"),
    Bad("  \n\t ", 1, 1, "empty input"),
    Bad([0xEF, 0xBB, 0xBF], 1, 1, "empty input"),
    // Structure.
    Bad("[1] 2", 1, 5, "trailing characters after the JSON value"),
    Bad("{} {}", 1, 4, "trailing characters after the JSON value"),
    Bad("[1,]", 1, 3, "trailing comma before ']'"),
    Bad("{\"a\":1 , }", 1, 8, "trailing comma before '}'"),
    Bad("[1,,2]", 1, 4, "unexpected character ','"),
    Bad("[,]", 1, 2, "unexpected character ','"),
    Bad("{\"a\":}", 1, 6, "unexpected character '}'"),
    Bad("{a:1}", 1, 2, "expected a member name (a string in double quotes)"),
    Bad("{'a':1}", 1, 2, "expected a member name (a string in double quotes)"),
    Bad("{\"a\",1}", 1, 5, "expected ':' after the member name"),
    Bad("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
    Bad("[1 /* c */]", 1, 4, "expected ',' or ']' after an array element"),
    Bad("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}' after an object member"),
    Bad("// c\n1", 1, 1, "unexpected character '/'"),
    Bad("'a'", 1, 1, "unexpected character \"'\""),
    Bad("+1", 1, 1, "unexpected character '+'"),
    Bad(".5", 1, 1, "unexpected character '.'"),
    Bad("\u{0}", 1, 1, "unexpected character U+0000"),
    Bad("\u{A0}1", 1, 1, "unexpected character '\u{A0}' (U+00A0)"),
    Bad("\u{85}", 1, 1, "unexpected character U+0085"),
    Bad("[1]\u{85}", 1, 4, "trailing characters after the JSON value"),
    // Literals.
    Bad("nan", 1, 1, "invalid literal 'nan'"),
    Bad("[NaN]", 1, 2, "invalid literal 'NaN'"),
    Bad("True", 1, 1, "invalid literal 'True'"),
    Bad("nulls", 1, 1, "invalid literal 'nulls'"),
    Bad("[undefined]", 1, 2, "invalid literal 'undefined'"),
    // Numbers.
    Bad("01", 1, 1, "invalid number '01'"),
    Bad("[-01]", 1, 2, "invalid number '-01'"),
    Bad("[00.5]", 1, 2, "invalid number '00.5'"),
    Bad("1.5.3", 1, 1, "invalid number '1.5.3'"),
    Bad("[1.]", 1, 2, "invalid number '1.'"),
    Bad("[1e]", 1, 2, "invalid number '1e'"),
    Bad("[-]", 1, 2, "invalid number '-'"),
    Bad("-Infinity", 1, 1, "invalid number '-Infinity'"),
    Bad("0x1F", 1, 1, "invalid number '0x1F'"),
    Bad("[1_000]", 1, 2, "invalid number '1_000'"),
    Bad(
      "1" + String(repeating: "0", count: 40) + "x", 1, 1,
      "invalid number '1" + String(repeating: "0", count: 31) + "…'"),
    // Strings.
    Bad("\"a\tb\"", 1, 3, "control character in string"),
    Bad("[\"é\n\"]", 1, 4, "control character in string"),
    Bad("\"\u{1F}\"", 1, 2, "control character in string"),
    Bad("\"é\\q\"", 1, 3, "invalid escape '\\q'"),
    Bad("\"\\x41\"", 1, 2, "invalid escape '\\x'"),
    Bad("\"\\é\"", 1, 2, "invalid escape '\\é'"),
    Bad("\"\\\u{1}\"", 1, 2, "invalid escape: '\\' followed by U+0001"),
    Bad("\"\\u00G0\"", 1, 2, "invalid escape '\\u00G'"),
    Bad("\"\\u12\"", 1, 2, "invalid escape '\\u12\"'"),
    Bad("\"\\ud800\"", 1, 2, "unpaired surrogate '\\ud800'"),
    Bad("\"\\uDC00\"", 1, 2, "unpaired surrogate '\\uDC00'"),
    Bad("[\"😀\\ud83d\"]", 1, 4, "unpaired surrogate '\\ud83d'"),
    Bad("\"\\ud800\\u0041\"", 1, 2, "unpaired surrogate '\\ud800'"),
    Bad("\"\\ud800x\"", 1, 2, "unpaired surrogate '\\ud800'"),
    Bad("\"\\ud800\\ud800\"", 1, 2, "unpaired surrogate '\\ud800'"),
    Bad("\"\\ud800\\uzzzz\"", 1, 8, "invalid escape '\\uz'"),
    // Invalid UTF-8.
    Bad([0x22, 0xFF, 0x22], 1, 2, "invalid UTF-8"),
    Bad([0x22, 0x61, 0xC3, 0x28, 0x22], 1, 3, "invalid UTF-8"),
    Bad([0x22, 0xC0, 0x80, 0x22], 1, 2, "invalid UTF-8"),
    Bad([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, "invalid UTF-8"),
    Bad([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, "invalid UTF-8"),
    Bad([0x22, 0x80, 0x22], 1, 2, "invalid UTF-8"),
    Bad([0x5B, 0xC3, 0x5D], 1, 2, "invalid UTF-8"),
    Bad([0x5B, 0x31, 0xFE, 0x5D], 1, 3, "invalid UTF-8"),
    Bad([0x31, 0x20, 0xE2, 0x82], 1, 3, "invalid UTF-8"),
    Bad([0x22, 0x5C, 0xE9, 0x22], 1, 3, "invalid UTF-8"),
    // Lines and columns: lines 3 and later, CRLF and CR line ends, columns after multi-byte
    // characters (counted in scalars), a BOM (not counted).
    Bad("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after the member name"),
    Bad("[\n1,\n2\n3]", 4, 1, "expected ',' or ']' after an array element"),
    Bad("[\"a\"\r\n,\r\n\"b\" 1]", 3, 5, "expected ',' or ']' after an array element"),
    Bad("[\r\r\r1,]", 4, 2, "trailing comma before ']'"),
    Bad("{\"é\": 1 \"x\"}", 1, 9, "expected ',' or '}' after an object member"),
    Bad("\"😀中e\u{301}\" x", 1, 8, "trailing characters after the JSON value"),
    Bad("[\n\"日本語\", \"\\q\"]", 2, 9, "invalid escape '\\q'"),
    Bad([0xEF, 0xBB, 0xBF] + utf8(" x"), 1, 2, "invalid literal 'x'"),
    Bad("[\n\n\n\n  tru,", 5, 3, "invalid literal 'tru'"),
    // Truncated input at every kind of point.
    Bad("[", 1, 2, "unexpected end of input"),
    Bad("[1", 1, 3, "unexpected end of input"),
    Bad("[1,", 1, 4, "unexpected end of input"),
    Bad("[1, ", 1, 5, "unexpected end of input"),
    Bad("{", 1, 2, "unexpected end of input"),
    Bad("{\"a\"", 1, 5, "unexpected end of input"),
    Bad("{\"a\":", 1, 6, "unexpected end of input"),
    Bad("{\"a\":1", 1, 7, "unexpected end of input"),
    Bad("{\"a\":1,", 1, 8, "unexpected end of input"),
    Bad("{\"a\":[{}", 1, 9, "unexpected end of input"),
    Bad("\"abc", 1, 1, "unterminated string"),
    Bad("[\n  \"abc", 2, 3, "unterminated string"),
    Bad("{\"ab", 1, 2, "unterminated string"),
    Bad("\"\\", 1, 1, "unterminated string"),
    Bad("\"\\u12", 1, 1, "unterminated string"),
    Bad("\"\\ud83d", 1, 1, "unterminated string"),
    Bad("\"\\ud83d\\", 1, 1, "unterminated string"),
    Bad("\"\\ud83d\\ude", 1, 1, "unterminated string"),
    Bad([0x22, 0xE2, 0x82], 1, 1, "unterminated string"),
    Bad("t", 1, 2, "unexpected end of input"),
    Bad("[fals", 1, 6, "unexpected end of input"),
    Bad("nul", 1, 4, "unexpected end of input"),
    Bad("-", 1, 2, "unexpected end of input"),
    Bad("[1.", 1, 4, "unexpected end of input"),
    Bad("1e", 1, 3, "unexpected end of input"),
    Bad("1E+", 1, 4, "unexpected end of input"),
  ]

  @Test(arguments: invalidInputs)
  func invalidInputFails(bad: Bad) {
    #expect(throws: JSONSyntaxError(line: bad.line, column: bad.column, message: bad.message)) {
      try JSONParser.parse(bad.bytes)
    }
  }

  @Test func errorDescription() {
    let error = JSONSyntaxError(line: 3, column: 7, message: "unterminated string")
    #expect(error.description == "line 3, column 7: unterminated string")
  }

  /// Every prefix of a document that uses every construct fails at its end (or, for a
  /// cut inside a string, at the string's opening quote), and never traps.
  @Test func everyTruncationFails() throws {
    let text = utf8(
      #"{"a": [1, -2.5e+3, true, false, null], "é😀": {"b": "x\n\u00e9\ud83d\ude00"}, "c": []}"#
    )
    #expect(parsed(text) != nil)
    for length in 0..<text.count {
      let prefix = Array(text[..<length])
      do {
        let document = try JSONParser.parse(prefix)
        Issue.record("a prefix of \(length) bytes parsed: \(document)")
      } catch {
        let ok = [
          "unexpected end of input", "unterminated string", "empty input", "invalid number '-'",
        ]
        #expect(ok.contains(error.message), "prefix \(length): \(error)")
        #expect(error.line == 1 && error.column >= 1)
      }
    }
  }
}

import OutlineCore
import Testing

@testable import outline

/// The writer's exact layout, its escapes, and its tolerance of odd documents.
@Suite struct JSONWriterTests {
  /// `bytes` as text, for comparing with an expected layout.
  func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func layout() {
    let document = JSONDocument(nodes: [
      node(nil, .object, -1),
      node("a", .number("1.50"), 0),
      node("b", .array, 0),
      node(nil, .bool(true), 2),
      node(nil, .null, 2),
      node(nil, .object, 2),
      node("x", .bool(false), 5),
      node("c", .object, 0),
      node("d", .array, 0),
      node("é 😀", .string("wörld"), 0),
    ])
    let expected = """
      {
        "a": 1.50,
        "b": [
          true,
          null,
          {
            "x": false
          }
        ],
        "c": {},
        "d": [],
        "é 😀": "wörld"
      }

      """
    #expect(text(JSONWriter.write(document)) == expected)
  }

  @Test func scalarsAndEmptyContainersAtTheTop() {
    let cases: [(JSONDocument.Value, String)] = [
      (.number("-0"), "-0\n"), (.string("x"), "\"x\"\n"), (.bool(true), "true\n"),
      (.bool(false), "false\n"), (.null, "null\n"), (.object, "{}\n"), (.array, "[]\n"),
    ]
    for (value, expected) in cases {
      #expect(text(JSONWriter.write(JSONDocument(nodes: [node(nil, value, -1)]))) == expected)
    }
    #expect(JSONWriter.write(JSONDocument(nodes: [])) == [])
  }

  @Test func escapes() {
    let string = "\"\\/\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é\u{2028}😀"
    let document = JSONDocument(nodes: [node(nil, .string(string), -1)])
    let expected = #""\"\\/\n\r\t\b\f\u0000\u001f"# + "\u{7F}é\u{2028}😀\"\n"
    #expect(text(JSONWriter.write(document)) == expected)
    #expect(parsed(JSONWriter.write(document)) == document)
  }

  @Test func keysAreEscapedMissingKeysEmptyArrayKeysIgnored() {
    let document = JSONDocument(nodes: [
      node("ignored", .array, -1),
      node("ignored too", .object, 0),
      node(nil, .number("1"), 1),
      node("a\"\n", .number("2"), 1),
    ])
    let expected = """
      [
        {
          "": 1,
          "a\\"\\n": 2
        }
      ]

      """
    #expect(text(JSONWriter.write(document)) == expected)
  }

  @Test func oddParentsNeverTrap() {
    // Not in preorder: children are written in index order under their parents.
    let unordered = JSONDocument(nodes: [
      node(nil, .array, -1),
      node(nil, .array, 0),
      node(nil, .number("2"), 0),
      node(nil, .number("1"), 1),
    ])
    #expect(text(JSONWriter.write(unordered)) == "[\n  [\n    1\n  ],\n  2\n]\n")
    // Parents out of range, not before the node, or scalars: skipped with descendants.
    let broken = JSONDocument(nodes: [
      node(nil, .array, 7),
      node(nil, .number("1"), 5),
      node(nil, .number("2"), -3),
      node(nil, .number("3"), 3),
      node(nil, .string("s"), 0),
      node(nil, .number("4"), 4),
      node(nil, .array, 1),
      node(nil, .number("5"), 6),
      node(nil, .number("6"), 0),
      node(nil, .number("7"), Int.max),
      node(nil, .number("8"), Int.min),
    ])
    #expect(text(JSONWriter.write(broken)) == "[\n  \"s\",\n  6\n]\n")
  }

  @Test func containersBelowTheIndentedDepthAreWrittenOnOneLine() {
    let depth = JSONWriter.maxIndentedDepth
    var nodes = [node(nil, .array, -1)]
    for i in 1...depth { nodes.append(node(nil, .array, i - 1)) }
    // At `depth`: an object with members, an empty object, an array of two.
    nodes[depth].value = .object
    nodes += [
      node("a", .number("1"), depth),
      node("b", .object, depth),
      node("c", .array, depth),
      node(nil, .string("x"), depth + 3),
      node(nil, .null, depth + 3),
    ]
    var expected = ""
    for i in 0..<depth { expected += String(repeating: "  ", count: i) + "[\n" }
    expected += String(repeating: "  ", count: depth) + #"{"a": 1, "b": {}, "c": ["x", null]}"#
    for i in (0..<depth).reversed() { expected += "\n" + String(repeating: "  ", count: i) + "]" }
    expected += "\n"
    let document = JSONDocument(nodes: nodes)
    let written = JSONWriter.write(document)
    #expect(text(written) == expected)
    #expect(parsed(written) == document)
  }
}

// Fuzzes Codable for DiffableDataSourceSectionSnapshot, DiffableDataSourceSnapshot and
// SectionedOutline, with Int, String and Double identifiers (the section type is the item
// type). The first byte picks the type; the second whether the rest is JSON text as it is, or
// a description from which a well-formed document is written (so that the duplicate checks
// are reached often). The input is also decoded into plain structs (the same wire format,
// no checks), and from those a plain check with Sets says what the real decoder must do:
// - it throws when a column is misshapen (lengths, levels, expanded positions) or an
//   identifier repeats or is not equal to itself; a duplicate error's coding path names one
//   such identifier, and its message mentions it;
// - otherwise it decodes, with invariants intact, to what the plain structs hold; encoding
//   the value and decoding that gives an equal value, which encodes to the same bytes.

import Foundation
import FuzzSupport
import Snapshot

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let choice = input.int(0...8)
  let structured = input.bool()
  switch choice % 3 {
  case 0: run(Int.self, kind: choice / 3, structured: structured, &input)
  case 1: run(String.self, kind: choice / 3, structured: structured, &input)
  default: run(Double.self, kind: choice / 3, structured: structured, &input)
  }
  return 0
}

/// An identifier type the target runs with: how to write one from the input as JSON.
protocol FuzzIdentifier: Codable, Hashable, Sendable {
  /// A JSON value for an identifier picked by `input` from a small set (so that repeats are
  /// common).
  static func json(_ input: inout FuzzInput) -> String
}

extension Int: FuzzIdentifier {
  static func json(_ input: inout FuzzInput) -> String { String(input.int(-2...13)) }
}

extension String: FuzzIdentifier {
  static func json(_ input: inout FuzzInput) -> String {
    ["\"a\"", "\"b\"", "\"ab\"", "\"\"", "\"é\"", "\"e\\u0301\"", "\"\\n\"", "\"\\\"\""][
      input.int(0...7)]
  }
}

extension Double: FuzzIdentifier {
  static func json(_ input: inout FuzzInput) -> String {
    ["0", "-0", "1.5", "15e-1", "1e300", "\"nan\"", "\"inf\"", "\"-inf\"", "2", "0.1"][
      input.int(0...9)]
  }
}

/// Decoding and encoding as the target does it: sorted keys, non-finite doubles as strings.
struct Coders {
  let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return decoder
  }()
  let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return encoder
  }()
}

/// Runs one case for identifier type `T` and kind 0 (section snapshot), 1 (snapshot) or 2
/// (outline).
func run<T: FuzzIdentifier>(
  _: T.Type, kind: Int, structured: Bool, _ input: inout FuzzInput
) {
  let text: [UInt8]
  if structured {
    switch kind {
    case 0: text = Array(sectionJSON(T.self, &input).utf8)
    case 1: text = Array(snapshotJSON(T.self, &input).utf8)
    default: text = Array(outlineJSON(T.self, &input).utf8)
    }
  } else {
    text = input.rest()
  }
  let data = Data(text)
  switch kind {
  case 0:
    check(DiffableDataSourceSectionSnapshot<T>.self, PlainSection<T>.self, data)
  case 1:
    check(DiffableDataSourceSnapshot<T, T>.self, PlainSnapshot<T>.self, data)
  default:
    check(SectionedOutline<T, T>.self, PlainOutline<T>.self, data)
  }
}

/// A well-formed section snapshot document (levels and expanded positions valid) whose items
/// may repeat.
func sectionJSON<T: FuzzIdentifier>(_: T.Type, _ input: inout FuzzInput) -> String {
  let count = input.int(0...12)
  var items: [String] = []
  var levels: [Int] = []
  var expanded: [Int] = []
  for index in 0..<count {
    items.append(T.json(&input))
    levels.append(index == 0 ? 0 : input.int(0...levels[index - 1] + 1))
    if input.int(0...2) == 0 { expanded.append(index) }
  }
  return "{\"items\":[\(items.joined(separator: ","))],\"levels\":\(levels),"
    + "\"expanded\":\(expanded)}"
}

/// A well-formed snapshot document whose sections and items may repeat.
func snapshotJSON<T: FuzzIdentifier>(_: T.Type, _ input: inout FuzzInput) -> String {
  let count = input.int(0...5)
  let sections = (0..<count).map { _ in T.json(&input) }
  let items = (0..<count).map { _ in
    "[" + (0..<input.int(0...5)).map { _ in T.json(&input) }.joined(separator: ",") + "]"
  }
  return "{\"sections\":[\(sections.joined(separator: ","))],"
    + "\"items\":[\(items.joined(separator: ","))]}"
}

/// A well-formed outline document whose sections and items may repeat.
func outlineJSON<T: FuzzIdentifier>(_: T.Type, _ input: inout FuzzInput) -> String {
  let count = input.int(0...4)
  let sections = (0..<count).map { _ in T.json(&input) }
  let trees = (0..<count).map { _ in sectionJSON(T.self, &input) }
  return "{\"sections\":[\(sections.joined(separator: ","))],"
    + "\"snapshots\":[\(trees.joined(separator: ","))]}"
}

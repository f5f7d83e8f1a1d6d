import OutlineCore
import Testing

@testable import outline

/// SplitMix64: a small seeded generator, so that every random test case can be replayed
/// from its seed.
struct SplitMix64: RandomNumberGenerator {
  /// The generator's state.
  var state: UInt64

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The bytes of `text` as UTF-8.
///
/// - Complexity: O(n).
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// `bytes` as a Swift array literal in hex, to paste into a replay.
///
/// - Complexity: O(n).
func hexLiteral(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789ABCDEF")
  let items = bytes.map { "0x\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }
  return "[" + items.joined(separator: ", ") + "]"
}

/// `bytes` shown as text (invalid UTF-8 replaced), quoted and escaped.
///
/// - Complexity: O(n).
func shownText(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).debugDescription
}

/// A node, briefly.
///
/// - Complexity: O(1).
func node(_ key: String?, _ value: JSONDocument.Value, _ parent: Int) -> JSONDocument.Node {
  JSONDocument.Node(key: key, value: value, parent: parent)
}

/// Parses `text`, recording an issue (with the error) if it fails.
///
/// - Complexity: O(n) for n bytes.
func parsed(_ bytes: [UInt8]) -> JSONDocument? {
  do {
    return try JSONParser.parse(bytes)
  } catch {
    Issue.record("parse failed: \(error) for \(shownText(bytes))")
    return nil
  }
}

/// Random JSON documents for the property tests.
enum RandomJSON {
  /// Pieces random strings are made of: ASCII, characters that need escaping, controls,
  /// non-ASCII of every UTF-8 length, a combining mark.
  static let pieces: [String] = [
    "a", "b", "Z", "0", " ", "key", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}",
    "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "ß", "中", "😀", "\u{2028}", "\u{FEFF}",
    "e\u{301}", "{", "}", "[", "]", ":", ",", "true", "\\u00e9",
  ]

  /// Number literals of every shape, beside random ones.
  static let numbers: [String] = [
    "0", "-0", "1e-7", "12.5E+3", "1.0", "-123", "3.14159", "1E400", "0.0e0", "-0.0",
    "123456789012345678901234567890", "5e+0", "1E-0",
  ]

  /// A random string of up to `maxPieces` pieces.
  ///
  /// - Complexity: O(maxPieces).
  static func string(_ rng: inout SplitMix64, maxPieces: Int = 6) -> String {
    let count = Int.random(in: 0...maxPieces, using: &rng)
    var text = ""
    for _ in 0..<count { text += pieces.randomElement(using: &rng) ?? "" }
    return text
  }

  /// A random JSON number literal.
  ///
  /// - Complexity: O(1).
  static func number(_ rng: inout SplitMix64) -> String {
    if Bool.random(using: &rng) { return numbers.randomElement(using: &rng) ?? "0" }
    var text = Bool.random(using: &rng) ? "-" : ""
    text += Bool.random(using: &rng) ? "0" : String(Int.random(in: 1...99_999, using: &rng))
    if Bool.random(using: &rng) { text += "." + String(Int.random(in: 0...999, using: &rng)) }
    if Bool.random(using: &rng) {
      text += ["e", "E"].randomElement(using: &rng) ?? "e"
      text += ["", "+", "-"].randomElement(using: &rng) ?? ""
      text += String(Int.random(in: 0...400, using: &rng))
    }
    return text
  }

  /// A random document of at most `maxNodes` nodes, nested at most `maxDepth` deep.
  ///
  /// - Complexity: O(maxNodes).
  static func document(_ rng: inout SplitMix64, maxNodes: Int, maxDepth: Int = 6)
    -> JSONDocument
  {
    var nodes: [JSONDocument.Node] = []
    // Test-only recursion, bounded by `maxDepth`.
    func add(key: String?, parent: Int, depth: Int) {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0...2:
        let isObject = Bool.random(using: &rng)
        let index = nodes.count
        nodes.append(node(key, isObject ? .object : .array, parent))
        guard depth < maxDepth else { return }
        let children = Int.random(in: 0...5, using: &rng)
        for _ in 0..<children where nodes.count < maxNodes {
          add(key: isObject ? string(&rng) : nil, parent: index, depth: depth + 1)
        }
      case 3: nodes.append(node(key, .string(string(&rng)), parent))
      case 4, 5: nodes.append(node(key, .number(number(&rng)), parent))
      case 6: nodes.append(node(key, .bool(Bool.random(using: &rng)), parent))
      default: nodes.append(node(key, .null, parent))
      }
    }
    add(key: nil, parent: -1, depth: 0)
    return JSONDocument(nodes: nodes)
  }
}

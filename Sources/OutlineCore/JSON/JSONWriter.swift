// Serializing a `JSONDocument` as indented JSON text. Iterative: the containers being written
// live on an explicit stack, so nesting depth is limited only by memory.

/// Writes a `JSONDocument` as JSON text.
public enum JSONWriter {
  /// The deepest level whose containers are written one member or element per line.
  /// Containers nested deeper are written on a single line (`[1, {"a": 2}]`), since
  /// indentation grows with depth: a million nested arrays, fully indented, would take about
  /// 10^12 bytes; this way they take about 2 MB.
  public static let maxIndentedDepth = 64

  /// Serializes `document`: 2-space indentation, `"key": value`, one member/element per
  /// line, empty containers as `{}` / `[]`, a final newline. Containers deeper than
  /// `maxIndentedDepth` are written on one line, with `, ` and `: ` as separators.
  ///
  /// Strings are escaped (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other controls as
  /// `\u00xx`); everything else, non-ASCII included, is written as UTF-8. Numbers are written
  /// as their literal text, unchecked (see `JSONParser.isValidNumber(_:)`).
  ///
  /// Never traps. Children are the nodes whose `parent` is a container node at a lower
  /// index, written in index order (preorder is not required); nodes whose parent is out of
  /// range, not lower than their own index, or not a container are skipped with their
  /// descendants. Keys of array elements are ignored; a missing key of an object member is
  /// written as `""`. An empty document writes no bytes.
  ///
  /// - Complexity: O(n + s) for n nodes and s bytes of output.
  public static func write(_ document: JSONDocument) -> [UInt8] {
    let nodes = document.nodes
    let count = nodes.count
    guard count > 0 else { return [] }

    // The children of each node, in index order: children[firstChild[i]..<firstChild[i + 1]].
    var firstChild = [Int](repeating: 0, count: count + 1)
    for i in 1..<count where hasValidParent(i, in: nodes) { firstChild[nodes[i].parent + 1] += 1 }
    for i in 0..<count { firstChild[i + 1] += firstChild[i] }
    var children = [Int](repeating: 0, count: firstChild[count])
    var nextSlot = firstChild
    for i in 1..<count where hasValidParent(i, in: nodes) {
      let parent = nodes[i].parent
      children[nextSlot[parent]] = i
      nextSlot[parent] += 1
    }

    var out: [UInt8] = []
    out.reserveCapacity(count * 16)
    var open: [Frame] = []

    /// Writes the value of node `i`; opens a frame for a non-empty container.
    func writeValue(_ i: Int) {
      let value = nodes[i].value
      switch value {
      case .object, .array:
        let isObject = value == .object
        let start = firstChild[i]
        let end = firstChild[i + 1]
        if start == end {
          out.append(contentsOf: isObject ? Text.emptyObject : Text.emptyArray)
        } else {
          out.append(isObject ? Text.openBrace : Text.openBracket)
          let depth = open.count
          let compact = depth >= maxIndentedDepth || (open.last?.compact ?? false)
          open.append(
            Frame(next: start, start: start, end: end, isObject: isObject, compact: compact))
        }
      case .string(let string): appendString(string, to: &out)
      case .number(let text): out.append(contentsOf: text.utf8)
      case .bool(let flag): out.append(contentsOf: flag ? Text.trueBytes : Text.falseBytes)
      case .null: out.append(contentsOf: Text.nullBytes)
      }
    }

    writeValue(0)
    while let frame = open.last {
      let depth = open.count - 1
      if frame.next < frame.end {
        let child = children[frame.next]
        open[depth].next += 1
        if frame.compact {
          if frame.next > frame.start { out.append(contentsOf: Text.commaSpace) }
        } else {
          if frame.next > frame.start { out.append(Text.comma) }
          out.append(Text.newline)
          appendIndent(depth + 1, to: &out)
        }
        if frame.isObject {
          appendString(nodes[child].key ?? "", to: &out)
          out.append(contentsOf: Text.colonSpace)
        }
        writeValue(child)
      } else {
        if !frame.compact {
          out.append(Text.newline)
          appendIndent(depth, to: &out)
        }
        out.append(frame.isObject ? Text.closeBrace : Text.closeBracket)
        open.removeLast()
      }
    }
    out.append(Text.newline)
    return out
  }

  /// Whether node `i` has a parent that the writer accepts: at a lower index, and a container.
  ///
  /// - Complexity: O(1).
  private static func hasValidParent(_ i: Int, in nodes: [JSONDocument.Node]) -> Bool {
    let parent = nodes[i].parent
    guard parent >= 0 && parent < i else { return false }
    switch nodes[parent].value {
    case .object, .array: return true
    default: return false
    }
  }

  /// Appends `string` as a quoted, escaped JSON string.
  ///
  /// - Complexity: O(m) for m UTF-8 bytes.
  public static func appendString(_ string: String, to out: inout [UInt8]) {
    out.append(Text.quote)
    for byte in string.utf8 {
      switch byte {
      case Text.quote, Text.backslash:
        out.append(Text.backslash)
        out.append(byte)
      case 0x0A: out.append(contentsOf: [Text.backslash, 0x6E])  // \n
      case 0x0D: out.append(contentsOf: [Text.backslash, 0x72])  // \r
      case 0x09: out.append(contentsOf: [Text.backslash, 0x74])  // \t
      case 0x08: out.append(contentsOf: [Text.backslash, 0x62])  // \b
      case 0x0C: out.append(contentsOf: [Text.backslash, 0x66])  // \f
      case 0x00..<0x20:
        out.append(contentsOf: [Text.backslash, 0x75, 0x30, 0x30])  // \u00
        out.append(Text.hexDigits[Int(byte >> 4)])
        out.append(Text.hexDigits[Int(byte & 0x0F)])
      default:
        out.append(byte)
      }
    }
    out.append(Text.quote)
  }

  /// Appends `2 * depth` spaces.
  ///
  /// - Complexity: O(depth).
  private static func appendIndent(_ depth: Int, to out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(Text.space, count: 2 * depth))
  }
}

/// A container being written: its children still to come and how it is laid out.
private struct Frame {
  /// The position in `children` of the next child to write.
  var next: Int
  /// The position in `children` of the container's first child.
  var start: Int
  /// The position in `children` after the container's last child.
  var end: Int
  /// Whether the container is an object (else an array).
  var isObject: Bool
  /// Whether the container is written on one line.
  var compact: Bool
}

/// The bytes the writer emits.
private enum Text {
  static let newline: UInt8 = 0x0A
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let comma: UInt8 = 0x2C
  static let backslash: UInt8 = 0x5C
  static let openBracket: UInt8 = 0x5B
  static let closeBracket: UInt8 = 0x5D
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
  static let commaSpace: [UInt8] = [0x2C, 0x20]
  static let colonSpace: [UInt8] = [0x3A, 0x20]
  static let emptyObject: [UInt8] = [0x7B, 0x7D]
  static let emptyArray: [UInt8] = [0x5B, 0x5D]
  static let trueBytes: [UInt8] = Array("true".utf8)
  static let falseBytes: [UInt8] = Array("false".utf8)
  static let nullBytes: [UInt8] = Array("null".utf8)
  static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

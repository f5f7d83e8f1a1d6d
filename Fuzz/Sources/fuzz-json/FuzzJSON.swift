// Fuzzes the outline's JSON parser and writer: every input either fails with a syntax error
// whose line and column lie inside the input, or parses to a well-formed document that the
// writer writes and the parser reads back to the same document (and the same bytes again).

import FuzzSupport
import OutlineCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = FuzzInput(data, size).bytes
  let document: JSONDocument
  do {
    document = try JSONParser.parse(bytes)
  } catch {
    checkLocation(error, in: bytes)
    return 0
  }
  checkShape(document)
  let written = JSONWriter.write(document)
  let reread: JSONDocument
  do {
    reread = try JSONParser.parse(written)
  } catch {
    fuzzFail(
      "the writer's output does not parse: \(error)\n\(String(decoding: written, as: UTF8.self))")
  }
  fuzzCheck(reread == document, "the written document reads back different")
  fuzzCheck(JSONWriter.write(reread) == written, "writing the reread document gives other bytes")
  return 0
}

/// The error's line exists and its column lies on that line or just past its end. Lines are
/// counted here independently of the parser: split at `\n`, `\r\n` and `\r` after a UTF-8 BOM,
/// each line's length in scalars (bytes that do not continue a UTF-8 sequence).
func checkLocation(_ error: JSONSyntaxError, in bytes: [UInt8]) {
  var body = bytes[...]
  if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
  var lengths = [0]
  var afterCR = false
  for byte in body {
    if byte == 0x0A && afterCR {
      afterCR = false
      continue
    }
    afterCR = byte == 0x0D
    if byte == 0x0A || byte == 0x0D {
      lengths.append(0)
    } else if byte & 0xC0 != 0x80 {
      lengths[lengths.count - 1] += 1
    }
  }
  fuzzCheck(!error.message.isEmpty, "an error without a message at \(error.line):\(error.column)")
  fuzzCheck(
    (1...lengths.count).contains(error.line),
    "error \(error) names line \(error.line) of \(lengths.count)")
  fuzzCheck(
    (1...lengths[error.line - 1] + 1).contains(error.column),
    "error \(error): line \(error.line) has \(lengths[error.line - 1]) columns")
}

/// A parsed document is a preorder tree: one root, each other node's parent an open container
/// before it, member names exactly on the members of objects.
func checkShape(_ document: JSONDocument) {
  let nodes = document.nodes
  fuzzCheck(!nodes.isEmpty, "a parsed document has no nodes")
  fuzzCheck(nodes[0].parent == -1 && nodes[0].key == nil, "the root has a parent or a key")
  var open = [0]  // the path from the root to the previous node
  for index in nodes.indices.dropFirst() {
    let parent = nodes[index].parent
    while let last = open.last, last != parent { open.removeLast() }
    fuzzCheck(!open.isEmpty, "node \(index)'s parent \(parent) is not on the open path")
    let isObject: Bool
    switch nodes[parent].value {
    case .object: isObject = true
    case .array: isObject = false
    default: fuzzFail("node \(index)'s parent \(parent) is not a container")
    }
    fuzzCheck((nodes[index].key != nil) == isObject, "node \(index): key on the wrong kind")
    open.append(index)
  }
}

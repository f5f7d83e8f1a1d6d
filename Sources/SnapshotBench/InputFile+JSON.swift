import Foundation
import OutlineCore
import Snapshot

extension InputFile {
  /// A plain JSON document as one section, read as `outline` reads it: the top-level
  /// value's members or elements are the roots, objects and arrays are parents (all
  /// expanded: the file has no expansion state), scalars and empty containers are leaves. A
  /// scalar document is one item. Each item is identified by its JSON Pointer (RFC 6901,
  /// e.g. `/users/3/name`), which stays the same from one version of a file to the next.
  ///
  /// Throws for an object with the same key twice (two items with one pointer), and for a
  /// document so deep that its pointers would take more than `pointerLimit` bytes.
  /// O(n + the pointers' bytes).
  static func jsonTree<SectionID: InputIdentifier>(
    _ document: JSONDocument, file: String, section _: SectionID.Type,
    pointerLimit: Int = maximumPointerBytes
  ) throws(InputError) -> InputTree<SectionID, String> {
    let nodes = document.nodes
    var pointers = [String](repeating: "", count: nodes.count)
    var childCount = [Int](repeating: 0, count: nodes.count)
    var children = [[Int]](repeating: [], count: nodes.count)
    var seen = Set<String>(minimumCapacity: nodes.count)
    var values: [String: String] = [:]
    var pointerBytes = 0
    for index in nodes.indices.dropFirst() {
      let node = nodes[index]
      // The parser's documents are in preorder: a parent comes first. Anything else is
      // skipped rather than trusted.
      guard node.parent >= 0, node.parent < index else { continue }
      let parent = node.parent
      let step =
        nodes[parent].value == .object
        ? escape(node.key ?? "") : String(childCount[parent])
      childCount[parent] += 1
      let pointer = pointers[parent] + "/" + step
      // A deep document's pointers grow with depth: a chain of a million arrays would need
      // ~10^12 bytes of them. Refuse instead of running out of memory.
      pointerBytes += pointer.utf8.count
      guard pointerBytes <= pointerLimit else {
        throw InputError(
          file,
          "\(String(pointer.prefix(40)))…: nested too deeply to name every item by its JSON "
            + "Pointer (the pointers would take over \(Format.bytes(pointerLimit))); "
            + "give it in a Codable form (--format section) instead")
      }
      if !seen.insert(pointer).inserted {
        throw InputError(
          file,
          "\(pointer): the key \"\(node.key ?? "")\" appears twice in the object at "
            + "\(pointers[parent].isEmpty ? "the top level" : pointers[parent]); each item is "
            + "identified by its JSON Pointer, so identifiers must be unique")
      }
      pointers[index] = pointer
      children[parent].append(index)
      switch node.value {
      case .object, .array: break
      case .string(let text): values[pointer] = "s" + text
      case .number(let text): values[pointer] = "n" + text
      case .bool(let flag): values[pointer] = flag ? "true" : "false"
      case .null: values[pointer] = "null"
      }
    }
    var tree = DiffableDataSourceSectionSnapshot<String>()
    if let root = nodes.first, root.value == .object || root.value == .array {
      // Parent by parent, breadth-first; every parent expanded.
      var queue = [0]
      var next = 0
      var parents: [String] = []
      while next < queue.count {
        let parent = queue[next]
        next += 1
        let kids = children[parent]
        guard !kids.isEmpty else { continue }
        tree.append(kids.map { pointers[$0] }, to: parent == 0 ? nil : pointers[parent])
        if parent != 0 { parents.append(pointers[parent]) }
        queue.append(contentsOf: kids)
      }
      tree.expand(parents)
    } else if !nodes.isEmpty {
      tree.append([""])
    }
    var outline = SectionedOutline<SectionID, String>()
    outline.setSnapshot(tree, for: .onlySection)
    return InputTree(file: file, format: .json, outline: outline, values: values)
  }

  /// The most bytes the JSON Pointers of one plain JSON document may take.
  static let maximumPointerBytes = 1 << 30

  /// A key as a JSON Pointer step: `~` as `~0`, `/` as `~1`.
  static func escape(_ key: String) -> String {
    guard key.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
    return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }
}

import OutlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OutlineModel {
  /// Opens `path`: a directory (its top level read now, the rest on first expand) or a JSON
  /// file (read and parsed whole).
  ///
  /// - Throws: ``OutlineError`` with a one-line message: a missing path, a symbolic link loop,
  ///   an unreadable directory or file, a file that is not valid JSON (with line and column),
  ///   or something that is neither a directory nor a file.
  /// - Complexity: O(n log n) for a directory of n entries; O(bytes) for a JSON file.
  static func open(_ path: String) throws(OutlineError) -> OutlineModel {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      switch code {
      case ENOENT: throw OutlineError("no such file or directory: \(path)")
      case ELOOP: throw OutlineError("symbolic link loop (too many levels of links): \(path)")
      default: throw OutlineError("cannot open \(path): \(systemErrorText(code))")
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      let root = OutlineNode(name: path, kind: .directory, parent: -1, depth: -1, children: nil)
      let model = OutlineModel(source: .directory(path: path), nodes: [root])
      try model.loadChildren(of: model.root)
      return model
    case S_IFREG:
      let bytes: [UInt8]
      do {
        bytes = try FileIO.read(path)
      } catch {
        throw OutlineError("cannot read \(error)")
      }
      let document: JSONDocument
      do {
        document = try JSONParser.parse(bytes)
      } catch {
        throw OutlineError("\(path): not valid JSON: \(error)")
      }
      return OutlineModel(json: document, path: path)
    default:
      throw OutlineError("not a directory or a JSON file: \(path)")
    }
  }

  /// A model over a parsed document: node i of the document is node i of the model.
  /// O(nodes).
  convenience init(json document: JSONDocument, path: String) {
    var nodes: [OutlineNode] = []
    nodes.reserveCapacity(document.nodes.count)
    for node in document.nodes {
      let kind: OutlineNode.Kind
      switch node.value {
      case .object: kind = .object
      case .array: kind = .array
      default: kind = .scalar(node.value)
      }
      let parent = Int32(truncatingIfNeeded: node.parent)
      let depth =
        parent >= 0 && nodes.indices.contains(Int(parent)) ? nodes[Int(parent)].depth + 1 : -1
      let isMember =
        parent >= 0 && nodes.indices.contains(Int(parent)) && nodes[Int(parent)].kind == .object
      nodes.append(
        OutlineNode(
          name: isMember ? (node.key ?? "") : nil, kind: kind, parent: parent, depth: depth,
          children: []))
      let id = NodeID(nodes.count - 1)
      if parent >= 0 && nodes.indices.contains(Int(parent)) {
        nodes[Int(parent)].children?.append(id)
      }
    }
    if nodes.isEmpty {
      nodes.append(
        OutlineNode(name: nil, kind: .scalar(.null), parent: -1, depth: -1, children: []))
    }
    self.init(source: .json(path: path), nodes: nodes)
  }

  /// The path of the directory entry `id`, as bytes. O(depth).
  func pathBytes(of id: NodeID) -> [UInt8] {
    var names: [[UInt8]] = []
    var current = id
    while let parent = parent(of: current) {
      names.append(rawNames[current.index] ?? Array((self[current].name ?? "").utf8))
      current = parent
    }
    guard case .directory(let rootPath) = source else { return [] }
    var path = Array(rootPath.utf8)
    for name in names.reversed() {
      if path.last != 0x2F { path.append(0x2F) }
      path += name
    }
    return path
  }

  /// Reads the directory `id` from disk if it was not read yet. O(n log n) for n entries.
  ///
  /// - Throws: ``OutlineError`` when it cannot be read; the node stays unread.
  func loadChildren(of id: NodeID) throws(OutlineError) {
    guard isDirectory, self[id].kind == .directory, self[id].children == nil else { return }
    let listing = try DirectoryReader.entries(at: pathBytes(of: id))
    self[id].children = []
    self[id].children?.reserveCapacity(listing.entries.count)
    reserveRoom(for: listing.entries.count)
    for (range, kind) in listing.entries {
      let bytes = listing.names[range]
      let name = validUTF8Text(bytes)
      let child = insertNode(
        named: name ?? String(decoding: bytes, as: UTF8.self), kind: kind, in: id,
        unread: kind == .directory)
      if name == nil { rawNames[child.index] = Array(bytes) }
    }
  }

  /// The document as it is now, for writing: nodes in preorder. O(nodes), iterative.
  func jsonDocument() -> JSONDocument {
    var out: [JSONDocument.Node] = []
    // (node, index of its parent in `out`)
    var stack: [(NodeID, Int)] = [(root, -1)]
    while let (id, parent) = stack.popLast() {
      let node = self[id]
      let value: JSONDocument.Value
      switch node.kind {
      case .object: value = .object
      case .array: value = .array
      case .scalar(let scalar): value = scalar
      default: value = .null
      }
      out.append(JSONDocument.Node(key: node.name, value: value, parent: parent))
      let index = out.count - 1
      for child in (node.children ?? []).reversed() { stack.append((child, index)) }
    }
    return JSONDocument(nodes: out)
  }
}

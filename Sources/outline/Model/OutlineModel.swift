import OutlineCore

/// One node of the tree the outline shows: a directory entry or a JSON value.
struct OutlineNode: Sendable {
  /// What the node is.
  enum Kind: Equatable {
    case directory
    case file
    /// A symbolic link, shown with its target and never followed (so no loop is possible).
    case symlink(target: String)
    /// A FIFO, socket or device.
    case special
    case object
    case array
    /// A JSON string, number, boolean or null.
    case scalar(JSONDocument.Value)
  }

  /// The entry's name, or the member's key (nil for an array element and the root value).
  var name: String?
  /// What the node is.
  var kind: Kind
  /// The parent's index, -1 for the root.
  var parent: Int32
  /// The depth in the list: -1 for the root, 0 for its children (the sections' root rows).
  var depth: Int32
  /// The children in order; nil while a directory has not been read.
  var children: [NodeID]?
  /// Whether the node was deleted (identifiers are never reused).
  var isDeleted = false

  /// Whether the node can have children (a directory, object or array). O(1).
  var isContainer: Bool {
    switch kind {
    case .directory, .object, .array: true
    default: false
    }
  }
}

/// The tree behind the outline: a directory (read lazily, never written) or a JSON document
/// (read whole, written back on demand). The model knows nothing of the list: the controller
/// turns it into snapshots.
final class OutlineModel {
  /// Where the tree comes from.
  enum Source: Equatable {
    case directory(path: String)
    case json(path: String)
  }

  /// Where the tree comes from.
  let source: Source
  /// Every node ever made; index 0 is the root.
  private(set) var nodes: [OutlineNode]
  /// Directory entry names that are not valid UTF-8, as their bytes (to build paths).
  var rawNames: [Int32: [UInt8]] = [:]
  /// Whether an edit was made since the tree was read or last written.
  var isModified = false
  /// Counts the changes to the nodes (edits and folders read), so that a search result can
  /// tell that it is out of date.
  private(set) var generation = 0

  /// The root node.
  let root = NodeID(0)

  /// A model over `nodes` (node 0 is the root). O(1).
  init(source: Source, nodes: [OutlineNode]) {
    self.source = source
    self.nodes = nodes
  }

  /// The node `id`. O(1).
  subscript(id: NodeID) -> OutlineNode {
    _read { yield nodes[Int(id.index)] }
    _modify {
      generation &+= 1
      yield &nodes[Int(id.index)]
    }
  }

  /// Makes room for `count` more nodes, growing the storage geometrically (so that many
  /// small calls stay amortized O(1) per node). O(nodes) when it grows.
  func reserveRoom(for count: Int) {
    guard nodes.capacity < nodes.count + count else { return }
    nodes.reserveCapacity(max(nodes.count + count, nodes.capacity * 2))
  }

  /// Whether `id` names a node that exists and was not deleted. O(1).
  func isLive(_ id: NodeID) -> Bool {
    nodes.indices.contains(Int(id.index)) && !nodes[Int(id.index)].isDeleted
  }

  /// Whether this is a directory tree. O(1).
  var isDirectory: Bool {
    if case .directory = source { return true }
    return false
  }

  /// The sections the outline shows, in order. O(1).
  var sections: [OutlineSection] { isDirectory ? [.folders, .files] : [.document] }

  /// The nodes shown as the root rows of the sections: the root's children, or the root itself
  /// when the document is a single value. O(children of the root).
  var topLevel: [NodeID] {
    if isDirectory { return self[root].children ?? [] }
    return self[root].isContainer ? (self[root].children ?? []) : [root]
  }

  /// The section showing the top-level node `id`. O(1).
  func section(ofTopLevel id: NodeID) -> OutlineSection {
    guard isDirectory else { return .document }
    return self[id].kind == .directory ? .folders : .files
  }

  /// The section showing `id` (the section of its top-level ancestor). O(depth).
  func section(of id: NodeID) -> OutlineSection {
    guard isDirectory else { return .document }
    var current = id
    while self[current].parent > 0 { current = NodeID(Int(self[current].parent)) }
    return section(ofTopLevel: current)
  }

  /// The parent of `id`, nil for the root. O(1).
  func parent(of id: NodeID) -> NodeID? {
    let parent = self[id].parent
    return parent >= 0 ? NodeID(Int(parent)) : nil
  }

  /// Adds a node below `parent` (at the end, or at `index`) and returns it. A container's
  /// children start empty, or unread (nil) when `unread`. O(children of `parent`).
  @discardableResult
  func insertNode(
    named name: String?, kind: OutlineNode.Kind, in parent: NodeID, at index: Int? = nil,
    unread: Bool = false
  ) -> NodeID {
    generation &+= 1
    let id = NodeID(nodes.count)
    var node = OutlineNode(
      name: name, kind: kind, parent: parent.index, depth: self[parent].depth + 1,
      children: unread ? nil : [])
    if !node.isContainer { node.children = [] }
    nodes.append(node)
    if self[parent].children == nil { self[parent].children = [] }
    let count = self[parent].children?.count ?? 0
    self[parent].children?.insert(id, at: min(index ?? count, count))
    return id
  }

  /// Deletes `id` and its subtree (marks them deleted; identifiers are not reused). O(subtree
  /// + siblings), iterative.
  func remove(_ id: NodeID) {
    generation &+= 1
    if let parent = parent(of: id) {
      self[parent].children?.removeAll { $0 == id }
    }
    var stack = [id]
    while let next = stack.popLast() {
      self[next].isDeleted = true
      stack.append(contentsOf: self[next].children ?? [])
    }
    isModified = true
  }

  /// Swaps the positions of two siblings in their parent's children. O(children).
  func swapSiblings(_ a: NodeID, _ b: NodeID) {
    guard let parent = parent(of: a), parent == self.parent(of: b),
      var children = self[parent].children,
      let i = children.firstIndex(of: a), let j = children.firstIndex(of: b)
    else { return }
    children.swapAt(i, j)
    generation &+= 1
    self[parent].children = children
    isModified = true
  }
}

/// A node of the model: an index into ``OutlineModel/nodes``. Identifiers are never reused,
/// so a deleted node's identifier never names another node.
struct NodeID: Hashable, Sendable, CustomStringConvertible {
  /// The index in ``OutlineModel/nodes``.
  var index: Int32

  /// Wraps `index`. O(1).
  init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }

  /// "#index". O(1).
  var description: String { "#\(index)" }
}

/// A section of the outline: a directory shows its top-level folders and files in two
/// sections, a JSON file shows one.
enum OutlineSection: Hashable, Sendable, CustomStringConvertible {
  case folders
  case files
  case document

  /// The section's title, shown on its header row. O(1).
  var description: String {
    switch self {
    case .folders: "Folders"
    case .files: "Files"
    case .document: "Document"
    }
  }
}

/// An item of the data source, in seed 003's style: each section's header is its first item,
/// the model's nodes are the others.
enum OutlineItem: Hashable, Sendable, CustomStringConvertible {
  case header(OutlineSection)
  case node(NodeID)

  /// The node, or nil for a header. O(1).
  var node: NodeID? {
    if case .node(let id) = self { return id }
    return nil
  }

  /// "header(Folders)" or "#index". O(1).
  var description: String {
    switch self {
    case .header(let section): "header(\(section))"
    case .node(let id): id.description
    }
  }
}

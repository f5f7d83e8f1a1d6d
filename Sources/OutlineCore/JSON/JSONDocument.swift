// The JSON layer's data model: a document as a flat preorder list of nodes, so that no
// operation on it (comparison, copying, destruction) recurses over the nesting depth.

/// A JSON document as a flat list of nodes in preorder (a node's descendants follow it,
/// children in order).
///
/// Being flat, the synthesized `==` and the destruction of a document never recurse, however
/// deeply the JSON is nested.
public struct JSONDocument: Equatable, Sendable {
  /// The value of one node. Containers carry no payload: their members or elements are the
  /// nodes whose `parent` is the container.
  public enum Value: Equatable, Sendable {
    /// An object; its members are the child nodes, each with a `key`.
    case object
    /// An array; its elements are the child nodes.
    case array
    /// A string, decoded (escapes resolved).
    case string(String)
    /// A number's literal text exactly as written in the source (kept verbatim, never
    /// reformatted).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// One value of the document, with its member name and the index of its parent.
  public struct Node: Equatable, Sendable {
    /// The member name when the parent is an object; nil for array elements and the root.
    public var key: String?
    /// The node's value.
    public var value: Value
    /// The index in `nodes` of the parent, -1 for the root.
    public var parent: Int

    /// A node with its member name, value and parent index.
    ///
    /// - Complexity: O(1).
    public init(key: String?, value: Value, parent: Int) {
      self.key = key
      self.value = value
      self.parent = parent
    }
  }

  /// The nodes in preorder; `nodes[0]` is the root. Never empty for a parsed document.
  public var nodes: [Node]

  /// A document of `nodes`, in preorder.
  ///
  /// - Complexity: O(1).
  public init(nodes: [Node]) { self.nodes = nodes }
}

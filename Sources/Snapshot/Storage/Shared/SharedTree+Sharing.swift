// What two trees do not share: how the diff of related snapshots skips everything an edit
// did not touch (see the article "Snapshots that share structure").

extension SharedTree {
  /// A node of one tree found by ``unsharedLeaves(from:to:)``: where its entries start and
  /// the tags above it.
  @usableFromInline package struct Placed: Sendable {
    @usableFromInline package var node: SharedNode<Item>
    @usableFromInline package var start: Int
    @usableFromInline package var tag: Int32

    @inlinable
    package init(node: SharedNode<Item>, start: Int, tag: Int32) {
      self.node = node
      self.start = start
      self.tag = tag
    }
  }

  /// The leaves of `old` and of `new` that the two trees do not share, each with its
  /// position, in order. Every other entry lies in a node both trees hold, so outside these
  /// leaves the two sequences hold the same runs in the same order.
  ///
  /// A node both trees hold has the same height in both, and its parent in either is shared
  /// too or not at all; so the unshared nodes form the top of each tree, found level by
  /// level from the roots by comparing the children of the unshared nodes of one height in
  /// both trees (by identity, through a set).
  ///
  /// - Complexity: O(b u) for the u unshared nodes: O(b k log n) when `new` was made from
  ///   `old` by k edits; O(n / b) for trees that share nothing.
  @inlinable
  package static func unsharedLeaves(
    from old: SharedTree, to new: SharedTree
  ) -> (old: [Placed], new: [Placed]) {
    guard old.root !== new.root else { return ([], []) }
    var oldLevel: [Placed] = []
    var newLevel: [Placed] = []
    var height = Swift.max(old.root.height, new.root.height)
    while true {
      if height == old.root.height { oldLevel = [Placed(node: old.root, start: 0, tag: 0)] }
      if height == new.root.height { newLevel = [Placed(node: new.root, start: 0, tag: 0)] }
      if !oldLevel.isEmpty && !newLevel.isEmpty {
        let inNew = Set(newLevel.map { ObjectIdentifier($0.node) })
        let shared = Set(oldLevel.lazy.map { ObjectIdentifier($0.node) }.filter(inNew.contains))
        if !shared.isEmpty {
          oldLevel.removeAll { shared.contains(ObjectIdentifier($0.node)) }
          newLevel.removeAll { shared.contains(ObjectIdentifier($0.node)) }
        }
      }
      if height == 0 { return (oldLevel, newLevel) }
      oldLevel = children(of: oldLevel)
      newLevel = children(of: newLevel)
      height -= 1
    }
  }

  /// The children of `nodes`, in order, with their positions and tags. O(b · nodes).
  @inlinable
  static func children(of nodes: [Placed]) -> [Placed] {
    var result: [Placed] = []
    for parent in nodes {
      var start = parent.start
      for child in parent.node.children {
        result.append(Placed(node: child.node, start: start, tag: parent.tag &+ child.tag))
        start += child.summary.count
      }
    }
    return result
  }
}

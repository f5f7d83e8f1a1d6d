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
  /// both trees (by identity, through sorted identities).
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
    // The identities of every node of the current height under each side's unshared nodes
    // (and its root, at the root's height), sorted: a node of one side is shared exactly
    // when the other side's list holds it.
    var oldCandidates: [ObjectIdentifier] = []
    var newCandidates: [ObjectIdentifier] = []
    var height = Swift.max(old.root.height, new.root.height)
    while true {
      if height == old.root.height {
        oldCandidates = [ObjectIdentifier(old.root)]
        oldLevel = [Placed(node: old.root, start: 0, tag: 0)]
      }
      if height == new.root.height {
        newCandidates = [ObjectIdentifier(new.root)]
        newLevel = [Placed(node: new.root, start: 0, tag: 0)]
      }
      // Only the roots can be new to a level here; the children below were filtered as
      // they were made.
      if height == old.root.height || height == new.root.height {
        oldLevel.removeAll {
          Self.sortedIdentities(newCandidates, contain: ObjectIdentifier($0.node))
        }
        newLevel.removeAll {
          Self.sortedIdentities(oldCandidates, contain: ObjectIdentifier($0.node))
        }
      }
      if height == 0 { return (oldLevel, newLevel) }
      oldCandidates = childIdentities(of: oldLevel)
      newCandidates = childIdentities(of: newLevel)
      if height - 1 == old.root.height { oldCandidates.append(ObjectIdentifier(old.root)) }
      if height - 1 == new.root.height { newCandidates.append(ObjectIdentifier(new.root)) }
      oldCandidates.sort()
      newCandidates.sort()
      oldLevel = children(of: oldLevel, excluding: newCandidates)
      newLevel = children(of: newLevel, excluding: oldCandidates)
      height -= 1
    }
  }

  /// The identities of the children of `nodes`, in order. O(b · nodes).
  @inlinable
  static func childIdentities(of nodes: [Placed]) -> [ObjectIdentifier] {
    var result: [ObjectIdentifier] = []
    for parent in nodes {
      parent.node.children.withUnsafeBufferPointer { children in
        for index in children.indices { result.append(ObjectIdentifier(children[index].node)) }
      }
    }
    return result
  }

  /// Whether `sorted` (in increasing order) holds `identity`. O(log count).
  @inlinable
  static func sortedIdentities(
    _ sorted: [ObjectIdentifier], contain identity: ObjectIdentifier
  ) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < identity { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == identity
  }

  /// The children of `nodes`, in order, with their positions and tags. O(b · nodes).
  @inlinable
  static func children(of nodes: [Placed]) -> [Placed] {
    children(of: nodes, excluding: [])
  }

  /// The children of `nodes` that `excluded` (sorted identities) does not hold, in order,
  /// with their positions and tags. O(b · nodes · log excluded).
  @inlinable
  static func children(of nodes: [Placed], excluding excluded: [ObjectIdentifier]) -> [Placed] {
    var result: [Placed] = []
    for parent in nodes {
      var start = parent.start
      for child in parent.node.children {
        if !sortedIdentities(excluded, contain: ObjectIdentifier(child.node)) {
          result.append(Placed(node: child.node, start: start, tag: parent.tag &+ child.tag))
        }
        start += child.summary.count
      }
    }
    return result
  }
}

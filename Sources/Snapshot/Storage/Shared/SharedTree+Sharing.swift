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
  /// both trees. Keys increase strictly along both sequences, so each side's children are in
  /// increasing order of their largest key, and a node both hold has the same largest key in
  /// both: one merge of the two lists by that key, comparing identities where the keys meet,
  /// finds the shared ones (nothing is sorted, hashed or copied). A level whose keys do not
  /// increase (a tree not kept by a ``SharedList``) is compared through sorted identities.
  ///
  /// - Complexity: O(b u) for the u unshared nodes: O(b k log n) when `new` was made from
  ///   `old` by k edits; O(n / b) for trees that share nothing.
  @inlinable
  package static func unsharedLeaves(
    from old: SharedTree, to new: SharedTree
  ) -> (old: [Placed], new: [Placed]) {
    guard old.root !== new.root else { return ([], []) }
    // Each side's unshared nodes of the height above the current one (empty above its root).
    var oldLevel: [Placed] = []
    var newLevel: [Placed] = []
    var height = Swift.max(old.root.height, new.root.height)
    while true {
      // The candidates of this height: a side's root at its own height, else the children
      // of its unshared nodes of the height above.
      let oldRoot = height == old.root.height
      let newRoot = height == new.root.height
      if oldRoot { oldLevel = [Placed(node: old.root, start: 0, tag: 0)] }
      if newRoot { newLevel = [Placed(node: new.root, start: 0, tag: 0)] }
      let found =
        mergedUnshared(
          LevelCursor(oldLevel, children: !oldRoot), LevelCursor(newLevel, children: !newRoot))
        ?? sortedUnshared(
          oldLevel, children: !oldRoot, newLevel, children: !newRoot)
      (oldLevel, newLevel) = found
      if height == 0 { return (oldLevel, newLevel) }
      height -= 1
    }
  }

  /// Reads one height's candidates of one side in order without copying them: the nodes of
  /// `nodes` themselves, or their children.
  @usableFromInline
  struct LevelCursor {
    @usableFromInline let nodes: [Placed]
    @usableFromInline let children: Bool
    @usableFromInline var parent = 0
    @usableFromInline var child = 0
    /// The position of the current candidate.
    @usableFromInline var start = 0

    @inlinable
    init(_ nodes: [Placed], children: Bool) {
      self.nodes = nodes
      self.children = children
      start = nodes.first?.start ?? 0
      if children { skipEmptyParents() }
    }

    @inlinable
    mutating func skipEmptyParents() {
      while parent < nodes.count && child == nodes[parent].node.children.count {
        parent += 1
        child = 0
        if parent < nodes.count { start = nodes[parent].start }
      }
    }

    /// The current candidate's identity and largest key, or nil past the last.
    @inlinable
    var current: (identity: ObjectIdentifier, maxKey: UInt64)? {
      guard parent < nodes.count else { return nil }
      let node = nodes[parent].node
      if !children { return (ObjectIdentifier(node), node.summary.maxKey) }
      return node.children.withUnsafeBufferPointer {
        (ObjectIdentifier($0[child].node), $0[child].summary.maxKey)
      }
    }

    /// The current candidate, placed.
    @inlinable
    var placed: Placed {
      let placed = nodes[parent]
      guard children else { return placed }
      let edge = placed.node.children[child]
      return Placed(node: edge.node, start: start, tag: placed.tag &+ edge.tag)
    }

    @inlinable
    mutating func advance() {
      guard children else {
        parent += 1
        return
      }
      start += nodes[parent].node.children[child].summary.count
      child += 1
      skipEmptyParents()
    }
  }

  /// The candidates of `old` and `new` that the other side does not hold, in order, by one
  /// merge on their largest keys; nil when a side's keys do not increase strictly.
  /// O(candidates).
  @inlinable
  static func mergedUnshared(
    _ old: LevelCursor, _ new: LevelCursor
  ) -> (old: [Placed], new: [Placed])? {
    var (old, new) = (old, new)
    var oldResult: [Placed] = []
    var newResult: [Placed] = []
    var oldPrevious: UInt64?
    var newPrevious: UInt64?
    var oldNext = old.current
    var newNext = new.current
    while oldNext != nil || newNext != nil {
      if let (_, key) = oldNext {
        if let oldPrevious, key <= oldPrevious { return nil }
      }
      if let (_, key) = newNext {
        if let newPrevious, key <= newPrevious { return nil }
      }
      var takeOld = true
      var takeNew = true
      var shared = false
      if let (oldIdentity, oldKey) = oldNext, let (newIdentity, newKey) = newNext {
        shared = oldIdentity == newIdentity && oldKey == newKey
        takeOld = oldKey <= newKey
        takeNew = newKey <= oldKey
      } else {
        takeOld = oldNext != nil
        takeNew = newNext != nil
      }
      if takeOld {
        if !shared { oldResult.append(old.placed) }
        oldPrevious = oldNext?.maxKey
        old.advance()
        oldNext = old.current
      }
      if takeNew {
        if !shared { newResult.append(new.placed) }
        newPrevious = newNext?.maxKey
        new.advance()
        newNext = new.current
      }
    }
    return (oldResult, newResult)
  }

  /// The candidates of `old` and `new` (the nodes themselves, or their children) that the
  /// other side does not hold, in order, through sorted identities. O(c log c) for the c
  /// candidates.
  @inlinable
  static func sortedUnshared(
    _ old: [Placed], children oldChildren: Bool, _ new: [Placed], children newChildren: Bool
  ) -> (old: [Placed], new: [Placed]) {
    let oldCandidates = oldChildren ? children(of: old) : old
    let newCandidates = newChildren ? children(of: new) : new
    let oldSorted = oldCandidates.map { ObjectIdentifier($0.node) }.sorted()
    let newSorted = newCandidates.map { ObjectIdentifier($0.node) }.sorted()
    return (
      oldCandidates.filter { !sortedIdentities(newSorted, contain: ObjectIdentifier($0.node)) },
      newCandidates.filter { !sortedIdentities(oldSorted, contain: ObjectIdentifier($0.node)) }
    )
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

// Two related trees as sequences of units: the largest subtrees both hold, and the leaves
// they do not share. What the diff of two section trees' visible rows reads.

extension SharedTree {
  /// One unit of ``sharedUnits(from:to:)``: a node with its position and the tags above it,
  /// and whether the other tree holds it too (with the same tags).
  @usableFromInline package struct Unit: Sendable {
    @usableFromInline package var placed: Placed
    @usableFromInline package var isShared: Bool

    @inlinable package init(placed: Placed, isShared: Bool) {
      self.placed = placed
      self.isShared = isShared
    }

    /// Identifies a shared unit in both trees: the node, and the tags above it.
    @inlinable package var key: SharedUnitKey {
      SharedUnitKey(node: ObjectIdentifier(placed.node), tag: placed.tag)
    }
  }

  /// `old` and `new` as sequences of units, each in order: every largest subtree both hold
  /// with the same tags above it (so with the same entries, equally visible), and every leaf
  /// not held so (for trees built apart, which share nothing: each root, as one unit).
  /// Together the units of a tree cover it once.
  ///
  /// A node held by both trees under different tags (a collapse above it changed its
  /// visibility) counts as not shared, and the walk goes down into it.
  ///
  /// - Complexity: O(b u) for the u nodes not shared: O(b k log n) when `new` was made from
  ///   `old` by k edits (plus the nodes below a changed tag); O(n / b) for trees that share
  ///   nothing.
  @inlinable
  package static func sharedUnits(from old: SharedTree, to new: SharedTree) -> (
    old: [Unit], new: [Unit]
  ) {
    if old.root === new.root {
      let unit = [Unit(placed: Placed(node: old.root, start: 0, tag: 0), isShared: true)]
      return (unit, unit)
    }
    guard old.mayShareNodes(with: new) else {
      // Built apart: nothing is shared, and each tree is one unit not held by the other.
      return (
        [Unit(placed: Placed(node: old.root, start: 0, tag: 0), isShared: false)],
        [Unit(placed: Placed(node: new.root, start: 0, tag: 0), isShared: false)]
      )
    }
    var oldUnits: [Unit] = []
    var newUnits: [Unit] = []
    var oldLevel: [Placed] = []
    var newLevel: [Placed] = []
    var height = Swift.max(old.root.height, new.root.height)
    while true {
      if height == old.root.height { oldLevel = [Placed(node: old.root, start: 0, tag: 0)] }
      if height == new.root.height { newLevel = [Placed(node: new.root, start: 0, tag: 0)] }
      if !oldLevel.isEmpty && !newLevel.isEmpty {
        let inNew = Set(
          newLevel.map { SharedUnitKey(node: ObjectIdentifier($0.node), tag: $0.tag) })
        var shared = Set<SharedUnitKey>()
        for placed in oldLevel {
          let key = SharedUnitKey(node: ObjectIdentifier(placed.node), tag: placed.tag)
          if inNew.contains(key) { shared.insert(key) }
        }
        if !shared.isEmpty {
          func split(_ level: inout [Placed], into units: inout [Unit]) {
            level.removeAll { placed in
              let isShared = shared.contains(
                SharedUnitKey(node: ObjectIdentifier(placed.node), tag: placed.tag))
              if isShared { units.append(Unit(placed: placed, isShared: true)) }
              return isShared
            }
          }
          split(&oldLevel, into: &oldUnits)
          split(&newLevel, into: &newUnits)
        }
      }
      if height == 0 {
        oldUnits += oldLevel.map { Unit(placed: $0, isShared: false) }
        newUnits += newLevel.map { Unit(placed: $0, isShared: false) }
        oldUnits.sort { $0.placed.start < $1.placed.start }
        newUnits.sort { $0.placed.start < $1.placed.start }
        return (oldUnits, newUnits)
      }
      oldLevel = children(of: oldLevel)
      newLevel = children(of: newLevel)
      height -= 1
    }
  }
}

/// A node and the tags above it: what makes a subtree of two trees the same, visibility
/// included.
@usableFromInline package struct SharedUnitKey: Hashable, Sendable {
  @usableFromInline package var node: ObjectIdentifier
  @usableFromInline package var tag: Int32

  @inlinable package init(node: ObjectIdentifier, tag: Int32) {
    self.node = node
    self.tag = tag
  }
}

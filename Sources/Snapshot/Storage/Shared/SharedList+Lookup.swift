// A checked lookup: an item's entry, position and visible rank in one trie walk and one seek.

extension SharedList {
  /// The entry holding `item` (absolute `hidden`), its position, and the number of visible
  /// entries before it, or nil when `item` is absent.
  ///
  /// The entry found is checked to hold an item equal to `item`: a label left behind by an
  /// identifier whose `Hashable` conformance is broken (a removal that did not find it) may
  /// since have been given to another entry, and then counts as absent.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func locate(
    _ item: Item
  ) -> (position: Int, visibleBefore: Int, entry: SharedEntry<Item>)? {
    find(item, hash: SharedLabelIndex.hash(item), countingVisible: true).map {
      ($0.position, $0.visibleBefore, $0.entry)
    }
  }
}

extension SharedList {
  /// Moves the subtree at `position` so that it starts at `destination` (counted after the
  /// subtree is taken out) at depth `level`, keeping its expansion: the entries are taken
  /// out of the tree and put back with new labels, and each entry's label is refiled in the
  /// label index (two walks an entry). The caller vouches that the
  /// destination can hold the subtree (as ``moveSubtree(at:to:level:)`` checks).
  ///
  /// - Complexity: O(s b log n) for the s entries moved: one removal and one splice of the
  ///   tree, s trie walks, plus O(log n) relabelled entries amortized.
  @inlinable
  package mutating func relocateSubtree(
    at position: Int, to destination: Int, level: Int
  ) {
    precondition(position >= 0 && position < count, "position out of range")
    let end = tree.subtreeEnd(of: position)
    var moved = tree.entries(in: position..<end)
    precondition(destination >= 0 && destination <= count - moved.count, "destination out of range")
    tree.removeSubrange(position..<end)
    // Collapsed ancestors outside the subtree, before and after: the same difference for
    // every entry of it.
    var outer: Int32 = 0
    if level > 0, let parent = tree.lastPosition(before: destination, levelAtMost: level - 1) {
      let parentEntry = tree.entry(at: parent)
      outer = parentEntry.hidden + (parentEntry.isExpanded ? 0 : 1)
    }
    let delta = outer &- moved[0].hidden
    let shift = level - moved[0].level
    let oldKeys = moved.map(\.key)
    let keys = allocateKeys(count: moved.count, at: destination)
    for index in moved.indices {
      moved[index].key = keys[index]
      moved[index].hidden &+= delta
      moved[index].levelAndFlag =
        UInt32(truncatingIfNeeded: moved[index].level + shift) << 1 | moved[index].levelAndFlag & 1
    }
    tree.insert(contentsOf: moved, at: destination)
    // Every old label out before any new one goes in: a new label may be another moved
    // entry's old one.
    let hashes = moved.map { SharedLabelIndex.hash($0.item) }
    for index in moved.indices { labelIndex.remove(oldKeys[index], hash: hashes[index]) }
    fileLabels(keys, hashes: hashes)
  }
}

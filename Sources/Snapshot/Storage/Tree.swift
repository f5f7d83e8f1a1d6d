/// One item of a tree: the identifier and its links, addressed by slot (an index into
/// ``Tree/nodes``). `-1` means "none".
@usableFromInline
struct TreeNode<Item: Sendable>: Sendable {
  @usableFromInline var item: Item
  @usableFromInline var parent: Int32
  @usableFromInline var firstChild: Int32
  @usableFromInline var lastChild: Int32
  @usableFromInline var next: Int32
  @usableFromInline var previous: Int32
  @usableFromInline var flags: UInt8

  @inlinable static var alive: UInt8 { 1 }
  @inlinable static var expanded: UInt8 { 2 }

  @inlinable
  init(
    item: Item, parent: Int32, firstChild: Int32, lastChild: Int32, next: Int32,
    previous: Int32, flags: UInt8
  ) {
    self.item = item
    self.parent = parent
    self.firstChild = firstChild
    self.lastChild = lastChild
    self.next = next
    self.previous = previous
    self.flags = flags
  }

  @inlinable var isAlive: Bool { flags & Self.alive != 0 }
  @inlinable var isExpanded: Bool { flags & Self.expanded != 0 }
}

/// A forest of unique items, stored as linked nodes in one array.
///
/// - Nodes link to each other by slot (first child, last child, next and previous sibling,
///   parent), so appending, inserting and moving are O(1) link changes.
/// - A hash index (open addressing, linear probing, 4 bytes a bucket, load at most 1/2) maps
///   an identifier to its slot; the identifiers themselves stay in the nodes.
/// - Deleted nodes become tombstones; once they outnumber the live ones the array is
///   compacted (amortized O(1) per deletion).
///
/// A struct, so that a whole operation works on it with one exclusive access (class
/// properties would pay a dynamic exclusivity check on every array access).
@usableFromInline
struct Tree<Item: Hashable & Sendable>: Sendable {
  @usableFromInline var nodes: [TreeNode<Item>]
  @usableFromInline var buckets: [Int32]
  @usableFromInline var liveCount: Int
  @usableFromInline var firstRoot: Int32
  @usableFromInline var lastRoot: Int32

  @inlinable init() {
    nodes = []
    buckets = Array(repeating: -1, count: 8)
    liveCount = 0
    firstRoot = -1
    lastRoot = -1
  }

  // MARK: Hash index

  @inline(__always)
  @inlinable var bucketMask: Int { buckets.count &- 1 }

  @inline(__always)
  @inlinable func idealBucket(_ item: Item) -> Int {
    item.hashValue & bucketMask
  }

  /// The slot holding `item`, or -1. O(1) expected.
  @inline(__always)
  @inlinable func slot(of item: Item) -> Int32 {
    var bucket = idealBucket(item)
    return buckets.withUnsafeBufferPointer { table in
      nodes.withUnsafeBufferPointer { nodes in
        while true {
          let slot = table[bucket]
          if slot < 0 || nodes[Int(slot)].item == item { return slot }
          bucket = (bucket &+ 1) & (table.count &- 1)
        }
      }
    }
  }

  /// Appends an unlinked node for `item` and indexes it, unless `item` is already indexed.
  /// Returns the new slot, or the existing slot negated minus one (`-(existing) - 1`).
  /// O(1) amortized.
  @inline(__always)
  @inlinable mutating func appendNodeIfAbsent(_ item: Item) -> Int32 {
    if (liveCount &+ 1) &* 2 > buckets.count { growIndex() }
    var bucket = idealBucket(item)
    let mask = bucketMask
    let found: Int32 = buckets.withUnsafeBufferPointer { table in
      nodes.withUnsafeBufferPointer { nodes in
        while true {
          let slot = table[bucket]
          if slot < 0 { return -1 }
          if nodes[Int(slot)].item == item { return slot }
          bucket = (bucket &+ 1) & mask
        }
      }
    }
    if found >= 0 { return -found - 1 }
    let slot = Int32(truncatingIfNeeded: nodes.count)
    nodes.append(
      TreeNode(
        item: item, parent: -1, firstChild: -1, lastChild: -1, next: -1, previous: -1,
        flags: TreeNode<Item>.alive))
    buckets[bucket] = slot
    liveCount &+= 1
    return slot
  }

  /// Removes `slot` from the hash index (backward-shift deletion). O(1) expected.
  @inlinable mutating func unindex(_ slot: Int32) {
    let mask = bucketMask
    var hole = idealBucket(nodes[Int(slot)].item)
    while buckets[hole] != slot { hole = (hole &+ 1) & mask }
    buckets[hole] = -1
    var probe = hole
    while true {
      probe = (probe &+ 1) & mask
      let moving = buckets[probe]
      if moving < 0 { break }
      let ideal = idealBucket(nodes[Int(moving)].item)
      // Move `moving` into the hole unless its ideal bucket lies cyclically in (hole, probe].
      let distanceToProbe = (probe &- ideal) & mask
      let distanceToHole = (probe &- hole) & mask
      if distanceToProbe >= distanceToHole {
        buckets[hole] = moving
        buckets[probe] = -1
        hole = probe
      }
    }
    liveCount &-= 1
  }

  @inlinable mutating func growIndex() {
    let newCount = Swift.max(8, buckets.count &* 2)
    rebuildIndex(bucketCount: newCount)
  }

  @inlinable mutating func rebuildIndex(bucketCount: Int) {
    var table = [Int32](repeating: -1, count: bucketCount)
    let mask = bucketCount &- 1
    table.withUnsafeMutableBufferPointer { table in
      nodes.withUnsafeBufferPointer { nodes in
        for slot in nodes.indices where nodes[slot].isAlive {
          var bucket = nodes[slot].item.hashValue & mask
          while table[bucket] >= 0 { bucket = (bucket &+ 1) & mask }
          table[bucket] = Int32(truncatingIfNeeded: slot)
        }
      }
    }
    buckets = table
  }

  // MARK: Links

  /// Links an unlinked `slot` as a child of `parent` (-1: a root), before `sibling`
  /// (-1: as the last child). O(1).
  @inlinable mutating func link(_ slot: Int32, parent: Int32, before sibling: Int32) {
    let s = Int(slot)
    nodes[s].parent = parent
    let previous: Int32
    if sibling >= 0 {
      previous = nodes[Int(sibling)].previous
      nodes[Int(sibling)].previous = slot
    } else if parent >= 0 {
      previous = nodes[Int(parent)].lastChild
      nodes[Int(parent)].lastChild = slot
    } else {
      previous = lastRoot
      lastRoot = slot
    }
    nodes[s].previous = previous
    nodes[s].next = sibling
    if previous >= 0 {
      nodes[Int(previous)].next = slot
    } else if parent >= 0 {
      nodes[Int(parent)].firstChild = slot
    } else {
      firstRoot = slot
    }
  }

  /// Links a run of unlinked slots, in order, before `sibling` under `parent`. O(count).
  @inlinable mutating func link(_ slots: Range<Int32>, parent: Int32, before sibling: Int32) {
    for slot in slots { link(slot, parent: parent, before: sibling) }
  }

  /// Detaches `slot` (with its subtree) from its parent and siblings. O(1).
  @inlinable mutating func unlink(_ slot: Int32) {
    let node = nodes[Int(slot)]
    if node.previous >= 0 {
      nodes[Int(node.previous)].next = node.next
    } else if node.parent >= 0 {
      nodes[Int(node.parent)].firstChild = node.next
    } else {
      firstRoot = node.next
    }
    if node.next >= 0 {
      nodes[Int(node.next)].previous = node.previous
    } else if node.parent >= 0 {
      nodes[Int(node.parent)].lastChild = node.previous
    } else {
      lastRoot = node.previous
    }
    nodes[Int(slot)].parent = -1
    nodes[Int(slot)].next = -1
    nodes[Int(slot)].previous = -1
  }

  /// Unlinks `slot` and turns it and its descendants into tombstones. O(subtree).
  @inlinable mutating func removeSubtree(_ slot: Int32) {
    unlink(slot)
    var current = slot
    while true {
      unindex(current)
      nodes[Int(current)].flags = 0
      // Pre-order walk of the detached subtree.
      if nodes[Int(current)].firstChild >= 0 {
        current = nodes[Int(current)].firstChild
        continue
      }
      while current != slot && nodes[Int(current)].next < 0 {
        current = nodes[Int(current)].parent
      }
      if current == slot { break }
      current = nodes[Int(current)].next
    }
  }

  /// Compacts the node array when tombstones outnumber live nodes. Amortized O(1) per
  /// removed node.
  @inlinable mutating func compactIfNeeded() {
    let dead = nodes.count - liveCount
    guard dead > 32, dead > liveCount else { return }
    var newSlot = [Int32](repeating: -1, count: nodes.count)
    var compacted: [TreeNode<Item>] = []
    compacted.reserveCapacity(liveCount)
    for slot in nodes.indices where nodes[slot].isAlive {
      newSlot[slot] = Int32(truncatingIfNeeded: compacted.count)
      compacted.append(nodes[slot])
    }
    @inline(__always) func map(_ slot: Int32) -> Int32 { slot < 0 ? -1 : newSlot[Int(slot)] }
    for index in compacted.indices {
      compacted[index].parent = map(compacted[index].parent)
      compacted[index].firstChild = map(compacted[index].firstChild)
      compacted[index].lastChild = map(compacted[index].lastChild)
      compacted[index].next = map(compacted[index].next)
      compacted[index].previous = map(compacted[index].previous)
    }
    firstRoot = map(firstRoot)
    lastRoot = map(lastRoot)
    for bucket in buckets.indices where buckets[bucket] >= 0 {
      buckets[bucket] = newSlot[Int(buckets[bucket])]
    }
    nodes = compacted
  }

  // MARK: Traversal

  /// The slot after `slot` in depth-first order, staying within the subtree of `root`
  /// (-1: the whole forest), descending only where `descend` allows. O(depth) worst case,
  /// O(1) amortized over a full walk.
  @inline(__always)
  @inlinable func successor(of slot: Int32, within root: Int32, descend: Bool) -> Int32 {
    if descend, nodes[Int(slot)].firstChild >= 0 { return nodes[Int(slot)].firstChild }
    var current = slot
    while current != root && nodes[Int(current)].next < 0 {
      current = nodes[Int(current)].parent
      if current < 0 { return -1 }
    }
    if current == root { return -1 }
    return nodes[Int(current)].next
  }

  /// Calls `body` with every slot below `root` (or every slot when `root` is -1) in
  /// depth-first order. O(subtree).
  @inlinable func forEachDescendant(of root: Int32, _ body: (Int32) -> Void) {
    var current = root >= 0 ? nodes[Int(root)].firstChild : firstRoot
    while current >= 0 {
      body(current)
      current = successor(of: current, within: root, descend: true)
    }
  }

  /// Calls `body` with every slot below `root` whose ancestors up to `root` are expanded.
  /// O(visible).
  @inlinable func forEachVisibleDescendant(of root: Int32, _ body: (Int32) -> Void) {
    var current = root >= 0 ? nodes[Int(root)].firstChild : firstRoot
    while current >= 0 {
      body(current)
      current = successor(of: current, within: root, descend: nodes[Int(current)].isExpanded)
    }
  }

  /// The direct children of `parent` (-1: the roots). O(children).
  @inlinable func children(of parent: Int32) -> [Int32] {
    var result: [Int32] = []
    var child = parent >= 0 ? nodes[Int(parent)].firstChild : firstRoot
    while child >= 0 {
      result.append(child)
      child = nodes[Int(child)].next
    }
    return result
  }

  /// Whether `slot` is `ancestor` or lies below it. O(depth).
  @inlinable func isInSubtree(_ slot: Int32, of ancestor: Int32) -> Bool {
    var current = slot
    while current >= 0 {
      if current == ancestor { return true }
      current = nodes[Int(current)].parent
    }
    return false
  }
}

// MARK: - Bulk insertion

extension Tree {
  /// A conflict found while adding nodes: the identifier and the slot already holding it,
  /// or ``irreflexive`` for an identifier not equal to itself.
  @usableFromInline
  struct Conflict: Error {
    @usableFromInline var item: Item
    @usableFromInline var existingSlot: Int32

    @inlinable
    init(item: Item, existingSlot: Int32) {
      self.item = item
      self.existingSlot = existingSlot
    }

    /// The `existingSlot` of an identifier that is not equal to itself (such as
    /// `Double.nan`): no lookup could ever find it again.
    @inlinable static var irreflexive: Int32 { -1 }
  }

  /// Appends unlinked nodes for `items`, or, if any identifier is already present (in the
  /// tree or earlier in `items`) or not equal to itself, removes what it added and reports
  /// the conflict. O(k).
  @inlinable mutating func appendNodes(_ items: some Sequence<Item>) -> Result<
    Range<Int32>, Conflict
  > {
    let start = nodes.count
    for item in items {
      guard item == item else {
        removeNodes(from: start)
        return .failure(Conflict(item: item, existingSlot: Conflict.irreflexive))
      }
      let slot = appendNodeIfAbsent(item)
      if slot < 0 {
        removeNodes(from: start)
        return .failure(Conflict(item: item, existingSlot: -slot - 1))
      }
    }
    return .success(Int32(truncatingIfNeeded: start)..<Int32(truncatingIfNeeded: nodes.count))
  }

  /// Removes the unlinked nodes appended from slot `start` on. O(removed).
  @inlinable mutating func removeNodes(from start: Int) {
    var slot = nodes.count - 1
    while slot >= start {
      unindex(Int32(truncatingIfNeeded: slot))
      slot -= 1
    }
    nodes.removeSubrange(start...)
  }

  /// Copies the nodes below `sourceRoot` of `source` (-1: all of it), with their structure
  /// and expansion, linking the top-level copies under `parent` before `sibling`. If an
  /// identifier is already present, adds nothing and reports the conflict. O(copied).
  @inlinable mutating func graft(
    from source: Tree, below sourceRoot: Int32, includingRoot: Bool = false,
    parent: Int32, before sibling: Int32
  ) -> Conflict? {
    var sourceSlots: [Int32] = []
    if includingRoot { sourceSlots.append(sourceRoot) }
    source.forEachDescendant(of: sourceRoot) { sourceSlots.append($0) }
    let added: Range<Int32>
    switch appendNodes(sourceSlots.lazy.map { source.nodes[Int($0)].item }) {
    case .success(let range): added = range
    case .failure(let conflict): return conflict
    }
    let topParent = includingRoot ? source.nodes[Int(sourceRoot)].parent : sourceRoot
    // (source slot, new slot) of the current ancestor chain.
    var chain: [(source: Int32, copy: Int32)] = []
    for (offset, sourceSlot) in sourceSlots.enumerated() {
      let copy = added.lowerBound + Int32(truncatingIfNeeded: offset)
      let sourceNode = source.nodes[Int(sourceSlot)]
      nodes[Int(copy)].flags = sourceNode.flags
      if sourceNode.parent == topParent || (includingRoot && offset == 0) {
        chain.removeAll(keepingCapacity: true)
        link(copy, parent: parent, before: sibling)
      } else {
        while let last = chain.last, last.source != sourceNode.parent { chain.removeLast() }
        link(copy, parent: chain.last!.copy, before: -1)
      }
      chain.append((sourceSlot, copy))
    }
    return nil
  }
}

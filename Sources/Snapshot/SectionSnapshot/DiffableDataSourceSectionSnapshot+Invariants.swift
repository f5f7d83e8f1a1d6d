// Internal consistency checks, in the style of swift-collections, for tests.

extension DiffableDataSourceSectionSnapshot {
  /// Checks every internal invariant of the storage and stops the program with a message
  /// naming the first one broken: links are mutual, every live node is reachable exactly
  /// once from the roots, the hash index holds exactly the live nodes, and the caches, when
  /// valid, agree with the tree. O(n); meant for tests.
  public func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("Section snapshot invariant broken: \(violation)")
    }
  }

  /// The first broken internal invariant (see ``_checkInvariants()``), or nil. Lets tests
  /// report a failure with its seed instead of stopping. O(n).
  public func _invariantViolation() -> String? {
    do {
      try checkInvariants()
      return nil
    } catch {
      return error.message
    }
  }

  private func checkInvariants() throws(InvariantViolation) {
    let s = storage.tree
    let cache = storage.cache
    func check(
      _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(InvariantViolation) {
      if !condition { throw InvariantViolation(message: message()) }
    }
    let liveSlots = s.nodes.indices.filter { s.nodes[$0].isAlive }
    try check(liveSlots.count == s.liveCount, "live count \(s.liveCount) != \(liveSlots.count)")
    // Walk the forest by child lists, checking links both ways.
    var seen = [Bool](repeating: false, count: s.nodes.count)
    var reached = 0
    var stack: [(parent: Int32, depth: Int)] = [(-1, 0)]
    while let (parent, depth) = stack.popLast() {
      var child = parent >= 0 ? s.nodes[Int(parent)].firstChild : s.firstRoot
      var previous: Int32 = -1
      while child >= 0 {
        try check(s.nodes[Int(child)].isAlive, "dead slot \(child) linked under \(parent)")
        try check(!seen[Int(child)], "slot \(child) reached twice (cycle or shared child)")
        seen[Int(child)] = true
        reached += 1
        try check(s.nodes[Int(child)].parent == parent, "slot \(child) has the wrong parent")
        try check(s.nodes[Int(child)].previous == previous, "slot \(child) has the wrong previous")
        stack.append((child, depth + 1))
        previous = child
        child = s.nodes[Int(child)].next
      }
      let last = parent >= 0 ? s.nodes[Int(parent)].lastChild : s.lastRoot
      try check(last == previous, "last child of \(parent) is \(last), expected \(previous)")
    }
    try check(reached == s.liveCount, "\(reached) nodes reachable, \(s.liveCount) live")
    // The hash index holds each live slot once, findable from its item.
    try check(s.buckets.count >= 8 && s.buckets.count & (s.buckets.count - 1) == 0, "bucket count")
    try check(s.liveCount * 2 <= s.buckets.count, "hash index over half full")
    let indexed = s.buckets.filter { $0 >= 0 }
    try check(indexed.count == s.liveCount, "index holds \(indexed.count) of \(s.liveCount) slots")
    for slot in liveSlots {
      try check(s.slot(of: s.nodes[slot].item) == Int32(slot), "item at slot \(slot) not findable")
    }
    // Valid caches agree with the tree.
    if storage.gate.isValid.load(ordering: .acquiring) {
      var expectedOrder: [Int32] = []
      s.forEachDescendant(of: -1) { expectedOrder.append($0) }
      try check(cache.order == expectedOrder, "cached order is stale")
      for (position, slot) in expectedOrder.enumerated() {
        let node = s.nodes[Int(slot)]
        let entry = cache.entries[Int(slot)]
        try check(entry.position == Int32(position), "cached position of \(slot) is stale")
        let parentEntry = node.parent >= 0 ? cache.entries[Int(node.parent)] : nil
        let depth = parentEntry.map { $0.depth + 1 } ?? 0
        try check(entry.depth == depth, "cached depth of \(slot) is stale")
        let visible =
          parentEntry.map { $0.isVisible && s.nodes[Int(node.parent)].isExpanded } ?? true
        try check(entry.isVisible == visible, "cached visibility of \(slot) is stale")
      }
    }
  }
}

/// The first broken invariant found by `checkInvariants()`.
private struct InvariantViolation: Swift.Error {
  var message: String
}

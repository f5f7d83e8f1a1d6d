extension SharedTree {
  /// Stops the program with a description if an invariant does not hold.
  ///
  /// - Complexity: O(n).
  @usableFromInline package func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("SharedTree invariant violated: \(violation)")
    }
  }

  /// A description of the first invariant that does not hold, or nil.
  ///
  /// Heights agree, fills are within bounds (at least `base` off the root and the rightmost
  /// spine), every summary equals one recomputed from below, keys increase strictly, the
  /// sequence is a pre-order (starts at depth 0, descends one level at a time), and every
  /// entry's `hidden`, with the tags above it, counts its collapsed ancestors.
  ///
  /// - Complexity: O(n).
  @usableFromInline package func _invariantViolation() -> String? {
    if root.height > 0 && root.children.count < 2 { return "internal root with one child" }
    // Pre-order state: per depth, the collapsed ancestors an entry at that depth has.
    var hiddenAtLevel: [Int32] = []
    var previousKey: UInt64? = nil
    var position = 0
    var stack: [(node: SharedNode<Item>, tag: Int32, isRightmost: Bool, isRoot: Bool)] = [
      (root, 0, true, true)
    ]
    while let (node, tag, isRightmost, isRoot) = stack.popLast() {
      let fill = node.fill
      if fill > capacity { return "node of fill \(fill) above \(capacity)" }
      if !isRoot && fill == 0 { return "empty node below the root" }
      if !isRoot && !isRightmost && fill < base {
        return
          "node of fill \(fill) below \(base) off the rightmost spine, height \(node.height), at \(position)"
      }
      var expected = SharedSummary.empty
      if node.height == 0 {
        guard node.children.isEmpty else { return "leaf with children" }
        for entry in node.entries { expected.add(entry) }
      } else {
        guard node.entries.isEmpty else { return "internal node with entries" }
        for child in node.children {
          if child.node.height != node.height - 1 { return "child height mismatch" }
          if child.summary != child.node.summary { return "stale summary on an edge" }
          expected.add(child.node.summary, tag: child.tag)
        }
      }
      if expected != node.summary {
        return
          "summary \(node.summary) differs from recomputed \(expected) at height \(node.height)"
      }
      if node.height > 0 {
        let last = node.children.count - 1
        for (index, child) in node.children.enumerated().reversed() {
          stack.append((child.node, tag &+ child.tag, isRightmost && index == last, false))
        }
        continue
      }
      for entry in node.entries {
        defer { position += 1 }
        if let previousKey, entry.key <= previousKey {
          return "key \(entry.key) at \(position) not above \(previousKey)"
        }
        previousKey = entry.key
        let level = entry.level
        if level > hiddenAtLevel.count { return "depth jumps to \(level) at \(position)" }
        hiddenAtLevel.removeSubrange(level...)
        let hidden = entry.hidden &+ tag
        let expectedHidden = level == 0 ? 0 : hiddenAtLevel[level - 1]
        if hidden != expectedHidden {
          return "hidden \(hidden) at \(position), expected \(expectedHidden)"
        }
        hiddenAtLevel.append(hidden + (entry.isExpanded ? 0 : 1))
      }
    }
    return nil
  }
}

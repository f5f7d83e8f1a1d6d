// Printing and comparing section snapshots.

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible {
  /// An outline of the snapshot, one line per item, depth-first: two spaces of indent per
  /// level, `+` for an expanded item or `-` for a collapsed one, `*` for a visible item or a
  /// space for a hidden one, then the identifier. For example:
  ///
  /// ```
  /// +* Food
  ///   -* Meat
  ///     -  Pork
  /// ```
  ///
  /// ("Pork" is hidden: "Meat" is collapsed.)
  ///
  /// The indent stops growing at level 32: a deeper line has the indent of level 32 and then
  /// its level in parentheses, as in `(40) -  Pork`, so that the description of a very deep
  /// tree stays linear in its number of items.
  ///
  /// The markers follow Apple's `visualDescription()`. O(n).
  public func visualDescription() -> String {
    var lines: [String] = []
    appendDescriptionLines(to: &lines, indentedBy: "")
    return lines.joined(separator: "\n")
  }

  /// Appends the lines of ``visualDescription()`` to `lines`, each after `prefix`. O(n).
  func appendDescriptionLines(to lines: inout [String], indentedBy prefix: String) {
    storage.ensureCaches()
    let (tree, cache) = (storage.tree, storage.cache)
    lines.reserveCapacity(lines.count + tree.liveCount)
    for slot in cache.order {
      let node = tree.nodes[Int(slot)]
      let entry = cache.entries[Int(slot)]
      let depth = Int(entry.depth)
      var indent =
        prefix + String(repeating: "  ", count: Swift.min(depth, Self.deepestIndentedLevel))
      if depth > Self.deepestIndentedLevel { indent += "(\(depth)) " }
      let expansion = node.isExpanded ? "+" : "-"
      let visibility = entry.isVisible ? "*" : " "
      lines.append("\(indent)\(expansion)\(visibility) \(node.item)")
    }
  }

  /// The deepest level whose indent ``visualDescription()`` writes out in full.
  static var deepestIndentedLevel: Int { 32 }

  /// The ``visualDescription()``. O(n).
  public var description: String { visualDescription() }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Two section snapshots are equal when they hold the same items in the same tree, in the
  /// same order, with the same items expanded. O(n).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.storage.tree.liveCount == rhs.storage.tree.liveCount else { return false }
    lhs.storage.ensureCaches()
    rhs.storage.ensureCaches()
    let (leftTree, leftCache) = (lhs.storage.tree, lhs.storage.cache)
    let (rightTree, rightCache) = (rhs.storage.tree, rhs.storage.cache)
    for (left, right) in zip(leftCache.order, rightCache.order) {
      let leftNode = leftTree.nodes[Int(left)]
      let rightNode = rightTree.nodes[Int(right)]
      guard leftNode.item == rightNode.item, leftNode.flags == rightNode.flags,
        leftCache.entries[Int(left)].depth == rightCache.entries[Int(right)].depth
      else { return false }
    }
    return true
  }
}

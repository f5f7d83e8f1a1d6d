// Printing and comparing section snapshots.

extension DiffableDataSourceSectionSnapshot: CustomStringConvertible {
  /// An outline of the snapshot, one line per item, depth-first: two spaces of indent per
  /// level, `+` for an expanded item or `-` for a collapsed one, `*` for a visible item or a
  /// space for a hidden one, then the identifier. For example:
  ///
  /// ```
  /// +* Food
  ///   -* Meat
  ///     - * Pork      (hidden: "Meat" is collapsed)
  /// ```
  ///
  /// The markers follow Apple's `visualDescription()`. O(n).
  public func visualDescription() -> String {
    storage.ensureCaches()
    var lines: [String] = []
    lines.reserveCapacity(storage.liveCount)
    for slot in storage.order {
      let node = storage.nodes[Int(slot)]
      let indent = String(repeating: "  ", count: Int(storage.depth[Int(slot)]))
      let expansion = node.isExpanded ? "+" : "-"
      let visibility = storage.visible[Int(slot)] ? "*" : " "
      lines.append("\(indent)\(expansion)\(visibility) \(node.item)")
    }
    return lines.joined(separator: "\n")
  }

  /// The ``visualDescription()``. O(n).
  public var description: String { visualDescription() }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Two section snapshots are equal when they hold the same items in the same tree, in the
  /// same order, with the same items expanded. O(n).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.storage.liveCount == rhs.storage.liveCount else { return false }
    lhs.storage.ensureCaches()
    rhs.storage.ensureCaches()
    for (left, right) in zip(lhs.storage.order, rhs.storage.order) {
      let leftNode = lhs.storage.nodes[Int(left)]
      let rightNode = rhs.storage.nodes[Int(right)]
      guard leftNode.item == rightNode.item, leftNode.flags == rightNode.flags,
        lhs.storage.depth[Int(left)] == rhs.storage.depth[Int(right)]
      else { return false }
    }
    return true
  }
}

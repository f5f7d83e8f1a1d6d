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
    lines.reserveCapacity(lines.count + count)
    forEachEntry(in: 0..<count) { _, entry in
      let depth = entry.level
      var indent =
        prefix + String(repeating: "  ", count: Swift.min(depth, Self.deepestIndentedLevel))
      if depth > Self.deepestIndentedLevel { indent += "(\(depth)) " }
      let expansion = entry.isExpanded ? "+" : "-"
      let visibility = entry.hidden == 0 ? "*" : " "
      lines.append("\(indent)\(expansion)\(visibility) \(entry.item)")
    }
  }

  /// The deepest level whose indent ``visualDescription()`` writes out in full.
  static var deepestIndentedLevel: Int { 32 }

  /// The ``visualDescription()``. O(n).
  public var description: String { visualDescription() }
}

extension DiffableDataSourceSectionSnapshot: Equatable {
  /// Two section snapshots are equal when they hold the same items in the same tree, in the
  /// same order, with the same items expanded.
  ///
  /// - Complexity: O(1) when one is an unedited copy of the other; else O(n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.list.tree.sharesRoot(with: rhs.list.tree) { return true }
    guard lhs.count == rhs.count else { return false }
    var right: [SharedEntry<ItemIdentifierType>] = []
    var equal = true
    var next = 0
    let chunk = 4096
    lhs.list.tree.forEach(in: 0..<lhs.count) { position, left in
      if position == next {
        right = rhs.list.tree.entries(in: position..<Swift.min(position + chunk, rhs.count))
        next = position + chunk
      }
      let other = right[position % chunk]
      equal = left.item == other.item && left.levelAndFlag == other.levelAndFlag
      return equal
    }
    return equal
  }
}

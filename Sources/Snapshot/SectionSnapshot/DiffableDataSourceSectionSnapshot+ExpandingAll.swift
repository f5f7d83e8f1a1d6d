// The value-level expand-all and expand-to-a-depth: copies with every parent (or every parent
// above a depth) expanded.

extension DiffableDataSourceSectionSnapshot {
  /// A copy with every parent expanded, so that every item is visible.
  ///
  /// - Complexity: O(n) to find the p collapsed parents among the n items, plus
  ///   O(p log n) to expand them; the copy shares the storage the expansions do not touch.
  @inlinable
  public func expandingAll() -> Self {
    expanding(toDepth: Int.max)
  }

  /// A copy that shows the root items and `depth` levels below them: every parent at a level
  /// below `depth` is expanded and every parent at `depth` or deeper is collapsed (`depth`
  /// 0 or less collapses every parent, leaving the root items). Items that are not parents
  /// keep their state.
  ///
  /// - Complexity: O(n) to find the c parents whose state changes among the n items, plus
  ///   O(c log n) to change them; the copy shares the storage those changes do not touch.
  @inlinable
  public func expanding(toDepth depth: Int) -> Self {
    var expand: [ItemIdentifierType] = []
    var collapse: [ItemIdentifierType] = []
    var previous: SharedEntry<ItemIdentifierType>?
    // An entry is a parent when the next entry is deeper.
    func place(_ entry: SharedEntry<ItemIdentifierType>, isParent: Bool) {
      guard isParent else { return }
      if entry.level < depth {
        if !entry.isExpanded { expand.append(entry.item) }
      } else if entry.isExpanded {
        collapse.append(entry.item)
      }
    }
    forEachEntry(in: 0..<count) { _, entry in
      if let previous { place(previous, isParent: entry.level > previous.level) }
      previous = entry
    }
    if let previous { place(previous, isParent: false) }
    var copy = self
    copy.expand(expand)
    copy.collapse(collapse)
    return copy
  }
}

// Reading a section snapshot the way the data source shows it: its header, its rows, and
// the rows below an item.

extension DiffableDataSourceSectionSnapshot {
  /// The first root item, whether it has children, and whether other roots follow it; nil
  /// when the snapshot is empty. O(log n).
  @inlinable var firstRoot: (item: ItemIdentifierType, hasChildren: Bool, hasSiblings: Bool)? {
    guard count > 0 else { return nil }
    let end = subtreeEnd(of: 0)
    return (entry(at: 0).item, end > 1, end < count)
  }

  /// Calls `body` with every item, depth-first, and whether it is expanded. O(n).
  @inlinable func forEachItem(_ body: (ItemIdentifierType, Bool) -> Void) {
    forEachEntry(in: 0..<count) { _, entry in body(entry.item, entry.isExpanded) }
  }

  /// The items to change for "expand all" (`expanded` true: the parents not expanded) or
  /// "collapse all" (false: the items expanded), among `item` and its descendants, or among
  /// every item when `item` is nil, depth-first. Empty when `item` is absent. O(s + log n) for
  /// the s items of the subtree.
  @inlinable func itemsToSetExpanded(_ expanded: Bool, from item: ItemIdentifierType?)
    -> [ItemIdentifierType]
  {
    let range: Range<Int>
    if let item {
      guard let position = position(of: item) else { return [] }
      range = position..<subtreeEnd(of: position)
    } else {
      range = 0..<count
    }
    var result: [ItemIdentifierType] = []
    var previous: (item: ItemIdentifierType, level: Int, isExpanded: Bool)?
    forEachEntry(in: range) { _, entry in
      if let last = previous {
        let isParent = entry.level > last.level
        if expanded ? isParent && !last.isExpanded : last.isExpanded { result.append(last.item) }
      }
      previous = (entry.item, entry.level, entry.isExpanded)
    }
    // The last item has no child in the range.
    if let last = previous, !expanded, last.isExpanded { result.append(last.item) }
    return result
  }

  /// The descendants of `item` whose ancestors up to `item` are all expanded (not counting
  /// `item` itself), depth-first: the rows `item` shows when it is shown and expanded.
  /// Empty when `item` is absent. O(s + log n) for the s items of the subtree.
  @inlinable func shownDescendants(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    guard let position = position(of: item) else { return [] }
    let top = entry(at: position)
    let shown = top.hidden + (top.isExpanded ? 0 : 1)
    var result: [ItemIdentifierType] = []
    forEachEntry(in: position + 1..<subtreeEnd(of: position)) { _, entry in
      if entry.hidden == shown { result.append(entry.item) }
    }
    return result
  }

  /// The position of `item` among ``visibleItems``, or nil when it is absent or hidden.
  /// O(log n).
  @inlinable func visibleRow(of item: ItemIdentifierType) -> Int? {
    guard let position = position(of: item), entry(at: position).hidden == 0 else { return nil }
    return list.tree.visibleRows(before: position)
  }

  /// Whether `item` is `ancestor` or lies below it; false when either is absent. O(log n).
  @inlinable func isInSubtree(_ item: ItemIdentifierType, of ancestor: ItemIdentifierType) -> Bool {
    guard let below = position(of: item), let top = position(of: ancestor) else { return false }
    return (top..<subtreeEnd(of: top)).contains(below)
  }
}

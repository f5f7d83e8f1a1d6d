// The section snapshot's visible items by row, and what two snapshots share: the reads the
// data source makes, so that it never reaches into the storage.

extension DiffableDataSourceSectionSnapshot {
  /// The number of visible items. O(1).
  @inlinable var visibleCount: Int { list.tree.visibleCount }

  /// The visible item at row `row` (which must exist). O(b log n).
  @inlinable func visibleItem(atRow row: Int) -> ItemIdentifierType {
    entry(at: list.tree.position(ofVisibleRow: row)).item
  }

  /// The visible items at rows `range` (within the visible items), in order.
  /// O(k + b log n) for k rows.
  @inlinable func visibleItems(inRows range: Range<Int>) -> [ItemIdentifierType] {
    guard !range.isEmpty else { return [] }
    let tree = list.tree
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(range.count)
    tree.forEach(in: tree.position(ofVisibleRow: range.lowerBound)..<tree.count, visibleOnly: true)
    { _, entry in
      result.append(entry.item)
      return result.count < range.count
    }
    return result
  }

  /// Whether `other` is `self` or a copy of it not changed since (the same storage). O(1).
  @inlinable func isIdentical(to other: Self) -> Bool {
    list.tree.sharesRoot(with: other.list.tree)
  }

  /// Whether the two may share storage (one was made from the other); false only when they
  /// surely share none. O(1).
  @inlinable func mayShareStorage(with other: Self) -> Bool {
    list.tree.mayShareNodes(with: other.list.tree)
  }
}

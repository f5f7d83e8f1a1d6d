// The rows a filter shows: the entries of the section's tree that are rows, in order, each
// with its position in the tree. Built in the walk that finds them, with no hashing; read by
// position in O(1), and by item through the tree's own index.

extension DiffableDataSource {
  /// The rows a filter shows: the tree it was worked out from (an O(1) copy that shares
  /// storage) and the entries of that tree that are rows, in order, with their positions.
  @usableFromInline struct FilterRows: Sendable {
    /// The tree the rows are entries of.
    @usableFromInline var tree: SectionSnapshot
    /// The positions in `tree` of the rows, ascending.
    @usableFromInline var positions: [Int] = []
    /// The rows' entries (item, level, expansion), in order.
    @usableFromInline var entries: [SharedEntry<ItemIdentifierType>] = []

    /// No rows, of `tree`. O(1).
    @inlinable init(of tree: SectionSnapshot) {
      self.tree = tree
    }

    /// Appends the entry at `position`, after every row so far. O(1) amortized.
    @inlinable mutating func append(_ position: Int, _ entry: SharedEntry<ItemIdentifierType>) {
      positions.append(position)
      entries.append(entry)
    }

    /// The number of rows. O(1).
    @inlinable var count: Int { positions.count }

    /// The item of row `row`. O(1).
    @inlinable func item(atRow row: Int) -> ItemIdentifierType { entries[row].item }

    /// The row of the entry at `position`, or nil. O(log r) for r rows.
    @inlinable func row(ofPosition position: Int) -> Int? {
      var (low, high) = (0, positions.count)
      while low < high {
        let middle = (low + high) / 2
        if positions[middle] < position { low = middle + 1 } else { high = middle }
      }
      return low < positions.count && positions[low] == position ? low : nil
    }

    /// The row showing `item`, or nil. O(log n).
    @inlinable func row(of item: ItemIdentifierType) -> Int? {
      tree.position(of: item).flatMap { row(ofPosition: $0) }
    }

    /// Whether `item` is a row with rows of its subtree below it. O(log n).
    @inlinable func showsChildren(_ item: ItemIdentifierType) -> Bool {
      guard let position = tree.position(of: item), let row = row(ofPosition: position),
        row + 1 < positions.count
      else { return false }
      return positions[row + 1] < tree.subtreeEnd(of: position)
    }

    /// The items of rows `rows`, in order. O(k). A closure, not a key path: a list view's
    /// generic code calls this unspecialized, where a key path is projected through the
    /// runtime for each row.
    @inlinable func items(inRows rows: Range<Int>) -> [ItemIdentifierType] {
      entries[rows].map { $0.item }
    }

    /// Every row's item, in order. O(r).
    @inlinable var items: [ItemIdentifierType] { entries.map { $0.item } }

    /// Whether both hold the same entries as rows. O(r).
    @inlinable func sameRows(as other: FilterRows) -> Bool {
      positions == other.positions && items == other.items
    }
  }
}

// The rows a filtered section shows, worked out from its tree: what a data source's filter
// reads. Rows are returned as entries at their levels, each marked expanded, so that a
// snapshot of them shows every one as a row.

extension DiffableDataSourceSectionSnapshot {
  /// How a filter treats the first root of a section that shows it as its header.
  @usableFromInline enum FilterHeader: Sendable {
    /// No header: every row must match, or lead to a match.
    case none
    /// The header (the only root) is always shown.
    case parent
    /// A leaf header, shown always, that folds the section: while it is collapsed the other
    /// rows are shown only when something in the section matches (the filter opens the fold)
    /// and the user did not close the fold while filtering.
    case leaf
  }

  /// The rows this tree shows through a filter, and its matches in depth-first order.
  ///
  /// An item is a match when `isMatch` returns true for it; it is shown when its parent is
  /// shown and open, and it is a match, has a match below it, or its parent shows its
  /// children unfiltered. A parent is open when it is expanded, or when a match lies below
  /// it and `collapsed` (what the user closed while filtering) does not hold it. A shown
  /// match that is expanded shows its children unfiltered, as the user left them (unless
  /// `filtersDescendants`), and so does every expanded item below it.
  ///
  /// - Complexity: O(n) for the n items, with one call of `isMatch` each, in depth-first
  ///   order; O(1) expected per lookup in `collapsed`, made only for closed parents of matches.
  /// `onEntry` is called with every entry in order and whether it is shown.
  @inlinable func filteredRows(
    header: FilterHeader, collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool,
    isMatch: (ItemIdentifierType) -> Bool,
    onEntry: (SharedEntry<ItemIdentifierType>, Bool) -> Void = { _, _ in }
  ) -> (rows: [SharedEntry<ItemIdentifierType>], matches: [ItemIdentifierType]) {
    // Pass 1: bit 0, a match; bit 1, a match lies below.
    var flags = [UInt8](repeating: 0, count: count)
    var matches: [ItemIdentifierType] = []
    var path: [Int] = []
    flags.withUnsafeMutableBufferPointer { flags in
      forEachEntry(in: 0..<count) { position, entry in
        let level = entry.level
        path.removeLast(Swift.max(0, path.count - level))
        path.append(position)
        guard isMatch(entry.item) else { return }
        flags[position] |= 1
        matches.append(entry.item)
        var above = level - 1
        while above >= 0, flags[path[above]] & 2 == 0 {
          flags[path[above]] |= 2
          above -= 1
        }
      }
    }
    let rows = shownRows(
      header: header, collapsed: collapsed, filtersDescendants: filtersDescendants,
      anyMatch: !matches.isEmpty, onEntry: onEntry
    ) { position, entry in flags[position] | (entry.isExpanded ? 4 : 0) }
    return (rows, matches)
  }

  /// The rows shown through a filter, read from this snapshot's entries in order: `flag`
  /// gives each entry's bits (bit 0 a match, bit 1 a match below, bit 2 expanded for the
  /// user); see ``filteredRows(header:collapsed:filtersDescendants:isMatch:onEntry:)``. Reading the tree
  /// itself, `flag` passes on its own expansion; reading the rows a filter showed before, it
  /// looks the expansion up. O(n) plus one call of `flag` per entry visited (a hidden entry's
  /// subtree is passed over without calls).
  @inlinable func shownRows(
    header: FilterHeader, collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool,
    anyMatch: Bool, onEntry: (SharedEntry<ItemIdentifierType>, Bool) -> Void = { _, _ in },
    flag: (Int, SharedEntry<ItemIdentifierType>) -> UInt8
  ) -> [SharedEntry<ItemIdentifierType>] {
    guard count > 0 else { return [] }
    var rows: [SharedEntry<ItemIdentifierType>] = []
    if case .leaf = header {
      let first = entry(at: 0)
      let open = flag(0, first) & 4 != 0 || (anyMatch && !collapsed.contains(first.item))
      if !open {
        forEachEntry(in: 0..<count) { onEntry($1, $0 == 0) }
        return [SharedEntry(item: first.item, level: 0, isExpanded: true)]
      }
    }
    // For each level on the path: whether that row shows its children unfiltered.
    var unfiltered: [Bool] = []
    var skipBelow = Int.max
    forEachEntry(in: 0..<count) { position, entry in
      let level = entry.level
      if level > skipBelow {
        onEntry(entry, false)
        return
      }
      skipBelow = Int.max
      unfiltered.removeLast(Swift.max(0, unfiltered.count - level))
      let isHeader: Bool
      if case .none = header { isHeader = false } else { isHeader = position == 0 }
      let parentUnfiltered = level > 0 && unfiltered[level - 1]
      let bits = flag(position, entry)
      guard isHeader || parentUnfiltered || bits & 3 != 0 else {
        skipBelow = level
        onEntry(entry, false)
        return
      }
      let expanded = bits & 4 != 0
      let open =
        expanded || (bits & 2 != 0 && (collapsed.isEmpty || !collapsed.contains(entry.item)))
      rows.append(SharedEntry(item: entry.item, level: level, isExpanded: true))
      onEntry(entry, true)
      unfiltered.append(expanded && (parentUnfiltered || (bits & 1 != 0 && !filtersDescendants)))
      if !open { skipBelow = level }
    }
    return rows
  }
}

// The rows a filtered section shows, worked out from its tree: what a data source's filter
// reads. Each entry is reported in order with whether it is a row; nothing is copied.

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

  /// Reports every entry of this tree, in order, to `onEntry` with whether a filter shows it
  /// as a row; returns the matches, depth-first.
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
  @inlinable func filteredRows(
    header: FilterHeader, collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool,
    isMatch: (ItemIdentifierType) -> Bool,
    onEntry: (Int, SharedEntry<ItemIdentifierType>, Bool) -> Void
  ) -> [ItemIdentifierType] {
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
    Self.shownRows(
      header: header, first: count > 0 ? entry(at: 0) : nil, collapsed: collapsed,
      filtersDescendants: filtersDescendants, anyMatch: !matches.isEmpty,
      walk: { forEachEntry(in: 0..<count, $0) },
      flag: { position, entry in flags[position] | (entry.isExpanded ? 4 : 0) },
      onEntry: onEntry)
    return matches
  }

  /// Reports the entries `walk` hands over (a tree's, in order, or some of them: a walk of
  /// the rows a filter showed before may skip the rest, as no row can appear among them) to
  /// `onEntry` with whether a filter shows each as a row. `flag` gives each entry's bits (bit
  /// 0 a match, bit 1 a match below, bit 2 expanded for the user); `first` is the tree's
  /// first entry. See ``filteredRows(header:collapsed:filtersDescendants:isMatch:onEntry:)``.
  /// O(k) for the k entries walked, plus one call of `flag` for each entry not inside a
  /// hidden one.
  @inlinable static func shownRows(
    header: FilterHeader, first: SharedEntry<ItemIdentifierType>?,
    collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool, anyMatch: Bool,
    walk: ((Int, SharedEntry<ItemIdentifierType>) -> Void) -> Void,
    flag: (Int, SharedEntry<ItemIdentifierType>) -> UInt8,
    onEntry: (Int, SharedEntry<ItemIdentifierType>, Bool) -> Void
  ) {
    guard let first else { return }
    // `walk` calls back into `flag` and `onEntry`, which it cannot change: neither escapes.
    withoutActuallyEscaping(flag) { flag in
      withoutActuallyEscaping(onEntry) { onEntry in
        shownRows(
          header: header, first: first, collapsed: collapsed,
          filtersDescendants: filtersDescendants, anyMatch: anyMatch, walk: walk, flag: flag,
          onEntry: onEntry)
      }
    }
  }

  /// ``shownRows(header:first:collapsed:filtersDescendants:anyMatch:walk:flag:onEntry:)``
  /// with escaping callbacks that do not escape.
  @inlinable static func shownRows(
    header: FilterHeader, first: SharedEntry<ItemIdentifierType>,
    collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool, anyMatch: Bool,
    walk: ((Int, SharedEntry<ItemIdentifierType>) -> Void) -> Void,
    flag: @escaping (Int, SharedEntry<ItemIdentifierType>) -> UInt8,
    onEntry: @escaping (Int, SharedEntry<ItemIdentifierType>, Bool) -> Void
  ) {
    if case .leaf = header {
      let open = flag(0, first) & 4 != 0 || (anyMatch && !collapsed.contains(first.item))
      if !open {
        walk { onEntry($0, $1, $0 == 0) }
        return
      }
    }
    // For each level on the path: whether that row shows its children unfiltered.
    var unfiltered: [Bool] = []
    var skipBelow = Int.max
    walk { position, entry in
      let level = entry.level
      if level > skipBelow {
        onEntry(position, entry, false)
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
        onEntry(position, entry, false)
        return
      }
      let expanded = bits & 4 != 0
      let open =
        expanded || (bits & 2 != 0 && (collapsed.isEmpty || !collapsed.contains(entry.item)))
      onEntry(position, entry, true)
      unfiltered.append(expanded && (parentUnfiltered || (bits & 1 != 0 && !filtersDescendants)))
      if !open { skipBelow = level }
    }
  }
}

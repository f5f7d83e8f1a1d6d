// Showing only the items that match, with the way to them: a filter on the data source's rows
// that leaves its trees, and the user's expansion, as they are.

extension DiffableDataSource {
  /// Shows, in `section` (nil: in every section, and in each section added while the filter
  /// is set), only the items for which `isIncluded` returns true, their ancestors, and the
  /// section's header row; sends the list view the rows that disappear and appear in one
  /// batch.
  ///
  /// Every item of the section's tree is asked, collapsed subtrees included; children not
  /// loaded yet are not. The ancestors of matches are opened for the filter. A match shows
  /// its children as the user left it: collapsed, or expanded and unfiltered (with
  /// `filteringDescendantsOfMatches`, only the matches below it and the way to them). A
  /// filter set again replaces the one before; ``narrowFilter(in:animated:_:)`` refines it.
  ///
  /// While a filter is set:
  /// - ``itemIdentifier(for:)``, ``indexPath(for:)``, ``numberOfItems(inSection:)`` and
  ///   ``itemIdentifiers(in:inSection:)`` answer for the rows shown; ``snapshot()`` and
  ///   ``snapshot(for:)`` answer for the data as if nothing were filtered, with the user's
  ///   expansion.
  /// - Expanding and collapsing are real: they change the user's expansion, which clearing
  ///   the filter keeps. Collapsing a parent the filter opened hides the matches below it
  ///   until it is expanded or the filter is set again.
  /// - Applies change the full trees, and the rows show the result through the filter (new
  ///   items that match appear).
  /// - Moving rows is refused (``DataSourceError/Reason/filtered(_:)``).
  ///
  /// The filter's batch changes no row's expansion as ``snapshot(for:)`` reports it, so it
  /// reconfigures nothing.
  ///
  /// - Throws: ``DataSourceError`` when `section` is not one of the data source's, or during
  ///   another update; nothing changes then.
  /// - Complexity: O(n) for the n items of the sections filtered, with one call of
  ///   `isIncluded` each, and no hashing beyond the sections' own. While the filter is set,
  ///   every other update of a filtered section costs O(n) calls of the filter's tests and
  ///   the diff of the section's rows.
  @inlinable public func filter(
    in section: SectionIdentifierType? = nil, filteringDescendantsOfMatches: Bool = false,
    animated: Bool = true, _ isIncluded: @escaping (ItemIdentifierType) -> Bool
  ) throws(Error) {
    let indexes = try filterTargets(section, .filter)
    filterOrder &+= 1
    try performUnfilteredUpdate(.filter) { () throws(Error) in
      var changes: [FilterChange] = []
      for index in indexes {
        let fresh = RowFilter(
          tests: [isIncluded], filtersDescendants: filteringDescendantsOfMatches)
        // The new rows and the batch from the old ones, in one walk of the tree.
        let (filter, edit) = filtered(fresh, inSection: index, from: shownBefore(index))
        changes.append((index, filter, edit))
      }
      if section == nil {
        filterForNewSections = RowFilter(
          tests: [isIncluded], filtersDescendants: filteringDescendantsOfMatches)
      }
      try replaceFilters(changes, .filter, animated: animated)
    }
  }

  /// Refines the filter of `section` (nil: of every section, and the filter given to sections
  /// added later): an item now matches when it matched before and `isIncluded` returns true
  /// for it. Only the previous matches are asked; the rows the filter showed can only
  /// disappear (what the user collapsed while filtering stays collapsed). A section without a
  /// filter is filtered by `isIncluded` alone, as ``filter(in:filteringDescendantsOfMatches:animated:_:)``
  /// filters it.
  ///
  /// - Throws: ``DataSourceError`` when `section` is not one of the data source's, or during
  ///   another update; nothing changes then.
  /// - Complexity: O(m + r) expected for the m previous matches (one call of `isIncluded`
  ///   each) and the r rows shown before, plus O(d log n) for the depth d of each kept match
  ///   the user hid by collapsing its ancestor: independent of the items not shown.
  @inlinable public func narrowFilter(
    in section: SectionIdentifierType? = nil, animated: Bool = true,
    _ isIncluded: @escaping (ItemIdentifierType) -> Bool
  ) throws(Error) {
    let indexes = try filterTargets(section, .narrowFilter)
    filterOrder &+= 1
    try performUnfilteredUpdate(.narrowFilter) { () throws(Error) in
      var changes: [FilterChange] = []
      for index in indexes {
        if let current = filter(ofSection: index) {
          let (filter, deleted) = narrowed(current, by: isIncluded, inSection: index)
          changes.append((index, filter, (deleted, [])))
        } else {
          let fresh = RowFilter(tests: [isIncluded], filtersDescendants: false)
          let (filter, edit) = filtered(fresh, inSection: index, from: shownBefore(index))
          changes.append((index, filter, edit))
        }
      }
      if section == nil {
        if filterForNewSections == nil {
          filterForNewSections = RowFilter(tests: [], filtersDescendants: false)
        }
        filterForNewSections?.tests.append(isIncluded)
      }
      try replaceFilters(changes, .narrowFilter, animated: animated)
    }
  }

  /// Removes the filter of `section` (nil: of every section, and the filter given to
  /// sections added later); sends the list view one batch that restores the rows the user's
  /// expansion shows, with what the user expanded and collapsed while filtering.
  ///
  /// - Throws: ``DataSourceError`` when `section` is not one of the data source's, or during
  ///   another update; nothing changes then.
  /// - Complexity: O(n) for the n items of the sections cleared, with no hashing beyond the
  ///   sections' own; O(1) for a section without a filter.
  @inlinable public func clearFilter(
    in section: SectionIdentifierType? = nil, animated: Bool = true
  ) throws(Error) {
    let indexes = try filterTargets(section, .clearFilter)
    filterOrder &+= 1
    try performUnfilteredUpdate(.clearFilter) { () throws(Error) in
      var changes: [FilterChange] = []
      for index in indexes {
        guard let rows = filter(ofSection: index)?.rows else { continue }
        changes.append((index, nil, cleared(rows, inSection: index)))
      }
      if section == nil { filterForNewSections = nil }
      try replaceFilters(changes, .clearFilter, animated: animated)
    }
  }

  /// Whether `section` shows its rows through a filter.
  ///
  /// - Complexity: O(1) expected.
  @inlinable public func isFiltered(_ section: SectionIdentifierType) -> Bool {
    filters[section] != nil
  }

  // MARK: Internals

  /// The indexes of the sections a filter call names: `section`'s, or all. O(s).
  @inlinable func filterTargets(_ section: SectionIdentifierType?, _ operation: Error.Operation)
    throws(Error) -> [Int]
  {
    guard let section else { return Array(sections.indices) }
    guard let index = sectionIndexes[section] else {
      throw Error(operation, .unknownSection(section))
    }
    return [index]
  }

  /// The rows the section at `index` shows now, before a filter changes them. O(log n).
  @inlinable func shownBefore(_ index: Int) -> ShownRows {
    if let rows = filter(ofSection: index)?.rows { return .filtered(rows) }
    if foldingHeader(ofSection: index) != nil { return .header }
    return .visible
  }

  /// Which entries of a section's tree are its rows: its visible ones, its header alone (a
  /// leaf header folds the section), or a filter's.
  @usableFromInline enum ShownRows: Sendable {
    case visible
    case header
    case filtered(FilterRows)

    /// The rows' positions when a filter shows them, else nil. O(1).
    @inlinable var filteredPositions: [Int]? {
      if case .filtered(let rows) = self { return rows.positions }
      return nil
    }

    /// Whether its rows are the header alone. O(1).
    @inlinable var isHeader: Bool {
      if case .header = self { return true }
      return false
    }
  }

  /// A section's change of filter: its new filter (nil: none) and the rows deleted and
  /// inserted.
  @usableFromInline typealias FilterChange = (
    index: Int, filter: RowFilter?, edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])
  )

  /// Gives each section of `changes` its new filter (nil: none) and sends the list view the
  /// rows that changed, in one batch.
  @inlinable func replaceFilters(
    _ changes: [FilterChange], _ operation: Error.Operation, animated: Bool
  ) throws(Error) {
    var batch = BatchUpdate()
    for change in changes {
      filters[sections[change.index].id] = change.filter
      // The first section's lists are taken as they are (no copy of a million paths).
      if batch.deletedItems.isEmpty {
        batch.deletedItems = change.edit.deleted
      } else {
        batch.deletedItems.append(contentsOf: change.edit.deleted)
      }
      if batch.insertedItems.isEmpty {
        batch.insertedItems = change.edit.inserted
      } else {
        batch.insertedItems.append(contentsOf: change.edit.inserted)
      }
    }
    deliver(batch, animated: animated)
  }

  /// The rows deleted and inserted when the section at `index` stops showing `rows`, its
  /// filter's, and shows its tree's visible items (or its folding header alone) again. Both
  /// are entries of the same tree: one walk, no hashing. O(n).
  @inlinable func cleared(_ rows: FilterRows, inSection index: Int)
    -> (deleted: [ListIndexPath], inserted: [ListIndexPath])
  {
    let headerAlone = foldingHeader(ofSection: index) != nil
    let old = rows.positions
    var deleted: [ListIndexPath] = []
    var inserted: [ListIndexPath] = []
    inserted.reserveCapacity(sections[index].tree.visibleCount)
    var (i, j) = (0, 0)
    rows.tree.forEachEntry(in: 0..<rows.tree.count) { position, entry in
      let was = i < old.count && old[i] == position
      let isNow = headerAlone ? position == 0 : entry.hidden == 0
      if was && !isNow { deleted.append(ListIndexPath(item: i, section: index)) }
      if isNow && !was { inserted.append(ListIndexPath(item: j, section: index)) }
      if was { i += 1 }
      if isNow { j += 1 }
    }
    return (deleted, inserted)
  }

  /// `filter` with its rows and matches worked out from the tree of the section at `index`,
  /// and the rows deleted and inserted from `old`, read in the same walk. O(n).
  @inlinable func filtered(_ filter: RowFilter, inSection index: Int, from old: ShownRows)
    -> (RowFilter, (deleted: [ListIndexPath], inserted: [ListIndexPath]))
  {
    var filter = filter
    let tests = filter.tests
    let walk = Self.filterWalk(
      sections[index].tree, inSection: index, header: filterHeader(ofSection: index),
      collapsed: filter.collapsed, filtersDescendants: filter.filtersDescendants, from: old
    ) { item in
      if tests.count == 1 { return tests[0](item) }
      for test in tests where !test(item) { return false }
      return true
    }
    filter.rows = walk.rows
    filter.matches = walk.matches
    return (filter, walk.edit)
  }

  /// What a filter shows of a tree, and the rows deleted and inserted from the rows shown
  /// before, worked out in one walk of the tree.
  @usableFromInline struct FilterWalk: Sendable {
    @usableFromInline var rows: FilterRows
    @usableFromInline var matches: [ItemIdentifierType]
    @usableFromInline var edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])

    @inlinable init(
      rows: FilterRows, matches: [ItemIdentifierType],
      edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])
    ) {
      self.rows = rows
      self.matches = matches
      self.edit = edit
    }
  }

  /// See ``FilterWalk``: `tree` shown as the section at `index`, `old` its rows before. O(n)
  /// for the n items of `tree`, with one call of `isMatch` each and no hashing beyond the
  /// lookups in `collapsed`.
  @inlinable static func filterWalk(
    _ tree: SectionSnapshot, inSection index: Int, header: SectionSnapshot.FilterHeader,
    collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool, from old: ShownRows,
    isMatch: (ItemIdentifierType) -> Bool
  ) -> FilterWalk {
    var rows = FilterRows(of: tree)
    let oldPositions = old.filteredPositions
    let headerAlone = old.isHeader
    var deleted: [ListIndexPath] = []
    // Most rows may go: room for all of them, so that the list never grows by copying.
    deleted.reserveCapacity(oldPositions?.count ?? tree.visibleCount)
    var inserted: [ListIndexPath] = []
    var (i, j) = (0, 0)
    let matches = tree.filteredRows(
      header: header, collapsed: collapsed, filtersDescendants: filtersDescendants,
      isMatch: isMatch
    ) { position, entry, isNow in
      let was: Bool
      if let oldPositions {
        was = i < oldPositions.count && oldPositions[i] == position
      } else {
        was = headerAlone ? position == 0 : entry.hidden == 0
      }
      if was && !isNow { deleted.append(ListIndexPath(item: i, section: index)) }
      if isNow {
        rows.append(position, entry)
        if !was { inserted.append(ListIndexPath(item: j, section: index)) }
        j += 1
      }
      if was { i += 1 }
    }
    return FilterWalk(rows: rows, matches: matches, edit: (deleted, inserted))
  }

  /// `filter` refined by `test`, and the rows it no longer shows (narrowing only hides rows),
  /// reading only its matches and the rows it showed in the section at `index`: O(m + r)
  /// expected for m matches and r rows, plus O(d log n) for each kept match the user hid.
  @inlinable func narrowed(
    _ filter: RowFilter, by test: @escaping (ItemIdentifierType) -> Bool, inSection index: Int
  ) -> (RowFilter, [ListIndexPath]) {
    var filter = filter
    let old = filter.rows
    let tree = old.tree
    let kept = filter.matches.filter(test)
    let matches = Set(kept)
    // The rows' bits (bit 0 a kept match, bit 1 a kept match below, bit 2 expanded), read
    // from the rows themselves: a shown match's ancestors are shown.
    var bits: [UInt8] = []
    bits.reserveCapacity(old.count)
    var path: [Int] = []
    var keptShown = 0
    for (row, entry) in old.entries.enumerated() {
      path.removeLast(Swift.max(0, path.count - entry.level))
      var flag: UInt8 = entry.isExpanded ? 4 : 0
      if matches.contains(entry.item) {
        flag |= 1
        keptShown += 1
        for ancestor in path.reversed() {
          if bits[ancestor] & 2 != 0 { break }
          bits[ancestor] |= 2
        }
      }
      path.append(row)
      bits.append(flag)
    }
    // Kept matches hidden below a parent the user closed: their ancestors, from the tree.
    var above: Set<ItemIdentifierType> = []
    if keptShown < kept.count {
      for match in kept where old.row(of: match) == nil {
        var parent = tree.parent(of: match)
        while let next = parent, above.insert(next).inserted { parent = tree.parent(of: next) }
      }
    }
    var new = FilterRows(of: tree)
    var deleted: [ListIndexPath] = []
    SectionSnapshot.shownRows(
      header: filterHeader(ofSection: index), first: old.entries.first,
      collapsed: filter.collapsed, filtersDescendants: filter.filtersDescendants,
      anyMatch: !kept.isEmpty,
      walk: { body in
        // Row indexes stand for positions: the header, when there is one, is entry 0 and
        // row 0.
        for (row, entry) in old.entries.enumerated() { body(row, entry) }
      },
      flag: { row, entry in
        var flag = bits[row]
        if !above.isEmpty && above.contains(entry.item) { flag |= 2 }
        return flag
      },
      onEntry: { row, _, isNow in
        if isNow {
          new.append(old.positions[row], old.entries[row])
        } else {
          deleted.append(ListIndexPath(item: row, section: index))
        }
      })
    filter.rows = new
    filter.matches = kept
    filter.tests.append(test)
    return (filter, deleted)
  }

  /// Changes what the user closed while filtering the section at `index`, if it is filtered.
  /// O(1) plus `change`.
  @inlinable func changeFilterCollapsed(
    inSection index: Int, _ change: (inout Set<ItemIdentifierType>) -> Void
  ) {
    let id = sections[index].id
    guard filters[id] != nil else { return }
    change(&filters[id]!.collapsed)
  }
}

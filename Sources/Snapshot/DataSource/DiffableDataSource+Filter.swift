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
    try performUnfilteredUpdate(.filter) { () throws(Error) in
      var changes: [(index: Int, old: [ItemIdentifierType], filter: RowFilter?)] = []
      for index in indexes {
        let fresh = RowFilter(
          tests: [isIncluded], filtersDescendants: filteringDescendantsOfMatches)
        changes.append((index, shownItems(ofSection: index), refreshed(fresh, inSection: index)))
      }
      if section == nil {
        filterForNewSections = FilterSpec(
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
  /// - Complexity: O(m + r log n) for the m previous matches (one call of `isIncluded` each)
  ///   and the r rows shown before, plus O(d log n) for the depth d of each match kept:
  ///   independent of the number of items that are not shown.
  @inlinable public func narrowFilter(
    in section: SectionIdentifierType? = nil, animated: Bool = true,
    _ isIncluded: @escaping (ItemIdentifierType) -> Bool
  ) throws(Error) {
    let indexes = try filterTargets(section, .narrowFilter)
    try performUnfilteredUpdate(.narrowFilter) { () throws(Error) in
      var changes: [(index: Int, old: [ItemIdentifierType], filter: RowFilter?)] = []
      for index in indexes {
        let old = shownItems(ofSection: index)
        if let current = filter(ofSection: index) {
          changes.append((index, old, narrowed(current, by: isIncluded, inSection: index)))
        } else {
          let fresh = RowFilter(tests: [isIncluded], filtersDescendants: false)
          changes.append((index, old, refreshed(fresh, inSection: index)))
        }
      }
      if section == nil {
        if filterForNewSections == nil {
          filterForNewSections = FilterSpec(tests: [], filtersDescendants: false)
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
    try performUnfilteredUpdate(.clearFilter) { () throws(Error) in
      var changes: [(index: Int, old: [ItemIdentifierType], filter: RowFilter?)] = []
      for index in indexes where filter(ofSection: index) != nil {
        changes.append((index, shownItems(ofSection: index), nil))
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

  /// The rows the section at `index` shows now, through its filter if it has one. O(rows).
  @inlinable func shownItems(ofSection index: Int) -> [ItemIdentifierType] {
    filter(ofSection: index)?.rows.items ?? rowItems(inSection: index)
  }

  /// Gives each section of `changes` its new filter (nil: none) and sends the list view the
  /// rows that changed, in one batch. Old and new rows both follow the tree's order, so each
  /// section's change is read by walking its tree once, comparing identifiers in step.
  @inlinable func replaceFilters(
    _ changes: [(index: Int, old: [ItemIdentifierType], filter: RowFilter?)],
    _ operation: Error.Operation, animated: Bool
  ) throws(Error) {
    let before = filteredLayout
    var batch = BatchUpdate()
    var inStep = true
    for change in changes {
      let id = sections[change.index].id
      filters[id] = change.filter
      let new = shownItems(ofSection: change.index)
      guard inStep,
        let edit = sections[change.index].tree.rowChanges(
          from: change.old, to: new, inSection: change.index)
      else {
        inStep = false
        continue
      }
      batch.deletedItems += edit.deleted
      batch.insertedItems += edit.inserted
    }
    if inStep {
      deliver(batch, animated: animated)
    } else {
      // Only identifiers with a broken `Hashable` conformance get here.
      deliver(
        try update(from: before, to: filteredLayout, operation, verify: false),
        animated: animated)
    }
  }

  /// `filter` refined by `test`, reading only its matches and the rows it showed in the
  /// section at `index`. O(m + r log n + k·d log n).
  @inlinable func narrowed(
    _ filter: RowFilter, by test: @escaping (ItemIdentifierType) -> Bool, inSection index: Int
  ) -> RowFilter {
    var filter = filter
    let tree = sections[index].tree
    let kept = filter.matches.filter(test)
    let matches = Set(kept)
    var above: Set<ItemIdentifierType> = []
    for match in kept {
      var parent = tree.parent(of: match)
      while let next = parent, above.insert(next).inserted { parent = tree.parent(of: next) }
    }
    let rows = filter.rows.shownRows(
      header: filterHeader(ofSection: index), collapsed: filter.collapsed,
      filtersDescendants: filter.filtersDescendants, anyMatch: !kept.isEmpty
    ) { _, entry in
      let item = entry.item
      var bits: UInt8 = matches.contains(item) ? 1 : 0
      if above.contains(item) { bits |= 2 }
      if tree.expansion(of: item) == true { bits |= 4 }
      return bits
    }
    filter.rows = SectionSnapshot(entries: rows)
    filter.matches = kept
    filter.tests.append(test)
    return filter
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

extension DiffableDataSourceSectionSnapshot {
  /// The rows deleted from `old` and inserted into `new`, both lists of this snapshot's items
  /// in its order, as index paths in section `section`; nil when either is not (identifiers
  /// with a broken `Hashable` conformance). O(n) for the n items, comparing in step.
  @inlinable func rowChanges(
    from old: [ItemIdentifierType], to new: [ItemIdentifierType], inSection section: Int
  ) -> (deleted: [ListIndexPath], inserted: [ListIndexPath])? {
    var deleted: [ListIndexPath] = []
    var inserted: [ListIndexPath] = []
    var (i, j) = (0, 0)
    forEachEntry(in: 0..<count) { _, entry in
      guard i < old.count || j < new.count else { return }
      let item = entry.item
      let was = i < old.count && old[i] == item
      let isNow = j < new.count && new[j] == item
      if was && !isNow { deleted.append(ListIndexPath(item: i, section: section)) }
      if isNow && !was { inserted.append(ListIndexPath(item: j, section: section)) }
      if was { i += 1 }
      if isNow { j += 1 }
    }
    guard i == old.count, j == new.count else { return nil }
    return (deleted, inserted)
  }
}

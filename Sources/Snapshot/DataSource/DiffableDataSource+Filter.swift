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
        let old = shownItems(ofSection: index)
        // The new rows and the batch from the old ones, in one walk of the tree.
        let (filter, edit) = filtered(fresh, inSection: index, from: old)
        changes.append((index, old, filter, edit))
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
    filterOrder &+= 1
    try performUnfilteredUpdate(.narrowFilter) { () throws(Error) in
      var changes: [FilterChange] = []
      for index in indexes {
        let old = shownItems(ofSection: index)
        if let current = filter(ofSection: index) {
          changes.append((index, old, narrowed(current, by: isIncluded, inSection: index), nil))
        } else {
          let fresh = RowFilter(tests: [isIncluded], filtersDescendants: false)
          changes.append((index, old, refreshed(fresh, inSection: index), nil))
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
    filterOrder &+= 1
    try performUnfilteredUpdate(.clearFilter) { () throws(Error) in
      var changes: [FilterChange] = []
      for index in indexes where filter(ofSection: index) != nil {
        changes.append((index, shownItems(ofSection: index), nil, nil))
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

  /// The rows the section at `index` shows now: through its filter, or its tree's visible
  /// items (nil: read from the tree as it is walked, never listed). O(1), or O(rows) for a
  /// filtered section's.
  @inlinable func shownItems(ofSection index: Int) -> [ItemIdentifierType]? {
    if let filter = filter(ofSection: index) { return filter.rows.items }
    if let header = foldingHeader(ofSection: index) { return [header] }
    return nil
  }

  /// Gives each section of `changes` its new filter (nil: none) and sends the list view the
  /// rows that changed, in one batch. Old and new rows both follow the tree's order, so each
  /// section's change is read by comparing identifiers in step: along the old rows when the
  /// new ones are among them (narrowing), else along the tree.
  @inlinable func replaceFilters(
    _ changes: [FilterChange], _ operation: Error.Operation, animated: Bool
  ) throws(Error) {
    var batch = BatchUpdate()
    var fallback = false
    for change in changes {
      let id = sections[change.index].id
      filters[id] = change.filter
      let new = shownItems(ofSection: change.index)
      let tree = sections[change.index].tree
      var edit = change.edit
      if edit == nil, let old = change.old, let new,
        let deleted = Self.deletions(from: old, keeping: new, inSection: change.index)
      {
        edit = (deleted, [])
      }
      if edit == nil { edit = tree.rowChanges(from: change.old, to: new, inSection: change.index) }
      guard let edit else {
        fallback = true
        continue
      }
      // The first section's lists are taken as they are (no copy of a million paths).
      if batch.deletedItems.isEmpty {
        batch.deletedItems = edit.deleted
      } else {
        batch.deletedItems.append(contentsOf: edit.deleted)
      }
      if batch.insertedItems.isEmpty {
        batch.insertedItems = edit.inserted
      } else {
        batch.insertedItems.append(contentsOf: edit.inserted)
      }
    }
    guard fallback else { return deliver(batch, animated: animated) }
    // Only identifiers with a broken `Hashable` conformance get here: diff the rows.
    var before = filteredLayout
    for change in changes {
      before[change.index].items = change.old ?? sections[change.index].tree.visibleItems
    }
    deliver(
      try update(from: before, to: filteredLayout, operation, verify: false), animated: animated)
  }

  /// The rows deleted from `old` when `new` is among them in the same order, or nil.
  /// O(old), comparing in step.
  @inlinable static func deletions(
    from old: [ItemIdentifierType], keeping new: [ItemIdentifierType], inSection section: Int
  ) -> [ListIndexPath]? {
    guard new.count <= old.count else { return nil }
    var deleted: [ListIndexPath] = []
    var kept = 0
    for (row, item) in old.enumerated() {
      if kept < new.count && new[kept] == item {
        kept += 1
      } else {
        deleted.append(ListIndexPath(item: row, section: section))
      }
    }
    return kept == new.count ? deleted : nil
  }

  /// A section's change of filter: the rows it showed (nil: its tree's visible items), its
  /// new filter (nil: none), and the rows deleted and inserted when they are known already.
  @usableFromInline typealias FilterChange = (
    index: Int, old: [ItemIdentifierType]?, filter: RowFilter?,
    edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])?
  )

  /// `filter` with its rows and matches worked out from the tree of the section at `index`,
  /// and the rows deleted and inserted from `old` (nil: the tree's visible items), read in
  /// the same walk; no edit when `old` does not follow the tree (identifiers with a broken
  /// `Hashable` conformance). O(n).
  @inlinable func filtered(
    _ filter: RowFilter, inSection index: Int, from old: [ItemIdentifierType]?
  ) -> (RowFilter, (deleted: [ListIndexPath], inserted: [ListIndexPath])?) {
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

  /// What a filter shows of `tree` as the section at `index`, and the rows deleted and
  /// inserted from `old` (nil: the tree's visible items), in one walk of the tree.
  @usableFromInline struct FilterWalk: Sendable {
    @usableFromInline var rows: SectionSnapshot
    @usableFromInline var matches: [ItemIdentifierType]
    @usableFromInline var edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])?

    @inlinable init(
      rows: SectionSnapshot, matches: [ItemIdentifierType],
      edit: (deleted: [ListIndexPath], inserted: [ListIndexPath])?
    ) {
      self.rows = rows
      self.matches = matches
      self.edit = edit
    }
  }

  /// See ``FilterWalk``: O(n) for the n items of `tree`, with one call of `isMatch` each and
  /// no hashing beyond the lookups in `collapsed`.
  @inlinable static func filterWalk(
    _ tree: SectionSnapshot, inSection index: Int, header: SectionSnapshot.FilterHeader,
    collapsed: Set<ItemIdentifierType>, filtersDescendants: Bool,
    from old: [ItemIdentifierType]?, isMatch: (ItemIdentifierType) -> Bool
  ) -> FilterWalk {
    var deleted: [ListIndexPath] = []
    // Most rows may go: room for all of them, so that the list never grows by copying.
    deleted.reserveCapacity(old?.count ?? tree.visibleCount)
    var inserted: [ListIndexPath] = []
    var (i, j) = (0, 0)
    let (rows, matches) = tree.filteredRows(
      header: header, collapsed: collapsed, filtersDescendants: filtersDescendants,
      isMatch: isMatch
    ) { entry, isNow in
      let was: Bool
      if let old { was = i < old.count && old[i] == entry.item } else { was = entry.hidden == 0 }
      if was && !isNow { deleted.append(ListIndexPath(item: i, section: index)) }
      if isNow && !was { inserted.append(ListIndexPath(item: j, section: index)) }
      if was { i += 1 }
      if isNow { j += 1 }
    }
    let inStep = i == old?.count ?? i
    return FilterWalk(
      rows: SectionSnapshot(entries: rows), matches: matches,
      edit: inStep ? (deleted, inserted) : nil)
  }

  /// `filter` refined by `test`, reading only its matches and the rows it showed in the
  /// section at `index`: O(m + r) expected for m matches and r rows, plus O(log n) for each
  /// row that showed rows below it and O(d log n) for each kept match the user hid.
  @inlinable func narrowed(
    _ filter: RowFilter, by test: @escaping (ItemIdentifierType) -> Bool, inSection index: Int
  ) -> RowFilter {
    var filter = filter
    let tree = sections[index].tree
    let kept = filter.matches.filter(test)
    let matches = Set(kept)
    let shown = filter.rows
    // Each row's bits (a kept match, a kept match below), read from the rows themselves: a
    // shown match's ancestors are shown. And each row's level: a row showed rows below it
    // when the next row is deeper.
    var bits = [UInt8](repeating: 0, count: shown.count)
    var levels: [Int32] = []
    levels.reserveCapacity(shown.count + 1)
    var path: [Int] = []
    var keptShown = 0
    shown.forEachEntry(in: 0..<shown.count) { position, entry in
      levels.append(Int32(entry.level))
      path.removeLast(Swift.max(0, path.count - entry.level))
      if matches.contains(entry.item) {
        bits[position] |= 1
        keptShown += 1
        for ancestor in path.reversed() {
          if bits[ancestor] & 2 != 0 { break }
          bits[ancestor] |= 2
        }
      }
      path.append(position)
    }
    levels.append(-1)
    // Kept matches hidden below a parent the user closed: their ancestors, from the tree.
    var above: Set<ItemIdentifierType> = []
    if keptShown < kept.count {
      for match in kept where !shown.contains(match) {
        var parent = tree.parent(of: match)
        while let next = parent, above.insert(next).inserted { parent = tree.parent(of: next) }
      }
    }
    let rows = shown.shownRows(
      header: filterHeader(ofSection: index), collapsed: filter.collapsed,
      filtersDescendants: filter.filtersDescendants, anyMatch: !kept.isEmpty
    ) { position, entry in
      var flags = bits[position]
      if !above.isEmpty && above.contains(entry.item) { flags |= 2 }
      // The expansion matters only for a row that showed rows below it (and for a header
      // that folds the section): only they can show rows below them now.
      if position == 0 || levels[position + 1] > levels[position],
        tree.expansion(of: entry.item) == true
      {
        flags |= 4
      }
      return flags
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
  /// in its order (nil: its visible items, read as it is walked), as index paths in section
  /// `section`; nil when either is not (identifiers with a broken `Hashable` conformance).
  /// O(n) for the n items, comparing in step.
  @inlinable func rowChanges(
    from old: [ItemIdentifierType]?, to new: [ItemIdentifierType]?, inSection section: Int
  ) -> (deleted: [ListIndexPath], inserted: [ListIndexPath])? {
    var deleted: [ListIndexPath] = []
    var inserted: [ListIndexPath] = []
    // Room for every row of the longer side, so that neither list grows by copying.
    deleted.reserveCapacity(old?.count ?? visibleCount)
    inserted.reserveCapacity(new?.count ?? visibleCount)
    var (i, j) = (0, 0)
    forEachEntry(in: 0..<count) { _, entry in
      let item = entry.item
      let visible = entry.hidden == 0
      let was: Bool
      if let old { was = i < old.count && old[i] == item } else { was = visible }
      let isNow: Bool
      if let new { isNow = j < new.count && new[j] == item } else { isNow = visible }
      if was && !isNow { deleted.append(ListIndexPath(item: i, section: section)) }
      if isNow && !was { inserted.append(ListIndexPath(item: j, section: section)) }
      if was { i += 1 }
      if isNow { j += 1 }
    }
    guard i == old?.count ?? i, j == new?.count ?? j else { return nil }
    return (deleted, inserted)
  }
}

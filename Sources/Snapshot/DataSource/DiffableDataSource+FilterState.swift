// What a filter keeps for a section, and how every update of a filtered data source reaches
// the list view: the update runs on the full trees as it would unfiltered, its own batches
// held back; then the filtered rows are worked out again and the view receives the
// difference between the rows it showed and the rows it shows now.

extension DiffableDataSource {
  /// The filter of one section: its tests (an item matches when it passes all of them), what
  /// the user closed while filtering, its matches and the rows it shows.
  @usableFromInline struct RowFilter {
    /// An item matches when every test returns true (narrowing adds a test).
    @usableFromInline var tests: [(ItemIdentifierType) -> Bool]
    /// Whether an expanded match shows only the matches below it (and the way to them).
    @usableFromInline var filtersDescendants: Bool
    /// Parents the user collapsed while filtering: no longer opened for the filter.
    @usableFromInline var collapsed: Set<ItemIdentifierType> = []
    /// The matches, depth-first.
    @usableFromInline var matches: [ItemIdentifierType] = []
    /// The rows shown: entries of the section's tree.
    @usableFromInline var rows = FilterRows(of: SectionSnapshot())

    @inlinable init(tests: [(ItemIdentifierType) -> Bool], filtersDescendants: Bool) {
      self.tests = tests
      self.filtersDescendants = filtersDescendants
    }

    /// Whether `item` matches. O(tests).
    @inlinable func passes(_ item: ItemIdentifierType) -> Bool {
      for test in tests where !test(item) { return false }
      return true
    }
  }

  /// The batches an update sent while a filter is set, held back and read for their marks.
  @usableFromInline struct HeldDelivery {
    @usableFromInline var reload = false
    @usableFromInline var animated = true
    @usableFromInline var marks = DiffMarks<SectionIdentifierType, ItemIdentifierType>()
    /// The rows before the update, unfiltered, to read the marks' old index paths.
    @usableFromInline var before: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]

    @inlinable init(before: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]) {
      self.before = before
    }
  }

  /// How the filter of the section at `index` treats its first root. O(log n).
  @inlinable func filterHeader(ofSection index: Int) -> SectionSnapshot.FilterHeader {
    let tree = sections[index].tree
    guard headerMode(for: sections[index].id) == .firstItemInSection, let first = tree.firstRoot
    else { return .none }
    return first.hasChildren ? .parent : .leaf
  }

  /// `filter` with its rows and matches worked out again from the tree of the section at
  /// `index`: one call of each test per item. O(n).
  @inlinable func refreshed(_ filter: RowFilter, inSection index: Int) -> RowFilter {
    var filter = filter
    let tree = sections[index].tree
    if !filter.collapsed.isEmpty { filter.collapsed = filter.collapsed.filter(tree.contains) }
    let walk = Self.filterWalk(
      tree, inSection: index, header: filterHeader(ofSection: index),
      collapsed: filter.collapsed, filtersDescendants: filter.filtersDescendants, from: .visible
    ) { filter.passes($0) }
    filter.rows = walk.rows
    filter.matches = walk.matches
    return filter
  }

  /// The rows of every section as the list view shows them: through each section's filter.
  /// O(n).
  @inlinable var filteredLayout: [LayoutSection<SectionIdentifierType, ItemIdentifierType>] {
    sections.indices.map { index in
      let id = sections[index].id
      return LayoutSection(id, items: filters[id]?.rows.items ?? rowItems(inSection: index))
    }
  }

  /// Whether updates go through ``filteredUpdate(_:_:)``. O(1).
  @inlinable var isFiltering: Bool { !filters.isEmpty || filterForNewSections != nil }

  /// Runs `body` (an update of the trees, which delivers as if nothing were filtered) with
  /// its deliveries held back; then works out every filter's rows again, gives the filter in
  /// every section to the sections the update added, and sends the list view one update from
  /// the rows it showed to the rows it shows now, with the reloads and reconfigures the held
  /// batches asked for. When `check` throws, everything is put back and nothing is sent.
  /// O(n) for the n items of the filtered sections, plus the diff of the rows.
  @inlinable func filteredUpdate<Result>(
    _ operation: Error.Operation, check: (() throws(Error) -> Void)? = nil,
    _ body: () throws(Error) -> Result
  ) throws(Error) -> Result {
    let shown = filteredLayout
    let saved = (sections, sectionIndexes, filters)
    let before = Set(sections.map(\.id))
    let style = updateStyle
    updateStyle = .singleBatch
    held = HeldDelivery(before: layout)
    defer {
      held = nil
      updateStyle = style
    }
    let result = try body()
    let delivery = held!
    held = nil
    updateStyle = style
    for (id, filter) in filters {
      guard let index = sectionIndexes[id] else {
        filters[id] = nil
        continue
      }
      filters[id] = refreshed(filter, inSection: index)
    }
    if let fresh = filterForNewSections {
      for index in sections.indices where !before.contains(sections[index].id) {
        filters[sections[index].id] = refreshed(fresh, inSection: index)
      }
    }
    if let check {
      do throws(Error) {
        try check()
      } catch {
        (sections, sectionIndexes, filters) = saved
        throw error
      }
    }
    if delivery.reload {
      deliverReload()
    } else {
      deliver(
        try update(from: shown, to: filteredLayout, marks: delivery.marks, operation),
        animated: delivery.animated)
    }
    return result
  }

  /// Holds back `batch`, sent by an update of a filtered data source, keeping its reloads and
  /// reconfigures as marks. O(batch).
  @inlinable func hold(_ batch: BatchUpdate, animated: Bool) {
    guard var delivery = held else { return }
    delivery.animated = animated
    let before = delivery.before
    for section in batch.reloadedSections where before.indices.contains(section) {
      delivery.marks.reloadedSections.append(before[section].id)
    }
    for path in batch.reloadedItems
    where before.indices.contains(path.section)
      && before[path.section].items.indices.contains(path.item)
    {
      delivery.marks.reloadedItems.append(before[path.section].items[path.item])
    }
    for path in batch.reconfiguredItems
    where sections.indices.contains(path.section)
      && (0..<rowCount(inSection: path.section)).contains(path.item)
    {
      delivery.marks.reconfiguredItems.append(rowItem(at: path.item, inSection: path.section))
    }
    held = delivery
  }
}

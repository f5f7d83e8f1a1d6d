// The rows a data source shows, read from its section trees: each section shows its tree's
// visible items, or only its header when a leaf header folds it. Nothing else holds them.

extension DiffableDataSource {
  /// The header that folds the section at `index` (a leaf header, collapsed), or nil.
  /// O(log n).
  @inlinable func foldingHeader(ofSection index: Int) -> ItemIdentifierType? {
    let tree = sections[index].tree
    guard let header = leafHeader(tree, sections[index].id), tree.expansion(of: header) != true
    else {
      return nil
    }
    return header
  }

  /// Whether a leaf header folds `tree` as the tree of `section`. O(log n).
  @inlinable func folds(_ tree: SectionSnapshot, _ section: SectionIdentifierType) -> Bool {
    applyContext.folds(tree, section)
  }

  /// The number of rows the section at `index` shows. O(log n).
  @inlinable func rowCount(inSection index: Int) -> Int {
    foldingHeader(ofSection: index) != nil ? 1 : sections[index].tree.visibleCount
  }

  /// The item of row `row` of the section at `index` (which must exist). O(log n).
  @inlinable func rowItem(at row: Int, inSection index: Int) -> ItemIdentifierType {
    if let header = foldingHeader(ofSection: index) { return header }
    return sections[index].tree.visibleItem(atRow: row)
  }

  /// The rows of the section at `index`. O(rows + log n).
  @inlinable func rowItems(inSection index: Int) -> [ItemIdentifierType] {
    shownRows(sections[index].tree, sections[index].id)
  }

  /// The rows at positions `range` of the section at `index` (within its rows).
  /// O(k + log n) for k rows.
  @inlinable func rowItems(in range: Range<Int>, inSection index: Int) -> [ItemIdentifierType] {
    guard !range.isEmpty else { return [] }
    if let header = foldingHeader(ofSection: index) { return [header] }
    return sections[index].tree.visibleItems(inRows: range)
  }

  /// The section and row showing `item`, or nil when it is no row (absent, below a collapsed
  /// item, or in a folded section). O(s log n) for s sections.
  @inlinable func rowLocation(of item: ItemIdentifierType) -> (section: Int, row: Int)? {
    for index in sections.indices where sections[index].tree.contains(item) {
      if let header = foldingHeader(ofSection: index) { return item == header ? (index, 0) : nil }
      return sections[index].tree.visibleRow(of: item).map { (index, $0) }
    }
    return nil
  }
}

extension DiffableDataSource {
  /// What the data source shows at one moment, held as its section trees (each an O(1) copy)
  /// and the header folding each one, so that the rows can be listed later, on any thread.
  @usableFromInline struct ShownState: Sendable {
    @usableFromInline var sections:
      [(id: SectionIdentifierType, tree: SectionSnapshot, foldedBy: ItemIdentifierType?)]

    @inlinable init(
      sections: [(id: SectionIdentifierType, tree: SectionSnapshot, foldedBy: ItemIdentifierType?)]
    ) {
      self.sections = sections
    }

    /// The number of rows before the section at `index`. O(index).
    @inlinable func rowOffset(ofSection index: Int) -> Int {
      sections.prefix(index).reduce(0) { total, section in
        total + (section.foldedBy != nil ? 1 : section.tree.visibleCount)
      }
    }

    /// The rows as a snapshot. O(n log₁₆ n) for n rows.
    @inlinable var snapshot: Snapshot {
      // Built at once, as `snapshot()` builds it: the rows are unique (the bulk build leaves
      // out what identifiers with broken hashing make it refuse).
      Snapshot(
        uniqueSections: sections.map(\.id),
        items: sections.map { $0.foldedBy.map { [$0] } ?? $0.tree.visibleItems })
    }
  }

  /// What the data source shows now. O(s log n) for s sections.
  @inlinable var shownState: ShownState {
    ShownState(
      sections: sections.indices.map {
        (sections[$0].id, sections[$0].tree, foldingHeader(ofSection: $0))
      })
  }
}

// A section apply worked out from an `ApplyContext` (the section trees as O(1) copies):
// checking the snapshot against the other sections, keeping expansion and the fold, and the
// update of the section's rows. Pure, so a background apply runs all of it off the caller's
// actor and only installs the result there.

extension DiffableDataSource {
  /// What a section apply changes: the tree the section takes, the section's index (nil:
  /// the section is appended), and the update for the list view, addressed to the section
  /// (nil for an appended section).
  @usableFromInline struct SectionChange: Sendable {
    @usableFromInline var tree: SectionSnapshot
    @usableFromInline var index: Int?
    @usableFromInline var update: Update?

    @inlinable init(tree: SectionSnapshot, index: Int?, update: Update?) {
      self.tree = tree
      self.index = index
      self.update = update
    }
  }
}

extension DiffableDataSource.ApplyContext {
  @usableFromInline typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<
    ItemIdentifierType
  >
  @usableFromInline typealias ExpansionPolicy = DiffableDataSource.ExpansionPolicy
  @usableFromInline typealias Update = DiffableDataSource.Update
  @usableFromInline typealias Error = DataSourceError<SectionIdentifierType, ItemIdentifierType>
  @usableFromInline typealias Layout = [LayoutSection<SectionIdentifierType, ItemIdentifierType>]

  /// The change that makes `snapshot` the tree of `section` (see
  /// ``prepare(_:for:expansion:)`` and ``sectionUpdate(showing:inSection:style:_:oldRows:ends:verify:)``);
  /// throws on misuse, and with `verify` on duplicate identifiers among the rows it lists.
  /// O(the section apply's cost).
  @inlinable func sectionChange(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType, expansion: ExpansionPolicy,
    style: DiffableDataSource.UpdateStyle, verify: Bool
  ) throws(Error) -> DiffableDataSource.SectionChange {
    let (tree, existing, ends) = try prepare(snapshot, for: section, expansion: expansion)
    guard let index = existing else {
      return DiffableDataSource.SectionChange(tree: tree, index: nil, update: nil)
    }
    let update = try sectionUpdate(
      showing: tree, inSection: index, style: style, .applyToSection, ends: ends, verify: verify)
    return DiffableDataSource.SectionChange(tree: tree, index: index, update: update)
  }

  /// The tree that `snapshot` becomes as the tree of `section` (expansion kept by `expansion`,
  /// the fold kept), the section's index if the data source has it, and, for a tree built
  /// apart from the section's (sharing no storage), the entries the two hold alike at both
  /// ends; throws on misuse. Entries both trees share, or hold alike at an end, are already in
  /// this section and expanded alike: only the rest is checked against the other sections and
  /// looked up for its expansion.
  /// O(m·s log n) for the m items of `snapshot` outside storage it shares with the section's
  /// tree (or outside the alike ends) and s sections, plus O(e log n) for the e such items
  /// expanded in either tree; reading the alike ends of a tree built apart costs O(their
  /// entries), with no lookup.
  @inlinable func prepare(
    _ snapshot: SectionSnapshot, for section: SectionIdentifierType, expansion: ExpansionPolicy
  ) throws(Error) -> (SectionSnapshot, Int?, AlikeEnds?) {
    try DiffableDataSource.checkHeaderMode(
      headerMode(for: section), snapshot, section, .applyToSection)
    let existing = sectionIndexes[section]
    var tree = snapshot
    var conflict: (ItemIdentifierType, SectionIdentifierType)?
    var expand: [ItemIdentifierType] = []
    var collapse: [ItemIdentifierType] = []
    let current = existing.map { sections[$0].tree }
    let others = sections.indices.filter { $0 != existing }
    var ends: AlikeEnds?
    func check(_ item: ItemIdentifierType, _ isExpanded: Bool) {
      guard conflict == nil else { return }
      for index in others where sections[index].tree.contains(item) {
        conflict = (item, sections[index].id)
      }
      // An item whose expansion may need keeping is expanded in one of the trees: those
      // expanded here are looked up in the current tree, and the current tree's expanded
      // items are looked up in this one below.
      if expansion == .preserveCurrent, isExpanded, let current,
        current.expansion(of: item) == false
      {
        collapse.append(item)
      }
    }
    func keepExpanded(_ entry: SharedEntry<ItemIdentifierType>) {
      if entry.isExpanded, snapshot.expansion(of: entry.item) == false {
        expand.append(entry.item)
      }
    }
    if let current, !current.mayShareStorage(with: snapshot) {
      // Built apart: the entries alike at both ends are this section's, expanded alike; an
      // item of the middle of one tree is in the other's middle or absent from it.
      let alike = SectionSnapshot.alikeEnds(current, snapshot)
      ends = alike
      snapshot.forEachEntry(in: alike.prefix..<(snapshot.count - alike.suffix)) {
        check($1.item, $1.isExpanded)
      }
      if expansion == .preserveCurrent {
        current.forEachEntry(in: alike.prefix..<(current.count - alike.suffix)) {
          keepExpanded($1)
        }
      }
    } else if let current {
      // Entries in storage both trees share are the same in both: in no other section, and
      // expanded alike. Only the rest needs checking.
      SectionSnapshot.forEachUnsharedEntry(from: current, to: snapshot) {
        check($0.item, $0.isExpanded)
      }
      if expansion == .preserveCurrent {
        SectionSnapshot.forEachUnsharedEntry(from: snapshot, to: current, keepExpanded)
      }
    } else if !others.isEmpty {
      snapshot.forEachItem(check)
    }
    if let (item, other) = conflict {
      throw DataSourceError(.applyToSection, .itemInAnotherSection(item, other))
    }
    tree.expand(expand)
    tree.collapse(collapse)
    keepFold(of: &tree, section)
    if var alike = ends, tree.count > 0,
      tree.entry(at: 0).isExpanded != snapshot.entry(at: 0).isExpanded
    {
      // The fold changed the header, the first entry: it is no longer alike.
      if alike.prefix > 0 { alike.prefix = 0 }
      if alike.suffix == tree.count { alike.suffix -= 1 }
      ends = alike
    }
    return (tree, existing, ends)
  }

  /// Whether a leaf header folds `tree` as the tree of `section`. O(log n).
  @inlinable func folds(_ tree: SectionSnapshot, _ section: SectionIdentifierType) -> Bool {
    guard let header = leafHeader(tree, section) else { return false }
    return tree.expansion(of: header) != true
  }

  /// The update, addressed to the section at `index`, from the rows it shows (`oldRows`, else
  /// its tree's) to the rows `tree` shows. For one batch and neither tree folded: for a tree
  /// related to the section's (one made from it by k edits, such as an edited
  /// ``DiffableDataSource/snapshot(for:)``), O(b k log n) plus the rows of the storage they
  /// do not share; for a tree built apart whose `ends` are alike (see
  /// ``prepare(_:for:expansion:)``), O(b log n) plus the rows of the middles and their diff
  /// (with `verify`, the middles' identifiers are checked for duplicates). Otherwise O(rows
  /// + the diff's cost), every row checked with `verify`.
  @inlinable func sectionUpdate(
    showing tree: SectionSnapshot, inSection index: Int, style: DiffableDataSource.UpdateStyle,
    _ operation: Error.Operation, oldRows: [ItemIdentifierType]? = nil, ends: AlikeEnds? = nil,
    verify: Bool = true
  ) throws(Error) -> Update {
    let id = sections[index].id
    let current = sections[index].tree
    if style == .singleBatch, oldRows == nil, !folds(current, id), !folds(tree, id) {
      let pieces:
        (old: [CompressedPiece<ItemIdentifierType>], new: [CompressedPiece<ItemIdentifierType>])?
      if let ends {
        // Built apart: the alike ends stand for their rows; the middles are listed.
        pieces = SectionSnapshot.compressedVisibleItems(from: current, to: tree, ends: ends)
        if verify, let (old, new) = pieces {
          try Self.checkListed(old, new, inSection: id, operation)
        }
      } else {
        // Related trees: the rows of storage both share are not read, only counted.
        pieces = SectionSnapshot.compressedVisibleItems(from: current, to: tree)
      }
      if let (oldPieces, newPieces) = pieces {
        let batch = BatchUpdate(
          compressedFrom: [CompressedSection(id, pieces: oldPieces)],
          to: [CompressedSection(id, pieces: newPieces)], marks: DiffMarks())
        return .batch(batch.placed(inSection: index))
      }
    }
    let (old, new) = layouts(showing: tree, inSection: index, style: style, oldRows: oldRows)
    let update = try DiffableDataSource.update(
      from: old, to: new, style: style, operation, verify: verify)
    return style == .singleBatch ? update.placed(inSection: index) : update
  }

  /// The layouts to diff when the section at `index` comes to show `tree` (the section alone
  /// for one batch, see ``BatchUpdate/placed(inSection:)``; the whole list for stages).
  /// O(rows of the section), or O(n) for stages.
  @inlinable func layouts(
    showing tree: SectionSnapshot, inSection index: Int, style: DiffableDataSource.UpdateStyle,
    oldRows: [ItemIdentifierType]? = nil
  ) -> (old: Layout, new: Layout) {
    let section = sections[index].id
    let newRows = shownRows(tree, section)
    if style == .singleBatch {
      // Only this section changes: diff its rows alone, then address the batch to it.
      let rows = oldRows ?? shownRows(sections[index].tree, section)
      return ([LayoutSection(section, items: rows)], [LayoutSection(section, items: newRows)])
    }
    // Stages carry whole layouts.
    var old = layout
    if let oldRows { old[index].items = oldRows }
    var new = old
    new[index].items = newRows
    return (old, new)
  }

  /// Throws ``DataSourceError/Reason/brokenIdentifiers(_:)`` when the items that `old` or
  /// `new`, the compressed rows of section `section`, list one by one hold a duplicate or an
  /// identifier not equal to itself. O(i) expected for the i items listed.
  @inlinable static func checkListed(
    _ old: [CompressedPiece<ItemIdentifierType>], _ new: [CompressedPiece<ItemIdentifierType>],
    inSection section: SectionIdentifierType, _ operation: Error.Operation
  ) throws(DataSourceError<SectionIdentifierType, ItemIdentifierType>) {
    func listed(_ pieces: [CompressedPiece<ItemIdentifierType>]) -> [ItemIdentifierType] {
      pieces.flatMap { piece -> [ItemIdentifierType] in
        guard case .items(let items) = piece else { return [] }
        return items
      }
    }
    let (oldItems, newItems) = (listed(old), listed(new))
    func isUnique(_ items: [ItemIdentifierType]) -> Bool {
      // Sized up front: broken hashing cannot make it rehash.
      var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
      return items.allSatisfy { $0 == $0 && seen.insert($0).inserted }
    }
    guard isUnique(oldItems), isUnique(newItems) else {
      throw DataSourceError(
        operation,
        .brokenIdentifiers(
          DuplicateIdentifierError(
            old: [LayoutSection(section, items: oldItems)],
            new: [LayoutSection(section, items: newItems)])))
    }
  }
}

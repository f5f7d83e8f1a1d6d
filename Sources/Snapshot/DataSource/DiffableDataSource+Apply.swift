extension DiffableDataSource {
  // MARK: Whole snapshots

  /// Shows `snapshot`: diffs the rows shown now against the snapshot's and sends the list
  /// view the difference, with the snapshot's reload and reconfigure marks.
  ///
  /// Sections keep their hierarchy where it still fits: a section whose items are exactly the
  /// rows it shows now (for example, a snapshot from ``snapshot()`` with another section
  /// appended) keeps its tree and expansion state. A section whose items changed takes the
  /// snapshot's flat list (Apple's data source drops every hierarchy on a whole apply); in
  /// ``SectionHeaderMode/firstItemInSection`` its first item is the header, and a folded
  /// section stays folded. Apply section snapshots to change hierarchies.
  ///
  /// Snapshots hold no duplicates, so the diff does not look for any (as
  /// ``DiffableDataSourceSnapshot/batchUpdate(from:)``): identifiers whose `Hashable`
  /// conformance is broken (equal values with different hashes) can slip equal values into a
  /// snapshot unnoticed, and the list view then receives every section replaced, a batch it
  /// accepts. ``tryApply(_:animatingDifferences:)`` checks every identifier again and throws
  /// ``DataSourceError/Reason/brokenIdentifiers(_:)`` instead.
  ///
  /// Stops the program if the data source is delivering another update; ``tryApply(_:animatingDifferences:)``
  /// throws instead.
  ///
  /// - Complexity: O(n + m) for n rows shown before and m items in `snapshot`, plus the
  ///   diff's cost (``DiffableDataSourceSnapshot/batchUpdate(from:)``); for a hierarchical
  ///   section whose rows changed, O(its items) to build its flat tree.
  @inlinable public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    trap { () throws(Error) in
      try applyWhole(snapshot, animatingDifferences: animatingDifferences, verify: false)
    }
    completion?()
  }

  /// Shows `snapshot` as ``apply(_:animatingDifferences:completion:)`` does, or throws without
  /// changing anything; checks every identifier for duplicates first (see
  /// ``BatchUpdate/init(from:to:marks:)``).
  ///
  /// - Complexity: as ``apply(_:animatingDifferences:completion:)``, plus O(n + m) expected
  ///   to check the identifiers.
  @inlinable public func tryApply(_ snapshot: Snapshot, animatingDifferences: Bool = true)
    throws(Error)
  {
    try applyWhole(snapshot, animatingDifferences: animatingDifferences, verify: true)
  }

  /// Shows `snapshot`, checking its identifiers for duplicates when `verify` is true.
  @inlinable func applyWhole(_ snapshot: Snapshot, animatingDifferences: Bool, verify: Bool)
    throws(Error)
  {
    let current = currentRows
    try performUpdate(.apply) { () throws(Error) in
      if !verify, let current,
        applyRelated(snapshot, to: current, animatingDifferences: animatingDifferences)
      {
        return
      }
      let old = layout
      let (newSections, newRows) = sectionsShowing(snapshot, rows: old)
      let new = zip(newSections, newRows).map { LayoutSection($0.id, items: $1) }
      let update = try update(from: old, to: new, marks: snapshot.marks, .apply, verify: verify)
      install(newSections)
      keepRows(snapshot, ifShowing: newRows)
      deliver(update, animated: animatingDifferences)
    }
    applyOrder.record(section: nil)
  }

  /// Shows `snapshot` without diffing: the list view reloads all its data. Sections keep
  /// their hierarchy as with ``apply(_:animatingDifferences:completion:)``. Stops the program
  /// if the data source is delivering another update; ``tryApplySnapshotUsingReloadData(_:)``
  /// throws instead.
  ///
  /// - Complexity: O(n + m) for n rows shown before and m items in `snapshot`.
  @inlinable public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (() -> Void)? = nil
  ) {
    trap { () throws(Error) in try tryApplySnapshotUsingReloadData(snapshot) }
    completion?()
  }

  /// Shows `snapshot` with a full reload, or throws without changing anything.
  ///
  /// - Complexity: as ``applySnapshotUsingReloadData(_:completion:)``.
  @inlinable public func tryApplySnapshotUsingReloadData(_ snapshot: Snapshot) throws(Error) {
    try performUpdate(.applyUsingReloadData) { () throws(Error) in
      let (newSections, newRows) = sectionsShowing(snapshot)
      install(newSections)
      keepRows(snapshot, ifShowing: newRows)
      deliverReload()
    }
    applyOrder.record(section: nil)
  }

  /// The section states and rows that show `snapshot` (see
  /// ``ApplyContext/sectionsShowing(_:rows:)``). O(n + m).
  @inlinable func sectionsShowing(
    _ snapshot: Snapshot,
    rows: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]? = nil
  ) -> ([SectionState], [[ItemIdentifierType]]) {
    applyContext.sectionsShowing(snapshot, rows: rows)
  }

  /// Gives a leaf header of `tree` the fold state its section has now (unfolded for a new
  /// section), whatever the tree says. O(log n).
  @inlinable func keepFold(of tree: inout SectionSnapshot, _ section: SectionIdentifierType) {
    applyContext.keepFold(of: &tree, section)
  }

  /// Keeps `snapshot` (without its marks) as the rows snapshot when `rows`, the rows just
  /// installed, are its items (no section folded, no identifier refused): the next
  /// ``snapshot()`` is then an O(1) copy of it. O(s log n) for s sections.
  @inlinable func keepRows(_ snapshot: Snapshot, ifShowing rows: [[ItemIdentifierType]]) {
    // Each section's rows are its snapshot items, or fewer (a fold, a refused identifier).
    for (index, section) in sections.enumerated()
    where rows[index].count != snapshot.numberOfItems(inSection: section.id) {
      return
    }
    self.rows = snapshot.withoutMarks
    rowsRevision = revision
  }

  /// Makes `newSections` the data source's state. O(s) for s sections.
  @inlinable func install(_ newSections: [SectionState]) {
    sections = newSections
    sectionIndexes = [:]
    sectionIndexes.reserveCapacity(newSections.count)
    for (index, section) in newSections.enumerated() { sectionIndexes[section.id] = index }
    dropPinsOfRemovedSections()
  }

  // MARK: Section snapshots

  /// Makes `snapshot` the tree of `section` (appended as the last section if the data source
  /// does not have it) and sends the list view the difference between the rows the section
  /// showed and its new visible items.
  ///
  /// With ``ExpansionPolicy/preserveCurrent`` (the default), items present before and after
  /// keep the expansion state they have now: a freshly built snapshot does not collapse what
  /// the user opened. Stops the program on misuse (an item already in another section, a tree
  /// that breaks the section's header mode, an update while another is delivered);
  /// ``tryApply(_:to:animatingDifferences:expansion:)`` throws instead.
  ///
  /// - Complexity: O(m·s + r) for m items in `snapshot`, s sections and r rows the section
  ///   showed, plus the diff of the section's rows.
  @inlinable public func apply(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool = true, expansion: ExpansionPolicy = .preserveCurrent,
    completion: (() -> Void)? = nil
  ) {
    trap { () throws(Error) in
      try applySection(
        snapshot, to: section, animatingDifferences: animatingDifferences, expansion: expansion,
        verify: false)
    }
    completion?()
  }

  /// Makes `snapshot` the tree of `section` as ``apply(_:to:animatingDifferences:expansion:completion:)``
  /// does, or throws without changing anything; checks the rows' identifiers for duplicates
  /// when it diffs them whole (a tree unrelated to the section's).
  ///
  /// - Complexity: as ``apply(_:to:animatingDifferences:expansion:completion:)``.
  @inlinable public func tryApply(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool = true, expansion: ExpansionPolicy = .preserveCurrent
  ) throws(Error) {
    try applySection(
      snapshot, to: section, animatingDifferences: animatingDifferences, expansion: expansion,
      verify: true)
  }

  /// Makes `snapshot` the tree of `section`, checking identifiers when `verify` is true.
  @inlinable func applySection(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool, expansion: ExpansionPolicy, verify: Bool
  ) throws(Error) {
    try performUpdate(.applyToSection) { () throws(Error) in
      let (tree, existing, ends) = try prepare(snapshot, for: section, expansion: expansion)
      guard let index = existing else {
        appendSection(section, tree: tree, animated: animatingDifferences)
        return
      }
      try show(
        tree, inSection: index, animated: animatingDifferences, .applyToSection, ends: ends,
        verify: verify)
    }
    applyOrder.record(section: section)
  }

  /// Makes `tree` the tree of the section at `index` and sends the list view the difference
  /// between the rows it showed and the rows it shows now. O(rows + the diff's cost); for a
  /// tree related to the section's (one made from it by k edits, such as an edited
  /// ``snapshot(for:)``) and one batch, O(b k log n) plus the rows of the storage they do not
  /// share; for a tree built apart whose `ends` are alike (see ``prepare(_:for:expansion:)``)
  /// and one batch, O(b log n) plus the rows of the middles and their diff (with `verify`,
  /// the middles' identifiers are checked for duplicates).
  @inlinable func show(
    _ tree: SectionSnapshot, inSection index: Int, animated: Bool, _ operation: Error.Operation,
    oldRows: [ItemIdentifierType]? = nil, ends: AlikeEnds? = nil, verify: Bool = true
  ) throws(Error) {
    let id = sections[index].id
    if updateStyle == .singleBatch, oldRows == nil, foldingHeader(ofSection: index) == nil,
      !folds(tree, id)
    {
      let pieces:
        (old: [CompressedPiece<ItemIdentifierType>], new: [CompressedPiece<ItemIdentifierType>])?
      if let ends {
        // Built apart: the alike ends stand for their rows; the middles are listed.
        pieces = SectionSnapshot.compressedVisibleItems(
          from: sections[index].tree, to: tree, ends: ends)
        if verify, let (old, new) = pieces {
          try Self.checkListed(old, new, inSection: id, operation)
        }
      } else {
        // Related trees: the rows of storage both share are not read, only counted.
        pieces = SectionSnapshot.compressedVisibleItems(from: sections[index].tree, to: tree)
      }
      if let (oldPieces, newPieces) = pieces {
        let batch = BatchUpdate(
          compressedFrom: [CompressedSection(id, pieces: oldPieces)],
          to: [CompressedSection(id, pieces: newPieces)], marks: DiffMarks())
        sections[index].tree = tree
        deliver(batch.placed(inSection: index), animated: animated)
        return
      }
    }
    let (old, new, newRows) = layouts(showing: tree, inSection: index, oldRows: oldRows)
    let update = try self.update(from: old, to: new, operation, verify: verify)
    commit(tree, inSection: index, update, rows: newRows, animated: animated)
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
    try checkHeaderMode(headerMode(for: section), snapshot, section, .applyToSection)
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
        let wasExpanded = try? current.tryIsExpanded(item), !wasExpanded
      {
        collapse.append(item)
      }
    }
    func keepExpanded(_ entry: SharedEntry<ItemIdentifierType>) {
      if entry.isExpanded, (try? snapshot.tryIsExpanded(entry.item)) == false {
        expand.append(entry.item)
      }
    }
    if let current, !current.list.tree.mayShareNodes(with: snapshot.list.tree) {
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
      throw Error(.applyToSection, .itemInAnotherSection(item, other))
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

  /// Appends `section` showing `tree`; the list view inserts it. O(rows of the section).
  @inlinable func appendSection(
    _ section: SectionIdentifierType, tree: SectionSnapshot, animated: Bool
  ) {
    let index = sections.count
    sections.append(SectionState(id: section, tree: tree))
    sectionIndexes[section] = index
    deliver(BatchUpdate(insertedSections: [index]), animated: animated)
  }

  /// The layouts to diff when the section at `index` comes to show `tree` (the section alone
  /// for one batch, see ``BatchUpdate/placed(inSection:)``; the whole list for stages), and
  /// the rows it then shows. O(rows of the section), or O(n) for stages.
  @inlinable func layouts(
    showing tree: SectionSnapshot, inSection index: Int, oldRows: [ItemIdentifierType]? = nil
  ) -> (
    old: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    new: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    rows: [ItemIdentifierType]
  ) {
    let section = sections[index].id
    let newRows = shownRows(tree, section)
    if updateStyle == .singleBatch {
      // Only this section changes: diff its rows alone, then address the batch to it.
      return (
        [LayoutSection(section, items: oldRows ?? rowItems(inSection: index))],
        [LayoutSection(section, items: newRows)], newRows
      )
    }
    // Stages carry whole layouts.
    var old = layout
    if let oldRows { old[index].items = oldRows }
    var new = old
    new[index].items = newRows
    return (old, new, newRows)
  }

  /// Makes `tree` the tree of the section at `index`, and sends `update`, a diff of the
  /// ``layouts(showing:inSection:)``. O(rows of the section + the update).
  @inlinable func commit(
    _ tree: SectionSnapshot, inSection index: Int, _ update: Update,
    rows newRows: [ItemIdentifierType],
    animated: Bool
  ) {
    let placed = updateStyle == .singleBatch ? update.placed(inSection: index) : update
    sections[index].tree = tree
    deliver(placed, animated: animated)
  }
}

extension BatchUpdate {
  /// This batch of a one-section layout, addressed to section `section` of a larger list; a
  /// batch that replaces the section (what a failed match of identifiers with broken hashing
  /// gives) replaces section `section`. O(size of the batch).
  @inlinable func placed(inSection section: Int) -> BatchUpdate {
    func move(_ path: ListIndexPath) -> ListIndexPath {
      ListIndexPath(item: path.item, section: section)
    }
    return BatchUpdate(
      deletedSections: deletedSections.map { _ in section },
      insertedSections: insertedSections.map { _ in section },
      reloadedSections: reloadedSections.map { _ in section },
      deletedItems: deletedItems.map(move),
      insertedItems: insertedItems.map(move),
      movedItems: movedItems.map { ItemMove(from: move($0.source), to: move($0.destination)) },
      reloadedItems: reloadedItems.map(move),
      reconfiguredItems: reconfiguredItems.map(move)
    )
  }
}

extension DiffableDataSource {
  /// Throws ``DataSourceError/Reason/brokenIdentifiers(_:)`` when the items that `old` or
  /// `new`, the compressed rows of section `section`, list one by one hold a duplicate or an
  /// identifier not equal to itself. O(i) expected for the i items listed.
  @inlinable static func checkListed(
    _ old: [CompressedPiece<ItemIdentifierType>], _ new: [CompressedPiece<ItemIdentifierType>],
    inSection section: SectionIdentifierType, _ operation: Error.Operation
  ) throws(Error) {
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
      throw Error(
        operation,
        .brokenIdentifiers(
          DuplicateIdentifierError(
            old: [LayoutSection(section, items: oldItems)],
            new: [LayoutSection(section, items: newItems)])))
    }
  }
}

extension DiffableDataSource {
  /// Hands an apply's `completion` to the list view, to run when the view has finished the
  /// update (``DiffableListView/whenUpdatesFinish(_:)``); at once without a view. O(1).
  @inlinable func finish(_ completion: (() -> Void)?) {
    guard let completion else { return }
    if let listView {
      listView.whenUpdatesFinish(completion)
    } else {
      completion()
    }
  }

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
  /// `completion` runs once the list view has finished the update, after its animations
  /// (``DiffableListView/whenUpdatesFinish(_:)``; at once for a view that does not animate).
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
    finish(completion)
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

  /// Shows `snapshot` without diffing: the list view reloads all its data (`completion` runs
  /// as ``apply(_:animatingDifferences:completion:)``'s does). Sections keep
  /// their hierarchy as with ``apply(_:animatingDifferences:completion:)``. Stops the program
  /// if the data source is delivering another update; ``tryApplySnapshotUsingReloadData(_:)``
  /// throws instead.
  ///
  /// - Complexity: O(n + m) for n rows shown before and m items in `snapshot`.
  @inlinable public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (() -> Void)? = nil
  ) {
    trap { () throws(Error) in try tryApplySnapshotUsingReloadData(snapshot) }
    finish(completion)
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

  /// Makes `newSections` the data source's state; returns the sections it replaces (freeing
  /// them is the caller's: a background apply frees them off the actor). O(s) for s sections.
  @discardableResult
  @inlinable func install(_ newSections: [SectionState]) -> [SectionState] {
    let replaced = sections
    sections = newSections
    sectionIndexes = [:]
    sectionIndexes.reserveCapacity(newSections.count)
    for (index, section) in newSections.enumerated() { sectionIndexes[section.id] = index }
    dropPinsOfRemovedSections()
    return replaced
  }

  /// Takes the rows snapshot out when it no longer shows the rows (an update was made since
  /// it was: nothing reads it again), so that the caller decides where it is freed. O(1).
  @inlinable func takeStaleRows() -> Snapshot? {
    guard rowsRevision != revision else { return nil }
    return rows.take()
  }

  // MARK: Section snapshots

  /// Makes `snapshot` the tree of `section` (appended as the last section if the data source
  /// does not have it) and sends the list view the difference between the rows the section
  /// showed and its new visible items. `completion` runs as
  /// ``apply(_:animatingDifferences:completion:)``'s does.
  ///
  /// With ``ExpansionPolicy/preserveCurrent`` (the default), items present before and after
  /// keep the expansion state they have now: a freshly built snapshot does not collapse what
  /// the user opened. Stops the program on misuse (an item already in another section, a tree
  /// that breaks the section's header mode, an update while another is delivered);
  /// ``tryApply(_:to:animatingDifferences:expansion:)`` throws instead.
  ///
  /// A snapshot made from ``snapshot(for:)`` shares the section tree's storage: only what
  /// the two do not share is checked and diffed. A snapshot built apart shares nothing: the
  /// two trees are read in step from both ends, in place, as far as they hold the same items
  /// at the same levels, expanded alike; only the middle between those ends is checked
  /// against the other sections, looked up for its expansion, and listed for the diff (the
  /// ends stand for their rows). The rows are diffed without looking for duplicate
  /// identifiers (trees hold none): identifiers whose `Hashable` conformance is broken (equal
  /// values with different hashes) can count an item as alike at an end, or make the match
  /// fail; the section is then replaced (deleted and inserted), a batch the view accepts.
  /// ``tryApply(_:to:animatingDifferences:expansion:)`` checks the rows it lists instead.
  ///
  /// - Complexity: for a snapshot made from ``snapshot(for:)`` by k edits, O(b k log n) plus
  ///   the items of the storage the two trees do not share (each checked in O(s log n) for s
  ///   sections) and their diff. For a snapshot built apart, O(p + q) to read the p + q
  ///   entries alike at the two ends (no hashing), plus O(d·s log n) for the d entries of the
  ///   two middles and the diff of their rows; with nothing alike, O(m·s log n + r) for m
  ///   items in `snapshot` and r rows. For a new section, O(m·s log n).
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
    finish(completion)
  }

  /// Makes `snapshot` the tree of `section` as ``apply(_:to:animatingDifferences:expansion:completion:)``
  /// does, or throws without changing anything. For a snapshot built apart, checks the
  /// identifiers of the rows it lists for the diff for duplicates and identifiers not equal to
  /// themselves, and throws ``DataSourceError/Reason/brokenIdentifiers(_:)``: the rows of the
  /// middle between the alike ends (the ends' rows are not read), or every row with staged
  /// updates or a folded section. A snapshot made from ``snapshot(for:)`` is diffed as
  /// ``apply(_:to:animatingDifferences:expansion:completion:)`` diffs it.
  ///
  /// - Complexity: as ``apply(_:to:animatingDifferences:expansion:completion:)``, plus O(i)
  ///   expected for the i rows listed.
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
      let change = try applyContext.sectionChange(
        snapshot, to: section, expansion: expansion, style: updateStyle, verify: verify)
      commit(change, to: section, animated: animatingDifferences)
    }
    applyOrder.record(section: section)
  }

  /// Makes `change` the state of `section`, appending the section when the change says so,
  /// and sends the list view its update; returns the tree it replaces (nil for an appended
  /// section), so that the caller decides where it is freed. O(1) plus the update's size.
  @discardableResult
  @inlinable func commit(
    _ change: SectionChange, to section: SectionIdentifierType, animated: Bool
  ) -> SectionSnapshot? {
    guard let index = change.index else {
      appendSection(section, tree: change.tree, animated: animated)
      return nil
    }
    let replaced = sections[index].tree
    sections[index].tree = change.tree
    if let update = change.update { deliver(update, animated: animated) }
    return replaced
  }

  /// Makes `tree` the tree of the section at `index` and sends the list view the difference
  /// between the rows it showed (`oldRows`, else what it shows now) and the rows it shows now
  /// (see ``ApplyContext/sectionUpdate(showing:inSection:style:_:oldRows:ends:verify:)``).
  @inlinable func show(
    _ tree: SectionSnapshot, inSection index: Int, animated: Bool, _ operation: Error.Operation,
    oldRows: [ItemIdentifierType]? = nil, verify: Bool = true
  ) throws(Error) {
    let update = try applyContext.sectionUpdate(
      showing: tree, inSection: index, style: updateStyle, operation, oldRows: oldRows,
      verify: verify)
    sections[index].tree = tree
    deliver(update, animated: animated)
  }

  /// Appends `section` showing `tree`; the list view inserts it. O(1).
  @inlinable func appendSection(
    _ section: SectionIdentifierType, tree: SectionSnapshot, animated: Bool
  ) {
    let index = sections.count
    sections.append(SectionState(id: section, tree: tree))
    sectionIndexes[section] = index
    deliver(BatchUpdate(insertedSections: [index]), animated: animated)
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

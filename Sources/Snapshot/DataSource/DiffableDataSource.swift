/// Owns what a list shows and tells a list view exactly what changed: the headless
/// counterpart of UIKit's `UICollectionViewDiffableDataSource`.
///
/// It holds one section snapshot (a tree with expansion state) per section, and shows each
/// section's visible items as its rows. Apps hand it snapshots (``apply(_:animatingDifferences:completion:)``,
/// ``apply(_:to:animatingDifferences:expansion:completion:)``); users expand, collapse and move
/// rows (``expand(_:animated:)``, ``collapse(_:animated:)``, ``moveItem(at:to:)``). Each change
/// reaches the ``listView`` as a reload or as batches that a list view always accepts.
///
/// ```swift
/// let dataSource = DiffableDataSource<Section, ListItem>(listView: view)
/// dataSource.apply(sectionSnapshot, to: .fruits)
/// try dataSource.collapse(.header("Fruits"))  // the view deletes the rows below the header
/// ```
///
/// ## Cost
/// Expanding or collapsing costs O(k + log n) for the k rows that appear or disappear in a
/// list of n rows, from the call to the batch the view receives: a section's rows are its
/// tree's visible items, read from the section snapshot (whose nodes count their visible
/// entries), so finding a row's position never walks the list and no second copy of the rows
/// is kept. ``itemIdentifier(for:)`` is O(log n), ``indexPath(for:)`` O(s log n) for s
/// sections. Applying a section snapshot made from ``snapshot(for:)`` by k edits costs
/// O(k log n) plus the rows it changes; applying one built apart, or a whole snapshot, reads
/// the rows and diffs them: O(n).
///
/// ## Isolation
/// A data source is not `Sendable`: use it from one isolation (the main actor, or one actor
/// of yours), as Apple's is used from one queue. Its list view and handlers are called
/// synchronously on that isolation. Updating the data source while it delivers an update
/// (from a handler or a list-view callback) is refused with
/// ``DataSourceError/Reason/reentrantUpdate`` and changes nothing.
public final class DiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
  /// The tree type of one section.
  public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The snapshot type of the whole list.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The error type of the throwing methods.
  public typealias Error = DataSourceError<SectionIdentifierType, ItemIdentifierType>

  @usableFromInline
  struct SectionState: Sendable {
    @usableFromInline var id: SectionIdentifierType
    /// The section's tree. Any change to it ends ``isPlainList``.
    @usableFromInline var tree: DiffableDataSourceSectionSnapshot<ItemIdentifierType> {
      didSet { isPlainList = false }
    }
    /// Whether a whole apply made `tree` a plain list (every item a collapsed root, in a
    /// section without a header) and nothing changed it since: then `tree` is exactly the
    /// list of its rows, and the next whole apply can edit it instead of building it again.
    @usableFromInline var isPlainList: Bool

    @inlinable init(
      id: SectionIdentifierType, tree: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      isPlainList: Bool = false
    ) {
      self.id = id
      self.tree = tree
      self.isPlainList = isPlainList
    }
  }

  /// The list view that receives every update. Held weakly, as a list view owns its data
  /// source and not the reverse.
  public weak var listView: (any DiffableListView<SectionIdentifierType, ItemIdentifierType>)?
  /// What expanding and collapsing consult.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers()
  /// What moving rows consults.
  public var reorderingHandlers = ReorderingHandlers()
  /// Whether applies reach the view as one batch or as stages. Expanding, collapsing and
  /// moving always send one batch (it never needs stages).
  public var updateStyle: UpdateStyle = .singleBatch
  /// The header mode of sections added from now on that were given none with
  /// ``setHeaderMode(_:for:)``.
  ///
  /// A change applies to sections added later. Sections the data source has keep the mode
  /// they have: each one that was given no mode of its own is pinned at the old default (so
  /// no row changes, and setting the property sends the list view nothing and cannot fail).
  /// Change an existing section's mode with ``setHeaderMode(_:for:)``, which updates its rows.
  /// A pin lasts while its section does: a section removed by an apply and added again
  /// takes the default of its return.
  ///
  /// - Complexity: O(s) expected for s sections, when the value changes.
  public var defaultHeaderMode: SectionHeaderMode = .none {
    didSet { pinHeaderModes(at: oldValue) }
  }

  @usableFromInline var sections: [SectionState] = []
  @usableFromInline var sectionIndexes: [SectionIdentifierType: Int] = [:]
  @usableFromInline var headerModes: [SectionIdentifierType: SectionHeaderMode] = [:]
  /// The sections whose entry in `headerModes` is a pin left by a change of
  /// ``defaultHeaderMode`` rather than a mode given with ``setHeaderMode(_:for:)``: all of
  /// them are present (a pin goes with its section).
  @usableFromInline var pinnedHeaderModes: Set<SectionIdentifierType> = []
  @usableFromInline var isUpdating = false
  /// Counts updates, so that a background apply knows whether its diff is still current.
  @usableFromInline var revision = 0
  /// The rows as a sectioned snapshot, made by ``snapshot()`` or by the whole apply that
  /// showed it, valid while `revision` is still `rowsRevision`: the next ``snapshot()`` is
  /// an O(1) copy of it, and an apply of a snapshot made from it diffs related snapshots.
  @usableFromInline var rows: Snapshot? = nil
  @usableFromInline var rowsRevision = -1
  /// The node fan-out and bucket size of the rows snapshot (nil: the library's): small
  /// values let tests of a few dozen rows share nodes between the rows and an edited copy.
  @usableFromInline package var _rowsStorageShape: (base: Int, bucketCapacity: Int)? = nil
  /// The filter of each filtered section (see ``filter(in:filteringDescendantsOfMatches:animated:_:)``).
  @usableFromInline var filters: [SectionIdentifierType: RowFilter] = [:]
  /// The filter in every section, given to each section added while it is set (its tests,
  /// with no rows yet).
  @usableFromInline var filterForNewSections: RowFilter? = nil
  /// Counts filter calls, so that a background filter knows whether a later one replaced it.
  @usableFromInline var filterOrder = 0
  /// The batches held back while an update of a filtered data source runs.
  @usableFromInline var held: HeldDelivery? = nil
  /// The order of applies, so that a background apply knows whether a later one replaced it.
  @usableFromInline var applyOrder = ApplyOrder<SectionIdentifierType>()
  /// Runs off the caller's actor after each background diff, before the result returns to the
  /// actor: lets tests decide what happens meanwhile.
  @usableFromInline package var _backgroundDiffHook: (@Sendable () async -> Void)?

  /// Creates an empty data source that drives `listView`.
  ///
  /// - Complexity: O(1).
  public init(
    listView: (any DiffableListView<SectionIdentifierType, ItemIdentifierType>)? = nil
  ) {
    self.listView = listView
  }
}

// MARK: - Queries

extension DiffableDataSource: ListContent {
  /// The rows the list shows, as a snapshot: each section with its visible items. Apple's
  /// `snapshot()` answers the same way once section snapshots were applied; the trees
  /// themselves are in ``snapshot(for:)``.
  ///
  /// Read from inside a handler, it answers for the rows before the change; from inside a
  /// list-view call, for the rows after it. Either way, once the update completes it answers
  /// for the rows the update left.
  ///
  /// - Complexity: O(1) when nothing changed since the last ``snapshot()`` or whole apply
  ///   (the data source keeps the rows it made or was given); else O(n log₁₆ n) for n rows,
  ///   built at once (and, read during an update, not kept).
  @inlinable public func snapshot() -> Snapshot {
    if let rows, rowsRevision == revision { return rows }
    // The rows are unique (only identifiers with a broken `Hashable` conformance can make
    // them not: the bulk build then leaves out what it refuses; the program must not stop).
    let made = Snapshot(
      uniqueSections: sections.map(\.id),
      items: sections.indices.map { rowItems(inSection: $0) },
      base: _rowsStorageShape?.base ?? 32,
      bucketCapacity: _rowsStorageShape?.bucketCapacity ?? Snapshot.defaultBucketCapacity)
    // Rows read during an update (from a handler or a list-view call) may be the rows before
    // its change: the update's revision must not keep them.
    if !isUpdating {
      rows = made
      rowsRevision = revision
    }
    return made
  }

  /// The tree of `section` with its expansion state, or an empty snapshot for a section the
  /// data source does not have.
  ///
  /// - Complexity: O(1) (the snapshot shares storage until either side changes).
  @inlinable public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot {
    guard let index = sectionIndexes[section] else { return SectionSnapshot() }
    return sections[index].tree
  }

  /// The item shown at `indexPath`, or nil when no row is there.
  ///
  /// - Complexity: O(log n) expected.
  @inlinable public func itemIdentifier(for indexPath: ListIndexPath) -> ItemIdentifierType? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    if let filter = filter(ofSection: indexPath.section) {
      guard (0..<filter.rows.count).contains(indexPath.item) else { return nil }
      return filter.rows.item(atRow: indexPath.item)
    }
    guard (0..<rowCount(inSection: indexPath.section)).contains(indexPath.item) else {
      return nil
    }
    return rowItem(at: indexPath.item, inSection: indexPath.section)
  }

  /// The items shown at positions `range` of the section at `section`, in order (positions
  /// out of range are left out): one call where a view reads a run of inserted rows.
  ///
  /// - Complexity: O(k + log n) expected for k rows.
  @inlinable public func itemIdentifiers(in range: Range<Int>, inSection section: Int)
    -> [ItemIdentifierType]
  {
    guard sections.indices.contains(section) else { return [] }
    if let filter = filter(ofSection: section) {
      let rows = range.clamped(to: 0..<filter.rows.count)
      return filter.rows.items(inRows: rows)
    }
    return rowItems(in: range.clamped(to: 0..<rowCount(inSection: section)), inSection: section)
  }

  /// Where `item` is shown, or nil when it is not a row (absent, or below a collapsed parent).
  ///
  /// - Complexity: O(s log n) for s sections (each section's index is asked in turn).
  @inlinable public func indexPath(for item: ItemIdentifierType) -> ListIndexPath? {
    if !filters.isEmpty {
      for index in sections.indices where sections[index].tree.contains(item) {
        guard let filter = filter(ofSection: index) else { break }
        return filter.rows.row(of: item).map { ListIndexPath(item: $0, section: index) }
      }
    }
    guard let (section, row) = rowLocation(of: item) else { return nil }
    return ListIndexPath(item: row, section: section)
  }

  /// The section at `index`, or nil.
  ///
  /// - Complexity: O(1).
  @inlinable public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    sections.indices.contains(index) ? sections[index].id : nil
  }

  /// The index of `section`, or nil.
  ///
  /// - Complexity: O(1) expected.
  @inlinable public func index(for section: SectionIdentifierType) -> Int? {
    sectionIndexes[section]
  }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable public var numberOfSections: Int { sections.count }

  /// The number of rows in the section at `section`; 0 for an index out of range.
  ///
  /// - Complexity: O(log n) (the tree's visible count, and whether a header folds it).
  @inlinable public func numberOfItems(inSection section: Int) -> Int {
    guard sections.indices.contains(section) else { return 0 }
    return filter(ofSection: section)?.rows.count ?? rowCount(inSection: section)
  }

  /// The filter of the section at `index`, or nil when it has none. O(1) expected.
  @inlinable func filter(ofSection index: Int) -> RowFilter? {
    filters.isEmpty ? nil : filters[sections[index].id]
  }

  /// The rows `tree` shows as section `section`: its visible items, or only its header when
  /// a leaf header folds the section. O(rows).
  @inlinable func shownRows(_ tree: SectionSnapshot, _ section: SectionIdentifierType)
    -> [ItemIdentifierType]
  {
    applyContext.shownRows(tree, section)
  }
}

// MARK: - Delivery

extension DiffableDataSource {
  /// Runs `body` as one update: refuses to start while another runs, so that no handler or
  /// list-view callback can change the state an update is delivering.
  /// While a filter is set, the update goes through ``filteredUpdate(_:check:_:)``, and
  /// `filterCheck` runs once the filtered rows are worked out again.
  @inlinable func performUpdate<Result>(
    _ operation: Error.Operation, filterCheck: (() throws(Error) -> Void)? = nil,
    _ body: () throws(Error) -> Result
  ) throws(Error) -> Result {
    guard !isUpdating else { throw Error(operation, .reentrantUpdate) }
    isUpdating = true
    revision &+= 1
    defer { isUpdating = false }
    if isFiltering { return try filteredUpdate(operation, check: filterCheck, body) }
    return try body()
  }

  /// Runs `body` as one update that shows the rows through the filters itself: no filtered
  /// update wraps it.
  @inlinable func performUnfilteredUpdate<Result>(
    _ operation: Error.Operation, _ body: () throws(Error) -> Result
  ) throws(Error) -> Result {
    guard !isUpdating else { throw Error(operation, .reentrantUpdate) }
    isUpdating = true
    revision &+= 1
    defer { isUpdating = false }
    return try body()
  }

  @inlinable func deliver(_ batch: BatchUpdate, animated: Bool) {
    if held != nil { return hold(batch, animated: animated) }
    guard !batch.isEmpty, let listView else { return }
    listView.performBatchUpdates(batch, animated: animated, content: self)
  }

  /// What an apply sends the list view: one batch, or stages (see ``updateStyle``).
  @usableFromInline enum Update: Sendable {
    case batch(BatchUpdate)
    case stages(StagedBatchUpdate<SectionIdentifierType, ItemIdentifierType>)

    /// The update of a one-section layout, addressed to section `section`. O(batch).
    @inlinable func placed(inSection section: Int) -> Update {
      guard case .batch(let batch) = self else { return self }
      return .batch(batch.placed(inSection: section))
    }
  }

  /// The update from `old` to `new` in the data source's ``updateStyle``. O(n + m) plus the
  /// diff's cost.
  @inlinable func update(
    from old: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    to new: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    marks: DiffMarks<SectionIdentifierType, ItemIdentifierType> = DiffMarks(),
    _ operation: Error.Operation, verify: Bool = true
  ) throws(Error) -> Update {
    try Self.update(
      from: old, to: new, marks: marks, style: updateStyle, operation, verify: verify)
  }

  /// The update from `old` to `new` in `style`, checking identifiers when `verify` is true.
  /// O(n + m) plus the diff's cost.
  @inlinable static func update(
    from old: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    to new: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    marks: DiffMarks<SectionIdentifierType, ItemIdentifierType> = DiffMarks(),
    style updateStyle: UpdateStyle, _ operation: Error.Operation, verify: Bool = true
  ) throws(Error) -> Update {
    if !verify {
      // Rows come from snapshots, which hold no duplicates: match without checking, as
      // `DiffableDataSourceSnapshot.batchUpdate(from:)` does; should broken hashing make the
      // match fail anyway, replace every section.
      do {
        let match = try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: false)
        switch updateStyle {
        case .singleBatch: return .batch(match.singleBatch())
        case .staged: return .stages(match.stagedBatches())
        }
      } catch {
        return .batch(
          BatchUpdate(deletedSections: Array(old.indices), insertedSections: Array(new.indices)))
      }
    }
    do throws(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>) {
      switch updateStyle {
      case .singleBatch: return .batch(try BatchUpdate(from: old, to: new, marks: marks))
      case .staged: return .stages(try StagedBatchUpdate(from: old, to: new, marks: marks))
      }
    } catch {
      throw Error(operation, .brokenIdentifiers(error))
    }
  }

  /// Sends `update` to the list view. A stage's view reads back the stage's layout.
  @inlinable func deliver(_ update: Update, animated: Bool) {
    switch update {
    case .batch(let batch):
      deliver(batch, animated: animated)
    case .stages(let staged):
      if held != nil {
        for stage in staged.stages { hold(stage.batch, animated: animated) }
        return
      }
      guard let listView else { return }
      for stage in staged.stages {
        listView.performBatchUpdates(
          stage.batch, animated: animated, content: LayoutContent(stage.layout))
      }
    }
  }

  @inlinable func deliverReload() {
    if held != nil {
      held?.reload = true
      return
    }
    listView?.reloadData(self)
  }

  /// The rows of every section, as layout sections. O(n).
  @inlinable var layout: [LayoutSection<SectionIdentifierType, ItemIdentifierType>] {
    applyContext.layout
  }
}

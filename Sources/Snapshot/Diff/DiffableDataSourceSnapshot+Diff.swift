extension DiffableDataSourceSnapshot {
  /// The snapshot as the diff engine reads it: each section's identifier and its items.
  ///
  /// - Complexity: O(1) for a snapshot built by ``appendSections(_:)`` and by
  ///   ``appendItems(_:toSection:)`` of whole arrays, and not edited
  ///   otherwise since (reload and reconfigure marks aside): it keeps those arrays and hands
  ///   them out. O(n) copied as arrays copy when it was edited a few times since, and keeps
  ///   them cut into pieces. Otherwise
  ///   O(n + s b log n) for n items and s sections: the items are copied out of the storage
  ///   leaf by leaf into arrays of the right size; nothing is hashed.
  @inlinable
  public var layout: [LayoutSection<SectionIdentifierType, ItemIdentifierType>] {
    storage.layout
  }

  /// The reload and reconfigure marks recorded on this snapshot.
  ///
  /// - Complexity: O(marks).
  @inlinable
  public var marks: DiffMarks<SectionIdentifierType, ItemIdentifierType> {
    DiffMarks(
      reloadedSections: reloadedSectionIdentifiers,
      reloadedItems: reloadedItemIdentifiers,
      reconfiguredItems: reconfiguredItemIdentifiers)
  }

  /// The leaves the trees of `old` and of this snapshot do not share, when they may share
  /// nodes (one was made from the other by edits); nil for snapshots built apart.
  ///
  /// - Complexity: see ``SharedTree/unsharedLeaves(from:to:)``.
  @inlinable
  func relatedLeaves(from old: Self) -> (old: [Placed], new: [Placed])? {
    let (oldTree, newTree) = (old.storage.list.tree, storage.list.tree)
    guard oldTree.mayShareNodes(with: newTree) else { return nil }
    return SharedTree.unsharedLeaves(from: oldTree, to: newTree)
  }

  /// The one batch that turns `old` into this snapshot, valid under every rule a list view
  /// enforces, with the fewest moves the rules allow; reloads and reconfigures come from this
  /// snapshot's marks, for identifiers present in both. See ``BatchUpdate/init(from:to:marks:)``
  /// for what is rewritten to keep the batch valid, and for what "fewest moves" means when
  /// entries are marked for reload.
  ///
  /// Snapshots hold no duplicates, so nothing is thrown and nothing is hashed twice: sections
  /// whose item arrays are equal cost one array comparison, and common prefixes and suffixes
  /// of a section are matched before any hashing.
  ///
  /// When this snapshot was made from `old` by edits (or the reverse), the two share every
  /// storage node the edits did not touch, and the diff skips them: it reads only the items
  /// of the nodes they do not share, each run of shared items standing for itself as one
  /// token.
  ///
  /// - Complexity: related snapshots: O(k b log n + s b log n) for k edits between them and
  ///   s sections within shared runs. Otherwise O(n + m) to read the n old and m new items
  ///   out of both snapshots' ``layout``s (O(1) each for snapshots that keep the arrays they
  ///   were built from: see ``layout``; two such snapshots compare those arrays, in place,
  ///   from both ends), then O(s + n' + m') expected for s sections and
  ///   n', m' old and new items in the changed middles of changed sections, plus O(r log r)
  ///   for the r runs of reordered items; with item marks, one probe of the mark table per
  ///   item of a section present in both.
  @inlinable
  public func batchUpdate(from old: Self) -> BatchUpdate {
    let unshared = relatedLeaves(from: old)
    if let unshared, let change = narrowChange(from: old, unshared: unshared) {
      return change.batch
    }
    if let (old, new) = compressedLayouts(from: old, unshared: unshared) {
      return BatchUpdate(compressedFrom: old, to: new, marks: marks)
    }
    let (old, new) = (old.layout, layout)
    do {
      return try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: false)
        .singleBatch()
    } catch {
      // Unreachable with lawful identifiers, since snapshots reject duplicates. Identifiers
      // whose `Hashable` conformance is broken (equal values with different hashes) can
      // slip through; then the batch replaces every section, which the view accepts.
      // ``tryBatchUpdate(from:)`` reports such identifiers instead.
      return BatchUpdate(
        deletedSections: Array(old.indices), insertedSections: Array(new.indices))
    }
  }

  /// The staged form of the change from `old` to this snapshot: batches each valid on their
  /// own, each with the layout the view shows after it, keeping every move between sections
  /// present in both snapshots (the fewest there can be) and every reload; an item moving
  /// into an inserted section or out of a deleted one is deleted and inserted. See
  /// ``StagedBatchUpdate`` for when to use it rather than ``batchUpdate(from:)``.
  ///
  /// - Complexity: as ``batchUpdate(from:)``, plus O(n + m) to build the intermediate layouts
  ///   (for related snapshots, when a stage's layout is first read).
  @inlinable
  public func stagedBatchUpdate(
    from old: Self
  ) -> StagedBatchUpdate<SectionIdentifierType, ItemIdentifierType> {
    let unshared = relatedLeaves(from: old)
    if let unshared, let change = narrowChange(from: old, unshared: unshared) {
      return change.stages(old: old.storage, new: storage)
    }
    if let (old, new) = compressedLayouts(from: old, unshared: unshared) {
      return StagedBatchUpdate(compressedFrom: old, to: new, marks: marks)
    }
    let (old, new) = (old.layout, layout)
    do {
      return try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: false)
        .stagedBatches()
    } catch {
      // Unreachable with lawful identifiers (see ``batchUpdate(from:)``); replace every
      // section. ``tryStagedBatchUpdate(from:)`` reports such identifiers instead.
      return StagedBatchUpdate(stages: [
        .init(
          kind: .deletes, batch: BatchUpdate(deletedSections: Array(old.indices)), layout: []),
        .init(
          kind: .sectionInsertsAndMoves,
          batch: BatchUpdate(insertedSections: Array(new.indices)), layout: new),
      ])
    }
  }

  /// ``batchUpdate(from:)``, but checking every identifier of both snapshots for
  /// duplicates first, and throwing a ``DuplicateIdentifierError`` naming them if there
  /// are any. Snapshots reject duplicates, so with lawful identifiers this never throws.
  /// Identifiers whose `Hashable` conformance is broken (equal values with different
  /// hashes, or hashes that change) can slip equal values into a snapshot unnoticed; this
  /// checks again with a fresh hash table, which catches them whenever their hashes meet,
  /// and explains them instead of silently replacing every section. Use it when identifiers
  /// come from code you do not control.
  ///
  /// - Complexity: O(n + m) expected for n old and m new items, plus what
  ///   ``batchUpdate(from:)`` costs.
  @inlinable
  public func tryBatchUpdate(
    from old: Self
  ) throws(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>) -> BatchUpdate {
    try BatchUpdate(from: old.layout, to: layout, marks: marks)
  }

  /// ``stagedBatchUpdate(from:)``, but checking every identifier of both snapshots for
  /// duplicates first, and throwing a ``DuplicateIdentifierError`` naming them if there are
  /// any (see ``tryBatchUpdate(from:)``).
  ///
  /// - Complexity: O(n + m) expected for n old and m new items, plus what
  ///   ``stagedBatchUpdate(from:)`` costs.
  @inlinable
  public func tryStagedBatchUpdate(
    from old: Self
  ) throws(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>)
    -> StagedBatchUpdate<SectionIdentifierType, ItemIdentifierType>
  {
    try StagedBatchUpdate(from: old.layout, to: layout, marks: marks)
  }
}

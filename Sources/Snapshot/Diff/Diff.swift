extension BatchUpdate {
  /// The one batch that turns `old` into `new`, valid under every rule a list view enforces,
  /// with the fewest moves the rules allow.
  ///
  /// Moves: within a section, the items that keep their relative order stay (a heaviest
  /// increasing subsequence); the others move, as do items changing sections and sections
  /// out of order. Where one batch cannot express a change as is — a reload of an item that
  /// moves, item changes inside a moved section, a move between sections UIKit would
  /// miscount, a reload the view would shift onto another row — the change is rewritten as
  /// deletes plus inserts. ``StagedBatchUpdate/init(from:to:marks:)`` keeps every move between
  /// sections present in both layouts instead. In both forms, an item moving into an inserted
  /// section or out of a deleted one is deleted and inserted.
  ///
  /// Marks apply to identifiers present in both layouts; reconfigures are addressed in the
  /// new layout (see ``BatchUpdate``).
  ///
  /// - Throws: ``DuplicateIdentifierError`` naming every section or item identifier that
  ///   occurs twice in either layout, or is not equal to itself (such as `Double.nan`).
  /// - Complexity: O(n + m) expected for n old and m new items (every old item is hashed
  ///   once to check for duplicates; new items continuing a matched run, or in a common
  ///   prefix or suffix of a section, are not), plus O(r log r) for the r runs of reordered
  ///   items; one probe of the mark table per item when items are marked.
  @inlinable
  public init<SectionID, ItemID>(
    from old: [LayoutSection<SectionID, ItemID>],
    to new: [LayoutSection<SectionID, ItemID>],
    marks: DiffMarks<SectionID, ItemID> = DiffMarks()
  ) throws(DuplicateIdentifierError<SectionID, ItemID>) {
    self = try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: true).singleBatch()
  }
}

extension StagedBatchUpdate {
  /// The staged form of the change from `old` to `new`: batches each valid on their own,
  /// each with the layout the view shows after it, keeping every move between sections
  /// present in both layouts as a move (the fewest there can be) and every reload as a
  /// reload. An item moving into an inserted section or out of a deleted one is deleted and
  /// inserted, with its section. See ``StagedBatchUpdate`` for when to use it.
  ///
  /// - Throws: ``DuplicateIdentifierError`` naming every section or item identifier that
  ///   occurs twice in either layout, or is not equal to itself (such as `Double.nan`).
  /// - Complexity: as ``BatchUpdate/init(from:to:marks:)``, plus O(n + m) to build the
  ///   intermediate layouts.
  @inlinable
  public init(
    from old: [LayoutSection<SectionID, ItemID>],
    to new: [LayoutSection<SectionID, ItemID>],
    marks: DiffMarks<SectionID, ItemID> = DiffMarks()
  ) throws(DuplicateIdentifierError<SectionID, ItemID>) {
    self = try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: true)
      .stagedBatches()
  }
}

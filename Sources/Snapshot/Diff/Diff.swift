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
  /// "Fewest moves", precisely. An *entry* is a section present in both layouts, or an item
  /// present in both within sections present in both; *marked* means marked for reload. The
  /// batch picks a *chain*: entries that keep their relative order (increasing old positions
  /// in new order), among the common sections, and among the items of each section that
  /// stays in place. Then:
  /// - on the chain, an unmarked entry stays, and a marked one is reloaded, unless the view's
  ///   shift of the reload (by deletes and inserts, not moves) misses its new index: then it
  ///   is deleted and inserted;
  /// - off the chain, an unmarked entry moves, or, where the rules forbid that move (a section
  ///   whose items change or hold a reload; an item between sections UIKit would miscount, or
  ///   out of or into a section that does not stay), is deleted and inserted;
  /// - off the chain, a marked entry is deleted and inserted (a reload is never given to an
  ///   entry that moves).
  ///
  /// Among all such batches, sections first, then items with the sections so placed, this one
  /// has (1) the fewest unmarked entries off the chain — its moves, counting those the rules
  /// turn into a delete plus an insert — and then (2) the fewest entries deleted and inserted
  /// (marked entries that could not stay reloads, sections replaced instead of moved). Without
  /// marks, (1) is the classic minimum: the entries off a longest increasing subsequence.
  /// Moves come first: a marked entry gets a fresh cell either way, as a reload or as a delete
  /// plus an insert, so it never makes an unmarked entry move; it stays a reload when one of
  /// the chains with the fewest moves can hold it. An unmarked entry whose move is allowed is
  /// never deleted and inserted instead, even where that would let more reloads land.
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

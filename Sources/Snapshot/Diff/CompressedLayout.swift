/// One stretch of a section of a *compressed layout*: the form in which the diff of two
/// related snapshots (one made from the other by edits) reads them, so that it costs what
/// changed instead of what the snapshots hold. See the article "Snapshots that share
/// structure", section "How a diff finds shared subtrees".
///
/// A compressed layout is an array of ``CompressedSection``s. Its items, expanded in order,
/// are exactly the items of the snapshot's ``LayoutSection``s.
@usableFromInline
package enum CompressedPiece<ItemID: Hashable & Sendable>: Sendable {
  /// Items matched one by one: those of storage the other snapshot does not share, and
  /// every item a mark (reload, reconfigure) names.
  case items([ItemID])
  /// `count` items that both snapshots hold contiguously, in the same order, in sections
  /// with the same identifier (a run of storage both share). `id` names the run: the same
  /// run has the same `id` in the old and the new layout, and no two runs of one layout
  /// share an `id`. `items` lists the run's items on demand (`items()`), in O(count).
  case shared(id: Int, count: Int, items: CompressedRunItems<ItemID>)
}

/// How a shared run of a compressed layout lists its items on demand: a lister shared by every
/// run of one layout, and the run's range in what it lists. A run costs no allocation of its
/// own (a closure capturing the run would allocate its context, once per run).
@usableFromInline
package struct CompressedRunItems<ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline
  enum Source: Sendable {
    /// A lister shared by the runs of a layout, and this run's range in what it lists.
    case ranged(@Sendable (Range<Int>) -> [ItemID], Range<Int>)
    /// A closure of the run's own.
    case whole(@Sendable () -> [ItemID])
  }

  @usableFromInline let source: Source

  /// The items `list` gives for `range`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init(range: Range<Int>, list: @escaping @Sendable (Range<Int>) -> [ItemID]) {
    source = .ranged(list, range)
  }

  /// The items `items` gives.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init(_ items: @escaping @Sendable () -> [ItemID]) {
    source = .whole(items)
  }

  /// The run's items.
  ///
  /// - Complexity: what the lister costs for the range: O(count) for the storage's.
  @inlinable
  package func callAsFunction() -> [ItemID] {
    switch source {
    case .ranged(let list, let range): list(range)
    case .whole(let items): items()
    }
  }
}

/// One section of a compressed layout: its identifier, its pieces, and its item count.
@usableFromInline
package struct CompressedSection<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Sendable
{
  /// The section's identifier.
  @usableFromInline package var id: SectionID
  /// The section's stretches, in order.
  @usableFromInline package var pieces: [CompressedPiece<ItemID>]

  /// Creates a section from its identifier and its pieces.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init(_ id: SectionID, pieces: [CompressedPiece<ItemID>]) {
    self.id = id
    self.pieces = pieces
  }

  /// The number of items the pieces stand for.
  ///
  /// - Complexity: O(p) for p pieces.
  @inlinable
  package var count: Int {
    pieces.reduce(0) { total, piece in
      switch piece {
      case .items(let items): total + items.count
      case .shared(_, let count, _): total + count
      }
    }
  }
}

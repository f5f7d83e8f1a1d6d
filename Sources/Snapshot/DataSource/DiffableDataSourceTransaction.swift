/// What a user's move did, as Apple's `NSDiffableDataSourceTransaction`: the list before and
/// after, and the difference between them.
///
/// The snapshots hold the rows the list shows (as ``DiffableDataSource/snapshot()``), and
/// ``difference`` is over their `itemIdentifiers`: the moved rows removed at their old
/// offsets and inserted at their new ones, each removal associated with its insertion.
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The rows before the move, listed on first read (a move itself costs what it moves, not
  /// what the list holds).
  ///
  /// - Complexity: O(n) for n rows on the first read, then O(1).
  public var initialSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  {
    initial.value
  }
  /// The rows after the move, listed on first read.
  ///
  /// - Complexity: O(n) for n rows on the first read, then O(1).
  public var finalSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    final.value
  }
  /// The change from the initial rows to the final ones, made on first read.
  ///
  /// - Complexity: O(k log k) for the k moved rows on the first read, then O(1).
  public var difference: CollectionDifference<ItemIdentifierType> { lazyDifference.value }
  /// One transaction per section the move touched.
  public let sectionTransactions:
    [DiffableDataSourceSectionTransaction<
      SectionIdentifierType, ItemIdentifierType
    >]

  @usableFromInline let initial:
    LazyValue<DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>>
  @usableFromInline let final:
    LazyValue<DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>>
  @usableFromInline let lazyDifference: LazyValue<CollectionDifference<ItemIdentifierType>>

  @usableFromInline init(
    initialSnapshot:
      @escaping @Sendable () -> DiffableDataSourceSnapshot<
        SectionIdentifierType, ItemIdentifierType
      >,
    finalSnapshot:
      @escaping @Sendable () -> DiffableDataSourceSnapshot<
        SectionIdentifierType, ItemIdentifierType
      >,
    difference: @escaping @Sendable () -> CollectionDifference<ItemIdentifierType>,
    sectionTransactions: [DiffableDataSourceSectionTransaction<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    self.initial = LazyValue(initialSnapshot)
    self.final = LazyValue(finalSnapshot)
    self.lazyDifference = LazyValue(difference)
    self.sectionTransactions = sectionTransactions
  }
}

/// What a user's move did to one section, as Apple's `NSDiffableDataSourceSectionTransaction`.
///
/// ``difference`` is over the visible items of the section's trees
/// (``DiffableDataSourceSectionSnapshot/visibleItems``), which a folded leaf header (see
/// ``SectionHeaderMode/firstItemInSection``) does not hide: a row moved into a folded section
/// is inserted in its section's difference, but not in the list's, whose rows the fold hides.
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's tree before the move.
  public let initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The section's tree after the move.
  public let finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The change from the visible items of ``initialSnapshot`` to those of ``finalSnapshot``,
  /// made on first read.
  ///
  /// - Complexity: O(k log k) for the k moved rows on the first read, then O(1).
  public var difference: CollectionDifference<ItemIdentifierType> { lazyDifference.value }

  @usableFromInline let lazyDifference: LazyValue<CollectionDifference<ItemIdentifierType>>

  @usableFromInline init(
    sectionIdentifier: SectionIdentifierType,
    initialSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    finalSnapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
    difference: @escaping @Sendable () -> CollectionDifference<ItemIdentifierType>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.lazyDifference = LazyValue(difference)
  }
}

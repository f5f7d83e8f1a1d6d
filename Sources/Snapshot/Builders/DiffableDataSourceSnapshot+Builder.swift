// Declaring a sectioned snapshot with a result-builder block.

extension DiffableDataSourceSnapshot {
  /// The error of the building initializers' `tryBuild` twins.
  public typealias BuildError = SnapshotBuildError<SectionIdentifierType, ItemIdentifierType>

  /// Creates a snapshot from a ``SnapshotBuilder`` block: its sections, in order, each with
  /// its items.
  ///
  /// ```swift
  /// let snapshot = DiffableDataSourceSnapshot<String, String> {
  ///   SnapshotSection("Fruit") { "🍏"; "🍓" }
  ///   for day in days {
  ///     SnapshotSection(day.name) { day.meals }
  ///   }
  /// }
  /// ```
  ///
  /// A sectioned snapshot is flat: an item declared with children is followed in its section
  /// by its descendants, depth-first (expansion is not kept; a ``SectionedOutline`` keeps the
  /// trees).
  ///
  /// Stops the program, naming the identifier and both places, if a section or an item is
  /// declared twice; ``tryBuild(_:)`` throws instead.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public init(
    @SnapshotBuilder<SectionIdentifierType, ItemIdentifierType> _ content: () -> [SnapshotSection<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    let sections = content()
    self = trap { () throws(BuildError) in try Self.build(declared: sections) }
  }

  /// Creates a snapshot from a ``SnapshotBuilder`` block, or throws a
  /// ``SnapshotBuildError`` naming the section or item declared twice and both places.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public static func tryBuild(
    @SnapshotBuilder<SectionIdentifierType, ItemIdentifierType> _ content: () -> [SnapshotSection<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) throws(BuildError) -> Self {
    try build(declared: content())
  }

  @inlinable
  static func build(
    declared sections: [SnapshotSection<SectionIdentifierType, ItemIdentifierType>]
  ) throws(BuildError) -> Self {
    try build(
      sections, section: { $0.section }, roots: { $0.items }, children: { $0.children },
      item: { $0.item })
  }
}

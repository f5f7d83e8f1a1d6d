// Declaring a section snapshot with a result-builder block.

extension DiffableDataSourceSectionSnapshot {
  /// The error of the building initializers' `tryBuild` twins.
  public typealias BuildError = SectionSnapshotBuildError<ItemIdentifierType>

  /// Creates a section snapshot from a ``SectionSnapshotBuilder`` block: its items, their
  /// children, and which start expanded.
  ///
  /// ```swift
  /// let snapshot = DiffableDataSourceSectionSnapshot<String> {
  ///   SnapshotItem("Food", expanded: true) {
  ///     "🍏"
  ///     if showsBread { "🥐" }
  ///   }
  ///   "Drinks"
  /// }
  /// ```
  ///
  /// Stops the program, naming the identifier and both places, if an identifier is declared
  /// twice; ``tryBuild(_:)`` throws instead.
  ///
  /// - Complexity: O(n) for the n items declared.
  @inlinable
  public init(
    @SectionSnapshotBuilder<ItemIdentifierType> _ content: () -> [SnapshotItem<ItemIdentifierType>]
  ) {
    let roots = content()
    self = trap { () throws(BuildError) in try Self.build(declared: roots) }
  }

  /// Creates a section snapshot from a ``SectionSnapshotBuilder`` block, or throws a
  /// ``SectionSnapshotBuildError`` naming the identifier declared twice and both places.
  ///
  /// - Complexity: O(n) for the n items declared.
  @inlinable
  public static func tryBuild(
    @SectionSnapshotBuilder<ItemIdentifierType> _ content: () -> [SnapshotItem<ItemIdentifierType>]
  ) throws(BuildError) -> Self {
    try build(declared: content())
  }

  @inlinable
  static func build(declared roots: [SnapshotItem<ItemIdentifierType>]) throws(BuildError) -> Self {
    try build(
      roots, children: { $0.children }, item: { $0.item },
      isExpanded: { item, _ in item.isExpanded }
    )
  }
}

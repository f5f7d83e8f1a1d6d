// Declaring a sectioned outline with a result-builder block.

extension SectionedOutline {
  /// Creates an outline from a ``SnapshotBuilder`` block: its sections, in order, each with
  /// its tree of items and which start expanded.
  ///
  /// ```swift
  /// let outline = SectionedOutline<String, String> {
  ///   SnapshotSection("Food") {
  ///     "Food"  // the section's header row
  ///     SnapshotItem("Meat", expanded: true) { "Pork"; "Beef" }
  ///   }
  /// }
  /// ```
  ///
  /// Stops the program, naming the identifier and both places, if a section is declared
  /// twice or an item appears twice anywhere in the outline; ``tryBuild(_:)`` throws
  /// instead.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  @inlinable
  public init(
    @SnapshotBuilder<SectionIdentifierType, ItemIdentifierType> _ content: () -> [SnapshotSection<
      SectionIdentifierType, ItemIdentifierType
    >]
  ) {
    let sections = content()
    self = trap { () throws(BuildError) in try Self.build(declared: sections) }
  }

  /// Creates an outline from a ``SnapshotBuilder`` block, or throws a
  /// ``SnapshotBuildError`` naming the section or item declared twice and both places.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
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
      item: { $0.item }, isExpanded: { item, _ in item.isExpanded })
  }
}

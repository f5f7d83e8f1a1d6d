// Sectioned snapshots from sectioned data, in the style of SwiftUI's ForEach.

extension DiffableDataSourceSnapshot {
  /// Creates a snapshot from sectioned data: each element of `sections` is a section, whose
  /// identifier is read with `id` and whose items are read with `items`; each item's
  /// identifier is read with `itemID` (as in SwiftUI's `ForEach(_:id:)`).
  ///
  /// ```swift
  /// let snapshot = DiffableDataSourceSnapshot(
  ///   menu.courses, id: \.name, items: \.dishes, itemID: \.name)
  /// ```
  ///
  /// Stops the program, naming the identifier and both places, if a section or an item
  /// appears twice; ``tryBuild(_:id:items:itemID:)`` throws instead.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public init<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, id: KeyPath<Sections.Element, SectionIdentifierType>,
    items: KeyPath<Sections.Element, Items>, itemID: KeyPath<Items.Element, ItemIdentifierType>
  ) {
    self = trap { () throws(BuildError) in
      try Self.tryBuild(sections, id: id, items: items, itemID: itemID)
    }
  }

  /// Creates a snapshot from sectioned data (see ``init(_:id:items:itemID:)``), or throws a
  /// ``SnapshotBuildError`` naming the section or item found twice and both places.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public static func tryBuild<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, id: KeyPath<Sections.Element, SectionIdentifierType>,
    items: KeyPath<Sections.Element, Items>, itemID: KeyPath<Items.Element, ItemIdentifierType>
  ) throws(BuildError) -> Self {
    let itemID = KeyPathReader(itemID)
    return try build(
      sections, section: { $0[keyPath: id] }, roots: { $0[keyPath: items] },
      children: { _ in nil }, item: { itemID.read($0) })
  }
}

extension DiffableDataSourceSnapshot {
  /// Creates a snapshot from sectioned `Identifiable` data: each element of `sections` is a
  /// section identified by its `id`, whose items (read with `items`) are identified by their
  /// `id` (as in SwiftUI's `ForEach(_:)`).
  ///
  /// ```swift
  /// let snapshot = DiffableDataSourceSnapshot(library.shelves, items: \.books)
  /// ```
  ///
  /// Stops the program, naming the identifier and both places, if a section or an item
  /// appears twice; ``tryBuild(_:items:)`` throws instead.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public init<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, items: KeyPath<Sections.Element, Items>
  )
  where
    Sections.Element: Identifiable, Sections.Element.ID == SectionIdentifierType,
    Items.Element: Identifiable, Items.Element.ID == ItemIdentifierType
  {
    self = trap { () throws(BuildError) in try Self.tryBuild(sections, items: items) }
  }

  /// Creates a snapshot from sectioned `Identifiable` data (see ``init(_:items:)``), or
  /// throws a ``SnapshotBuildError`` naming the section or item found twice and both places.
  ///
  /// - Complexity: O(s + n log₁₆ n) for s sections and n items: the storage is built at
  ///   once (the trie level by level).
  @inlinable
  public static func tryBuild<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, items: KeyPath<Sections.Element, Items>
  ) throws(BuildError) -> Self
  where
    Sections.Element: Identifiable, Sections.Element.ID == SectionIdentifierType,
    Items.Element: Identifiable, Items.Element.ID == ItemIdentifierType
  {
    try build(
      sections, section: { $0.id }, roots: { $0[keyPath: items] }, children: { _ in nil },
      item: { $0.id })
  }
}

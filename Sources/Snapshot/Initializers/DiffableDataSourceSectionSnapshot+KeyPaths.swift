// Section snapshots from hierarchical data, in the style of SwiftUI's List(_:children:).

extension DiffableDataSourceSectionSnapshot {
  /// Creates a section snapshot from hierarchical data, the way SwiftUI's
  /// `List(_:id:children:)` and `OutlineGroup` read it: `data` are the root elements, the
  /// `children` key path gives each element's children (`nil` for a leaf, `[]` for a parent
  /// with no children yet), and `id` gives each element's item identifier.
  ///
  /// ```swift
  /// struct Node { var name: String; var children: [Node]? }
  /// let snapshot = DiffableDataSourceSectionSnapshot(
  ///   roots, id: \.name, children: \.children, isExpanded: { $0.name == "Food" })
  /// ```
  ///
  /// `isExpanded` is asked about every parent (an element whose children are non-nil, even
  /// empty) and says whether it starts expanded; leaves always start collapsed. By default
  /// every item starts collapsed.
  ///
  /// Stops the program, naming the identifier and both index paths, if two elements have
  /// the same identifier; ``tryBuild(_:id:children:isExpanded:)`` throws instead.
  ///
  /// - Complexity: O(n) for the n elements of the tree (each read once, depth-first, without
  ///   recursion).
  @inlinable
  public init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Data.Element, ItemIdentifierType>,
    children: KeyPath<Data.Element, Data?>,
    isExpanded: (Data.Element) -> Bool = { _ in false }
  ) {
    self = trap { () throws(BuildError) in
      try Self.tryBuild(data, id: id, children: children, isExpanded: isExpanded)
    }
  }

  /// Creates a section snapshot from hierarchical data (see
  /// ``init(_:id:children:isExpanded:)``), or throws a ``SectionSnapshotBuildError`` naming
  /// the identifier found twice and both index paths.
  ///
  /// - Complexity: O(n) for the n elements of the tree.
  @inlinable
  public static func tryBuild<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Data.Element, ItemIdentifierType>,
    children: KeyPath<Data.Element, Data?>,
    isExpanded: (Data.Element) -> Bool = { _ in false }
  ) throws(BuildError) -> Self {
    let children = KeyPathReader(children)
    let id = KeyPathReader(id)
    return try build(
      data, children: { children.read($0) }, item: { id.read($0) },
      isExpanded: { element, isParent in isParent && isExpanded(element) })
  }
}

extension DiffableDataSourceSectionSnapshot {
  /// Creates a section snapshot from hierarchical `Identifiable` data, the way SwiftUI's
  /// `List(_:children:)` reads it: each element's item identifier is its `id`.
  ///
  /// ```swift
  /// struct Keyword: Identifiable { var id: String; var children: [Keyword]? }
  /// let snapshot = DiffableDataSourceSectionSnapshot(keywords, children: \.children)
  /// ```
  ///
  /// `children` is `nil` for a leaf and `[]` for a parent with no children yet.
  /// `isExpanded` is asked about every parent; leaves always start collapsed.
  ///
  /// Stops the program, naming the identifier and both index paths, if two elements have
  /// the same `id`; ``tryBuild(_:children:isExpanded:)`` throws instead.
  ///
  /// - Complexity: O(n) for the n elements of the tree.
  @inlinable
  public init<Data: RandomAccessCollection>(
    _ data: Data, children: KeyPath<Data.Element, Data?>,
    isExpanded: (Data.Element) -> Bool = { _ in false }
  ) where Data.Element: Identifiable, Data.Element.ID == ItemIdentifierType {
    self = trap { () throws(BuildError) in
      try Self.tryBuild(data, children: children, isExpanded: isExpanded)
    }
  }

  /// Creates a section snapshot from hierarchical `Identifiable` data (see
  /// ``init(_:children:isExpanded:)``), or throws a ``SectionSnapshotBuildError`` naming
  /// the `id` found twice and both index paths.
  ///
  /// - Complexity: O(n) for the n elements of the tree.
  @inlinable
  public static func tryBuild<Data: RandomAccessCollection>(
    _ data: Data, children: KeyPath<Data.Element, Data?>,
    isExpanded: (Data.Element) -> Bool = { _ in false }
  ) throws(BuildError) -> Self
  where Data.Element: Identifiable, Data.Element.ID == ItemIdentifierType {
    // `{ $0.id }` rather than `\.id`: a key path to a protocol requirement cannot be read
    // directly from memory.
    let children = KeyPathReader(children)
    return try build(
      data, children: { children.read($0) }, item: { $0.id },
      isExpanded: { element, isParent in isParent && isExpanded(element) })
  }
}

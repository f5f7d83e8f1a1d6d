// Sectioned outlines from sections of hierarchical data.

extension SectionedOutline {
  /// Creates an outline from sections of hierarchical data: each element of `sections` is a
  /// section, identified with `id`; `items` reads its root items; `children` reads each
  /// item's children (`nil` for a leaf, `[]` for a parent with no children yet); `itemID`
  /// reads each item's identifier.
  ///
  /// ```swift
  /// let outline = SectionedOutline(
  ///   library.shelves, id: \.name, items: \.folders, itemID: \.path,
  ///   children: \.subfolders, isExpanded: { $0.isOpen })
  /// ```
  ///
  /// `isExpanded` is asked about every parent (non-nil children, even empty); leaves always
  /// start collapsed. By default every item starts collapsed.
  ///
  /// Stops the program, naming the identifier and both places, if a section appears twice
  /// or an item appears twice anywhere; ``tryBuild(_:id:items:itemID:children:isExpanded:)``
  /// throws instead.
  ///
  /// - Complexity: O(s + n) for s sections and n items (each read once, without recursion).
  @inlinable
  public init<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, id: KeyPath<Sections.Element, SectionIdentifierType>,
    items: KeyPath<Sections.Element, Items>, itemID: KeyPath<Items.Element, ItemIdentifierType>,
    children: KeyPath<Items.Element, Items?>,
    isExpanded: (Items.Element) -> Bool = { _ in false }
  ) {
    self = trap { () throws(BuildError) in
      try Self.tryBuild(
        sections, id: id, items: items, itemID: itemID, children: children,
        isExpanded: isExpanded)
    }
  }

  /// Creates an outline from sections of hierarchical data (see
  /// ``init(_:id:items:itemID:children:isExpanded:)``), or throws a ``SnapshotBuildError``
  /// naming the section or item found twice and both places.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  @inlinable
  public static func tryBuild<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, id: KeyPath<Sections.Element, SectionIdentifierType>,
    items: KeyPath<Sections.Element, Items>, itemID: KeyPath<Items.Element, ItemIdentifierType>,
    children: KeyPath<Items.Element, Items?>,
    isExpanded: (Items.Element) -> Bool = { _ in false }
  ) throws(BuildError) -> Self {
    let children = KeyPathReader(children)
    let itemID = KeyPathReader(itemID)
    return try build(
      sections, section: { $0[keyPath: id] }, roots: { $0[keyPath: items] },
      children: { children.read($0) }, item: { itemID.read($0) },
      isExpanded: { element, isParent in isParent && isExpanded(element) })
  }
}

extension SectionedOutline {
  /// Creates an outline from sections of hierarchical `Identifiable` data: sections and
  /// items are identified by their `id`; `items` reads a section's root items and
  /// `children` each item's children (`nil` for a leaf, `[]` for a parent with no children).
  ///
  /// ```swift
  /// let outline = SectionedOutline(shelves, items: \.folders, children: \.subfolders)
  /// ```
  ///
  /// Stops the program, naming the identifier and both places, on a duplicate;
  /// ``tryBuild(_:items:children:isExpanded:)`` throws instead.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  @inlinable
  public init<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, items: KeyPath<Sections.Element, Items>,
    children: KeyPath<Items.Element, Items?>,
    isExpanded: (Items.Element) -> Bool = { _ in false }
  )
  where
    Sections.Element: Identifiable, Sections.Element.ID == SectionIdentifierType,
    Items.Element: Identifiable, Items.Element.ID == ItemIdentifierType
  {
    self = trap { () throws(BuildError) in
      try Self.tryBuild(sections, items: items, children: children, isExpanded: isExpanded)
    }
  }

  /// Creates an outline from sections of hierarchical `Identifiable` data (see
  /// ``init(_:items:children:isExpanded:)``), or throws a ``SnapshotBuildError`` naming the
  /// section or item found twice and both places.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  @inlinable
  public static func tryBuild<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: Sections, items: KeyPath<Sections.Element, Items>,
    children: KeyPath<Items.Element, Items?>,
    isExpanded: (Items.Element) -> Bool = { _ in false }
  ) throws(BuildError) -> Self
  where
    Sections.Element: Identifiable, Sections.Element.ID == SectionIdentifierType,
    Items.Element: Identifiable, Items.Element.ID == ItemIdentifierType
  {
    let children = KeyPathReader(children)
    return try build(
      sections, section: { $0.id }, roots: { $0[keyPath: items] },
      children: { children.read($0) }, item: { $0.id },
      isExpanded: { element, isParent in isParent && isExpanded(element) })
  }
}

// One section of a declared sectioned snapshot: the identifier and its items.

/// A section declared in a ``SnapshotBuilder`` block: the section identifier and the items
/// declared in it.
///
/// ```swift
/// let snapshot = DiffableDataSourceSnapshot<String, String> {
///   SnapshotSection("Fruit") { "🍏"; "🍓" }
///   SnapshotSection("Empty")
/// }
/// ```
///
/// The items block is a ``SectionSnapshotBuilder`` block, so items may have children: a
/// ``SectionedOutline`` keeps them as a tree, a ``DiffableDataSourceSnapshot`` lists them
/// depth-first.
public struct SnapshotSection<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable, Equatable {
  /// The section identifier.
  public var section: SectionIdentifierType
  /// The items declared in the section (the roots of its tree), in order.
  public var items: [SnapshotItem<ItemIdentifierType>]

  /// Declares `section` with no items. O(1).
  @inlinable
  public init(_ section: SectionIdentifierType) {
    self.section = section
    self.items = []
  }

  /// Declares `section` with the items declared by the `items` block.
  ///
  /// - Complexity: O(c) for the c items the block declares at its top level.
  @inlinable
  public init(
    _ section: SectionIdentifierType,
    @SectionSnapshotBuilder<ItemIdentifierType> items: () -> [SnapshotItem<ItemIdentifierType>]
  ) {
    self.section = section
    self.items = items()
  }
}

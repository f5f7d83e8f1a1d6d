// One item of a declared tree: the identifier, whether it starts expanded, and its children.

/// An item declared in a ``SectionSnapshotBuilder`` block: an identifier, whether it starts
/// expanded, and the items declared below it.
///
/// ```swift
/// let snapshot = DiffableDataSourceSectionSnapshot<String> {
///   SnapshotItem("Food", expanded: true) {
///     SnapshotItem("Meat") { "Pork"; "Beef" }
///     "Celery"
///   }
///   "Drinks"
/// }
/// ```
///
/// A plain value: declaring, copying and comparing items does not touch any snapshot. An
/// item with no children and an item with an empty children block are the same thing (a
/// section snapshot does not tell a leaf from a parent without children).
public struct SnapshotItem<ItemIdentifierType: Hashable & Sendable>: Sendable, Equatable {
  /// The item identifier.
  public var item: ItemIdentifierType
  /// Whether the item starts expanded. Expansion needs no children.
  public var isExpanded: Bool
  /// The items declared below this one, in order.
  public var children: [SnapshotItem]

  /// Declares `item` with no children, collapsed unless `expanded` is true. O(1).
  @inlinable
  public init(_ item: ItemIdentifierType, expanded: Bool = false) {
    self.item = item
    self.isExpanded = expanded
    self.children = []
  }

  /// Declares `item` with the children declared by the `children` block, collapsed unless
  /// `expanded` is true.
  ///
  /// - Complexity: O(c) for the c items the block declares at its own level (their subtrees
  ///   are shared, not copied).
  @inlinable
  public init(
    _ item: ItemIdentifierType, expanded: Bool = false,
    @SectionSnapshotBuilder<ItemIdentifierType> children: () -> [SnapshotItem]
  ) {
    self.item = item
    self.isExpanded = expanded
    self.children = children()
  }

  /// This item, starting expanded (or collapsed when `isExpanded` is false), in the style of
  /// a SwiftUI modifier: `SnapshotItem("Food") { ... }.expanded()`. O(1).
  @inlinable
  public func expanded(_ isExpanded: Bool = true) -> SnapshotItem {
    var copy = self
    copy.isExpanded = isExpanded
    return copy
  }
}

extension DiffableDataSourceSectionSnapshot {
  /// The snapshot as declared items: its roots, each with its subtree and expansion state.
  /// Building a snapshot from the result gives back an equal snapshot.
  ///
  /// - Complexity: O(n). Iterative, so any depth is fine.
  public var snapshotItems: [SnapshotItem<ItemIdentifierType>] {
    // The open items along the current path, each collecting its children.
    var open: [SnapshotItem<ItemIdentifierType>] = []
    var roots: [SnapshotItem<ItemIdentifierType>] = []
    func close(downTo depth: Int) {
      while open.count > depth {
        let done = open.removeLast()
        if open.isEmpty { roots.append(done) } else { open[open.count - 1].children.append(done) }
      }
    }
    storage.ensureCaches()
    let (tree, cache) = (storage.tree, storage.cache)
    for slot in cache.order {
      let node = tree.nodes[Int(slot)]
      close(downTo: Int(cache.entries[Int(slot)].depth))
      open.append(SnapshotItem(node.item, expanded: node.isExpanded))
    }
    close(downTo: 0)
    return roots
  }
}

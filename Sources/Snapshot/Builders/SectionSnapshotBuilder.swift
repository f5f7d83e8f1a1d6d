// The result builder that declares the tree of a section snapshot.

/// Declares the items of a section snapshot as a tree, with Swift's control flow.
///
/// A block lists items in order. Each line may be:
/// - a ``SnapshotItem``, with its own block of children: `SnapshotItem(a) { ... }`;
/// - a bare identifier, for an item with no children: `"Pork"`, `.header(h)`;
/// - an array of identifiers, for as many items with no children: `names.map(Item.name)`;
/// - an array of ``SnapshotItem``, such as the result of a function marked
///   `@SectionSnapshotBuilder<Item>` (to declare a tree recursively);
/// - a whole ``DiffableDataSourceSectionSnapshot``, whose tree and expansion state are
///   copied in.
///
/// `if`, `if let`, `if`/`else`, `switch`, `for … in` and `if #available` work as in SwiftUI.
/// An item starts expanded with `SnapshotItem(a, expanded: true) { ... }` or
/// `SnapshotItem(a) { ... }.expanded()`.
///
/// ```swift
/// @SectionSnapshotBuilder<String>
/// func outline(_ folders: [Folder]) -> [SnapshotItem<String>] {
///   for folder in folders {
///     SnapshotItem(folder.name, expanded: folder.isOpen) {
///       outline(folder.subfolders)
///       folder.files
///     }
///   }
/// }
/// let snapshot = DiffableDataSourceSectionSnapshot { outline(root.subfolders) }
/// ```
///
/// Blocks only collect values; identifiers are checked for duplicates when a snapshot is
/// built from them (see ``DiffableDataSourceSectionSnapshot/init(_:)``).
///
/// Cost: a block costs O(c) for the c items at its own level; subtrees are shared, never
/// copied, so declaring a tree of n items is O(n).
@resultBuilder
public enum SectionSnapshotBuilder<ItemIdentifierType: Hashable & Sendable> {
  /// What a block produces: the items declared at its level, each with its subtree.
  public typealias Component = [SnapshotItem<ItemIdentifierType>]

  /// A declared item. O(1).
  @inlinable
  public static func buildExpression(_ item: SnapshotItem<ItemIdentifierType>) -> Component {
    [item]
  }

  /// Declared items, such as the result of a function marked with this builder. O(1).
  @inlinable
  public static func buildExpression(_ items: Component) -> Component {
    items
  }

  /// An identifier: an item with no children, collapsed. O(1).
  @inlinable
  public static func buildExpression(_ item: ItemIdentifierType) -> Component {
    [SnapshotItem(item)]
  }

  /// Identifiers: items with no children, collapsed. O(k) for k identifiers.
  @inlinable
  public static func buildExpression(_ items: [ItemIdentifierType]) -> Component {
    items.map { SnapshotItem($0) }
  }

  /// The tree of a section snapshot, with its expansion state. O(m) for its m items.
  @inlinable
  public static func buildExpression(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  ) -> Component {
    snapshot.snapshotItems
  }

  /// The lines of a block, in order. O(c) for the c items declared at this level.
  @inlinable
  public static func buildBlock(_ components: Component...) -> Component {
    if components.count == 1 { return components[0] }
    return Array(components.joined())
  }

  /// An `if` without `else`: its items, or none. O(1).
  @inlinable
  public static func buildOptional(_ component: Component?) -> Component {
    component ?? []
  }

  /// The first branch of an `if`/`else` or `switch`. O(1).
  @inlinable
  public static func buildEither(first component: Component) -> Component {
    component
  }

  /// The second branch of an `if`/`else` or `switch`. O(1).
  @inlinable
  public static func buildEither(second component: Component) -> Component {
    component
  }

  /// The iterations of a `for … in` loop, in order. O(c) for the c items they declare.
  @inlinable
  public static func buildArray(_ components: [Component]) -> Component {
    Array(components.joined())
  }

  /// An `if #available` block. O(1).
  @inlinable
  public static func buildLimitedAvailability(_ component: Component) -> Component {
    component
  }
}

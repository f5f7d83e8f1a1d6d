// The result builder that declares the sections of a sectioned snapshot or outline.

/// Declares sections, each with its items, with Swift's control flow.
///
/// A block lists ``SnapshotSection`` values (or arrays of them, such as the result of a
/// function marked `@SnapshotBuilder<Section, Item>`); `if`, `if let`, `if`/`else`,
/// `switch`, `for … in` and `if #available` work as in SwiftUI. Each section's own block is
/// a ``SectionSnapshotBuilder`` block.
///
/// ```swift
/// let snapshot = DiffableDataSourceSnapshot<Kind, String> {
///   for kind in Kind.allCases {
///     SnapshotSection(kind) { kind.names }
///   }
///   if showsFavorites {
///     SnapshotSection(.favorites) { favorites }
///   }
/// }
/// ```
///
/// Blocks only collect values; identifiers are checked when a snapshot is built from them
/// (see ``DiffableDataSourceSnapshot/init(_:)`` and ``SectionedOutline/init(_:)``).
///
/// Cost: a block costs O(s) for the s sections it declares.
@resultBuilder
public enum SnapshotBuilder<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
> {
  /// What a block produces: the sections declared, in order.
  public typealias Component = [SnapshotSection<SectionIdentifierType, ItemIdentifierType>]

  /// A declared section. O(1).
  @inlinable
  public static func buildExpression(
    _ section: SnapshotSection<SectionIdentifierType, ItemIdentifierType>
  ) -> Component {
    [section]
  }

  /// Declared sections, such as the result of a function marked with this builder. O(1).
  @inlinable
  public static func buildExpression(_ sections: Component) -> Component {
    sections
  }

  /// The lines of a block, in order. O(s) for the s sections declared.
  @inlinable
  public static func buildBlock(_ components: Component...) -> Component {
    if components.count == 1 { return components[0] }
    return Array(components.joined())
  }

  /// An `if` without `else`: its sections, or none. O(1).
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

  /// The iterations of a `for … in` loop, in order. O(s) for the s sections they declare.
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

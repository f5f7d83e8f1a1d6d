/// One section of a list as the diff engine reads it: the section's identifier and the
/// identifiers of its items, in order.
///
/// A list layout is an array of these. The engine's array-level entry points
/// (``BatchUpdate/init(from:to:marks:)``) take two layouts; the staged form
/// (``StagedBatchUpdate``) hands back the layout the view shows after each stage.
public struct LayoutSection<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Hashable, Sendable
{
  /// The section's identifier.
  public var id: SectionID
  /// The section's items, in display order.
  public var items: [ItemID]

  /// Creates a section from its identifier and its items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(_ id: SectionID, items: [ItemID]) {
    self.id = id
    self.items = items
  }
}

/// Content updates requested for the new layout: what `reloadSections(_:)`, `reloadItems(_:)`
/// and `reconfigureItems(_:)` recorded on the new snapshot.
///
/// Marks only apply to identifiers present in both layouts (an inserted item gets a fresh
/// cell anyway); marks on other identifiers are ignored. An item both reloaded and
/// reconfigured is reloaded.
public struct DiffMarks<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Sections whose every cell must be rebuilt.
  public var reloadedSections: [SectionID]
  /// Items whose cells must be replaced.
  public var reloadedItems: [ItemID]
  /// Items whose existing cells must be refreshed in place (iOS 15 `reconfigureItems`).
  public var reconfiguredItems: [ItemID]

  /// Creates marks; all empty by default.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    reloadedSections: [SectionID] = [],
    reloadedItems: [ItemID] = [],
    reconfiguredItems: [ItemID] = []
  ) {
    self.reloadedSections = reloadedSections
    self.reloadedItems = reloadedItems
    self.reconfiguredItems = reconfiguredItems
  }

  /// Whether no mark is set.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool {
    reloadedSections.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
  }
}

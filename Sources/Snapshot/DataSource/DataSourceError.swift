/// Why a ``DiffableDataSource`` operation was refused.
///
/// When an operation fails, the data source and its list view are left exactly as they were.
/// The Apple-named methods (`apply(_:animatingDifferences:completion:)`, ...) stop the program
/// with this error's ``description``, as Apple's data source raises an exception; the
/// `try`-prefixed twins and the user-action methods (``DiffableDataSource/expand(_:animated:)``,
/// ``DiffableDataSource/moveItem(at:to:)``, ...) throw it.
public struct DataSourceError<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Error, Equatable, CustomStringConvertible {
  /// The operation that was refused, named as in the API.
  public enum Operation: String, Sendable, Equatable {
    case apply = "apply(_:animatingDifferences:)"
    case applyUsingReloadData = "applySnapshotUsingReloadData(_:)"
    case applyToSection = "apply(_:to:animatingDifferences:)"
    case setHeaderMode = "setHeaderMode(_:for:)"
    case expand = "expand(_:)"
    case collapse = "collapse(_:)"
    case toggle = "toggle(_:)"
    case moveItem = "moveItem(at:to:)"
    case moveItemInto = "moveItem(at:into:)"
    case reveal = "reveal(_:)"
    case expandAll = "expandAll(_:)"
    case collapseAll = "collapseAll(_:)"
    case expandToDepth = "expand(toDepth:)"
    case filter = "filter(in:filteringDescendantsOfMatches:animated:_:)"
    case narrowFilter = "narrowFilter(in:animated:_:)"
    case clearFilter = "clearFilter(in:animated:)"
  }

  /// What was wrong, with the identifier concerned.
  public enum Reason: Sendable, Equatable {
    /// The call came while the data source was delivering another update to its list view
    /// (from inside a handler or a list-view callback).
    case reentrantUpdate
    /// The item is in no section of the data source.
    case unknownItem(ItemIdentifierType)
    /// The section is not one of the data source's.
    case unknownSection(SectionIdentifierType)
    /// Rows cannot move while this section shows its rows through a filter: clear it first.
    case filtered(SectionIdentifierType)
    /// The item is not shown through its section's filter, even with its ancestors expanded.
    case filteredOut(ItemIdentifierType)
    /// The index path names no row the list shows.
    case unknownIndexPath(ListIndexPath)
    /// The item is already in another section (item identifiers are unique across sections).
    case itemInAnotherSection(ItemIdentifierType, SectionIdentifierType)
    /// The section shows its first item as its header, and in the section snapshot that
    /// first root item has both children and sibling roots: the header must either be the
    /// only root (the section's items below it) or a leaf (the items as the roots after it).
    case headerWithChildrenAndSiblings(SectionIdentifierType, header: ItemIdentifierType)
    /// A move would put a row above a section's header or beside it at the root level.
    case moveAroundHeader(ItemIdentifierType)
    /// A section's header cannot be moved.
    case headerCannotMove(ItemIdentifierType)
    /// A row cannot be moved into its own subtree.
    case moveIntoOwnSubtree(ItemIdentifierType)
    /// Reordering is disabled: `reorderingHandlers.canReorderItem` is not set (as Apple's).
    case reorderingDisabled
    /// `reorderingHandlers.canReorderItem` refused the item.
    case reorderRefused(ItemIdentifierType)
    /// `sectionSnapshotHandlers.shouldExpandItem` refused to expand this ancestor of the item
    /// being revealed.
    case expansionRefused(ItemIdentifierType)
    /// The section snapshot refused the change (for example, children given by
    /// `snapshotForExpandingParent` that are already elsewhere in the tree).
    case sectionSnapshot(SectionSnapshotError<ItemIdentifierType>)
    /// The identifiers break `Hashable`'s contract (equal values with different hashes), so
    /// no diff between the two states could be trusted.
    case brokenIdentifiers(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>)
  }

  /// The operation that was refused.
  public let operation: Operation
  /// What was wrong.
  public let reason: Reason

  /// Creates an error for `operation` failing because of `reason`. O(1).
  public init(_ operation: Operation, _ reason: Reason) {
    self.operation = operation
    self.reason = reason
  }

  /// A sentence naming the operation and the identifier. O(1) plus the cost of describing
  /// the identifier.
  public var description: String {
    let what: String
    switch reason {
    case .reentrantUpdate:
      what =
        "the data source is delivering another update to its list view; apply, expand, "
        + "collapse and move only after it returns (not from a handler or a view callback)"
    case .unknownItem(let item):
      what = "item \(item) is in no section"
    case .unknownSection(let section):
      what = "section \(section) is not one of the data source's sections"
    case .filtered(let section):
      what =
        "section \(section) shows its rows through a filter; clear it (clearFilter(in:)) "
        + "before moving rows"
    case .filteredOut(let item):
      what = "item \(item) does not pass its section's filter, so no row can show it"
    case .unknownIndexPath(let path):
      what = "index path \(path) names no row"
    case .itemInAnotherSection(let item, let section):
      what = "item \(item) is already in section \(section); item identifiers must be unique"
    case .headerWithChildrenAndSiblings(let section, let header):
      what =
        "section \(section) shows its first item as its header, but header \(header) has "
        + "both children and sibling roots; make it the only root or a leaf"
    case .moveAroundHeader(let item):
      what = "item \(item) cannot go above or beside its section's header"
    case .headerCannotMove(let item):
      what = "item \(item) is its section's header and cannot move"
    case .moveIntoOwnSubtree(let item):
      what = "item \(item) cannot move into its own subtree"
    case .reorderingDisabled:
      what = "reordering is disabled; set reorderingHandlers.canReorderItem"
    case .reorderRefused(let item):
      what = "reorderingHandlers.canReorderItem refused item \(item)"
    case .expansionRefused(let item):
      what = "sectionSnapshotHandlers.shouldExpandItem refused to expand \(item)"
    case .sectionSnapshot(let error):
      what = error.description
    case .brokenIdentifiers(let error):
      what = error.description
    }
    return "DiffableDataSource.\(operation.rawValue): \(what)"
  }
}

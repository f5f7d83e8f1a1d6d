/// Why a ``DiffableDataSourceSnapshot`` operation was refused.
///
/// Every misuse that crashes Apple's `NSDiffableDataSourceSnapshot` is reported with this
/// error: the operation, and what was wrong with which identifier. When an operation fails,
/// the snapshot is left exactly as it was.
///
/// The Apple-named methods (`appendItems(_:toSection:)`, ...) stop the program with this
/// error's ``description``, as Apple's crash; the `try`-prefixed methods
/// (`tryAppendItems(_:toSection:)`, ...) throw it instead, for callers fed by untrusted data.
public struct SnapshotError<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Error, Equatable, CustomStringConvertible {
  /// The operation that was refused, named as in the API.
  public enum Operation: String, Sendable, Equatable {
    case appendSections = "appendSections(_:)"
    case insertSectionsBefore = "insertSections(_:beforeSection:)"
    case insertSectionsAfter = "insertSections(_:afterSection:)"
    case moveSectionBefore = "moveSection(_:beforeSection:)"
    case moveSectionAfter = "moveSection(_:afterSection:)"
    case reloadSections = "reloadSections(_:)"
    case appendItems = "appendItems(_:toSection:)"
    case insertItemsBefore = "insertItems(_:beforeItem:)"
    case insertItemsAfter = "insertItems(_:afterItem:)"
    case moveItemBefore = "moveItem(_:beforeItem:)"
    case moveItemAfter = "moveItem(_:afterItem:)"
    case reloadItems = "reloadItems(_:)"
    case reconfigureItems = "reconfigureItems(_:)"
    case numberOfItems = "numberOfItems(inSection:)"
    case itemIdentifiers = "itemIdentifiers(inSection:)"
  }

  /// What was wrong, with the identifier concerned.
  public enum Reason: Sendable, Equatable {
    /// The section identifier appears more than once in the argument.
    case duplicateSection(SectionIdentifierType)
    /// The section is already in the snapshot.
    case sectionAlreadyInSnapshot(SectionIdentifierType)
    /// The section is not in the snapshot.
    case unknownSection(SectionIdentifierType)
    /// The section to insert or move relative to is not in the snapshot.
    case unknownDestinationSection(SectionIdentifierType)
    /// The section to insert relative to is itself among the inserted sections.
    case destinationInInsertedSections(SectionIdentifierType)
    /// A section cannot be moved relative to itself.
    case sectionMovedRelativeToItself(SectionIdentifierType)
    /// Items were appended with no section given, and the snapshot has no sections.
    case noSections
    /// The item identifier appears more than once in the argument.
    case duplicateItem(ItemIdentifierType)
    /// The item is already in the snapshot (item identifiers are unique across sections).
    case itemAlreadyInSnapshot(ItemIdentifierType)
    /// The item is not in the snapshot.
    case unknownItem(ItemIdentifierType)
    /// The item to insert or move relative to is not in the snapshot.
    case unknownDestinationItem(ItemIdentifierType)
    /// The item to insert relative to is itself among the inserted items.
    case destinationInInsertedItems(ItemIdentifierType)
    /// An item cannot be moved relative to itself.
    case itemMovedRelativeToItself(ItemIdentifierType)
    /// The section identifier is not equal to itself (as `Double.nan` is not), so no lookup
    /// could ever find it again.
    case irreflexiveSection(SectionIdentifierType)
    /// The item identifier is not equal to itself (as `Double.nan` is not), so no lookup
    /// could ever find it again.
    case irreflexiveItem(ItemIdentifierType)
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

  /// A sentence naming the operation and the identifier, as printed when a trapping method
  /// stops the program. O(1) plus the cost of describing the identifier.
  public var description: String {
    let what: String
    switch reason {
    case .duplicateSection(let section):
      what = "section \(section) appears more than once in the argument"
    case .sectionAlreadyInSnapshot(let section):
      what = "section \(section) is already in the snapshot; section identifiers must be unique"
    case .unknownSection(let section):
      what = "section \(section) is not in the snapshot"
    case .unknownDestinationSection(let section):
      what = "destination section \(section) is not in the snapshot"
    case .destinationInInsertedSections(let section):
      what = "destination section \(section) is itself among the inserted sections"
    case .sectionMovedRelativeToItself(let section):
      what = "section \(section) cannot be moved relative to itself"
    case .noSections:
      what = "there are no sections to append items to; append a section first"
    case .duplicateItem(let item):
      what = "item \(item) appears more than once in the argument; identifiers must be unique"
    case .itemAlreadyInSnapshot(let item):
      what = "item \(item) is already in the snapshot; item identifiers must be unique"
    case .unknownItem(let item):
      what = "item \(item) is not in the snapshot"
    case .unknownDestinationItem(let item):
      what = "destination item \(item) is not in the snapshot"
    case .destinationInInsertedItems(let item):
      what = "destination item \(item) is itself among the inserted items"
    case .itemMovedRelativeToItself(let item):
      what = "item \(item) cannot be moved relative to itself"
    case .irreflexiveSection(let section):
      what = "section \(section) \(irreflexiveExplanation)"
    case .irreflexiveItem(let item):
      what = "item \(item) \(irreflexiveExplanation)"
    }
    return "DiffableDataSourceSnapshot.\(operation.rawValue): \(what)"
  }
}

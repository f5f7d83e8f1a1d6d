/// Why a ``DiffableDataSourceSectionSnapshot`` operation was refused.
///
/// Every misuse that crashes Apple's `NSDiffableDataSourceSectionSnapshot` is reported with
/// this error: the operation, and what was wrong with which identifier. When an operation
/// fails, the snapshot is left exactly as it was.
///
/// The Apple-named methods (`append(_:to:)`, `level(of:)`, ...) stop the program with this
/// error's ``description``, as Apple's do; the `try`-prefixed methods (`tryAppend(_:to:)`,
/// `tryLevel(of:)`, ...) throw it instead, for callers fed by untrusted data.
public struct SectionSnapshotError<ItemIdentifierType: Hashable & Sendable>: Error, Equatable,
  CustomStringConvertible
{
  /// The operation that was refused, named as in the API.
  public enum Operation: String, Sendable, Equatable {
    case append = "append(_:to:)"
    case insertBefore = "insert(_:before:)"
    case insertAfter = "insert(_:after:)"
    case delete = "delete(_:)"
    case replaceChildren = "replace(childrenOf:using:)"
    case snapshotOfParent = "snapshot(of:includingParent:)"
    case moveBefore = "move(_:before:)"
    case moveAfter = "move(_:after:)"
    case moveToParent = "move(_:to:at:)"
    case level = "level(of:)"
    case parent = "parent(of:)"
    case isExpanded = "isExpanded(_:)"
    case isVisible = "isVisible(_:)"
    case children = "children(of:)"
  }

  /// What was wrong, with the identifier concerned.
  public enum Reason: Sendable, Equatable {
    /// The identifier appears more than once in the argument.
    case duplicateItem(ItemIdentifierType)
    /// The identifier is already in the snapshot (identifiers must be unique in a section
    /// snapshot).
    case itemAlreadyInSnapshot(ItemIdentifierType)
    /// The identifier is not in the snapshot.
    case unknownItem(ItemIdentifierType)
    /// The parent is not in the snapshot.
    case unknownParent(ItemIdentifierType)
    /// The item to insert or move relative to is not in the snapshot.
    case unknownDestination(ItemIdentifierType)
    /// The item to insert relative to is itself one of the items being inserted.
    case destinationInInsertedItems(ItemIdentifierType)
    /// An item cannot be moved relative to itself.
    case moveRelativeToItself(ItemIdentifierType)
    /// The destination lies in the moved item's own subtree.
    case moveIntoOwnSubtree(item: ItemIdentifierType, destination: ItemIdentifierType)
    /// The child position is negative or past the end of the parent's children;
    /// `childCount` counts the children other than the moved item.
    case childIndexOutOfRange(index: Int, childCount: Int)
    /// The identifier is not equal to itself (as `Double.nan` is not), so no lookup could
    /// ever find it again.
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
    case .duplicateItem(let item):
      what = "item \(item) appears more than once in the argument; identifiers must be unique"
    case .itemAlreadyInSnapshot(let item):
      what = "item \(item) is already in the section snapshot; identifiers must be unique"
    case .unknownItem(let item):
      what = "item \(item) is not in the section snapshot"
    case .unknownParent(let item):
      what = "parent \(item) is not in the section snapshot"
    case .unknownDestination(let item):
      what = "destination item \(item) is not in the section snapshot"
    case .destinationInInsertedItems(let item):
      what = "destination item \(item) is itself among the inserted items"
    case .moveRelativeToItself(let item):
      what = "item \(item) cannot be moved relative to itself"
    case .moveIntoOwnSubtree(let item, let destination):
      what = "item \(item) cannot be moved into its own subtree (destination \(destination))"
    case .childIndexOutOfRange(let index, let childCount):
      let children = childCount == 1 ? "1 other child" : "\(childCount) other children"
      what = "child index \(index) is out of range for a parent with \(children)"
    case .irreflexiveItem(let item):
      what = "item \(item) \(irreflexiveExplanation)"
    }
    return "DiffableDataSourceSectionSnapshot.\(operation.rawValue): \(what)"
  }
}

/// Why an identifier that is not equal to itself is refused, for error messages.
let irreflexiveExplanation =
  "is not equal to itself (its == is not reflexive, as with Double.nan), so it could never be "
  + "found again; identifiers must equal themselves"

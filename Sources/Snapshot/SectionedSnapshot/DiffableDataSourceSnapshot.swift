/// The sections of a list and the items of each, in order.
///
/// The counterpart of UIKit's `NSDiffableDataSourceSnapshot`, with the same names and
/// behaviour, minus the crashes: every misuse is described by a ``SnapshotError`` and leaves
/// the snapshot unchanged. Each Apple-named method that Apple lets crash stops the program
/// with that error's message; its `try`-prefixed twin throws the error instead.
///
/// Section identifiers and item identifiers are separate spaces; every item identifier is
/// unique across the whole snapshot, every section identifier is unique.
///
/// Identifiers must be equal to themselves: one that is not (such as `Double.nan`) could
/// never be found again, so it is refused where it enters
/// (``SnapshotError/Reason/irreflexiveSection(_:)``, ``SnapshotError/Reason/irreflexiveItem(_:)``).
///
/// Identifiers must keep the `Hashable` contract (equal values hash equally, hashes do not
/// change while in a snapshot). A broken conformance cannot be detected in general: equal
/// values with different hashes may both get in, and lookups may miss what is there. The
/// answers are then odd (an item reported absent, an error that names the wrong cause), but
/// nothing stops the program: the index never rehashes in the middle of an insertion, and
/// every entry it finds is checked against the sections before use. ``tryBatchUpdate(from:)``
/// re-checks two snapshots for such values before diffing.
///
/// A value type with copy-on-write storage: copies are O(1) until one side mutates. Two
/// snapshots are equal when their sections, and the items of each section, are equal in
/// order; reload and reconfigure marks do not take part.
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The error type of this snapshot's throwing methods.
  public typealias Error = SnapshotError<SectionIdentifierType, ItemIdentifierType>

  @usableFromInline var storage: SectionedStorage<SectionIdentifierType, ItemIdentifierType>

  /// Creates an empty snapshot. O(1).
  @inlinable
  public init() {
    storage = SectionedStorage()
  }

  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = SectionedStorage(state: storage.state)
    }
    storage.gate.invalidate()
  }

  @inlinable
  func slot(
    of section: SectionIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int32 {
    guard let slot = storage.state.placedSlot(of: section) else {
      throw Error(operation, .unknownSection(section))
    }
    return slot
  }

  @inlinable
  func location(
    of item: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> ItemLocation {
    guard let location = storage.state.location(of: item) else {
      throw Error(operation, .unknownItem(item))
    }
    return location
  }
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
  /// The number of items in all sections. O(1).
  @inlinable public var numberOfItems: Int { storage.state.locationOfItem.count }

  /// The number of sections. O(1).
  @inlinable public var numberOfSections: Int { storage.state.order.count }

  /// The section identifiers, in order. O(sections).
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] {
    storage.state.order.map { storage.state.sectionIDs[Int($0)] }
  }

  /// Every item identifier, section after section. O(n).
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(numberOfItems)
    for slot in storage.state.order {
      result.append(contentsOf: storage.state.sectionItems[Int(slot)])
    }
    return result
  }

  /// The number of items in `section`. Stops the program if the section is absent (as
  /// Apple's does); ``tryNumberOfItems(inSection:)`` throws instead. O(1).
  @inlinable
  public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
    trap { () throws(Error) in try tryNumberOfItems(inSection: section) }
  }

  /// The number of items in `section`, or throws if the section is absent. O(1).
  @inlinable
  public func tryNumberOfItems(inSection section: SectionIdentifierType) throws(Error) -> Int {
    storage.state.sectionItems[Int(try slot(of: section, for: .numberOfItems))].count
  }

  /// The items of `section`, in order. Stops the program if the section is absent (as
  /// Apple's does); ``tryItemIdentifiers(inSection:)`` throws instead. O(1) (the array is
  /// shared copy-on-write).
  @inlinable
  public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
    trap { () throws(Error) in try tryItemIdentifiers(inSection: section) }
  }

  /// The items of `section`, in order, or throws if the section is absent. O(1).
  @inlinable
  public func tryItemIdentifiers(
    inSection section: SectionIdentifierType
  ) throws(Error) -> [ItemIdentifierType] {
    storage.state.sectionItems[Int(try slot(of: section, for: .itemIdentifiers))]
  }

  /// The section holding `item`, or nil if the item is absent. O(1).
  @inlinable
  public func sectionIdentifier(
    containingItem item: ItemIdentifierType
  ) -> SectionIdentifierType? {
    guard let location = storage.state.location(of: item) else { return nil }
    return storage.state.sectionIDs[Int(location.slot)]
  }

  /// The position of `item` counted across all sections, or nil if absent. O(1) amortized
  /// (the first call after a mutation rebuilds the section offsets in O(sections)).
  @inlinable
  public func indexOfItem(_ item: ItemIdentifierType) -> Int? {
    guard let location = storage.state.location(of: item) else { return nil }
    storage.ensureCaches()
    return storage.offsets[Int(storage.state.position[Int(location.slot)])] + Int(location.index)
  }

  /// The position of `section`, or nil if absent. O(1).
  @inlinable
  public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    guard let slot = storage.state.placedSlot(of: section) else { return nil }
    return Int(storage.state.position[Int(slot)])
  }

  /// The sections marked with ``reloadSections(_:)``, in the order marked. O(marks).
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    storage.state.reloadedSections.elements
  }

  /// The items marked with ``reloadItems(_:)``, in the order marked. O(marks).
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { storage.state.reloadedItems.elements }

  /// The items marked with ``reconfigureItems(_:)``, in the order marked. O(marks).
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    storage.state.reconfiguredItems.elements
  }
}

extension DiffableDataSourceSnapshot: Equatable {
  /// Equal when the sections, and the items of each section, are equal in order; reload
  /// and reconfigure marks do not take part. O(n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.numberOfSections == rhs.numberOfSections, lhs.numberOfItems == rhs.numberOfItems
    else { return false }
    for (left, right) in zip(lhs.storage.state.order, rhs.storage.state.order) {
      guard lhs.storage.state.sectionIDs[Int(left)] == rhs.storage.state.sectionIDs[Int(right)],
        lhs.storage.state.sectionItems[Int(left)] == rhs.storage.state.sectionItems[Int(right)]
      else { return false }
    }
    return true
  }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible {
  /// One line per section: the section identifier, then its items. O(n).
  public var description: String {
    let lines = storage.state.order.map { slot in
      "\(storage.state.sectionIDs[Int(slot)]): \(storage.state.sectionItems[Int(slot)])"
    }
    return "DiffableDataSourceSnapshot(\(lines.joined(separator: "; ")))"
  }
}

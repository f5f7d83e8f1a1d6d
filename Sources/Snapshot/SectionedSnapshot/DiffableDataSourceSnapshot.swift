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
/// nothing stops the program: the index never rehashes, and every entry it finds is checked
/// against the identifier asked for before use. ``tryBatchUpdate(from:)`` re-checks two
/// snapshots for such values before diffing.
///
/// A value type whose storage is shared between copies, node by node: a copy is O(1), and an
/// edit of a copy copies only the O(log n) nodes on its path. Two snapshots are equal when
/// their sections, and the items of each section, are equal in order; reload and reconfigure
/// marks do not take part.
///
/// A snapshot built from arrays keeps them, and through its first few edits keeps them cut
/// into at most 128 pieces, so that snapshots built apart diff as arrays: the edits' costs
/// below include O(p) for those p pieces, at most 128.
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

  /// An empty snapshot whose storage uses tree nodes of `base` to `2 × base` entries and trie
  /// buckets of up to `bucketCapacity` pairs, so that tests cross splits and merges with few
  /// items. O(1).
  @inlinable
  init(base: Int, bucketCapacity: Int) {
    storage = SectionedStorage(base: base, bucketCapacity: bucketCapacity)
  }

  /// The position of `section`'s entry and its index, or throws `unknownSection`.
  /// O(b log n).
  @inlinable
  func place(
    of section: SectionIdentifierType, for operation: Error.Operation
  ) throws(Error) -> (position: Int, index: Int) {
    guard let place = storage.place(of: section) else {
      throw Error(operation, .unknownSection(section))
    }
    return place
  }

  /// The position of `item`'s entry, or throws `unknownItem`. O(b log n).
  @inlinable
  func position(
    of item: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int {
    guard let place = storage.place(of: item) else {
      throw Error(operation, .unknownItem(item))
    }
    return place.position
  }
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
  /// The number of items in all sections. O(1).
  @inlinable public var numberOfItems: Int { storage.numberOfItems }

  /// The number of sections. O(1).
  @inlinable public var numberOfSections: Int { storage.numberOfSections }

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(s b log n) for s sections: only the tree's leaves that hold a section
  ///   are read.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] {
    storage.sectionEntries.map(\.section)
  }

  /// Every item identifier, section after section.
  ///
  /// - Complexity: O(n), copied leaf by leaf.
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] {
    storage.items(in: 0..<storage.list.count)
  }

  /// The number of items in `section`. Stops the program if the section is absent (as
  /// Apple's does); ``tryNumberOfItems(inSection:)`` throws instead.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  public func numberOfItems(inSection section: SectionIdentifierType) -> Int {
    trap { () throws(Error) in try tryNumberOfItems(inSection: section) }
  }

  /// The number of items in `section`, or throws if the section is absent.
  ///
  /// - Complexity: O(b log n): two seeks, to the section's entry and to the next section's.
  @inlinable
  public func tryNumberOfItems(inSection section: SectionIdentifierType) throws(Error) -> Int {
    let position = try place(of: section, for: .numberOfItems).position
    return storage.sectionEnd(of: position) - position - 1
  }

  /// The items of `section`, in order. Stops the program if the section is absent (as
  /// Apple's does); ``tryItemIdentifiers(inSection:)`` throws instead.
  ///
  /// - Complexity: O(k + b log n) for the k items of the section, copied leaf by leaf; O(b log n)
  ///   when the snapshot keeps the arrays it was built from (see ``layout``).
  @inlinable
  public func itemIdentifiers(inSection section: SectionIdentifierType) -> [ItemIdentifierType] {
    trap { () throws(Error) in try tryItemIdentifiers(inSection: section) }
  }

  /// The items of `section`, in order, or throws if the section is absent.
  ///
  /// - Complexity: O(k + b log n) for the k items of the section, copied leaf by leaf; O(b log n)
  ///   when the snapshot keeps the arrays it was built from (see ``layout``).
  @inlinable
  public func tryItemIdentifiers(
    inSection section: SectionIdentifierType
  ) throws(Error) -> [ItemIdentifierType] {
    let (position, index) = try place(of: section, for: .itemIdentifiers)
    if let built = storage.builtLayout, index < built.sections.count {
      return built.sections[index].items
    }
    return storage.items(in: position + 1..<storage.sectionEnd(of: position))
  }

  /// The section holding `item`, or nil if the item is absent.
  ///
  /// - Complexity: O(b log n): the item's entry, then the nearest section entry before it.
  @inlinable
  public func sectionIdentifier(
    containingItem item: ItemIdentifierType
  ) -> SectionIdentifierType? {
    guard let place = storage.place(of: item) else { return nil }
    return storage.section(containing: place.position)
  }

  /// The position of `item` counted across all sections, or nil if absent.
  ///
  /// - Complexity: O(b log n): one seek, counting the entries and the sections before it.
  @inlinable
  public func indexOfItem(_ item: ItemIdentifierType) -> Int? {
    guard let place = storage.place(of: item) else { return nil }
    return place.position - place.sections
  }

  /// The position of `section`, or nil if absent.
  ///
  /// - Complexity: O(b log n): one seek, counting the sections before it.
  @inlinable
  public func indexOfSection(_ section: SectionIdentifierType) -> Int? {
    storage.place(of: section)?.index
  }

  /// The sections marked with ``reloadSections(_:)``, in the order marked. O(marks).
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    storage.reloadedSections.elements
  }

  /// The items marked with ``reloadItems(_:)``, in the order marked. O(marks).
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { storage.reloadedItems.elements }

  /// The items marked with ``reconfigureItems(_:)``, in the order marked. O(marks).
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    storage.reconfiguredItems.elements
  }
}

extension DiffableDataSourceSnapshot: Equatable {
  /// Equal when the sections, and the items of each section, are equal in order; reload
  /// and reconfigure marks do not take part.
  ///
  /// - Complexity: O(1) when both hold the same storage (a snapshot and an unedited copy);
  ///   otherwise O(n), entry by entry, or array by array when both keep the arrays they were
  ///   built from, whole or cut by a few edits (see ``layout``).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    let (left, right) = (lhs.storage.list.tree, rhs.storage.list.tree)
    if left.sharesRoot(with: right) { return true }
    guard left.count == right.count, left.visibleCount == right.visibleCount else {
      return false
    }
    if let leftBuilt = lhs.storage.builtLayout, let rightBuilt = rhs.storage.builtLayout {
      return leftBuilt === rightBuilt || leftBuilt.sections == rightBuilt.sections
    }
    if let leftPieces = lhs.storage.keptPieces, let rightPieces = rhs.storage.keptPieces {
      let alike = BuiltPieces.commonPrefixCount(leftPieces, rightPieces, limit: left.count)
      return alike == left.count
    }
    return left.entriesEqual(right) { $0.item == $1.item }
  }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible {
  /// One line per section: the section identifier, then its items. O(n).
  public var description: String {
    let lines = layout.map { "\($0.id): \($0.items)" }
    return "DiffableDataSourceSnapshot(\(lines.joined(separator: "; ")))"
  }
}

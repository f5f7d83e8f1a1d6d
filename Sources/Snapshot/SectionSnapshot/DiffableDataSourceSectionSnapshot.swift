/// The items of one section as a tree (an outline), with which parents are expanded.
///
/// The counterpart of UIKit's `NSDiffableDataSourceSectionSnapshot`, with the same names and
/// behaviour, minus the crashes: every misuse is described by a ``SectionSnapshotError`` and
/// leaves the snapshot unchanged. Each Apple-named method that Apple lets crash stops the
/// program with that error's message; its `try`-prefixed twin throws the error instead.
///
/// ```swift
/// var snapshot = DiffableDataSourceSectionSnapshot<String>()
/// snapshot.append(["Food", "Drinks"])
/// snapshot.append(["🍏", "🍓", "🥐"], to: "Food")
/// snapshot.expand(["Food"])
/// snapshot.visibleItems  // ["Food", "🍏", "🍓", "🥐", "Drinks"]
/// ```
///
/// Identifiers must be equal to themselves: one that is not (such as `Double.nan`) could
/// never be found again, so it is refused where it enters
/// (``SectionSnapshotError/Reason/irreflexiveItem(_:)``).
///
/// A value type with copy-on-write storage: copies are O(1) until one side mutates.
///
/// Cost: building *n* items by any sequence of `append`/`insert` calls is O(n) in total.
/// Position queries (`index(of:)`, `level(of:)`, `isVisible(_:)`) are O(1) amortized: the
/// first one after a run of mutations rebuilds a cache in O(n). Membership, parents and
/// expansion are O(1) at all times.
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>:
  Sendable
{
  /// The error type of this snapshot's throwing methods.
  public typealias Error = SectionSnapshotError<ItemIdentifierType>

  @usableFromInline var storage: TreeStorage<ItemIdentifierType>

  /// Creates an empty section snapshot. O(1).
  @inlinable public init() {
    storage = TreeStorage()
  }

  @inlinable init(storage: TreeStorage<ItemIdentifierType>) {
    self.storage = storage
  }

  /// Gives this value its own storage before a mutation. O(1) when already unique.
  @inlinable mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = TreeStorage(tree: storage.tree)
    }
    storage.invalidateCaches()
  }

  /// The slot of `item`, or nil. O(1) expected.
  @inlinable func slot(of item: ItemIdentifierType) -> Int32? {
    let slot = storage.tree.slot(of: item)
    return slot >= 0 ? slot : nil
  }

  @inlinable func items(_ slots: [Int32]) -> [ItemIdentifierType] {
    let nodes = storage.tree.nodes
    return slots.map { nodes[Int($0)].item }
  }
}

// MARK: - Queries

extension DiffableDataSourceSectionSnapshot {
  /// Every item, depth-first (each parent before its children). O(n).
  @inlinable public var items: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    let tree = storage.tree
    result.reserveCapacity(tree.liveCount)
    tree.forEachDescendant(of: -1) { result.append(tree.nodes[Int($0)].item) }
    return result
  }

  /// The items at level 0, in order. O(roots).
  @inlinable public var rootItems: [ItemIdentifierType] {
    items(storage.tree.children(of: -1))
  }

  /// The items whose ancestors are all expanded, depth-first. These are the rows a list
  /// shows for this section (logically visible; not "on screen"). O(visible items): collapsed
  /// subtrees are skipped, not scanned.
  @inlinable public var visibleItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    let tree = storage.tree
    tree.forEachVisibleDescendant(of: -1) { result.append(tree.nodes[Int($0)].item) }
    return result
  }

  /// The expanded items, depth-first. O(n).
  @inlinable public var expandedItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    let tree = storage.tree
    tree.forEachDescendant(of: -1) {
      if tree.nodes[Int($0)].isExpanded { result.append(tree.nodes[Int($0)].item) }
    }
    return result
  }

  /// Whether the snapshot contains `item`. O(1) expected.
  @inlinable public func contains(_ item: ItemIdentifierType) -> Bool {
    storage.tree.slot(of: item) >= 0
  }

  /// The position of `item` in ``items``, or nil if absent. O(1) amortized (the first
  /// position query after a mutation rebuilds the position cache in O(n)).
  @inlinable public func index(of item: ItemIdentifierType) -> Int? {
    guard let slot = slot(of: item) else { return nil }
    storage.ensureCaches()
    return Int(storage.cache.entries[Int(slot)].position)
  }

  /// The depth of `item`: 0 for a root item. Stops the program if `item` is absent (as
  /// Apple's does); ``tryLevel(of:)`` throws instead. O(1) amortized.
  @inlinable public func level(of item: ItemIdentifierType) -> Int {
    trap { () throws(Error) in try tryLevel(of: item) }
  }

  /// The depth of `item`: 0 for a root item; throws ``SectionSnapshotError/Reason/unknownItem(_:)``
  /// if absent. O(1) amortized.
  @inlinable public func tryLevel(of item: ItemIdentifierType) throws(Error) -> Int {
    let slot = try existingSlot(of: item, for: .level)
    storage.ensureCaches()
    return Int(storage.cache.entries[Int(slot)].depth)
  }

  /// The parent of `item`, or nil for a root item. Stops the program if `item` is absent;
  /// ``tryParent(of:)`` throws instead. O(1).
  @inlinable public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
    trap { () throws(Error) in try tryParent(of: item) }
  }

  /// The parent of `item`, or nil for a root item; throws if `item` is absent. O(1).
  @inlinable public func tryParent(of item: ItemIdentifierType) throws(Error) -> ItemIdentifierType?
  {
    let slot = try existingSlot(of: item, for: .parent)
    let parent = storage.tree.nodes[Int(slot)].parent
    return parent >= 0 ? storage.tree.nodes[Int(parent)].item : nil
  }

  /// The direct children of `item`, in order (not part of Apple's API). Stops the program
  /// if `item` is absent; ``tryChildren(of:)`` throws instead. O(children).
  @inlinable public func children(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    trap { () throws(Error) in try tryChildren(of: item) }
  }

  /// The direct children of `item`, in order; throws if `item` is absent. O(children).
  @inlinable public func tryChildren(of item: ItemIdentifierType) throws(Error)
    -> [ItemIdentifierType]
  {
    let slot = try existingSlot(of: item, for: .children)
    return items(storage.tree.children(of: slot))
  }

  /// Whether `item` is expanded. Expansion needs no children. Stops the program if `item`
  /// is absent; ``tryIsExpanded(_:)`` throws instead. O(1).
  @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    trap { () throws(Error) in try tryIsExpanded(item) }
  }

  /// Whether `item` is expanded; throws if `item` is absent. O(1).
  @inlinable public func tryIsExpanded(_ item: ItemIdentifierType) throws(Error) -> Bool {
    let slot = try existingSlot(of: item, for: .isExpanded)
    return storage.tree.nodes[Int(slot)].isExpanded
  }

  /// Whether all of `item`'s ancestors are expanded. Stops the program if `item` is absent;
  /// ``tryIsVisible(_:)`` throws instead. O(1) amortized.
  @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
    trap { () throws(Error) in try tryIsVisible(item) }
  }

  /// Whether all of `item`'s ancestors are expanded; throws if `item` is absent.
  /// O(1) amortized.
  @inlinable public func tryIsVisible(_ item: ItemIdentifierType) throws(Error) -> Bool {
    let slot = try existingSlot(of: item, for: .isVisible)
    storage.ensureCaches()
    return storage.cache.entries[Int(slot)].isVisible
  }

  /// The number of items. O(1) (not part of Apple's API).
  @inlinable public var count: Int { storage.tree.liveCount }

  /// Whether the snapshot has no items. O(1) (not part of Apple's API).
  @inlinable public var isEmpty: Bool { storage.tree.liveCount == 0 }

  @inlinable func existingSlot(
    of item: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int32 {
    guard let slot = slot(of: item) else { throw Error(operation, .unknownItem(item)) }
    return slot
  }
}

/// Runs a throwing body; stops the program with the error's description if it throws.
@inline(__always)
@inlinable
func trap<Result, Failure: Error & CustomStringConvertible>(
  _ body: () throws(Failure) -> Result
) -> Result {
  do {
    return try body()
  } catch {
    fatalError(error.description)
  }
}

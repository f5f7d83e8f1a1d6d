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
/// A value type whose storage is shared between copies: copying is O(1), and an edit of a
/// copy copies only the O(log n) nodes on its path, so a copy and its edited original share
/// everything the edit did not touch.
///
/// Cost: with n items, a lookup by identifier (`contains(_:)`, `index(of:)`, `level(of:)`,
/// `parent(of:)`, `isExpanded(_:)`, `isVisible(_:)`) is O(log n); an edit naming k items is
/// O(k log n); building n items by appends is O(n log n), by a builder or decoder O(n).
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>:
  Sendable
{
  /// The error type of this snapshot's throwing methods.
  public typealias Error = SectionSnapshotError<ItemIdentifierType>

  /// The items' pre-order sequence (depth and expansion per entry) and the index from
  /// identifier to position. (Readable package-wide for the property tests' support target.)
  @usableFromInline package internal(set) var list: SharedList<ItemIdentifierType>

  /// Creates an empty section snapshot. O(1).
  @inlinable public init() {
    list = SharedList()
  }

  @inlinable init(list: SharedList<ItemIdentifierType>) {
    self.list = list
  }

  /// Creates an empty section snapshot whose storage nodes hold between `base` and 2 × `base`
  /// entries and whose index buckets hold up to `bucketCapacity` pairs: small values make
  /// tests of a few dozen items split and merge nodes. O(1).
  @inlinable package init(base: Int, bucketCapacity: Int) {
    list = SharedList(base: base, bucketCapacity: bucketCapacity)
  }

  /// The position of `item` in the pre-order sequence, or nil. O(log n).
  @inlinable func position(of item: ItemIdentifierType) -> Int? {
    list.position(of: item)
  }

  /// The entry at `position` (item, level, expansion, and `hidden` 0 when visible). O(log n).
  @inlinable func entry(at position: Int) -> SharedEntry<ItemIdentifierType> {
    list.tree.entry(at: position)
  }

  /// The end of the subtree that starts at `position`. O(log n).
  @inlinable func subtreeEnd(of position: Int) -> Int {
    list.tree.subtreeEnd(of: position)
  }

  /// Calls `body` with every entry in `range`, in order. O(k + log n).
  @inlinable func forEachEntry(
    in range: Range<Int>, visibleOnly: Bool = false,
    _ body: (Int, SharedEntry<ItemIdentifierType>) -> Void
  ) {
    list.tree.forEach(in: range, visibleOnly: visibleOnly) { position, entry in
      body(position, entry)
      return true
    }
  }

  /// The positions of the children of the entry at `parent` (the roots when nil), in order.
  /// O(c log n) for c children.
  @inlinable func childPositions(of parent: Int?) -> [Int] {
    var result: [Int] = []
    var child = parent.map { $0 + 1 } ?? 0
    let end = parent.map { subtreeEnd(of: $0) } ?? list.count
    while child < end {
      result.append(child)
      child = subtreeEnd(of: child)
    }
    return result
  }

  @inlinable func items(at positions: [Int]) -> [ItemIdentifierType] {
    positions.map { entry(at: $0).item }
  }
}

// MARK: - Queries

extension DiffableDataSourceSectionSnapshot {
  /// Every item, depth-first (each parent before its children).
  ///
  /// - Complexity: O(n).
  @inlinable public var items: [ItemIdentifierType] {
    list.tree.items(visibleOnly: false)
  }

  /// The items at level 0, in order.
  ///
  /// - Complexity: O(r log n) for r root items.
  @inlinable public var rootItems: [ItemIdentifierType] {
    items(at: childPositions(of: nil))
  }

  /// The items whose ancestors are all expanded, depth-first. These are the rows a list
  /// shows for this section (logically visible; not "on screen").
  ///
  /// - Complexity: O(v + log n) for v visible items: collapsed subtrees are skipped, not
  ///   scanned.
  @inlinable public var visibleItems: [ItemIdentifierType] {
    list.tree.items(visibleOnly: true)
  }

  /// The expanded items, depth-first.
  ///
  /// - Complexity: O(n).
  @inlinable public var expandedItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    forEachEntry(in: 0..<count) { _, entry in
      if entry.isExpanded { result.append(entry.item) }
    }
    return result
  }

  /// Whether the snapshot contains `item`.
  ///
  /// - Complexity: O(log n).
  @inlinable public func contains(_ item: ItemIdentifierType) -> Bool {
    list.contains(item)
  }

  /// The position of `item` in ``items``, or nil if absent.
  ///
  /// - Complexity: O(log n).
  @inlinable public func index(of item: ItemIdentifierType) -> Int? {
    position(of: item)
  }

  /// The depth of `item`: 0 for a root item. Stops the program if `item` is absent (as
  /// Apple's does); ``tryLevel(of:)`` throws instead.
  ///
  /// - Complexity: O(log n).
  @inlinable public func level(of item: ItemIdentifierType) -> Int {
    trap { () throws(Error) in try tryLevel(of: item) }
  }

  /// The depth of `item`: 0 for a root item; throws ``SectionSnapshotError/Reason/unknownItem(_:)``
  /// if absent.
  ///
  /// - Complexity: O(log n).
  @inlinable public func tryLevel(of item: ItemIdentifierType) throws(Error) -> Int {
    try existingEntry(of: item, for: .level).level
  }

  /// The parent of `item`, or nil for a root item. Stops the program if `item` is absent;
  /// ``tryParent(of:)`` throws instead.
  ///
  /// - Complexity: O(log n).
  @inlinable public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? {
    trap { () throws(Error) in try tryParent(of: item) }
  }

  /// The parent of `item`, or nil for a root item; throws if `item` is absent.
  ///
  /// - Complexity: O(log n).
  @inlinable public func tryParent(of item: ItemIdentifierType) throws(Error) -> ItemIdentifierType?
  {
    let position = try existingPosition(of: item, for: .parent)
    return list.tree.parentPosition(of: position).map { entry(at: $0).item }
  }

  /// The direct children of `item`, in order (not part of Apple's API). Stops the program
  /// if `item` is absent; ``tryChildren(of:)`` throws instead.
  ///
  /// - Complexity: O(c log n) for c children.
  @inlinable public func children(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    trap { () throws(Error) in try tryChildren(of: item) }
  }

  /// The direct children of `item`, in order; throws if `item` is absent.
  ///
  /// - Complexity: O(c log n) for c children.
  @inlinable public func tryChildren(of item: ItemIdentifierType) throws(Error)
    -> [ItemIdentifierType]
  {
    items(at: childPositions(of: try existingPosition(of: item, for: .children)))
  }

  /// Whether `item` is expanded. Expansion needs no children. Stops the program if `item`
  /// is absent; ``tryIsExpanded(_:)`` throws instead.
  ///
  /// - Complexity: O(log n).
  @inlinable public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    trap { () throws(Error) in try tryIsExpanded(item) }
  }

  /// Whether `item` is expanded; throws if `item` is absent.
  ///
  /// - Complexity: O(log n).
  @inlinable public func tryIsExpanded(_ item: ItemIdentifierType) throws(Error) -> Bool {
    try existingEntry(of: item, for: .isExpanded).isExpanded
  }

  /// Whether all of `item`'s ancestors are expanded. Stops the program if `item` is absent;
  /// ``tryIsVisible(_:)`` throws instead.
  ///
  /// - Complexity: O(log n).
  @inlinable public func isVisible(_ item: ItemIdentifierType) -> Bool {
    trap { () throws(Error) in try tryIsVisible(item) }
  }

  /// Whether all of `item`'s ancestors are expanded; throws if `item` is absent.
  ///
  /// - Complexity: O(log n).
  @inlinable public func tryIsVisible(_ item: ItemIdentifierType) throws(Error) -> Bool {
    try existingEntry(of: item, for: .isVisible).hidden == 0
  }

  /// The number of items (not part of Apple's API).
  ///
  /// - Complexity: O(1).
  @inlinable public var count: Int { list.count }

  /// Whether the snapshot has no items (not part of Apple's API).
  ///
  /// - Complexity: O(1).
  @inlinable public var isEmpty: Bool { list.count == 0 }

  /// Whether `item` is expanded, or nil when it is absent: ``tryIsExpanded(_:)`` without the
  /// error, for loops that expect absent items (a thrown error is cheap, but a test framework
  /// may record a backtrace for each). The data source reads an absent item as not expanded
  /// (`== true`): in its own trees, only an identifier whose hash changed can be missing.
  ///
  /// - Complexity: O(log n).
  @inlinable func expansion(of item: ItemIdentifierType) -> Bool? {
    list.entry(of: item)?.isExpanded
  }

  @inlinable func existingEntry(
    of item: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> SharedEntry<ItemIdentifierType> {
    guard let entry = list.entry(of: item) else { throw Error(operation, .unknownItem(item)) }
    return entry
  }

  @inlinable func existingPosition(
    of item: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int {
    guard let position = position(of: item) else { throw Error(operation, .unknownItem(item)) }
    return position
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

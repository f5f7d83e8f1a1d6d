// Adding, removing, moving and marking items.

extension DiffableDataSourceSnapshot {
  /// Adds `items` at the end of `section`, or of the last section when `section` is nil.
  ///
  /// Stops the program if the section is absent (or there are no sections), or if an item
  /// is already in the snapshot, repeated in `items` or not equal to itself (see
  /// ``SnapshotError/Reason/irreflexiveItem(_:)``); ``tryAppendItems(_:toSection:)``
  /// throws instead. (Apple moves an item that is already present, after logging; here it
  /// is an error, since it is almost always a bug.)
  ///
  /// - Complexity: O(k + b log n) in the tree (one seek, one splice) and one trie walk for
  ///   each of the k items; while the snapshot keeps the arrays it was built from (see
  ///   ``layout``), O(k) amortized more to extend the section's array, and O(section) once,
  ///   for the first append to a section whose array the caller still shares.
  @inlinable
  public mutating func appendItems(
    _ items: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) {
    trap { () throws(Error) in try tryAppendItems(items, toSection: section) }
  }

  /// Adds `items` at the end of `section` (the last section when nil), or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: as ``appendItems(_:toSection:)``.
  @inlinable
  public mutating func tryAppendItems(
    _ items: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let end: Int
    let index: Int
    if let section {
      let place = try place(of: section, for: .appendItems)
      end = storage.sectionEnd(of: place.position)
      index = place.index
    } else {
      guard numberOfSections > 0 else { throw Error(.appendItems, .noSections) }
      end = storage.list.count
      index = numberOfSections - 1
    }
    try insertNewItems(items, at: end, for: .appendItems, destination: nil, section: index)
  }

  /// Inserts `items` just before `destination`, in its section.
  ///
  /// Stops the program on an unknown destination, on items already present, repeated or not
  /// equal to themselves, or
  /// when `destination` is among `items`; ``tryInsertItems(_:beforeItem:)`` throws instead.
  ///
  /// - Complexity: O(k + b log n) in the tree (one seek, one splice) and one trie walk for
  ///   each of the k items.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType], beforeItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertItems(items, beforeItem: destination) }
  }

  /// Inserts `items` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + b log n) in the tree (one seek, one splice) and one trie walk for
  ///   each of the k items.
  @inlinable
  public mutating func tryInsertItems(
    _ items: [ItemIdentifierType], beforeItem destination: ItemIdentifierType
  ) throws(Error) {
    try insertItems(items, relativeTo: destination, after: false)
  }

  /// Inserts `items` just after `destination`, in its section.
  ///
  /// Stops the program on an unknown destination, on items already present, repeated or not
  /// equal to themselves, or
  /// when `destination` is among `items`; ``tryInsertItems(_:afterItem:)`` throws instead.
  ///
  /// - Complexity: O(k + b log n) in the tree (one seek, one splice) and one trie walk for
  ///   each of the k items.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType], afterItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertItems(items, afterItem: destination) }
  }

  /// Inserts `items` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + b log n) in the tree (one seek, one splice) and one trie walk for
  ///   each of the k items.
  @inlinable
  public mutating func tryInsertItems(
    _ items: [ItemIdentifierType], afterItem destination: ItemIdentifierType
  ) throws(Error) {
    try insertItems(items, relativeTo: destination, after: true)
  }

  @inlinable
  mutating func insertItems(
    _ items: [ItemIdentifierType], relativeTo destination: ItemIdentifierType, after: Bool
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let operation: Error.Operation = after ? .insertItemsAfter : .insertItemsBefore
    guard let target = storage.place(of: destination) else {
      throw Error(operation, .unknownDestinationItem(destination))
    }
    try insertNewItems(
      items, at: target.position + (after ? 1 : 0), for: operation, destination: destination)
  }

  /// Removes `items` from their sections. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k b log n) for k items, removing each run of neighbours at once; O(n)
  ///   instead when that costs less (many items: the storage is rebuilt without them).
  @inlinable
  public mutating func deleteItems(_ items: [ItemIdentifierType]) {
    var positions: [Int] = []
    positions.reserveCapacity(items.count)
    for item in items {
      if let place = storage.place(of: item) { positions.append(place.position) }
    }
    storage.removeEntries(at: positions)
  }

  /// Removes every item and every section. O(1) (the old storage is released, or kept by
  /// its other owners).
  @inlinable
  public mutating func deleteAllItems() {
    storage = storage.emptied
  }

  /// Moves `item` just before `destination`, which may be in another section.
  ///
  /// Stops the program if either item is absent or they are the same;
  /// ``tryMoveItem(_:beforeItem:)`` throws instead.
  ///
  /// - Complexity: O(b log n): two checked lookups, one removal and one insertion.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType, beforeItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveItem(item, beforeItem: destination) }
  }

  /// Moves `item` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(b log n): two checked lookups, one removal and one insertion.
  @inlinable
  public mutating func tryMoveItem(
    _ item: ItemIdentifierType, beforeItem destination: ItemIdentifierType
  ) throws(Error) {
    try moveItem(item, relativeTo: destination, after: false)
  }

  /// Moves `item` just after `destination`, which may be in another section.
  ///
  /// Stops the program if either item is absent or they are the same;
  /// ``tryMoveItem(_:afterItem:)`` throws instead.
  ///
  /// - Complexity: O(b log n): two checked lookups, one removal and one insertion.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType, afterItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveItem(item, afterItem: destination) }
  }

  /// Moves `item` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(b log n): two checked lookups, one removal and one insertion.
  @inlinable
  public mutating func tryMoveItem(
    _ item: ItemIdentifierType, afterItem destination: ItemIdentifierType
  ) throws(Error) {
    try moveItem(item, relativeTo: destination, after: true)
  }

  @inlinable
  mutating func moveItem(
    _ item: ItemIdentifierType, relativeTo destination: ItemIdentifierType, after: Bool
  ) throws(Error) {
    let operation: Error.Operation = after ? .moveItemAfter : .moveItemBefore
    let source = try position(of: item, for: operation)
    guard let target = storage.place(of: destination)?.position else {
      throw Error(operation, .unknownDestinationItem(destination))
    }
    if item == destination || source == target {
      throw Error(operation, .itemMovedRelativeToItself(item))
    }
    // Where the destination is once the item is out.
    let index = target - (source < target ? 1 : 0) + (after ? 1 : 0)
    storage.relocate(at: source, length: 1, to: index, level: 1)
  }

  /// Marks `items` for reloading: the next apply redraws their cells. Naming an item twice
  /// is fine. Stops the program if an item is absent; ``tryReloadItems(_:)`` throws instead.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func reloadItems(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryReloadItems(items) }
  }

  /// Marks `items` for reloading, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func tryReloadItems(_ items: [ItemIdentifierType]) throws(Error) {
    for item in items { _ = try position(of: item, for: .reloadItems) }
    for item in items { storage.reloadedItems.insert(item) }
  }

  /// Marks `items` for reconfiguring: the next apply updates their existing cells in place.
  /// Naming an item twice is fine. Stops the program if an item is absent;
  /// ``tryReconfigureItems(_:)`` throws instead.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func reconfigureItems(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryReconfigureItems(items) }
  }

  /// Marks `items` for reconfiguring, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func tryReconfigureItems(_ items: [ItemIdentifierType]) throws(Error) {
    for item in items { _ = try position(of: item, for: .reconfigureItems) }
    for item in items { storage.reconfiguredItems.insert(item) }
  }

  /// Inserts new `items` at `position` (where an item can go: after a section's entry, at
  /// most at the end of that section), or throws, changing nothing, naming the first item
  /// (in order) that is not equal to itself, already present or repeated. `section`, when
  /// given, is the index of the section `position` ends: an append, which may keep the
  /// storage's built layout.
  ///
  /// - Complexity: O(k + b log n) in the tree and k trie walks.
  @inlinable
  mutating func insertNewItems(
    _ items: [ItemIdentifierType], at position: Int, for operation: Error.Operation,
    destination: ItemIdentifierType?, section: Int? = nil
  ) throws(Error) {
    do {
      if let section {
        try storage.appendItems(items, at: position, toSectionAt: section)
      } else {
        try storage.insertItems(items, at: position)
      }
    } catch {
      throw firstConflict(in: items, for: operation, destination: destination, found: error)
    }
  }

  /// The error naming the first of `items` that is not equal to itself, already present,
  /// or repeated, in that order of checks for each item (the storage refused `items` with
  /// `found`, which names a conflict but not necessarily the first). O(k b log n).
  @inlinable
  func firstConflict(
    in items: [ItemIdentifierType], for operation: Error.Operation,
    destination: ItemIdentifierType?,
    found: SectionedStorage<SectionIdentifierType, ItemIdentifierType>.EditError
  ) -> Error {
    var seen = Set<ItemIdentifierType>(minimumCapacity: items.count)
    for item in items {
      guard item == item else { return Error(operation, .irreflexiveItem(item)) }
      if storage.place(of: item) != nil {
        if item == destination { return Error(operation, .destinationInInsertedItems(item)) }
        return Error(operation, .itemAlreadyInSnapshot(item))
      }
      if !seen.insert(item).inserted { return Error(operation, .duplicateItem(item)) }
    }
    // Only identifiers whose hashing is broken get here: the trie met an equal identifier
    // that the checked lookups above do not find.
    switch found {
    case .duplicate(.item(let item)), .irreflexive(.item(let item)), .notFound(.item(let item)):
      return Error(operation, .itemAlreadyInSnapshot(item))
    default:
      return Error(operation, .itemAlreadyInSnapshot(items[0]))
    }
  }
}

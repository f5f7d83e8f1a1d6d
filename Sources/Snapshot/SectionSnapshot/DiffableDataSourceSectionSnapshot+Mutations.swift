// Adding, removing and expanding items.

extension DiffableDataSourceSectionSnapshot {
  /// Adds `items` as the last children of `parent`, or as the last root items when `parent`
  /// is nil. Appending to an item with no children creates the relation.
  ///
  /// Stops the program if `parent` is absent, if an identifier is already in the snapshot
  /// or not equal to itself, or if `items` holds one twice;
  /// ``tryAppend(_:to:)-([ItemIdentifierType],_)`` throws instead.
  ///
  /// - Complexity: O(k log n) for k items (one seek and one splice of the sequence, one
  ///   index entry per item); building n items by appends is O(n log n).
  @inlinable public mutating func append(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) {
    trap { () throws(Error) in try tryAppend(items, to: parent) }
  }

  /// Adds `items` as the last children of `parent` (root items when nil), or throws without
  /// changing the snapshot: ``SectionSnapshotError/Reason/unknownParent(_:)``,
  /// ``SectionSnapshotError/Reason/itemAlreadyInSnapshot(_:)``,
  /// ``SectionSnapshotError/Reason/duplicateItem(_:)`` or
  /// ``SectionSnapshotError/Reason/irreflexiveItem(_:)``.
  ///
  /// - Complexity: O(k log n) for k items.
  @inlinable public mutating func tryAppend(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) throws(Error) {
    guard !items.isEmpty else { return }
    do {
      try list.append(items, to: parent)
    } catch {
      // The list is unchanged; find the first reason in the documented order.
      if case .notFound(let parent) = error { throw Error(.append, .unknownParent(parent)) }
      try checkNew(items, for: .append)
      // Identifiers whose hashing is broken can collide in the list and nowhere else.
      throw Error(.append, reason(for: error, naming: items[0]))
    }
  }

  /// Inserts `items` just before `destination`, at its level.
  ///
  /// Stops the program on an unknown destination, on identifiers already present or
  /// repeated or not equal to themselves, or when `destination` is among `items`; ``tryInsert(_:before:)-([ItemIdentifierType],_)`` throws
  /// instead.
  ///
  /// - Complexity: O(k log n) for k items.
  @inlinable public mutating func insert(
    _ items: [ItemIdentifierType], before destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsert(items, before: destination) }
  }

  /// Inserts `items` just before `destination`, at its level, or throws without changing
  /// the snapshot.
  ///
  /// - Complexity: O(k log n) for k items.
  @inlinable public mutating func tryInsert(
    _ items: [ItemIdentifierType], before destination: ItemIdentifierType
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let target = try positionOfDestination(destination, for: .insertBefore)
    try insertNew(
      items, at: target, level: entry(at: target).level, for: .insertBefore,
      destination: destination)
  }

  /// Inserts `items` after `destination` and all of its descendants, at `destination`'s
  /// level.
  ///
  /// Stops the program on an unknown destination, on identifiers already present or
  /// repeated or not equal to themselves, or when `destination` is among `items`; ``tryInsert(_:after:)-([ItemIdentifierType],_)`` throws
  /// instead.
  ///
  /// - Complexity: O(k log n) for k items.
  @inlinable public mutating func insert(
    _ items: [ItemIdentifierType], after destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsert(items, after: destination) }
  }

  /// Inserts `items` after `destination` and its descendants, at `destination`'s level, or
  /// throws without changing the snapshot.
  ///
  /// - Complexity: O(k log n) for k items.
  @inlinable public mutating func tryInsert(
    _ items: [ItemIdentifierType], after destination: ItemIdentifierType
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let target = try positionOfDestination(destination, for: .insertAfter)
    try insertNew(
      items, at: subtreeEnd(of: target), level: entry(at: target).level, for: .insertAfter,
      destination: destination)
  }

  /// Removes `items` and all their descendants. Deleted items are no longer expanded.
  ///
  /// Stops the program, before deleting anything, if an item is absent (as Apple's does);
  /// ``tryDelete(_:)`` throws instead. Naming an item twice, or an item and its ancestor,
  /// is fine.
  ///
  /// - Complexity: O((k + d) log n), for k items named and d items removed in all.
  @inlinable public mutating func delete(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryDelete(items) }
  }

  /// Removes `items` and all their descendants, or throws
  /// ``SectionSnapshotError/Reason/unknownItem(_:)`` without changing the snapshot.
  ///
  /// - Complexity: O((k + d) log n), for k items named and d items removed in all.
  @inlinable public mutating func tryDelete(_ items: [ItemIdentifierType]) throws(Error) {
    for item in items { _ = try existingPosition(of: item, for: .delete) }
    for item in items {
      // An item named twice, or below one deleted before it, is gone already.
      guard let position = position(of: item) else { continue }
      try? list.removeSubtrees(position..<subtreeEnd(of: position))
    }
  }

  /// Removes every item.
  ///
  /// - Complexity: O(1) (the old storage is released, or kept by its other owners).
  @inlinable public mutating func deleteAll() {
    list = SharedList(base: list.tree.base, bucketCapacity: list.labelIndex.bucketCapacity)
  }

  /// Marks `items` as expanded, so their children are visible when their own ancestors are.
  /// Items need no children to be expanded. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k log n) for k items, however large their subtrees (one range tag
  ///   each).
  @inlinable public mutating func expand(_ items: [ItemIdentifierType]) {
    setExpanded(true, items)
  }

  /// Marks `items` as collapsed. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k log n) for k items, however large their subtrees (one range tag
  ///   each).
  @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) {
    setExpanded(false, items)
  }

  @inlinable mutating func setExpanded(_ expanded: Bool, _ items: [ItemIdentifierType]) {
    for item in items {
      guard let position = position(of: item) else { continue }
      list.setExpanded(expanded, at: position)
    }
  }

  // MARK: Validation helpers

  /// The position of `parent`, nil for the root level; throws when `parent` is absent.
  @inlinable func positionOfParent(
    _ parent: ItemIdentifierType?, for operation: Error.Operation
  ) throws(Error) -> Int? {
    guard let parent else { return nil }
    guard let position = position(of: parent) else {
      throw Error(operation, .unknownParent(parent))
    }
    return position
  }

  @inlinable func positionOfDestination(
    _ destination: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int {
    guard let position = position(of: destination) else {
      throw Error(operation, .unknownDestination(destination))
    }
    return position
  }

  /// Throws the reason the first of `items` cannot be added, in order: not equal to itself,
  /// the destination of the insertion, already in the snapshot, or named twice.
  ///
  /// - Complexity: O(k log n).
  @inlinable func checkNew(
    _ items: some Sequence<ItemIdentifierType>, for operation: Error.Operation,
    destination: ItemIdentifierType? = nil
  ) throws(Error) {
    var seen = Set<ItemIdentifierType>()
    for item in items {
      guard item == item else { throw Error(operation, .irreflexiveItem(item)) }
      if contains(item) {
        if item == destination { throw Error(operation, .destinationInInsertedItems(item)) }
        throw Error(operation, .itemAlreadyInSnapshot(item))
      }
      if !seen.insert(item).inserted { throw Error(operation, .duplicateItem(item)) }
    }
  }

  /// Inserts `items` at `position` and `level`, collapsed, after checking them.
  @inlinable mutating func insertNew(
    _ items: [ItemIdentifierType], at position: Int, level: Int, for operation: Error.Operation,
    destination: ItemIdentifierType
  ) throws(Error) {
    try checkNew(items, for: operation, destination: destination)
    do {
      try list.insert(
        items.map { SharedEntry(item: $0, level: level, isExpanded: false) }, at: position)
    } catch {
      throw Error(operation, reason(for: error, naming: destination))
    }
  }

  /// The reason for a refusal of the list itself, which the checks before every edit make
  /// unreachable for identifiers whose hashing is lawful.
  @inlinable func reason(
    for error: SharedList<ItemIdentifierType>.EditError, naming item: ItemIdentifierType
  ) -> Error.Reason {
    switch error {
    case .duplicate(let item): .duplicateItem(item)
    case .irreflexive(let item): .irreflexiveItem(item)
    case .notFound(let item): .unknownParent(item)
    case .badShape: .unknownItem(item)
    }
  }
}

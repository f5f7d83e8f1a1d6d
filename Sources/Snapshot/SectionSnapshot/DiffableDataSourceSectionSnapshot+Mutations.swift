// Adding, removing and expanding items.

extension DiffableDataSourceSectionSnapshot {
  /// Adds `items` as the last children of `parent`, or as the last root items when `parent`
  /// is nil. Appending to an item with no children creates the relation.
  ///
  /// Stops the program if `parent` is absent, if an identifier is already in the snapshot
  /// or not equal to itself, or if `items` holds one twice;
  /// ``tryAppend(_:to:)-([ItemIdentifierType],_)`` throws instead.
  ///
  /// - Complexity: O(k) amortized for k items; building n items by any sequence of appends
  ///   is O(n).
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
  /// - Complexity: O(k) amortized for k items.
  @inlinable public mutating func tryAppend(
    _ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let parentSlot = try slotOfParent(parent, for: .append)
    makeUnique()
    let added = try appendNodes(items, for: .append, destination: -1)
    storage.tree.link(added, parent: parentSlot, before: -1)
  }

  /// Inserts `items` just before `destination`, at its level.
  ///
  /// Stops the program on an unknown destination, on identifiers already present or
  /// repeated or not equal to themselves, or when `destination` is among `items`; ``tryInsert(_:before:)-([ItemIdentifierType],_)`` throws
  /// instead.
  ///
  /// - Complexity: O(k) amortized for k items.
  @inlinable public mutating func insert(
    _ items: [ItemIdentifierType], before destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsert(items, before: destination) }
  }

  /// Inserts `items` just before `destination`, at its level, or throws without changing
  /// the snapshot.
  ///
  /// - Complexity: O(k) amortized for k items.
  @inlinable public mutating func tryInsert(
    _ items: [ItemIdentifierType], before destination: ItemIdentifierType
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let target = try slotOfDestination(destination, for: .insertBefore)
    makeUnique()
    let added = try appendNodes(items, for: .insertBefore, destination: target)
    storage.tree.link(added, parent: storage.tree.nodes[Int(target)].parent, before: target)
  }

  /// Inserts `items` after `destination` and all of its descendants, at `destination`'s
  /// level.
  ///
  /// Stops the program on an unknown destination, on identifiers already present or
  /// repeated or not equal to themselves, or when `destination` is among `items`; ``tryInsert(_:after:)-([ItemIdentifierType],_)`` throws
  /// instead.
  ///
  /// - Complexity: O(k) amortized for k items.
  @inlinable public mutating func insert(
    _ items: [ItemIdentifierType], after destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsert(items, after: destination) }
  }

  /// Inserts `items` after `destination` and its descendants, at `destination`'s level, or
  /// throws without changing the snapshot.
  ///
  /// - Complexity: O(k) amortized for k items.
  @inlinable public mutating func tryInsert(
    _ items: [ItemIdentifierType], after destination: ItemIdentifierType
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let target = try slotOfDestination(destination, for: .insertAfter)
    makeUnique()
    let added = try appendNodes(items, for: .insertAfter, destination: target)
    let node = storage.tree.nodes[Int(target)]
    storage.tree.link(added, parent: node.parent, before: node.next)
  }

  /// Removes `items` and all their descendants. Deleted items are no longer expanded.
  ///
  /// Stops the program, before deleting anything, if an item is absent (as Apple's does);
  /// ``tryDelete(_:)`` throws instead. Naming an item twice, or an item and its ancestor,
  /// is fine.
  ///
  /// - Complexity: O(k + d) amortized, for k items named and d items removed in all.
  @inlinable public mutating func delete(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryDelete(items) }
  }

  /// Removes `items` and all their descendants, or throws
  /// ``SectionSnapshotError/Reason/unknownItem(_:)`` without changing the snapshot.
  ///
  /// - Complexity: O(k + d) amortized, for k items named and d items removed in all.
  @inlinable public mutating func tryDelete(_ items: [ItemIdentifierType]) throws(Error) {
    var slots: [Int32] = []
    slots.reserveCapacity(items.count)
    for item in items { slots.append(try existingSlot(of: item, for: .delete)) }
    guard !slots.isEmpty else { return }
    makeUnique()
    for slot in slots where storage.tree.nodes[Int(slot)].isAlive {
      storage.tree.removeSubtree(slot)
    }
    storage.tree.compactIfNeeded()
  }

  /// Removes every item. O(1) (the old storage is released, or kept by its other owners).
  @inlinable public mutating func deleteAll() {
    storage = TreeStorage()
  }

  /// Marks `items` as expanded, so their children are visible when their own ancestors are.
  /// Items need no children to be expanded. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k) for k items.
  @inlinable public mutating func expand(_ items: [ItemIdentifierType]) {
    setExpanded(true, items)
  }

  /// Marks `items` as collapsed. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k) for k items.
  @inlinable public mutating func collapse(_ items: [ItemIdentifierType]) {
    setExpanded(false, items)
  }

  @inlinable mutating func setExpanded(_ expanded: Bool, _ items: [ItemIdentifierType]) {
    for item in items {
      guard let slot = slot(of: item) else { continue }
      if storage.tree.nodes[Int(slot)].isExpanded == expanded { continue }
      makeUnique()
      if expanded {
        storage.tree.nodes[Int(slot)].flags |= TreeNode<ItemIdentifierType>.expanded
      } else {
        storage.tree.nodes[Int(slot)].flags &= ~TreeNode<ItemIdentifierType>.expanded
      }
    }
  }

  // MARK: Validation helpers

  @inlinable func slotOfParent(
    _ parent: ItemIdentifierType?, for operation: Error.Operation
  ) throws(Error) -> Int32 {
    guard let parent else { return -1 }
    guard let slot = slot(of: parent) else { throw Error(operation, .unknownParent(parent)) }
    return slot
  }

  @inlinable func slotOfDestination(
    _ destination: ItemIdentifierType, for operation: Error.Operation
  ) throws(Error) -> Int32 {
    guard let slot = slot(of: destination) else {
      throw Error(operation, .unknownDestination(destination))
    }
    return slot
  }

  /// Adds unlinked nodes for `items`; on a conflict adds nothing and throws the reason.
  @inlinable mutating func appendNodes(
    _ items: some Sequence<ItemIdentifierType>, for operation: Error.Operation,
    destination: Int32
  ) throws(Error) -> Range<Int32> {
    let start = Int32(truncatingIfNeeded: storage.tree.nodes.count)
    switch storage.tree.appendNodes(items) {
    case .success(let added):
      return added
    case .failure(let conflict):
      throw Error(operation, reason(for: conflict, newSlotsFrom: start, destination: destination))
    }
  }

  @inlinable func reason(
    for conflict: Tree<ItemIdentifierType>.Conflict, newSlotsFrom start: Int32,
    destination: Int32
  ) -> Error.Reason {
    if conflict.existingSlot == Tree<ItemIdentifierType>.Conflict.irreflexive {
      return .irreflexiveItem(conflict.item)
    }
    if conflict.existingSlot >= start { return .duplicateItem(conflict.item) }
    if conflict.existingSlot == destination { return .destinationInInsertedItems(conflict.item) }
    return .itemAlreadyInSnapshot(conflict.item)
  }
}

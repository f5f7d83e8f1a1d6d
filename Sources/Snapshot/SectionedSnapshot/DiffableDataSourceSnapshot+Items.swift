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
  /// - Complexity: O(k) amortized for k items.
  @inlinable
  public mutating func appendItems(
    _ items: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) {
    trap { () throws(Error) in try tryAppendItems(items, toSection: section) }
  }

  /// Adds `items` at the end of `section` (the last section when nil), or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: O(k) amortized for k items.
  @inlinable
  public mutating func tryAppendItems(
    _ items: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) throws(Error) {
    guard !items.isEmpty else { return }
    let target: Int32
    if let section {
      target = try slot(of: section, for: .appendItems)
    } else {
      guard let last = storage.state.order.last else { throw Error(.appendItems, .noSections) }
      target = last
    }
    makeUnique()
    let start = storage.state.sectionItems[Int(target)].count
    try indexNewItems(items, in: target, from: start, for: .appendItems, destination: nil)
    storage.state.sectionItems[Int(target)].append(contentsOf: items)
  }

  /// Inserts `items` just before `destination`, in its section.
  ///
  /// Stops the program on an unknown destination, on items already present, repeated or not
  /// equal to themselves, or
  /// when `destination` is among `items`; ``tryInsertItems(_:beforeItem:)`` throws instead.
  ///
  /// - Complexity: O(k + s) for k items and the s items of the section.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType], beforeItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertItems(items, beforeItem: destination) }
  }

  /// Inserts `items` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + s) for k items and the s items of the section.
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
  /// - Complexity: O(k + s) for k items and the s items of the section.
  @inlinable
  public mutating func insertItems(
    _ items: [ItemIdentifierType], afterItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertItems(items, afterItem: destination) }
  }

  /// Inserts `items` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + s) for k items and the s items of the section.
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
    guard let target = storage.state.location(of: destination) else {
      throw Error(operation, .unknownDestinationItem(destination))
    }
    makeUnique()
    let index = Int(target.index) + (after ? 1 : 0)
    try indexNewItems(items, in: -1, from: 0, for: operation, destination: destination)
    storage.state.sectionItems[Int(target.slot)].insert(contentsOf: items, at: index)
    storage.state.renumberItems(in: target.slot, from: index)
  }

  /// Removes `items` from their sections. Unknown items are ignored, as Apple does.
  ///
  /// - Complexity: O(k + s) for k items and the s items of the sections they were in.
  @inlinable
  public mutating func deleteItems(_ items: [ItemIdentifierType]) {
    guard items.contains(where: { storage.state.location(of: $0) != nil }) else { return }
    makeUnique()
    storage.state.deleteItems(items)
  }

  /// Removes every item and every section. O(1) (the old storage is released, or kept by
  /// its other owners).
  @inlinable
  public mutating func deleteAllItems() {
    storage = SectionedStorage()
  }

  /// Moves `item` just before `destination`, which may be in another section.
  ///
  /// Stops the program if either item is absent or they are the same;
  /// ``tryMoveItem(_:beforeItem:)`` throws instead.
  ///
  /// - Complexity: O(s) for the items of the sections involved.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType, beforeItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveItem(item, beforeItem: destination) }
  }

  /// Moves `item` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(s) for the items of the sections involved.
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
  /// - Complexity: O(s) for the items of the sections involved.
  @inlinable
  public mutating func moveItem(
    _ item: ItemIdentifierType, afterItem destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveItem(item, afterItem: destination) }
  }

  /// Moves `item` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(s) for the items of the sections involved.
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
    let source = try location(of: item, for: operation)
    guard let target = storage.state.location(of: destination) else {
      throw Error(operation, .unknownDestinationItem(destination))
    }
    if item == destination || (source.slot == target.slot && source.index == target.index) {
      throw Error(operation, .itemMovedRelativeToItself(item))
    }
    makeUnique()
    storage.state.sectionItems[Int(source.slot)].remove(at: Int(source.index))
    storage.state.renumberItems(in: source.slot, from: Int(source.index))
    // Where the destination is once the item is out (no second lookup: the index may not
    // find it again if its hashing is broken).
    let shift = source.slot == target.slot && source.index < target.index ? 1 : 0
    let index = Int(target.index) - shift + (after ? 1 : 0)
    storage.state.sectionItems[Int(target.slot)].insert(item, at: index)
    storage.state.renumberItems(in: target.slot, from: index)
  }

  /// Marks `items` for reloading: the next apply redraws their cells. Naming an item twice
  /// is fine. Stops the program if an item is absent; ``tryReloadItems(_:)`` throws instead.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func reloadItems(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryReloadItems(items) }
  }

  /// Marks `items` for reloading, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func tryReloadItems(_ items: [ItemIdentifierType]) throws(Error) {
    for item in items { _ = try location(of: item, for: .reloadItems) }
    guard !items.isEmpty else { return }
    makeUnique()
    for item in items { storage.state.reloadedItems.insert(item) }
  }

  /// Marks `items` for reconfiguring: the next apply updates their existing cells in place.
  /// Naming an item twice is fine. Stops the program if an item is absent;
  /// ``tryReconfigureItems(_:)`` throws instead.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func reconfigureItems(_ items: [ItemIdentifierType]) {
    trap { () throws(Error) in try tryReconfigureItems(items) }
  }

  /// Marks `items` for reconfiguring, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func tryReconfigureItems(_ items: [ItemIdentifierType]) throws(Error) {
    for item in items { _ = try location(of: item, for: .reconfigureItems) }
    guard !items.isEmpty else { return }
    makeUnique()
    for item in items { storage.state.reconfiguredItems.insert(item) }
  }

  /// Records locations for new `items` (see ``Sections/recordNewItems(_:in:from:)``);
  /// on a conflict records nothing and throws. O(k) expected.
  @inlinable
  mutating func indexNewItems(
    _ items: [ItemIdentifierType], in slot: Int32, from start: Int,
    for operation: Error.Operation, destination: ItemIdentifierType?
  ) throws(Error) {
    switch storage.state.recordNewItems(items, in: slot, from: start) {
    case nil:
      return
    case .repeated(let item):
      throw Error(operation, .duplicateItem(item))
    case .irreflexive(let item):
      throw Error(operation, .irreflexiveItem(item))
    case .present(let item):
      if item == destination { throw Error(operation, .destinationInInsertedItems(item)) }
      throw Error(operation, .itemAlreadyInSnapshot(item))
    }
  }
}

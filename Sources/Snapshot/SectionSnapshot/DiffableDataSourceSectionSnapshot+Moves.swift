// Moving an item together with its subtree (not part of Apple's API; seed 004 edits trees).

extension DiffableDataSourceSectionSnapshot {
  /// Moves `item`, with its descendants and their expansion state, just before
  /// `destination`, at `destination`'s level.
  ///
  /// Stops the program if either item is absent, if they are the same item, or if
  /// `destination` lies inside `item`'s subtree; ``tryMove(_:before:)`` throws instead.
  ///
  /// - Complexity: O(d) for the depth d of `destination`.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, before destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMove(item, before: destination) }
  }

  /// Moves `item` and its subtree just before `destination`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O(d) for the depth d of `destination`.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, before destination: ItemIdentifierType
  )
    throws(Error)
  {
    let (moving, target) = try slotsForMove(item, relativeTo: destination, for: .moveBefore)
    makeUnique()
    storage.tree.unlink(moving)
    storage.tree.link(moving, parent: storage.tree.nodes[Int(target)].parent, before: target)
  }

  /// Moves `item`, with its descendants, after `destination` and all of `destination`'s
  /// descendants, at `destination`'s level.
  ///
  /// Stops the program if either item is absent, if they are the same item, or if
  /// `destination` lies inside `item`'s subtree; ``tryMove(_:after:)`` throws instead.
  ///
  /// - Complexity: O(d) for the depth d of `destination`.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, after destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMove(item, after: destination) }
  }

  /// Moves `item` and its subtree after `destination` and its descendants, or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: O(d) for the depth d of `destination`.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, after destination: ItemIdentifierType
  )
    throws(Error)
  {
    let (moving, target) = try slotsForMove(item, relativeTo: destination, for: .moveAfter)
    makeUnique()
    storage.tree.unlink(moving)
    let node = storage.tree.nodes[Int(target)]
    storage.tree.link(moving, parent: node.parent, before: node.next)
  }

  /// Moves `item`, with its descendants, to be a child of `parent` (a root item when nil) at
  /// position `index` among the other children, or the last child when `index` is nil.
  ///
  /// Stops the program if an item is absent, if `parent` is `item` or lies in its subtree,
  /// or if `index` is past the end; ``tryMove(_:to:at:)`` throws instead.
  ///
  /// - Complexity: O(d + i) for the depth d of `parent` and the position i.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, to parent: ItemIdentifierType?, at index: Int? = nil
  ) {
    trap { () throws(Error) in try tryMove(item, to: parent, at: index) }
  }

  /// Moves `item` and its subtree under `parent` at `index`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O(d + i) for the depth d of `parent` and the position i.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, to parent: ItemIdentifierType?, at index: Int? = nil
  ) throws(Error) {
    let moving = try existingSlot(of: item, for: .moveToParent)
    let parentSlot = try slotOfParent(parent, for: .moveToParent)
    if let parent, storage.tree.isInSubtree(parentSlot, of: moving) {
      throw Error(.moveToParent, .moveIntoOwnSubtree(item: item, destination: parent))
    }
    // The sibling to insert before, counting the other children only.
    var sibling: Int32 = -1
    if let index {
      let tree = storage.tree
      var child = parentSlot >= 0 ? tree.nodes[Int(parentSlot)].firstChild : tree.firstRoot
      var position = 0
      while child >= 0, index >= 0, position < index || child == moving {
        if child != moving { position += 1 }
        child = tree.nodes[Int(child)].next
      }
      guard index >= 0, position == index else {
        let others = tree.children(of: parentSlot).count { $0 != moving }
        throw Error(.moveToParent, .childIndexOutOfRange(index: index, childCount: others))
      }
      sibling = child
    }
    makeUnique()
    storage.tree.unlink(moving)
    storage.tree.link(moving, parent: parentSlot, before: sibling)
  }

  @inlinable func slotsForMove(
    _ item: ItemIdentifierType, relativeTo destination: ItemIdentifierType,
    for operation: Error.Operation
  ) throws(Error) -> (moving: Int32, target: Int32) {
    let moving = try existingSlot(of: item, for: operation)
    let target = try slotOfDestination(destination, for: operation)
    if moving == target { throw Error(operation, .moveRelativeToItself(item)) }
    if storage.tree.isInSubtree(target, of: moving) {
      throw Error(operation, .moveIntoOwnSubtree(item: item, destination: destination))
    }
    return (moving, target)
  }
}

// Moving an item together with its subtree (not part of Apple's API; seed 004 edits trees).

extension DiffableDataSourceSectionSnapshot {
  /// Moves `item`, with its descendants and their expansion state, just before
  /// `destination`, at `destination`'s level.
  ///
  /// Stops the program if either item is absent, if they are the same item, or if
  /// `destination` lies inside `item`'s subtree; ``tryMove(_:before:)`` throws instead.
  ///
  /// - Complexity: O(s log n) for the s items moved.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, before destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMove(item, before: destination) }
  }

  /// Moves `item` and its subtree just before `destination`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O(s log n) for the s items moved.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, before destination: ItemIdentifierType
  )
    throws(Error)
  {
    let (moving, target) = try positionsForMove(item, relativeTo: destination, for: .moveBefore)
    try moveSubtree(at: moving, to: target, level: entry(at: target).level, for: .moveBefore)
  }

  /// Moves `item`, with its descendants, after `destination` and all of `destination`'s
  /// descendants, at `destination`'s level.
  ///
  /// Stops the program if either item is absent, if they are the same item, or if
  /// `destination` lies inside `item`'s subtree; ``tryMove(_:after:)`` throws instead.
  ///
  /// - Complexity: O(s log n) for the s items moved.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, after destination: ItemIdentifierType
  ) {
    trap { () throws(Error) in try tryMove(item, after: destination) }
  }

  /// Moves `item` and its subtree after `destination` and its descendants, or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: O(s log n) for the s items moved.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, after destination: ItemIdentifierType
  )
    throws(Error)
  {
    let (moving, target) = try positionsForMove(item, relativeTo: destination, for: .moveAfter)
    try moveSubtree(
      at: moving, to: subtreeEnd(of: target), level: entry(at: target).level, for: .moveAfter)
  }

  /// Moves `item`, with its descendants, to be a child of `parent` (a root item when nil) at
  /// position `index` among the other children, or the last child when `index` is nil.
  ///
  /// Stops the program if an item is absent, if `parent` is `item` or lies in its subtree,
  /// or if `index` is past the end; ``tryMove(_:to:at:)`` throws instead.
  ///
  /// - Complexity: O((s + i) log n) for the s items moved and the position i.
  @inlinable public mutating func move(
    _ item: ItemIdentifierType, to parent: ItemIdentifierType?, at index: Int? = nil
  ) {
    trap { () throws(Error) in try tryMove(item, to: parent, at: index) }
  }

  /// Moves `item` and its subtree under `parent` at `index`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O((s + i) log n) for the s items moved and the position i.
  @inlinable public mutating func tryMove(
    _ item: ItemIdentifierType, to parent: ItemIdentifierType?, at index: Int? = nil
  ) throws(Error) {
    let moving = try existingPosition(of: item, for: .moveToParent)
    let parentPosition = try positionOfParent(parent, for: .moveToParent)
    let movingEnd = subtreeEnd(of: moving)
    if let parent, let parentPosition, (moving..<movingEnd).contains(parentPosition) {
      throw Error(.moveToParent, .moveIntoOwnSubtree(item: item, destination: parent))
    }
    // Where it lands, counting the other children only: before the index-th of them, or at
    // the end of the parent's subtree.
    var destination = parentPosition.map { subtreeEnd(of: $0) } ?? count
    if let index {
      let others = childPositions(of: parentPosition).filter { $0 != moving }
      guard index >= 0, index <= others.count else {
        throw Error(.moveToParent, .childIndexOutOfRange(index: index, childCount: others.count))
      }
      if index < others.count { destination = others[index] }
    }
    let level = parentPosition.map { entry(at: $0).level + 1 } ?? 0
    try moveSubtree(at: moving, to: destination, level: level, for: .moveToParent)
  }

  /// Moves the subtree at `position` so that it starts where position `destination` is now
  /// (before the move), at `level`.
  @inlinable mutating func moveSubtree(
    at position: Int, to destination: Int, level: Int, for operation: Error.Operation
  ) throws(Error) {
    let size = subtreeEnd(of: position) - position
    let target = destination > position ? destination - size : destination
    if target == position && entry(at: position).level == level { return }
    do {
      try list.moveSubtree(at: position, to: target, level: level)
    } catch {
      throw Error(operation, reason(for: error, naming: entry(at: position).item))
    }
  }

  @inlinable func positionsForMove(
    _ item: ItemIdentifierType, relativeTo destination: ItemIdentifierType,
    for operation: Error.Operation
  ) throws(Error) -> (moving: Int, target: Int) {
    let moving = try existingPosition(of: item, for: operation)
    let target = try positionOfDestination(destination, for: operation)
    if moving == target { throw Error(operation, .moveRelativeToItself(item)) }
    if (moving..<subtreeEnd(of: moving)).contains(target) {
      throw Error(operation, .moveIntoOwnSubtree(item: item, destination: destination))
    }
    return (moving, target)
  }
}

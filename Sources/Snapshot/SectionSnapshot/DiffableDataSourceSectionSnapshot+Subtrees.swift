// Whole sub-snapshots: adding them, replacing children with them, cutting them out.

extension DiffableDataSourceSectionSnapshot {
  /// Adds the tree of `snapshot` (with its expansion state) as the last children of `parent`,
  /// or as the last root items when `parent` is nil.
  ///
  /// Stops the program if `parent` is absent or an identifier of `snapshot` is already
  /// present; `tryAppend(_:to:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
    trap { () throws(Error) in try tryAppend(snapshot, to: parent) }
  }

  /// Adds the tree of `snapshot` under `parent` (at the root when nil), or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func tryAppend(_ snapshot: Self, to parent: ItemIdentifierType? = nil)
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let parentPosition = try positionOfParent(parent, for: .append)
    try graft(
      snapshot, at: parentPosition.map { subtreeEnd(of: $0) } ?? count,
      level: parentPosition.map { entry(at: $0).level + 1 } ?? 0, for: .append)
  }

  /// Inserts the tree of `snapshot` just before `destination`, its roots at `destination`'s
  /// level. Stops the program on an unknown destination or an identifier already present;
  /// `tryInsert(_:before:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func insert(_ snapshot: Self, before destination: ItemIdentifierType) {
    trap { () throws(Error) in try tryInsert(snapshot, before: destination) }
  }

  /// Inserts the tree of `snapshot` just before `destination`, or throws without changing
  /// the snapshot.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func tryInsert(
    _ snapshot: Self, before destination: ItemIdentifierType
  )
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let target = try positionOfDestination(destination, for: .insertBefore)
    try graft(
      snapshot, at: target, level: entry(at: target).level, for: .insertBefore,
      destination: destination)
  }

  /// Inserts the tree of `snapshot` after `destination` and its descendants, its roots at
  /// `destination`'s level. Stops the program on an unknown destination or an identifier
  /// already present; `tryInsert(_:after:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func insert(_ snapshot: Self, after destination: ItemIdentifierType) {
    trap { () throws(Error) in try tryInsert(snapshot, after: destination) }
  }

  /// Inserts the tree of `snapshot` after `destination` and its descendants, or throws
  /// without changing the snapshot.
  ///
  /// - Complexity: O(m log n) for the m items of `snapshot`.
  @inlinable public mutating func tryInsert(_ snapshot: Self, after destination: ItemIdentifierType)
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let target = try positionOfDestination(destination, for: .insertAfter)
    try graft(
      snapshot, at: subtreeEnd(of: target), level: entry(at: target).level, for: .insertAfter,
      destination: destination)
  }

  /// Makes the tree of `snapshot` the children of `parent`, replacing its current children
  /// and their descendants.
  ///
  /// Identifiers of `snapshot` may be among the replaced descendants; any other identifier
  /// already in the tree (including `parent` and its ancestors) is refused, where Apple
  /// leaves a corrupt tree. Stops the program on a refusal or an unknown parent;
  /// ``tryReplace(childrenOf:using:)`` throws instead.
  ///
  /// - Complexity: O((r + m) log n) for r replaced items and m new items.
  @inlinable public mutating func replace(
    childrenOf parent: ItemIdentifierType, using snapshot: Self
  ) {
    trap { () throws(Error) in try tryReplace(childrenOf: parent, using: snapshot) }
  }

  /// Makes the tree of `snapshot` the children of `parent`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O((r + m) log n) for r replaced items and m new items.
  @inlinable public mutating func tryReplace(
    childrenOf parent: ItemIdentifierType, using snapshot: Self
  )
    throws(Error)
  {
    guard let parentPosition = position(of: parent) else {
      throw Error(.replaceChildren, .unknownParent(parent))
    }
    let replaced = parentPosition + 1..<subtreeEnd(of: parentPosition)
    try checkGraft(snapshot, for: .replaceChildren, replacing: replaced)
    var copy = list
    try? copy.removeSubtrees(replaced)
    do {
      try copy.insert(
        snapshot.entries(shiftedBy: entry(at: parentPosition).level + 1), at: parentPosition + 1)
    } catch {
      throw Error(.replaceChildren, reason(for: error, naming: parent))
    }
    list = copy
  }

  /// The subtree below `parent` as a snapshot of its own, with its expansion state; levels
  /// restart at 0 (the parent is the single root when `includingParent` is true).
  ///
  /// Stops the program if `parent` is absent; ``trySnapshot(of:includingParent:)`` throws
  /// instead.
  ///
  /// - Complexity: O(s + log n) for the s items copied.
  @inlinable public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
    -> Self
  {
    trap { () throws(Error) in try trySnapshot(of: parent, includingParent: includingParent) }
  }

  /// The subtree below `parent` as a snapshot of its own, or throws if `parent` is absent.
  ///
  /// - Complexity: O(s + log n) for the s items copied.
  @inlinable public func trySnapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
    throws(Error) -> Self
  {
    guard let parentPosition = position(of: parent) else {
      throw Error(.snapshotOfParent, .unknownParent(parent))
    }
    let start = includingParent ? parentPosition : parentPosition + 1
    let level =
      includingParent ? entry(at: parentPosition).level : entry(at: parentPosition).level + 1
    var entries: [SharedEntry<ItemIdentifierType>] = []
    entries.reserveCapacity(subtreeEnd(of: parentPosition) - start)
    forEachEntry(in: start..<subtreeEnd(of: parentPosition)) { _, entry in
      entries.append(
        SharedEntry(item: entry.item, level: entry.level - level, isExpanded: entry.isExpanded))
    }
    return Self(entries: entries)
  }

  /// The snapshot's entries (items, levels and expansion), each level raised by `shift`.
  ///
  /// - Complexity: O(n).
  @inlinable func entries(shiftedBy shift: Int) -> [SharedEntry<ItemIdentifierType>] {
    var result: [SharedEntry<ItemIdentifierType>] = []
    result.reserveCapacity(count)
    forEachEntry(in: 0..<count) { _, entry in
      result.append(
        SharedEntry(item: entry.item, level: entry.level + shift, isExpanded: entry.isExpanded))
    }
    return result
  }

  /// Throws the reason the first item of `snapshot` (depth-first) cannot join this one: it
  /// is the destination, or already here (outside `replaced`).
  @inlinable func checkGraft(
    _ snapshot: Self, for operation: Error.Operation,
    destination: ItemIdentifierType? = nil, replacing replaced: Range<Int>? = nil
  ) throws(Error) {
    var conflict: ItemIdentifierType? = nil
    snapshot.list.tree.forEach(in: 0..<snapshot.count) { _, entry in
      if let replaced {
        guard let position = position(of: entry.item), !replaced.contains(position) else {
          return true
        }
      } else if !contains(entry.item) {
        return true
      }
      conflict = entry.item
      return false
    }
    guard let conflict else { return }
    if conflict == destination { throw Error(operation, .destinationInInsertedItems(conflict)) }
    throw Error(operation, .itemAlreadyInSnapshot(conflict))
  }

  @inlinable mutating func graft(
    _ snapshot: Self, at position: Int, level: Int, for operation: Error.Operation,
    destination: ItemIdentifierType? = nil
  ) throws(Error) {
    try checkGraft(snapshot, for: operation, destination: destination)
    do {
      try list.insert(snapshot.entries(shiftedBy: level), at: position)
    } catch {
      throw Error(operation, reason(for: error, naming: destination ?? snapshot.entry(at: 0).item))
    }
  }
}

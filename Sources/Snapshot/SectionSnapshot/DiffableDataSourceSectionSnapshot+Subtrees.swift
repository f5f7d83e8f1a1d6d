// Whole sub-snapshots: adding them, replacing children with them, cutting them out.

extension DiffableDataSourceSectionSnapshot {
  /// Adds the tree of `snapshot` (with its expansion state) as the last children of `parent`,
  /// or as the last root items when `parent` is nil.
  ///
  /// Stops the program if `parent` is absent or an identifier of `snapshot` is already
  /// present; `tryAppend(_:to:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
    trap { () throws(Error) in try tryAppend(snapshot, to: parent) }
  }

  /// Adds the tree of `snapshot` under `parent` (at the root when nil), or throws without
  /// changing the snapshot.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func tryAppend(_ snapshot: Self, to parent: ItemIdentifierType? = nil)
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let parentSlot = try slotOfParent(parent, for: .append)
    try graft(snapshot, parent: parentSlot, before: -1, for: .append, destination: -1)
  }

  /// Inserts the tree of `snapshot` just before `destination`, its roots at `destination`'s
  /// level. Stops the program on an unknown destination or an identifier already present;
  /// `tryInsert(_:before:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func insert(_ snapshot: Self, before destination: ItemIdentifierType) {
    trap { () throws(Error) in try tryInsert(snapshot, before: destination) }
  }

  /// Inserts the tree of `snapshot` just before `destination`, or throws without changing
  /// the snapshot.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func tryInsert(
    _ snapshot: Self, before destination: ItemIdentifierType
  )
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let target = try slotOfDestination(destination, for: .insertBefore)
    try graft(
      snapshot, parent: storage.tree.nodes[Int(target)].parent, before: target, for: .insertBefore,
      destination: target)
  }

  /// Inserts the tree of `snapshot` after `destination` and its descendants, its roots at
  /// `destination`'s level. Stops the program on an unknown destination or an identifier
  /// already present; `tryInsert(_:after:)` (its snapshot form) throws instead.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func insert(_ snapshot: Self, after destination: ItemIdentifierType) {
    trap { () throws(Error) in try tryInsert(snapshot, after: destination) }
  }

  /// Inserts the tree of `snapshot` after `destination` and its descendants, or throws
  /// without changing the snapshot.
  ///
  /// - Complexity: O(m) amortized for the m items of `snapshot`.
  @inlinable public mutating func tryInsert(_ snapshot: Self, after destination: ItemIdentifierType)
    throws(Error)
  {
    guard !snapshot.isEmpty else { return }
    let target = try slotOfDestination(destination, for: .insertAfter)
    let node = storage.tree.nodes[Int(target)]
    try graft(
      snapshot, parent: node.parent, before: node.next, for: .insertAfter, destination: target)
  }

  /// Makes the tree of `snapshot` the children of `parent`, replacing its current children
  /// and their descendants.
  ///
  /// Identifiers of `snapshot` may be among the replaced descendants; any other identifier
  /// already in the tree (including `parent` and its ancestors) is refused, where Apple
  /// leaves a corrupt tree. Stops the program on a refusal or an unknown parent;
  /// ``tryReplace(childrenOf:using:)`` throws instead.
  ///
  /// - Complexity: O(r + m·d) for r replaced items, m new items and tree depth d.
  @inlinable public mutating func replace(
    childrenOf parent: ItemIdentifierType, using snapshot: Self
  ) {
    trap { () throws(Error) in try tryReplace(childrenOf: parent, using: snapshot) }
  }

  /// Makes the tree of `snapshot` the children of `parent`, or throws without changing the
  /// snapshot.
  ///
  /// - Complexity: O(r + m·d) for r replaced items, m new items and tree depth d.
  @inlinable public mutating func tryReplace(
    childrenOf parent: ItemIdentifierType, using snapshot: Self
  )
    throws(Error)
  {
    guard let parentSlot = slot(of: parent) else {
      throw Error(.replaceChildren, .unknownParent(parent))
    }
    var conflict: ItemIdentifierType?
    snapshot.storage.tree.forEachDescendant(of: -1) { sourceSlot in
      guard conflict == nil else { return }
      let item = snapshot.storage.tree.nodes[Int(sourceSlot)].item
      let existing = storage.tree.slot(of: item)
      if existing >= 0,
        existing == parentSlot || !storage.tree.isInSubtree(existing, of: parentSlot)
      {
        conflict = item
      }
    }
    if let conflict { throw Error(.replaceChildren, .itemAlreadyInSnapshot(conflict)) }
    makeUnique()
    for child in storage.tree.children(of: parentSlot) { storage.tree.removeSubtree(child) }
    try graft(snapshot, parent: parentSlot, before: -1, for: .replaceChildren, destination: -1)
    storage.tree.compactIfNeeded()
  }

  /// The subtree below `parent` as a snapshot of its own, with its expansion state; levels
  /// restart at 0 (the parent is the single root when `includingParent` is true).
  ///
  /// Stops the program if `parent` is absent; ``trySnapshot(of:includingParent:)`` throws
  /// instead.
  ///
  /// - Complexity: O(s) for the s items copied.
  @inlinable public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
    -> Self
  {
    trap { () throws(Error) in try trySnapshot(of: parent, includingParent: includingParent) }
  }

  /// The subtree below `parent` as a snapshot of its own, or throws if `parent` is absent.
  ///
  /// - Complexity: O(s) for the s items copied.
  @inlinable public func trySnapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
    throws(Error) -> Self
  {
    guard let parentSlot = slot(of: parent) else {
      throw Error(.snapshotOfParent, .unknownParent(parent))
    }
    var copy = Tree<ItemIdentifierType>()
    _ = copy.graft(
      from: storage.tree, below: parentSlot, includingRoot: includingParent, parent: -1,
      before: -1)
    return Self(storage: TreeStorage(tree: copy))
  }

  @inlinable mutating func graft(
    _ snapshot: Self, parent: Int32, before sibling: Int32, for operation: Error.Operation,
    destination: Int32
  ) throws(Error) {
    guard !snapshot.isEmpty else { return }
    makeUnique()
    let start = Int32(truncatingIfNeeded: storage.tree.nodes.count)
    if let conflict = storage.tree.graft(
      from: snapshot.storage.tree, below: -1, parent: parent, before: sibling)
    {
      throw Error(operation, reason(for: conflict, newSlotsFrom: start, destination: destination))
    }
  }
}

// What two related section snapshots (one made from the other by edits) differ in, found by
// skipping everything they share: the items to check, and the visible rows as compressed
// pieces for the diff.

extension DiffableDataSourceSectionSnapshot {
  /// Calls `body` with every entry of `new` that `old` does not hold in a shared leaf: every
  /// item added, and every item whose level or expansion may differ. Entries of shared leaves
  /// are the same in both.
  ///
  /// - Complexity: O(b k log n + e) for k edits between the two and e entries reported.
  @inlinable static func forEachUnsharedEntry(
    from old: Self, to new: Self, _ body: (SharedEntry<ItemIdentifierType>) -> Void
  ) {
    guard old.list.tree.mayShareNodes(with: new.list.tree) else {
      // Built apart: every entry of `new` counts.
      new.forEachEntry(in: 0..<new.count) { _, entry in body(entry) }
      return
    }
    let (_, newLeaves) = SharedTree.unsharedLeaves(from: old.list.tree, to: new.list.tree)
    for leaf in newLeaves {
      for var entry in leaf.node.entries {
        entry.hidden &+= leaf.tag
        body(entry)
      }
    }
  }

  /// The visible items of `old` and of `new` as compressed pieces: the items of leaves the
  /// two do not share (or share under different visibility) one by one, and each run of
  /// subtrees both hold, in the same order and equally visible, as one shared piece
  /// standing for its visible items. Nil when the two share nothing.
  ///
  /// - Complexity: O(b k log n) for k edits between the two, plus the visible items of the
  ///   leaves they do not share.
  @inlinable static func compressedVisibleItems(from old: Self, to new: Self) -> (
    old: [CompressedPiece<ItemIdentifierType>], new: [CompressedPiece<ItemIdentifierType>]
  )? {
    typealias Tree = SharedTree<ItemIdentifierType>
    let (oldUnits, newUnits) = Tree.sharedUnits(from: old.list.tree, to: new.list.tree)
    guard newUnits.contains(where: \.isShared) else { return nil }
    // For each shared unit: the shared unit right after it in each tree (nil when an
    // unshared leaf or the end follows), and its index among the new tree's units.
    func following(_ units: [Tree.Unit]) -> [SharedUnitKey: SharedUnitKey?] {
      var result: [SharedUnitKey: SharedUnitKey?] = [:]
      for index in units.indices where units[index].isShared {
        let next = index + 1 < units.count && units[index + 1].isShared
        result[units[index].key] = next ? units[index + 1].key : nil
      }
      return result
    }
    let nextOld = following(oldUnits)
    let nextNew = following(newUnits)
    var newIndex: [SharedUnitKey: Int] = [:]
    for (index, unit) in newUnits.enumerated() where unit.isShared { newIndex[unit.key] = index }

    func pieces(_ units: [Tree.Unit]) -> [CompressedPiece<ItemIdentifierType>] {
      var result: [CompressedPiece<ItemIdentifierType>] = []
      var listed: [ItemIdentifierType] = []
      var run: [Tree.Placed] = []
      var runID = 0
      var runCount = 0
      func closeRun() {
        guard !run.isEmpty else { return }
        if runCount > 0 {
          if !listed.isEmpty {
            result.append(.items(listed))
            listed = []
          }
          let members = run
          result.append(
            .shared(
              id: runID, count: runCount,
              items: CompressedRunItems {
                var items: [ItemIdentifierType] = []
                for member in members {
                  Tree.appendItems(
                    of: member.node, tag: member.tag, visibleOnly: true, to: &items)
                }
                return items
              }))
        }
        run = []
        runCount = 0
      }
      for unit in units {
        let placed = unit.placed
        if !unit.isShared {
          closeRun()
          Tree.appendItems(of: placed.node, tag: placed.tag, visibleOnly: true, to: &listed)
          continue
        }
        if run.isEmpty { runID = newIndex[unit.key] ?? -1 }
        run.append(placed)
        runCount += placed.node.summary.visibleCount(tag: placed.tag)
        // The run goes on only while both trees continue it with the same unit.
        let key = unit.key
        let inOld = nextOld[key] ?? nil
        let inNew = nextNew[key] ?? nil
        if inOld == nil || inOld != inNew { closeRun() }
      }
      closeRun()
      if !listed.isEmpty { result.append(.items(listed)) }
      return result
    }
    return (pieces(oldUnits), pieces(newUnits))
  }
}

extension DiffableDataSourceSectionSnapshot {
  /// This snapshot, a plain list of `old` (every item a collapsed root), edited into the plain
  /// list of `new`: the items a diff of the two deletes or moves leave, the ones it inserts
  /// or moves come in, each before its successor in `new`. Nil (nothing done) when the lists
  /// cannot be matched (only identifiers with broken hashing do that), so that the caller
  /// builds the list instead.
  ///
  /// - Complexity: the diff's cost (O(n + m) for the lists, hashing only their changed
  ///   middles), plus O(k log n) for the k items deleted, inserted or moved.
  @inlinable func editedList(
    from old: [ItemIdentifierType], to new: [ItemIdentifierType]
  ) -> Self? {
    let batch: BatchUpdate
    do {
      batch = try DiffMatch(
        old: [LayoutSection(0, items: old)], new: [LayoutSection(0, items: new)],
        marks: DiffMarks<Int, ItemIdentifierType>(), verifyUniqueness: false
      ).singleBatch()
    } catch {
      return nil
    }
    guard batch.deletedSections.isEmpty, batch.insertedSections.isEmpty else { return nil }
    var edited = self
    let leaving =
      batch.deletedItems.map { old[$0.item] } + batch.movedItems.map { old[$0.source.item] }
    let arriving = batch.insertedItems.map(\.item) + batch.movedItems.map(\.destination.item)
    do {
      let whole = try edited.editList(
        removing: leaving, inserting: arriving, count: new.count, itemAt: { new[$0] })
      return whole ? edited : nil
    } catch {
      return nil
    }
  }

  /// Edits this plain list (every item a collapsed root) into the list of `count` items
  /// whose item at index i is `itemAt(i)`: removes `leaving`, then inserts the items at the
  /// indexes `arriving`, from the last, each before its successor (which is then in place).
  /// Returns whether the list came out `count` long. Throws, leaving the snapshot part-edited,
  /// when an edit is refused; that and a wrong count happen only to identifiers with broken
  /// hashing: callers edit a copy.
  ///
  /// - Complexity: O((l + a) log n) for l items leaving, a arriving, plus what `itemAt` costs.
  @inlinable mutating func editList(
    removing leaving: [ItemIdentifierType], inserting arriving: [Int], count: Int,
    itemAt: (Int) -> ItemIdentifierType
  ) throws(Error) -> Bool {
    try tryDelete(leaving)
    for index in arriving.sorted(by: >) {
      if index + 1 < count {
        try tryInsert([itemAt(index)], before: itemAt(index + 1))
      } else {
        try tryAppend([itemAt(index)])
      }
    }
    return self.count == count
  }
}

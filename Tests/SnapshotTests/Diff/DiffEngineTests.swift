import Testing

@testable import Snapshot

/// Hand-written cases, one for each illegal combination of the rules: changes that would
/// tempt a naive engine into it, and what this engine emits instead.
@Suite struct DiffEngineTests {
  func path(_ section: Int, _ item: Int) -> ListIndexPath {
    ListIndexPath(item: item, section: section)
  }
  func move(_ from: ListIndexPath, _ to: ListIndexPath) -> BatchUpdate.ItemMove {
    BatchUpdate.ItemMove(from: from, to: to)
  }

  /// The single batch and the stages, checked by the simulator and the shared verification.
  func diff(
    _ old: Layout, _ new: Layout, marks: DiffMarks<Int, Int> = DiffMarks(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (BatchUpdate, StagedBatchUpdate<Int, Int>) {
    #expect(verifyDiff(old: old, new: new, marks: marks) == nil, sourceLocation: sourceLocation)
    return (
      try BatchUpdate(from: old, to: new, marks: marks),
      try StagedBatchUpdate(from: old, to: new, marks: marks)
    )
  }

  @Test func equalLayoutsGiveNothing() throws {
    let same = layout([(0, [1, 2, 3]), (1, [])])
    let (batch, staged) = try diff(same, same)
    #expect(batch.isEmpty)
    #expect(staged.stages.isEmpty)
    let (empty, emptyStages) = try diff([], [])
    #expect(empty.isEmpty && emptyStages.stages.isEmpty)
  }

  @Test func movesAreTheItemsOffALongestIncreasingSubsequence() throws {
    let (batch, staged) = try diff(layout([(0, [1, 2, 3, 4, 5])]), layout([(0, [5, 1, 2, 4, 3])]))
    // 1, 2, 4 (or 1, 2, 3) stay; two moves.
    #expect(batch.moveCount == 2)
    #expect(staged.moveCount == 2)
    #expect(batch.deletedItems.isEmpty && batch.insertedItems.isEmpty)
  }

  @Test func neverReloadsAnItemThatMoves() throws {
    // c moves to the front and is reloaded: the view would shift the reload, not move it.
    let old = layout([(0, [1, 2, 3])])
    let new = layout([(0, [3, 1, 2])])
    let (batch, staged) = try diff(old, new, marks: DiffMarks(reloadedItems: [3]))
    #expect(batch == BatchUpdate(deletedItems: [path(0, 2)], insertedItems: [path(0, 0)]))
    // Staged: the reload first, in the old layout, then the move.
    #expect(staged.stages.map(\.kind) == [.itemUpdates, .itemInsertsAndMoves])
    #expect(staged.stages[0].batch == BatchUpdate(reloadedItems: [path(0, 2)]))
    #expect(staged.stages[1].batch == BatchUpdate(movedItems: [move(path(0, 2), path(0, 0))]))
  }

  @Test func countsMovesBeforeReloads() throws {
    // Three ways to keep one item in place. Keeping the reloaded 2 would let it stay a reload
    // but move both others; a marked item gets a fresh cell either way, so it never makes an
    // unmarked one move: 1 or 3 stays, the other moves, and 2 is deleted and inserted (issue 7).
    let (batch, _) = try diff(
      layout([(0, [1, 2, 3])]), layout([(0, [3, 2, 1])]), marks: DiffMarks(reloadedItems: [2]))
    #expect(batch.moveCount == 1)
    #expect(batch.reloadedItems.isEmpty)
    #expect(batch.deletedItems == [path(0, 1)] && batch.insertedItems == [path(0, 1)])
  }

  @Test func neverLetsTheViewShiftAReloadOntoAnotherRow() throws {
    // 4 moves to the front: the view would shift the reload of 3 by deletes and inserts only,
    // landing one row early. Rewritten as a delete and an insert.
    let old = layout([(0, [1, 2, 3, 4])])
    let (shiftedAway, _) = try diff(
      old, layout([(0, [4, 1, 2, 3])]), marks: DiffMarks(reloadedItems: [3]))
    #expect(shiftedAway.reloadedItems.isEmpty)
    #expect(shiftedAway.deletedItems == [path(0, 2)] && shiftedAway.insertedItems == [path(0, 3)])
    // Here one move starts and one ends before 4: the reload lands right and stays a reload.
    let (landsRight, _) = try diff(
      old, layout([(0, [2, 3, 1, 4])]), marks: DiffMarks(reloadedItems: [4]))
    #expect(landsRight.reloadedItems == [path(0, 3)])
    #expect(landsRight.movedItems == [move(path(0, 0), path(0, 2))])
  }

  @Test func neverChangesItemsInsideAMovedSection() throws {
    // Both sections change and one must move: the moved one is deleted and inserted.
    let old = layout([(0, [1]), (1, [2])])
    let new = layout([(1, [2, 3]), (0, [1, 4])])
    let (batch, staged) = try diff(old, new)
    #expect(batch.movedSections.isEmpty)
    #expect(batch.deletedSections.count == 1 && batch.insertedSections.count == 1)
    // Staged: the section move, then the item inserts.
    #expect(staged.stages.map(\.kind) == [.sectionInsertsAndMoves, .itemInsertsAndMoves])
    #expect(staged.moveCount == 1)
    // Only one changes: that one stays in place, the unchanged one moves.
    let (oneChanged, _) = try diff(old, layout([(1, [2, 3]), (0, [1])]))
    #expect(oneChanged.movedSections == [BatchUpdate.SectionMove(from: 0, to: 1)])
    #expect(oneChanged.insertedItems == [path(0, 1)])
  }

  @Test func neverReloadsAMovedSection() throws {
    let (batch, staged) = try diff(
      layout([(0, [1]), (1, [2])]), layout([(1, [2]), (0, [1])]),
      marks: DiffMarks(reloadedSections: [0, 1]))
    #expect(batch.movedSections.isEmpty)
    #expect(batch.reloadedSections.count == 1)
    #expect(batch.deletedSections.count == 1 && batch.insertedSections.count == 1)
    #expect(staged.stages.map(\.kind) == [.sectionInsertsAndMoves, .sectionReloads])
    #expect(staged.stages[1].batch.reloadedSections == [0, 1])
  }

  @Test func neverMovesAnItemBetweenSectionsUIKitWouldMiscount() throws {
    // Section 9 is inserted first: 2 goes from old section 1 to new section 1 (raw numbers
    // equal, different sections). UIKit would not count it: a delete plus an insert.
    let old = layout([(0, [1]), (1, [2])])
    let (miscounted, staged) = try diff(old, layout([(9, []), (0, [1, 2]), (1, [])]))
    #expect(
      miscounted
        == BatchUpdate(
          insertedSections: [0], deletedItems: [path(1, 0)], insertedItems: [path(1, 1)])
    )
    // Staged keeps the move, once the sections sit at their final indexes.
    #expect(staged.stages.last?.batch == BatchUpdate(movedItems: [move(path(2, 0), path(1, 1))]))
    // Without the inserted section the raw numbers differ, and the move is kept.
    let (counted, _) = try diff(old, layout([(0, [1, 2]), (1, [])]))
    #expect(counted == BatchUpdate(movedItems: [move(path(1, 0), path(0, 1))]))
  }

  @Test func neverMovesItemsOutOfDeletedOrIntoInsertedSections() throws {
    // Section 0 goes; its item 1 reappears in section 1: an insert, not a move.
    let (fromDeleted, _) = try diff(layout([(0, [1]), (1, [2])]), layout([(1, [2, 1])]))
    #expect(fromDeleted == BatchUpdate(deletedSections: [0], insertedItems: [path(0, 1)]))
    // Section 5 arrives holding item 2 from section 1: a delete, not a move.
    let (intoInserted, _) = try diff(
      layout([(0, [1]), (1, [2])]), layout([(0, [1]), (1, []), (5, [2])]))
    #expect(intoInserted == BatchUpdate(insertedSections: [2], deletedItems: [path(1, 0)]))
  }

  @Test func neverListsItemsOfDeletedOrInsertedSections() throws {
    let (batch, _) = try diff(layout([(0, [1, 2, 3])]), layout([(1, [1, 2, 3, 4])]))
    #expect(batch == BatchUpdate(deletedSections: [0], insertedSections: [0]))
  }

  @Test func neverDeletesAndMovesOrInsertsAndMovesTheSamePath() throws {
    // Deletes, inserts and moves crowd the same indexes in both frames.
    let (batch, _) = try diff(
      layout([(0, [1, 2, 3, 4])]), layout([(0, [4, 5, 3, 6])]))
    #expect(Set(batch.deletedItems).isDisjoint(with: batch.movedItems.map(\.source)))
    #expect(Set(batch.insertedItems).isDisjoint(with: batch.movedItems.map(\.destination)))
    #expect(batch.movedItems.count == 1)
  }

  @Test func reconfiguresAreAddressedInTheNewLayout() throws {
    // 1 moves to the end and is reconfigured: addressed where it ends up.
    let (batch, staged) = try diff(
      layout([(0, [1, 2, 3])]), layout([(0, [2, 3, 1])]), marks: DiffMarks(reconfiguredItems: [1]))
    #expect(batch.reconfiguredItems == [path(0, 2)])
    #expect(batch.movedItems == [move(path(0, 0), path(0, 2))])
    // Staged: reconfigured in the old layout, before anything moves.
    #expect(staged.stages.first?.batch == BatchUpdate(reconfiguredItems: [path(0, 0)]))
  }

  @Test func marksOnlyApplyToIdentifiersInBothLayouts() throws {
    let (batch, staged) = try diff(
      layout([(0, [1, 2])]), layout([(0, [1, 3])]),
      marks: DiffMarks(reloadedSections: [7], reloadedItems: [3, 2, 99], reconfiguredItems: [3]))
    #expect(batch == BatchUpdate(deletedItems: [path(0, 1)], insertedItems: [path(0, 1)]))
    #expect(staged.stages.map(\.kind) == [.deletes, .itemInsertsAndMoves])
  }

  @Test func aReloadWinsOverAReconfigure() throws {
    let (batch, _) = try diff(
      layout([(0, [1, 2])]), layout([(0, [1, 2])]),
      marks: DiffMarks(reloadedItems: [2], reconfiguredItems: [2, 1]))
    #expect(batch == BatchUpdate(reloadedItems: [path(0, 1)], reconfiguredItems: [path(0, 0)]))
  }

  @Test func stagesCarryTheIntermediateLayouts() throws {
    let old = layout([(0, [1, 2, 3]), (1, [4]), (2, [5])])
    let new = layout([(3, [6]), (2, [5, 2]), (0, [3, 1])])
    let (_, staged) = try diff(old, new, marks: DiffMarks(reloadedSections: [0]))
    #expect(
      staged.stages.map(\.kind) == [
        .deletes, .sectionInsertsAndMoves, .itemInsertsAndMoves, .sectionReloads,
      ])
    #expect(staged.stages[0].layout == layout([(0, [1, 2, 3]), (2, [5])]))
    #expect(staged.stages[1].layout == layout([(3, [6]), (2, [5]), (0, [1, 2, 3])]))
    #expect(staged.stages[2].layout == new)
    #expect(staged.stages[3].batch == BatchUpdate(reloadedSections: [2]))
  }
}

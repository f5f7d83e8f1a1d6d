import Testing

@testable import Snapshot

/// What the staged form keeps as moves: every move between sections present in both
/// layouts; an item moving into an inserted section or out of a deleted one is deleted and
/// inserted, with its section or on its own.
@Suite struct StagedMoveScopeTests {
  @Test func movesIntoInsertedOrOutOfDeletedSectionsAreDeletesAndInserts() throws {
    // Sections 10 and 11 stay, 12 is inserted, 13 is deleted. Item 3 moves between the
    // two sections that stay; item 1 moves into the inserted section; item 5 leaves the
    // deleted one.
    let old = layout([(10, [1, 2]), (11, [3]), (13, [5])])
    let new = layout([(10, [2, 5, 3]), (12, [1]), (11, [])])
    let staged = try StagedBatchUpdate(from: old, to: new)
    #expect(
      staged.stages == [
        .init(
          kind: .deletes,
          batch: BatchUpdate(
            deletedSections: [2], deletedItems: [ListIndexPath(item: 0, section: 0)]),
          layout: layout([(10, [2]), (11, [3])])),
        .init(
          kind: .sectionInsertsAndMoves, batch: BatchUpdate(insertedSections: [1]),
          layout: layout([(10, [2]), (12, [1]), (11, [3])])),
        .init(
          kind: .itemInsertsAndMoves,
          batch: BatchUpdate(
            insertedItems: [ListIndexPath(item: 1, section: 0)],
            movedItems: [
              .init(
                from: ListIndexPath(item: 0, section: 2), to: ListIndexPath(item: 2, section: 0))
            ]),
          layout: new),
      ])
    #expect(staged.moveCount == 1)
    #expect(minimumMoves(old: old, new: new) == 1)
    #expect(verifyDiff(old: old, new: new) == nil)
    // The same through snapshots.
    let oldSnapshot = SnapshotDiffTests.snapshot(old)
    let newSnapshot = SnapshotDiffTests.snapshot(new)
    #expect(newSnapshot.stagedBatchUpdate(from: oldSnapshot) == staged)
  }
}

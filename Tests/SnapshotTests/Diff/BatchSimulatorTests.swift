import Testing

@testable import Snapshot

/// The simulator rejects every illegal combination of the rules, and accepts valid batches.
@Suite struct BatchSimulatorTests {
  // Sections 0, 1, 2 hold items 10..12, 20..21 and 30.
  let old = layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30])])

  func path(_ section: Int, _ item: Int) -> ListIndexPath {
    ListIndexPath(item: item, section: section)
  }
  func move(_ from: ListIndexPath, _ to: ListIndexPath) -> BatchUpdate.ItemMove {
    BatchUpdate.ItemMove(from: from, to: to)
  }

  func expectRejection(
    _ batch: BatchUpdate, new: Layout, old: Layout? = nil, mentioning text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let failure = BatchSimulator.check(old: old ?? self.old, batch: batch, new: new)
    #expect(failure != nil, "accepted \(batch)", sourceLocation: sourceLocation)
    if let failure {
      #expect(failure.contains(text), "\(failure)", sourceLocation: sourceLocation)
    }
  }

  @Test func acceptsAValidBatchOfEveryKind() {
    // Delete 11, insert 13, move 20 into section 2, reload 10, reconfigure 21, insert a
    // section.
    let new = layout([(0, [10, 12, 13]), (1, [21]), (2, [30, 20]), (3, [40])])
    let batch = BatchUpdate(
      insertedSections: [3], reloadedSections: [], deletedItems: [path(0, 1)],
      insertedItems: [path(0, 2)], movedItems: [move(path(1, 0), path(2, 1))],
      reloadedItems: [path(0, 0)], reconfiguredItems: [path(1, 0)])
    #expect(BatchSimulator.check(old: old, batch: batch, new: new) == nil)
    let result = BatchSimulator.simulate(old: old, batch: batch, new: new)
    #expect(result.freshItems == [10, 13, 40])
    #expect(result.reconfiguredItems == [21])
    #expect(result.movedItems == [20])
  }

  @Test func acceptsASectionMoveAndASectionReload() {
    let new = layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])])
    let batch = BatchUpdate(
      movedSections: [BatchUpdate.SectionMove(from: 2, to: 0)], reloadedSections: [])
    #expect(BatchSimulator.check(old: old, batch: batch, new: new) == nil)
    // A reload whose shift by deletes and inserts lands right.
    let reloaded = layout([(0, [10, 11, 12]), (2, [30])])
    let reload = BatchUpdate(deletedSections: [1], reloadedSections: [2])
    #expect(BatchSimulator.check(old: old, batch: reload, new: reloaded) == nil)
    #expect(BatchSimulator.simulate(old: old, batch: reload, new: reloaded).freshSections == [2])
  }

  @Test func rejectsIndexesOutOfBounds() {
    expectRejection(BatchUpdate(deletedSections: [3]), new: old, mentioning: "out of bounds")
    expectRejection(BatchUpdate(insertedSections: [3]), new: old, mentioning: "out of bounds")
    expectRejection(BatchUpdate(reloadedSections: [5]), new: old, mentioning: "out of bounds")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 7)]), new: old, mentioning: "out of bounds")
    expectRejection(BatchUpdate(deletedItems: [path(1, 2)]), new: old, mentioning: "out of bounds")
    expectRejection(BatchUpdate(insertedItems: [path(2, 3)]), new: old, mentioning: "out of bounds")
    expectRejection(BatchUpdate(reloadedItems: [path(3, 0)]), new: old, mentioning: "out of bounds")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 5), path(0, 0))]), new: old, mentioning: "out of bounds"
    )
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 5))]), new: old, mentioning: "out of bounds"
    )
    expectRejection(
      BatchUpdate(reconfiguredItems: [path(2, 1)]), new: old, mentioning: "out of bounds")
  }

  @Test func rejectsTheSameOperationTwice() {
    let empty = layout([])
    let one = layout([(0, [10, 11, 12])])
    expectRejection(BatchUpdate(deletedSections: [1, 1]), new: one, mentioning: "twice")
    expectRejection(
      BatchUpdate(insertedSections: [3, 3]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [])]), mentioning: "twice")
    expectRejection(BatchUpdate(reloadedSections: [0, 0]), new: old, mentioning: "twice")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 1), .init(from: 0, to: 2)]), new: old,
      mentioning: "section moved from twice")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 2), .init(from: 1, to: 2)]), new: old,
      mentioning: "section moved to twice")
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0), path(0, 0)]), new: old, mentioning: "twice")
    expectRejection(
      BatchUpdate(insertedItems: [path(0, 0), path(0, 0)]), new: old, mentioning: "twice")
    expectRejection(
      BatchUpdate(reloadedItems: [path(0, 0), path(0, 0)]), new: old, mentioning: "twice")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 1)), move(path(0, 0), path(0, 2))]),
      new: old, mentioning: "item moved from twice")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 2)), move(path(0, 1), path(0, 2))]),
      new: old, mentioning: "item moved to twice")
    expectRejection(
      BatchUpdate(reconfiguredItems: [path(0, 0), path(0, 0)]), new: old, mentioning: "twice")
    #expect(BatchSimulator.check(old: empty, batch: BatchUpdate(), new: empty) == nil)
  }

  @Test func rejectsIllegalSectionCombinations() {
    expectRejection(
      BatchUpdate(deletedSections: [0], movedSections: [.init(from: 0, to: 1)]), new: old,
      mentioning: "deleted and moved")
    expectRejection(
      BatchUpdate(deletedSections: [0], reloadedSections: [0]), new: old,
      mentioning: "deleted and reloaded")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 1)], reloadedSections: [0]), new: old,
      mentioning: "reloaded and moved")
    expectRejection(
      BatchUpdate(insertedSections: [1], movedSections: [.init(from: 2, to: 1)]), new: old,
      mentioning: "inserted and moved to")
    // A reload shifted onto a move's destination: "an insert and a move to the same section".
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)], reloadedSections: [0]),
      new: layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])]),
      mentioning: "an insert and a move to one section")
  }

  @Test func rejectsIllegalItemCombinations() {
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], movedItems: [move(path(0, 0), path(0, 2))]),
      new: old, mentioning: "deleted and moved")
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], reloadedItems: [path(0, 0)]), new: old,
      mentioning: "deleted and reloaded")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 2))], reloadedItems: [path(0, 0)]),
      new: old, mentioning: "reloaded and moved")
    expectRejection(
      BatchUpdate(insertedItems: [path(0, 2)], movedItems: [move(path(0, 0), path(0, 2))]),
      new: old, mentioning: "inserted and moved to")
    // A reload shifted onto a move's destination: "an insert and a move to the same index path".
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 2), path(0, 0))], reloadedItems: [path(0, 0)]),
      new: layout([(0, [12, 10, 11]), (1, [20, 21]), (2, [30])]),
      mentioning: "an insert and a move to one path")
  }

  @Test func rejectsItemOperationsInsideDeletedInsertedOrReloadedSections() {
    let withoutFirst = layout([(1, [20, 21, 10]), (2, [30])])
    expectRejection(
      BatchUpdate(deletedSections: [0], movedItems: [move(path(0, 0), path(0, 2))]),
      new: withoutFirst, mentioning: "out of deleted or reloaded section")
    expectRejection(
      BatchUpdate(deletedSections: [0], deletedItems: [path(0, 1)]),
      new: layout([(1, [20, 21]), (2, [30])]), mentioning: "inside deleted or reloaded section")
    let withNew = layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [20])])
    expectRejection(
      BatchUpdate(insertedSections: [3], movedItems: [move(path(1, 0), path(3, 0))]),
      new: withNew, mentioning: "into inserted or reloaded section")
    expectRejection(
      BatchUpdate(insertedSections: [3], insertedItems: [path(3, 0)]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [40])]),
      mentioning: "inside inserted or reloaded section")
    expectRejection(
      BatchUpdate(reloadedSections: [1], reloadedItems: [path(1, 0)]), new: old,
      mentioning: "inside deleted or reloaded section")
  }

  @Test func rejectsItemChangesInsideAMovedSection() {
    let moved = BatchUpdate.SectionMove(from: 0, to: 2)
    // New frame: section 0 (ids 10..12) is now at index 2.
    expectRejection(
      BatchUpdate(movedSections: [moved], insertedItems: [path(2, 3)]),
      new: layout([(1, [20, 21]), (2, [30]), (0, [10, 11, 12, 13])]),
      mentioning: "inside moved section")
    expectRejection(
      BatchUpdate(movedSections: [moved], movedItems: [move(path(1, 0), path(2, 0))]),
      new: layout([(1, [21]), (2, [30]), (0, [20, 10, 11, 12])]),
      mentioning: "inside moved section")
    expectRejection(
      BatchUpdate(movedSections: [moved], movedItems: [move(path(0, 0), path(0, 1))]),
      new: layout([(1, [20, 10, 21]), (2, [30]), (0, [11, 12])]),
      mentioning: "inside moved section")
    expectRejection(
      BatchUpdate(movedSections: [moved], reloadedItems: [path(0, 1)]),
      new: layout([(1, [20, 21]), (2, [30]), (0, [10, 11, 12])]),
      mentioning: "inside moved section")
    // Deletes are counted right but animate badly: rejected unless allowed.
    let deleteInMoved = BatchUpdate(movedSections: [moved], deletedItems: [path(0, 1)])
    let afterDelete = layout([(1, [20, 21]), (2, [30]), (0, [10, 12])])
    expectRejection(deleteInMoved, new: afterDelete, mentioning: "animates badly")
    #expect(
      BatchSimulator.check(
        old: old, batch: deleteInMoved, new: afterDelete, allowDeletesInMovedSections: true) == nil)
  }

  @Test func rejectsWrongSectionCount() {
    expectRejection(
      BatchUpdate(deletedSections: [2]), new: old, mentioning: "invalid number of sections")
  }

  @Test func rejectsWhatUIKitMiscountsWithRawSectionNumbers() {
    // Section 5 is inserted first, so old section 1 (ids 20, 21) is new section 2 and old
    // section 0 is new section 1. Moving 20 from old section 1 into new section 1 is not
    // counted as leaving or entering: UIKit's "invalid number of items in section 1".
    let new = layout([(5, []), (0, [10, 11, 12, 20]), (1, [21]), (2, [30])])
    expectRejection(
      BatchUpdate(insertedSections: [0], movedItems: [move(path(1, 0), path(1, 3))]), new: new,
      mentioning: "invalid number of items in section 1")
    // The same change as a delete plus an insert is fine.
    let rewritten = BatchUpdate(
      insertedSections: [0], deletedItems: [path(1, 0)], insertedItems: [path(1, 3)])
    #expect(BatchSimulator.check(old: old, batch: rewritten, new: new) == nil)
  }

  @Test func rejectsEntriesLandingOnTheWrongIdentifier() {
    // Counts add up, but 10 and 11 swap places without a move.
    expectRejection(
      BatchUpdate(), new: layout([(0, [11, 10, 12]), (1, [20, 21]), (2, [30])]),
      mentioning: "shows")
    // Sections swap without a move.
    expectRejection(
      BatchUpdate(), new: layout([(1, [20, 21]), (0, [10, 11, 12]), (2, [30])]),
      mentioning: "shows old section")
    // An inserted slot holding an item that was carried over.
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], insertedItems: [path(0, 0)]),
      new: layout([(0, [11, 10, 12]), (1, [20, 21]), (2, [30])]), mentioning: "carried over")
    // An item reload in section 1 while section 2 moves to the front: the view shifts the
    // reload by section deletes and inserts only, so it lands in new section 1, which now
    // shows old section 0.
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)], reloadedItems: [path(1, 0)]),
      new: layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])]),
      mentioning: "invalid number of items in section 1")
  }

  @Test func rejectsReconfiguringAFreshCell() {
    expectRejection(
      BatchUpdate(
        deletedItems: [path(2, 0)], insertedItems: [path(2, 0)], reconfiguredItems: [path(2, 0)]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [31])]), mentioning: "reconfigure")
  }

  @Test func shiftsReloadsByDeletesAndInsertsOnly() {
    #expect(BatchSimulator.shifted(3, deletes: [0, 5], inserts: []) == 2)
    #expect(BatchSimulator.shifted(3, deletes: [0], inserts: [0, 2]) == 4)
    #expect(BatchSimulator.shifted(3, deletes: [], inserts: [4]) == 3)
    #expect(BatchSimulator.shifted(1, deletes: [], inserts: [1, 2]) == 3)
  }
}

import Snapshot
import SnapshotTestSupport
import Testing

typealias Layout = [LayoutSection<Int, Int>]

/// Builds a layout from `[(section, [items])]`.
func layout(_ sections: [(Int, [Int])]) -> Layout {
  sections.map { LayoutSection($0.0, items: $0.1) }
}

func path(_ section: Int, _ item: Int) -> ListIndexPath {
  ListIndexPath(item: item, section: section)
}

func move(_ from: ListIndexPath, _ to: ListIndexPath) -> BatchUpdate.ItemMove {
  BatchUpdate.ItemMove(from: from, to: to)
}

/// The rules reject every illegal combination, each with its rule and a UIKit-style message,
/// and accept valid batches.
@Suite struct BatchRulesTests {
  // Sections 0, 1, 2 hold items 10..12, 20..21 and 30.
  static let old = layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30])])
  var old: Layout { Self.old }

  /// Expects `batch` to break `rule`, with a message that starts as UIKit's and contains
  /// `text`; `check` must return the same message.
  func expectRejection(
    _ batch: BatchUpdate, new: Layout, old: Layout? = nil, rule: BatchRules.Rule,
    mentioning text: String, allowDeletesInMovedSections: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let old = old ?? self.old
    let outcome = BatchRules.simulate(
      old: old, batch: batch, new: new, allowDeletesInMovedSections: allowDeletesInMovedSections)
    guard let violation = outcome.violation else {
      Issue.record("accepted \(batch)", sourceLocation: sourceLocation)
      return
    }
    #expect(violation.rule == rule, "\(violation.message)", sourceLocation: sourceLocation)
    #expect(
      violation.message.hasPrefix("Invalid update: "), "\(violation.message)",
      sourceLocation: sourceLocation)
    #expect(
      violation.message.contains(text), "\(violation.message)", sourceLocation: sourceLocation)
    #expect(outcome.failure == violation.message, sourceLocation: sourceLocation)
    #expect(
      BatchRules.check(
        old: old, batch: batch, new: new, allowDeletesInMovedSections: allowDeletesInMovedSections
      ) == violation.message, sourceLocation: sourceLocation)
  }

  @Test func acceptsAValidBatchOfEveryKind() {
    // Delete 11, insert 13, move 20 into section 2, reload 10, reconfigure 21, insert a
    // section.
    let new = layout([(0, [10, 12, 13]), (1, [21]), (2, [30, 20]), (3, [40])])
    let batch = BatchUpdate(
      insertedSections: [3], reloadedSections: [], deletedItems: [path(0, 1)],
      insertedItems: [path(0, 2)], movedItems: [move(path(1, 0), path(2, 1))],
      reloadedItems: [path(0, 0)], reconfiguredItems: [path(1, 0)])
    #expect(BatchRules.check(old: old, batch: batch, new: new) == nil)
    let result = BatchRules.simulate(old: old, batch: batch, new: new)
    #expect(result.violation == nil)
    #expect(result.freshItems == [10, 13, 40])
    #expect(result.freshSections == [3])
    #expect(result.reconfiguredItems == [21])
    #expect(result.movedItems == [20])
    #expect(result.movedSections.isEmpty)
  }

  @Test func acceptsASectionMoveAndASectionReload() {
    let new = layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])])
    let batch = BatchUpdate(
      movedSections: [BatchUpdate.SectionMove(from: 2, to: 0)], reloadedSections: [])
    #expect(BatchRules.check(old: old, batch: batch, new: new) == nil)
    #expect(BatchRules.simulate(old: old, batch: batch, new: new).movedSections == [2])
    // A reload whose shift by deletes and inserts lands right.
    let reloaded = layout([(0, [10, 11, 12]), (2, [30])])
    let reload = BatchUpdate(deletedSections: [1], reloadedSections: [2])
    #expect(BatchRules.check(old: old, batch: reload, new: reloaded) == nil)
    let outcome = BatchRules.simulate(old: old, batch: reload, new: reloaded)
    #expect(outcome.freshSections == [2])
    #expect(outcome.freshItems == [30])
  }

  @Test func rejectsIndexesOutOfBounds() {
    expectRejection(
      BatchUpdate(deletedSections: [3]), new: old, rule: .sectionOutOfBounds,
      mentioning: "attempt to delete section 3, but there are only 3 sections before the update")
    expectRejection(
      BatchUpdate(insertedSections: [3]), new: old, rule: .sectionOutOfBounds,
      mentioning: "attempt to insert section 3, but there are only 3 sections after the update")
    expectRejection(
      BatchUpdate(reloadedSections: [5]), new: old, rule: .sectionOutOfBounds,
      mentioning: "attempt to reload section 5, but there are only 3 sections before the update")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 7)]), new: old, rule: .sectionOutOfBounds,
      mentioning:
        "attempt to move section 0 to section 7, but there are only 3 sections after the update")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 4, to: 0)]), new: old, rule: .sectionOutOfBounds,
      mentioning:
        "attempt to move section 4 to section 0, but there are only 3 sections before the update")
    expectRejection(
      BatchUpdate(deletedSections: [-1]), new: old, rule: .sectionOutOfBounds,
      mentioning: "attempt to delete section -1, but section numbers start at 0")
    expectRejection(
      BatchUpdate(deletedItems: [path(1, 2)]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to delete item 2 from section 1, but there are only 2 items in section 1 before "
        + "the update")
    expectRejection(
      BatchUpdate(insertedItems: [path(2, 3)]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to insert item 3 into section 2, but there are only 1 items in section 2 after "
        + "the update")
    expectRejection(
      BatchUpdate(reloadedItems: [path(3, 0)]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to reload item 0 from section 3, but there are only 3 sections before the update")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 5), path(0, 0))]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to move index path [0, 5] to index path [0, 0], but there are only 3 items in "
        + "section 0 before the update")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 5))]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to move index path [0, 0] to index path [0, 5], but there are only 3 items in "
        + "section 0 after the update")
    expectRejection(
      BatchUpdate(reconfiguredItems: [path(2, 1)]), new: old, rule: .itemOutOfBounds,
      mentioning:
        "attempt to reconfigure item 1 in section 2, but there are only 1 items in section 2 "
        + "after the update")
    expectRejection(
      BatchUpdate(deletedItems: [path(0, -1)]), new: old, rule: .itemOutOfBounds,
      mentioning: "attempt to delete item -1 from section 0, but item numbers start at 0")
  }

  @Test func rejectsTheSameOperationTwice() {
    let empty = layout([])
    let one = layout([(0, [10, 11, 12])])
    expectRejection(
      BatchUpdate(deletedSections: [1, 1]), new: one, rule: .sectionUpdatedTwice,
      mentioning: "attempt to delete the same section twice (1)")
    expectRejection(
      BatchUpdate(insertedSections: [3, 3]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [])]),
      rule: .sectionUpdatedTwice, mentioning: "attempt to insert the same section twice (3)")
    expectRejection(
      BatchUpdate(reloadedSections: [0, 0]), new: old, rule: .sectionUpdatedTwice,
      mentioning: "attempt to reload the same section twice (0)")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 1), .init(from: 0, to: 2)]), new: old,
      rule: .sectionMovedTwice,
      mentioning: "attempt to perform multiple moves from the same section (0)")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 2), .init(from: 1, to: 2)]), new: old,
      rule: .sectionMovedTwice,
      mentioning: "attempt to perform multiple moves to the same section (2)")
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0), path(0, 0)]), new: old, rule: .itemUpdatedTwice,
      mentioning: "attempt to delete the same index path twice ([0, 0])")
    expectRejection(
      BatchUpdate(insertedItems: [path(0, 0), path(0, 0)]), new: old, rule: .itemUpdatedTwice,
      mentioning: "attempt to insert the same index path twice ([0, 0])")
    expectRejection(
      BatchUpdate(reloadedItems: [path(0, 0), path(0, 0)]), new: old, rule: .itemUpdatedTwice,
      mentioning: "attempt to reload the same index path twice ([0, 0])")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 1)), move(path(0, 0), path(0, 2))]),
      new: old, rule: .itemMovedTwice,
      mentioning: "attempt to perform multiple moves from the same index path ([0, 0])")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 2)), move(path(0, 1), path(0, 2))]),
      new: old, rule: .itemMovedTwice,
      mentioning: "attempt to perform multiple moves to the same index path ([0, 2])")
    expectRejection(
      BatchUpdate(reconfiguredItems: [path(0, 0), path(0, 0)]), new: old, rule: .itemUpdatedTwice,
      mentioning: "attempt to reconfigure the same index path twice ([0, 0])")
    #expect(BatchRules.check(old: empty, batch: BatchUpdate(), new: empty) == nil)
  }

  @Test func rejectsIllegalSectionCombinations() {
    expectRejection(
      BatchUpdate(deletedSections: [0], movedSections: [.init(from: 0, to: 1)]), new: old,
      rule: .sectionDeletedAndMoved,
      mentioning: "attempt to perform a delete and a move from the same section (0)")
    expectRejection(
      BatchUpdate(deletedSections: [0], reloadedSections: [0]), new: old,
      rule: .sectionDeletedAndReloaded,
      mentioning: "attempt to delete and reload the same section (0)")
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 0, to: 1)], reloadedSections: [0]), new: old,
      rule: .sectionReloadedAndMoved, mentioning: "attempt to reload and move the same section (0)")
    expectRejection(
      BatchUpdate(insertedSections: [1], movedSections: [.init(from: 2, to: 1)]), new: old,
      rule: .sectionInsertedAndMoved,
      mentioning: "attempt to perform an insert and a move to the same section (1)")
    // A reload shifted onto a move's destination: "an insert and a move to the same section".
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)], reloadedSections: [0]),
      new: layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])]), rule: .sectionInsertedAndMoved,
      mentioning:
        "attempt to perform an insert and a move to the same section (0): the view turns the "
        + "reload of section 0 into an insert of section 0")
    // A reload shifted past the new sections.
    expectRejection(
      BatchUpdate(reloadedSections: [2]), new: layout([(0, [10, 11, 12]), (1, [20, 21])]),
      rule: .sectionOutOfBounds,
      mentioning:
        "attempt to reload section 2, which the view turns into an insert of section 2, but "
        + "there are only 2 sections after the update")
  }

  @Test func rejectsIllegalItemCombinations() {
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], movedItems: [move(path(0, 0), path(0, 2))]),
      new: old, rule: .itemDeletedAndMoved,
      mentioning: "attempt to perform a delete and a move from the same index path ([0, 0])")
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], reloadedItems: [path(0, 0)]), new: old,
      rule: .itemDeletedAndReloaded,
      mentioning: "attempt to delete and reload the same index path ([0, 0])")
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 0), path(0, 2))], reloadedItems: [path(0, 0)]),
      new: old, rule: .itemReloadedAndMoved,
      mentioning: "attempt to reload and move the same index path ([0, 0])")
    expectRejection(
      BatchUpdate(insertedItems: [path(0, 2)], movedItems: [move(path(0, 0), path(0, 2))]),
      new: old, rule: .itemInsertedAndMoved,
      mentioning: "attempt to perform an insert and a move to the same index path ([0, 2])")
    // A reload shifted onto a move's destination: "an insert and a move to the same index path".
    expectRejection(
      BatchUpdate(movedItems: [move(path(0, 2), path(0, 0))], reloadedItems: [path(0, 0)]),
      new: layout([(0, [12, 10, 11]), (1, [20, 21]), (2, [30])]), rule: .itemInsertedAndMoved,
      mentioning:
        "attempt to perform an insert and a move to the same index path ([0, 0]): the view "
        + "turns the reload of index path [0, 0] into an insert at [0, 0]")
    // A reload shifted out of the new layout.
    expectRejection(
      BatchUpdate(reloadedItems: [path(0, 2)]),
      new: layout([(0, [10, 11]), (1, [20, 21]), (2, [30])]), rule: .itemOutOfBounds,
      mentioning:
        "attempt to reload index path [0, 2], which the view turns into an insert at [0, 2], "
        + "but there are only 2 items in section 0 after the update")
  }

  @Test func rejectsItemOperationsInsideDeletedInsertedOrReloadedSections() {
    let withoutFirst = layout([(1, [20, 21, 10]), (2, [30])])
    expectRejection(
      BatchUpdate(deletedSections: [0], movedItems: [move(path(0, 0), path(0, 2))]),
      new: withoutFirst, rule: .itemInDeletedSection,
      mentioning:
        "attempt to move index path [0, 0] to index path [0, 2] out of section 0, which is itself "
        + "deleted or reloaded")
    expectRejection(
      BatchUpdate(deletedSections: [0], deletedItems: [path(0, 1)]),
      new: layout([(1, [20, 21]), (2, [30])]), rule: .itemInDeletedSection,
      mentioning:
        "attempt to delete index path [0, 1] inside section 0, which is itself deleted or "
        + "reloaded")
    let withNew = layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [20])])
    expectRejection(
      BatchUpdate(insertedSections: [3], movedItems: [move(path(1, 0), path(3, 0))]),
      new: withNew, rule: .itemInInsertedSection,
      mentioning:
        "attempt to move index path [1, 0] to index path [3, 0] into section 3, which is itself "
        + "inserted or reloaded")
    expectRejection(
      BatchUpdate(insertedSections: [3], insertedItems: [path(3, 0)]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [40])]),
      rule: .itemInInsertedSection,
      mentioning:
        "attempt to insert index path [3, 0] into section 3, which is itself inserted or "
        + "reloaded")
    expectRejection(
      BatchUpdate(reloadedSections: [1], reloadedItems: [path(1, 0)]), new: old,
      rule: .itemInDeletedSection,
      mentioning:
        "attempt to reload index path [1, 0] inside section 1, which is itself deleted or "
        + "reloaded")
  }

  @Test func rejectsItemChangesInsideAMovedSection() {
    let moved = BatchUpdate.SectionMove(from: 0, to: 2)
    // New frame: section 0 (ids 10..12) is now at index 2.
    expectRejection(
      BatchUpdate(movedSections: [moved], insertedItems: [path(2, 3)]),
      new: layout([(1, [20, 21]), (2, [30]), (0, [10, 11, 12, 13])]), rule: .itemInMovedSection,
      mentioning:
        "attempt to insert index path [2, 3] into section 2, the destination of a section move")
    expectRejection(
      BatchUpdate(movedSections: [moved], movedItems: [move(path(1, 0), path(2, 0))]),
      new: layout([(1, [21]), (2, [30]), (0, [20, 10, 11, 12])]), rule: .itemInMovedSection,
      mentioning:
        "attempt to move index path [1, 0] to index path [2, 0] into section 2, the destination "
        + "of a section move")
    expectRejection(
      BatchUpdate(movedSections: [moved], movedItems: [move(path(0, 0), path(0, 1))]),
      new: layout([(1, [20, 10, 21]), (2, [30]), (0, [11, 12])]), rule: .itemInMovedSection,
      mentioning:
        "attempt to move index path [0, 0] to index path [0, 1] out of section 0, the source of "
        + "a section move")
    expectRejection(
      BatchUpdate(movedSections: [moved], reloadedItems: [path(0, 1)]),
      new: layout([(1, [20, 21]), (2, [30]), (0, [10, 11, 12])]), rule: .itemInMovedSection,
      mentioning:
        "attempt to reload index path [0, 1] inside section 0, the source of a section move")
    // A reload in a section that stays put, shifted into a section a move lands on.
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)], reloadedItems: [path(0, 0)]),
      new: layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])]), rule: .itemInMovedSection,
      mentioning:
        "attempt to reload index path [0, 0] into section 0, the destination of a section move: "
        + "the view turns the reload of index path [0, 0] into an insert at [0, 0]")
    // Deletes are counted right but animate badly: rejected unless allowed.
    let deleteInMoved = BatchUpdate(movedSections: [moved], deletedItems: [path(0, 1)])
    let afterDelete = layout([(1, [20, 21]), (2, [30]), (0, [10, 12])])
    expectRejection(
      deleteInMoved, new: afterDelete, rule: .itemInMovedSection,
      mentioning:
        "attempt to delete index path [0, 1] inside section 0, the source of a section move "
        + "(counted right, but animates badly)")
    #expect(
      BatchRules.check(
        old: old, batch: deleteInMoved, new: afterDelete, allowDeletesInMovedSections: true) == nil)
  }

  @Test func rejectsWrongSectionCountInUIKitsWords() {
    let uiKitMessage =
      "Invalid update: invalid number of sections. The number of sections contained in the "
      + "collection view after the update (3) must be equal to the number of sections "
      + "contained in the collection view before the update (3), plus or minus the number of "
      + "sections inserted or deleted (0 inserted, 1 deleted)."
    expectRejection(
      BatchUpdate(deletedSections: [2]), new: old, rule: .sectionCount, mentioning: uiKitMessage)
    #expect(
      BatchRules.check(old: old, batch: BatchUpdate(deletedSections: [2]), new: old) == uiKitMessage
    )
    // A section reload counts as one delete plus one insert.
    expectRejection(
      BatchUpdate(insertedSections: [3], reloadedSections: [1]), new: old,
      rule: .sectionOutOfBounds,
      mentioning: "attempt to insert section 3, but there are only 3 sections after the update")
    expectRejection(
      BatchUpdate(deletedSections: [0], reloadedSections: [1]),
      new: layout([(1, [20, 21]), (2, [30]), (3, [])]), rule: .sectionCount,
      mentioning: "(1 inserted, 2 deleted).")
  }

  @Test func rejectsWhatUIKitMiscountsWithRawSectionNumbers() {
    // Section 5 is inserted first, so old section 1 (ids 20, 21) is new section 2 and old
    // section 0 is new section 1. Moving 20 from old section 1 into new section 1 is not
    // counted as leaving or entering: UIKit's "invalid number of items in section 1".
    let new = layout([(5, []), (0, [10, 11, 12, 20]), (1, [21]), (2, [30])])
    let batch = BatchUpdate(insertedSections: [0], movedItems: [move(path(1, 0), path(1, 3))])
    let uiKitMessage =
      "Invalid update: invalid number of items in section 1. The number of items contained in "
      + "an existing section after the update (4) must be equal to the number of items "
      + "contained in that section before the update (3), plus or minus the number of items "
      + "inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the "
      + "number of items moved into or out of that section (0 moved in, 0 moved out)."
    expectRejection(batch, new: new, rule: .itemCount, mentioning: uiKitMessage)
    #expect(BatchRules.check(old: old, batch: batch, new: new) == uiKitMessage)
    // The same change as a delete plus an insert is fine.
    let rewritten = BatchUpdate(
      insertedSections: [0], deletedItems: [path(1, 0)], insertedItems: [path(1, 3)])
    #expect(BatchRules.check(old: old, batch: rewritten, new: new) == nil)
    // Moves between sections whose raw numbers differ are counted in and out.
    let across = BatchUpdate(movedItems: [move(path(1, 0), path(0, 3))])
    let acrossLayout = layout([(0, [10, 11, 12, 20]), (1, [21]), (2, [30])])
    #expect(BatchRules.check(old: old, batch: across, new: acrossLayout) == nil)
    expectRejection(
      across, new: layout([(0, [10, 11, 12, 20]), (1, [21, 22]), (2, [30])]), rule: .itemCount,
      mentioning:
        "invalid number of items in section 1. The number of items contained in an existing "
        + "section after the update (2) must be equal to the number of items contained in that "
        + "section before the update (2), plus or minus the number of items inserted or deleted "
        + "from that section (0 inserted, 0 deleted) and plus or minus the number of items "
        + "moved into or out of that section (0 moved in, 1 moved out).")
  }

  @Test func rejectsEntriesLandingOnTheWrongIdentifier() {
    // Counts add up, but 10 and 11 swap places without a move.
    expectRejection(
      BatchUpdate(), new: layout([(0, [11, 10, 12]), (1, [20, 21]), (2, [30])]),
      rule: .itemIdentity,
      mentioning: "index path [0, 0] after the update shows 10, but the new layout has 11 there")
    // Sections swap without a move.
    expectRejection(
      BatchUpdate(), new: layout([(1, [20, 21]), (0, [10, 11, 12]), (2, [30])]),
      rule: .sectionIdentity,
      mentioning:
        "section 0 after the update shows section 0 from before the update (0), but the new "
        + "layout has 1 there")
    // An inserted slot holding an item that was carried over.
    expectRejection(
      BatchUpdate(deletedItems: [path(0, 0)], insertedItems: [path(0, 0)]),
      new: layout([(0, [11, 10, 12]), (1, [20, 21]), (2, [30])]), rule: .itemIdentity,
      mentioning:
        "inserted index path [0, 0] holds 11, which is carried over from before the update")
    // An item reload in section 1 while section 2 moves to the front: the view shifts the
    // reload by section deletes and inserts only, so it lands in new section 1, which now
    // shows old section 0.
    expectRejection(
      BatchUpdate(movedSections: [.init(from: 2, to: 0)], reloadedItems: [path(1, 0)]),
      new: layout([(2, [30]), (0, [10, 11, 12]), (1, [20, 21])]), rule: .itemCount,
      mentioning:
        "invalid number of items in section 1. The number of items contained in an existing "
        + "section after the update (3) must be equal to the number of items contained in that "
        + "section before the update (3), plus or minus the number of items inserted or deleted "
        + "from that section (1 inserted, 0 deleted)")
    // An inserted section holding a section that was carried over.
    expectRejection(
      BatchUpdate(insertedSections: [3]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (0, [])]),
      rule: .sectionIdentity,
      mentioning: "inserted section 3 holds 0, which is carried over from before the update")
    // A reloaded section landing on another identifier.
    expectRejection(
      BatchUpdate(reloadedSections: [1]),
      new: layout([(0, [10, 11, 12]), (9, [20, 21]), (2, [30])]), rule: .sectionIdentity,
      mentioning: "the reload of section 1 (1) lands at section 1, which holds 9")
    // A reloaded item landing on another identifier.
    expectRejection(
      BatchUpdate(reloadedItems: [path(0, 0)]),
      new: layout([(0, [99, 11, 12]), (1, [20, 21]), (2, [30])]), rule: .itemIdentity,
      mentioning: "the reload of index path [0, 0] (10) lands at [0, 0], which holds 99")
    // An inserted section holding an item carried over.
    expectRejection(
      BatchUpdate(insertedSections: [3]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30]), (3, [10])]),
      rule: .itemIdentity,
      mentioning:
        "item 10 in section 3, which is inserted or reloaded, is carried over from before the "
        + "update")
  }

  @Test func rejectsSurvivorsThatDoNotFillTheirSlots() {
    // A move between sections with equal raw numbers is counted by neither section, so the
    // new layout can match UIKit's counts while the rows cannot fill it.
    // With a section inserted at 0, 20 moves from old section 1 into new section 1 (old
    // section 0): the new section 1 has one row more than its slots.
    expectRejection(
      BatchUpdate(
        insertedSections: [0], deletedItems: [path(0, 2)],
        movedItems: [move(path(1, 0), path(1, 1))]),
      new: layout([(5, []), (0, [10, 20]), (1, [21, 22]), (2, [30])]), rule: .itemIdentity,
      mentioning: "section 1 after the update has no slot left for 1 surviving items of section 0")
    // With section 0 deleted, 20 moves from old section 1 (new section 0) into new section 1
    // (old section 2): the new section 0 has one slot more than its rows.
    expectRejection(
      BatchUpdate(deletedSections: [0], movedItems: [move(path(1, 0), path(1, 0))]),
      new: layout([(1, [21, 22]), (2, [20])]), rule: .itemIdentity,
      mentioning:
        "section 0 after the update has more slots than items: no surviving item of section 1 "
        + "is left for index path [0, 1]")
  }

  @Test func rejectsReconfiguringAFreshCell() {
    expectRejection(
      BatchUpdate(
        deletedItems: [path(2, 0)], insertedItems: [path(2, 0)], reconfiguredItems: [path(2, 0)]),
      new: layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [31])]), rule: .reconfigureOfFreshItem,
      mentioning:
        "attempt to reconfigure index path [2, 0] (31), which gets a fresh cell in this update")
    // A reconfigure in a reloaded section.
    expectRejection(
      BatchUpdate(reloadedSections: [2], reconfiguredItems: [path(2, 0)]), new: old,
      rule: .reconfigureOfFreshItem, mentioning: "attempt to reconfigure index path [2, 0] (30)")
  }

  @Test func shiftsReloadsByDeletesAndInsertsOnly() {
    #expect(BatchRules.shifted(3, deletes: [0, 5], inserts: []) == 2)
    #expect(BatchRules.shifted(3, deletes: [0], inserts: [0, 2]) == 4)
    #expect(BatchRules.shifted(3, deletes: [], inserts: [4]) == 3)
    #expect(BatchRules.shifted(1, deletes: [], inserts: [1, 2]) == 3)
  }
}

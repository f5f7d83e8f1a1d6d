import Snapshot
import SnapshotTestSupport
import Testing

/// A content that contradicts itself: counts with no identifiers behind them.
struct BrokenContent: ListContent {
  var sections: Layout
  /// Extra rows reported in section 0 with no identifier.
  var phantomItems = 0
  /// Extra sections reported with no identifier.
  var phantomSections = 0

  var numberOfSections: Int { sections.count + phantomSections }
  func numberOfItems(inSection section: Int) -> Int {
    guard sections.indices.contains(section) else { return 0 }
    return sections[section].items.count + (section == 0 ? phantomItems : 0)
  }
  func sectionIdentifier(for index: Int) -> Int? {
    sections.indices.contains(index) ? sections[index].id : nil
  }
  func itemIdentifier(for indexPath: ListIndexPath) -> Int? {
    LayoutContent(sections).itemIdentifier(for: indexPath)
  }
}

/// A content reporting negative counts.
struct NegativeContent: ListContent {
  var sectionCount: Int
  var itemCount: Int
  var numberOfSections: Int { sectionCount }
  func numberOfItems(inSection section: Int) -> Int { itemCount }
  func sectionIdentifier(for index: Int) -> Int? { index }
  func itemIdentifier(for indexPath: ListIndexPath) -> Int? { nil }
}

/// The simulator as a list view: driven through `reloadData` and `performBatchUpdates`, it
/// keeps its rows and records every broken rule.
@Suite struct ListViewSimulatorTests {
  typealias View = ListViewSimulator<Int, Int>

  let start = layout([(0, [10, 11, 12]), (1, [20, 21]), (2, [30])])

  @Test func startsEmpty() throws {
    let view = View()
    #expect(view.sections.isEmpty)
    #expect(view.rowCount == 0)
    #expect(view.failures.isEmpty)
    #expect(view.isConsistent)
    #expect(view.batchCount == 0)
    #expect(view.animatedBatchCount == 0)
    #expect(view.reloadCount == 0)
    #expect(view.lastBatch == nil)
    #expect(view.lastOutcome == nil)
    #expect(!view.allowsDeletesInMovedSections)
    try view.verify()
  }

  @Test func reloadDataReadsEveryRow() throws {
    let view = View()
    view.reloadData(LayoutContent(start))
    #expect(view.sections == start)
    #expect(view.rowCount == 6)
    #expect(view.reloadCount == 1)
    #expect(view.batchCount == 0)
    view.reloadData(LayoutContent(layout([(7, [])])))
    #expect(view.sections == layout([(7, [])]))
    #expect(view.rowCount == 0)
    #expect(view.reloadCount == 2)
    #expect(view.isConsistent)
    try view.verify()
  }

  @Test func appliesAValidSequenceOfBatches() throws {
    let view = View()
    view.reloadData(LayoutContent(start))
    // 1. Delete 11, insert 13, move 20 into section 2, reload 10, reconfigure 21, insert a
    //    section.
    let first = layout([(0, [10, 12, 13]), (1, [21]), (2, [30, 20]), (3, [40])])
    let firstBatch = BatchUpdate(
      insertedSections: [3], deletedItems: [path(0, 1)], insertedItems: [path(0, 2)],
      movedItems: [move(path(1, 0), path(2, 1))], reloadedItems: [path(0, 0)],
      reconfiguredItems: [path(1, 0)])
    view.performBatchUpdates(firstBatch, animated: true, content: LayoutContent(first))
    #expect(view.sections == first)
    #expect(view.rowCount == 7)
    #expect(view.lastBatch == firstBatch)
    #expect(view.lastOutcome?.violation == nil)
    #expect(view.lastOutcome?.freshItems == [10, 13, 40])
    #expect(view.lastOutcome?.freshSections == [3])
    #expect(view.lastOutcome?.movedItems == [20])
    #expect(view.lastOutcome?.reconfiguredItems == [21])
    // 2. Move section 3 to the front, reload section 1 (now at 2).
    let second = layout([(3, [40]), (0, [10, 12, 13]), (1, [21]), (2, [30, 20])])
    let secondBatch = BatchUpdate(movedSections: [.init(from: 3, to: 0)])
    view.performBatchUpdates(secondBatch, animated: false, content: LayoutContent(second))
    #expect(view.sections == second)
    #expect(view.lastOutcome?.movedSections == [3])
    // 3. Delete section 0, reload section 2 (old index).
    let third = layout([(0, [10, 12, 13]), (1, [21]), (2, [30, 20])])
    let thirdBatch = BatchUpdate(deletedSections: [0], reloadedSections: [2])
    view.performBatchUpdates(thirdBatch, animated: true, content: LayoutContent(third))
    #expect(view.sections == third)
    #expect(view.lastOutcome?.freshSections == [1])
    #expect(view.lastOutcome?.freshItems == [21])
    // 4. Nothing changes.
    view.performBatchUpdates(BatchUpdate(), animated: true, content: LayoutContent(third))
    #expect(view.sections == third)
    #expect(view.batchCount == 4)
    #expect(view.animatedBatchCount == 3)
    #expect(view.reloadCount == 1)
    #expect(view.failures.isEmpty)
    #expect(view.isConsistent)
    try view.verify()
  }

  @Test func followsTheEngineThroughEveryStage() throws {
    // The engine's staged form between two layouts: each stage is a batch plus the layout
    // after it, exactly what a data source hands its view.
    let end = layout([(2, [30, 11]), (4, [41, 40]), (0, [12, 10]), (1, [])])
    let marks = DiffMarks<Int, Int>(reloadedSections: [1], reloadedItems: [10])
    let staged = try StagedBatchUpdate(from: start, to: end, marks: marks)
    let view = View()
    view.reloadData(LayoutContent(start))
    for stage in staged.stages {
      view.performBatchUpdates(stage.batch, animated: true, content: LayoutContent(stage.layout))
      #expect(view.sections == stage.layout)
    }
    #expect(view.sections == end)
    #expect(view.batchCount == staged.stages.count)
    #expect(view.batchCount > 1)
    // The single batch too, from the same start.
    let single = try BatchUpdate(from: start, to: end, marks: marks)
    let other = View()
    other.reloadData(LayoutContent(start))
    other.performBatchUpdates(single, animated: false, content: LayoutContent(end))
    #expect(other.sections == end)
    #expect(other.lastOutcome?.freshItems.contains(10) == true)
    try view.verify()
    try other.verify()
  }

  @Test func recordsAFailureWithUIKitsMessageAndShowsTheContent() throws {
    var handled: [View.Failure] = []
    let view = View { handled.append($0) }
    view.reloadData(LayoutContent(start))
    // The data source adds a row to section 0 but tells the view nothing.
    let grown = layout([(0, [10, 11, 12, 13]), (1, [20, 21]), (2, [30])])
    view.performBatchUpdates(BatchUpdate(), animated: true, content: LayoutContent(grown))
    #expect(view.failures.count == 1)
    #expect(!view.isConsistent)
    let failure = try #require(view.failures.first)
    #expect(failure.rule == .itemCount)
    #expect(
      failure.message
        == "Invalid update: invalid number of items in section 0. The number of items contained "
        + "in an existing section after the update (4) must be equal to the number of items "
        + "contained in that section before the update (3), plus or minus the number of items "
        + "inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the "
        + "number of items moved into or out of that section (0 moved in, 0 moved out).")
    #expect(failure.batch == BatchUpdate())
    #expect(failure.batchNumber == 1)
    #expect(failure.old == start)
    #expect(failure.expected == grown)
    #expect(failure.description.hasPrefix(failure.message))
    #expect(failure.description.contains("batch 1"))
    #expect(failure.description.contains("rows before: [0: [10, 11, 12], 1: [20, 21], 2: [30]]"))
    #expect(handled == [failure])
    #expect(view.lastOutcome?.violation?.rule == .itemCount)
    // The rows follow the content, so the next batch is checked against what it says.
    #expect(view.sections == grown)
    let next = layout([(0, [10, 11, 12, 13, 14]), (1, [20, 21]), (2, [30])])
    view.performBatchUpdates(
      BatchUpdate(insertedItems: [path(0, 4)]), animated: true, content: LayoutContent(next))
    #expect(view.failures.count == 1)
    #expect(view.sections == next)
    #expect(handled.count == 1)
    #expect(throws: failure) { try view.verify() }
    #expect(view.batchCount == 2)
  }

  @Test func recordsEveryFailureInOrder() {
    let view = View()
    view.reloadData(LayoutContent(start))
    // 1. A section deleted, but the content still has it.
    view.performBatchUpdates(
      BatchUpdate(deletedSections: [2]), animated: true, content: LayoutContent(start))
    // 2. An out-of-bounds insert.
    view.performBatchUpdates(
      BatchUpdate(insertedItems: [path(2, 5)]), animated: true, content: LayoutContent(start))
    // 3. A delete and a move of the same row.
    view.performBatchUpdates(
      BatchUpdate(deletedItems: [path(0, 0)], movedItems: [move(path(0, 0), path(0, 2))]),
      animated: true, content: LayoutContent(start))
    #expect(view.failures.map(\.rule) == [.sectionCount, .itemOutOfBounds, .itemDeletedAndMoved])
    #expect(view.failures.map(\.batchNumber) == [1, 2, 3])
    #expect(
      view.failures[1].message
        == "Invalid update: attempt to insert item 5 into section 2, but there are only 1 items "
        + "in section 2 after the update")
    #expect(
      view.failures[2].message
        == "Invalid update: attempt to perform a delete and a move from the same index path "
        + "([0, 0])")
    #expect(view.sections == start)
    view.removeAllFailures()
    #expect(view.isConsistent)
    #expect(view.batchCount == 3)
  }

  @Test func checksDeletesInMovedSectionsAsConfigured() {
    let moved = layout([(1, [20, 21]), (2, [30]), (0, [10, 12])])
    let batch = BatchUpdate(movedSections: [.init(from: 0, to: 2)], deletedItems: [path(0, 1)])
    let strict = View()
    strict.reloadData(LayoutContent(start))
    strict.performBatchUpdates(batch, animated: true, content: LayoutContent(moved))
    #expect(strict.failures.map(\.rule) == [.itemInMovedSection])
    #expect(strict.failures.first?.message.contains("animates badly") == true)
    let lenient = View(allowDeletesInMovedSections: true)
    #expect(lenient.allowsDeletesInMovedSections)
    lenient.reloadData(LayoutContent(start))
    lenient.performBatchUpdates(batch, animated: true, content: LayoutContent(moved))
    #expect(lenient.failures.isEmpty)
    #expect(lenient.sections == moved)
  }

  @Test func reportsContentThatContradictsItself() {
    var handled: [View.Failure] = []
    let view = View { handled.append($0) }
    view.reloadData(BrokenContent(sections: start, phantomItems: 1))
    #expect(view.failures.map(\.rule) == [.inconsistentContent])
    #expect(
      view.failures.first?.message
        == "Invalid content: the data source reports 4 items in section 0 but no identifier for "
        + "index path [0, 3]")
    #expect(view.failures.first?.batch == nil)
    #expect(view.failures.first?.batchNumber == 0)
    #expect(view.failures.first?.description.contains("reloadData") == true)
    // The view keeps what it could read.
    #expect(view.sections == start)
    view.performBatchUpdates(
      BatchUpdate(), animated: true, content: BrokenContent(sections: start, phantomSections: 2))
    #expect(view.failures.count == 2)
    #expect(view.failures.last?.rule == .inconsistentContent)
    #expect(
      view.failures.last?.message
        == "Invalid content: the data source reports 5 sections but no identifier for section 3")
    #expect(view.failures.last?.batch == BatchUpdate())
    #expect(view.lastOutcome == nil)
    #expect(view.sections == start)
    view.reloadData(NegativeContent(sectionCount: -2, itemCount: 0))
    #expect(view.failures.last?.message == "Invalid content: the data source reports -2 sections")
    #expect(view.sections.isEmpty)
    view.reloadData(NegativeContent(sectionCount: 1, itemCount: -1))
    #expect(
      view.failures.last?.message
        == "Invalid content: the data source reports -1 items in section 0")
    #expect(view.sections == layout([(0, [])]))
    #expect(handled.count == 4)
    #expect(view.reloadCount == 3)
  }

  @Test func handlerSeesTheViewAfterTheFailure() {
    var seen: (rows: Layout, failures: Int)?
    var view: View?
    view = View { _ in
      if let view { seen = (view.sections, view.failures.count) }
    }
    let shrunk = layout([(0, [10, 11]), (1, [20, 21]), (2, [30])])
    view?.reloadData(LayoutContent(start))
    view?.performBatchUpdates(BatchUpdate(), animated: true, content: LayoutContent(shrunk))
    #expect(seen?.rows == shrunk)
    #expect(seen?.failures == 1)
    view = nil
  }

  @Test func everyRuleHasAnExample() {
    // One example per rule (other than content contradictions, checked above), through the
    // view: the rule named, the message UIKit's shape.
    let examples: [(BatchRules.Rule, BatchUpdate, Layout)] = [
      (.sectionOutOfBounds, BatchUpdate(deletedSections: [3]), start),
      (.itemOutOfBounds, BatchUpdate(deletedItems: [path(2, 1)]), start),
      (.sectionUpdatedTwice, BatchUpdate(reloadedSections: [1, 1]), start),
      (.itemUpdatedTwice, BatchUpdate(reloadedItems: [path(1, 1), path(1, 1)]), start),
      (
        .sectionMovedTwice,
        BatchUpdate(movedSections: [.init(from: 0, to: 1), .init(from: 0, to: 2)]), start
      ),
      (
        .itemMovedTwice,
        BatchUpdate(movedItems: [move(path(0, 0), path(0, 1)), move(path(0, 1), path(0, 1))]),
        start
      ),
      (
        .sectionDeletedAndMoved,
        BatchUpdate(deletedSections: [1], movedSections: [.init(from: 1, to: 0)]), start
      ),
      (.sectionDeletedAndReloaded, BatchUpdate(deletedSections: [1], reloadedSections: [1]), start),
      (
        .sectionReloadedAndMoved,
        BatchUpdate(movedSections: [.init(from: 1, to: 0)], reloadedSections: [1]), start
      ),
      (
        .sectionInsertedAndMoved,
        BatchUpdate(insertedSections: [0], movedSections: [.init(from: 1, to: 0)]), start
      ),
      (
        .itemDeletedAndMoved,
        BatchUpdate(deletedItems: [path(1, 1)], movedItems: [move(path(1, 1), path(1, 0))]), start
      ),
      (
        .itemDeletedAndReloaded,
        BatchUpdate(deletedItems: [path(1, 1)], reloadedItems: [path(1, 1)]),
        start
      ),
      (
        .itemReloadedAndMoved,
        BatchUpdate(movedItems: [move(path(1, 1), path(1, 0))], reloadedItems: [path(1, 1)]), start
      ),
      (
        .itemInsertedAndMoved,
        BatchUpdate(insertedItems: [path(1, 0)], movedItems: [move(path(1, 1), path(1, 0))]), start
      ),
      (
        .itemInDeletedSection, BatchUpdate(deletedSections: [1], deletedItems: [path(1, 0)]),
        layout([(0, [10, 11, 12]), (2, [30])])
      ),
      (
        .itemInInsertedSection, BatchUpdate(insertedSections: [3], insertedItems: [path(3, 0)]),
        start + layout([(3, [40])])
      ),
      (
        .itemInMovedSection,
        BatchUpdate(movedSections: [.init(from: 2, to: 0)], insertedItems: [path(0, 1)]),
        layout([(2, [30, 31]), (0, [10, 11, 12]), (1, [20, 21])])
      ),
      (.sectionCount, BatchUpdate(insertedSections: [1]), start),
      (.itemCount, BatchUpdate(insertedItems: [path(0, 0)]), start),
      (.sectionIdentity, BatchUpdate(), layout([(0, [10, 11, 12]), (1, [20, 21]), (3, [30])])),
      (.itemIdentity, BatchUpdate(), layout([(0, [10, 11, 12]), (1, [20, 22]), (2, [30])])),
      (
        .reconfigureOfFreshItem,
        BatchUpdate(reloadedItems: [path(2, 0)], reconfiguredItems: [path(2, 0)]), start
      ),
    ]
    for (rule, batch, new) in examples {
      let view = View()
      view.reloadData(LayoutContent(start))
      view.performBatchUpdates(batch, animated: true, content: LayoutContent(new))
      #expect(view.failures.map(\.rule) == [rule], "\(batch)")
      #expect(view.failures.first?.message.hasPrefix("Invalid update: ") == true)
      #expect(view.sections == new)
    }
    let covered = Set(examples.map(\.0)).union([.inconsistentContent])
    #expect(covered == Set(BatchRules.Rule.allCases))
  }
}

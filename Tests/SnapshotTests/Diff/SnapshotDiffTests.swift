import SnapshotTestSupport
import Testing

@testable import Snapshot

/// The engine through `DiffableDataSourceSnapshot`: same answers as the array-level API,
/// marks taken from the new snapshot.
@Suite struct SnapshotDiffTests {
  typealias Snap = DiffableDataSourceSnapshot<Int, Int>

  static func snapshot(_ layout: Layout, marks: DiffMarks<Int, Int> = DiffMarks()) -> Snap {
    var snapshot = Snap()
    snapshot.appendSections(layout.map(\.id))
    for section in layout { snapshot.appendItems(section.items, toSection: section.id) }
    // A snapshot only marks what it holds (generated marks may name what a later step removed).
    let sections = Set(layout.map(\.id))
    let items = Set(layout.flatMap(\.items))
    snapshot.reloadSections(marks.reloadedSections.filter(sections.contains))
    snapshot.reloadItems(marks.reloadedItems.filter(items.contains))
    snapshot.reconfigureItems(marks.reconfiguredItems.filter(items.contains))
    return snapshot
  }

  @Test func editingACopyGivesAValidBatch() {
    var old = Snap()
    old.appendSections([0, 1, 2])
    old.appendItems([1, 2, 3], toSection: 0)
    old.appendItems([4, 5], toSection: 1)
    old.appendItems([6], toSection: 2)
    var new = old
    new.deleteItems([2])
    new.moveItem(6, beforeItem: 1)
    new.appendItems([7], toSection: 1)
    new.moveSection(2, beforeSection: 0)
    new.reloadItems([4])
    new.reconfigureItems([3])

    let batch = new.batchUpdate(from: old)
    #expect(BatchRules.check(old: old.layout, batch: batch, new: new.layout) == nil)
    #expect(batch.reloadedItems == [ListIndexPath(item: 0, section: 1)])
    #expect(batch.reconfiguredItems == [ListIndexPath(item: 2, section: 1)])
    #expect(verifyDiff(old: old.layout, new: new.layout, marks: new.marks) == nil)
    let staged = new.stagedBatchUpdate(from: old)
    #expect(staged.stages.last?.layout == new.layout)
  }

  @Test func marksComeFromTheNewSnapshotOnly() {
    let content = layout([(0, [1, 2])])
    let old = Self.snapshot(content, marks: DiffMarks(reloadedItems: [1]))
    let new = Self.snapshot(content, marks: DiffMarks(reconfiguredItems: [2]))
    #expect(
      new.batchUpdate(from: old)
        == BatchUpdate(reconfiguredItems: [ListIndexPath(item: 1, section: 0)])
    )
    #expect(
      old.batchUpdate(from: new) == BatchUpdate(reloadedItems: [ListIndexPath(item: 0, section: 0)])
    )
  }

  @Test func layoutSharesTheSnapshotsArrays() {
    let snapshot = Self.snapshot(layout([(3, [1, 2]), (4, [])]))
    #expect(snapshot.layout == layout([(3, [1, 2]), (4, [])]))
    #expect(snapshot.batchUpdate(from: snapshot).isEmpty)
  }

  @Test func randomSnapshotPairsMatchTheArrayLevelAnswers() {
    var cases = 0
    checkProperty(
      "snapshot pairs", count: 600, base: 0x5AA9_0001,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(maxSections: 5, maxItems: 8, maxSteps: 10).generate(&g)
      },
      check: { steps in
        let pair = LayoutCase(steps)
        let old = Self.snapshot(pair.old)
        let new = Self.snapshot(pair.new, marks: pair.marks)
        let expectedBatch = try? BatchUpdate(from: pair.old, to: pair.new, marks: new.marks)
        guard new.batchUpdate(from: old) == expectedBatch else {
          return
            "snapshot batch \(new.batchUpdate(from: old)) != \(String(describing: expectedBatch))"
        }
        let expectedStages = try? StagedBatchUpdate(from: pair.old, to: pair.new, marks: new.marks)
        guard new.stagedBatchUpdate(from: old) == expectedStages else {
          return "snapshot stages differ"
        }
        return verifyDiff(old: old.layout, new: new.layout, marks: new.marks)
      })
    #expect(cases >= PropertySeeds.scaled(600))
  }
}

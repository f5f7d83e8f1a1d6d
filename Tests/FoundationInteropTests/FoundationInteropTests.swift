// Compiles only if no public name of `Snapshot` is ambiguous beside Foundation's: every
// app imports Foundation (through UIKit or AppKit) next to this module.
import Foundation
import Snapshot
import SnapshotTestSupport
import Testing

@Suite("Foundation beside Snapshot")
struct FoundationInteropTests {
  @Test("batch types and index paths read unqualified next to Foundation's IndexPath")
  func unqualifiedBatchTypes() throws {
    var old = DiffableDataSourceSnapshot<String, Int>()
    old.appendSections(["a"])
    old.appendItems([1, 2, 3])
    var new = old
    new.deleteItems([2])
    let batch: BatchUpdate = new.batchUpdate(from: old)
    let deleted: [ListIndexPath] = batch.deletedItems
    #expect(deleted == [ListIndexPath(item: 1, section: 0)])
    // The one-line conversions to and from Foundation's type (UIKit adds the
    // `IndexPath(item:section:)` spelling; plain Foundation has `indexes:`).
    let foundationPaths = deleted.map { IndexPath(indexes: [$0.section, $0.item]) }
    #expect(foundationPaths == [IndexPath(indexes: [0, 1])])
    let back = foundationPaths.map { ListIndexPath(item: $0[1], section: $0[0]) }
    #expect(back == deleted)
    let staged: StagedBatchUpdate<String, Int> = new.stagedBatchUpdate(from: old)
    #expect(staged.stages.count == 1)
    let section: LayoutSection<String, Int> = LayoutSection("a", items: [1, 3])
    #expect(try BatchUpdate(from: [LayoutSection("a", items: [1, 2, 3])], to: [section]) == batch)
  }

  @Test("the test-support library's names read unqualified next to Foundation's")
  func unqualifiedTestSupport() throws {
    let view = ListViewSimulator<String, Int>()
    let old = [LayoutSection("a", items: [1, 2, 3])]
    let new = [LayoutSection("a", items: [1, 3])]
    view.reloadData(LayoutContent(old))
    let batch = BatchUpdate(deletedItems: [ListIndexPath(item: 1, section: 0)])
    view.performBatchUpdates(batch, animated: true, content: LayoutContent(new))
    try view.verify()
    #expect(view.sections == new)
    let rule: BatchRules.Rule? = BatchRules.simulate(old: old, batch: batch, new: old).violation?
      .rule
    #expect(rule == .itemCount)
  }
}

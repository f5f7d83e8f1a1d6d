// Runs against the fake (Linux).
#if os(Linux)
  import FakeUIKit
  import Foundation
  import Snapshot
  import SnapshotUIKit
  import Testing

  /// The fake's counts-only mode (for benchmarks): it keeps row counts, records no calls and
  /// asks for no cell, and still refuses a batch whose counts do not add up, with UIKit's
  /// message.
  @MainActor @Suite struct CountsOnlyFakeTests {
    func harness(_ items: [Int]) -> (AdapterHarness, UICollectionView) {
      let harness = AdapterHarness(.collectionView)
      let view = harness.view as! UICollectionView
      view.fake.mode = .countsOnly
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems(items, toSection: 0)
      snapshot.appendItems([100, 101], toSection: 1)
      harness.base.apply(snapshot)
      view.layoutIfNeeded()
      return (harness, view)
    }

    @Test func updatesKeepTheCounts() {
      let (harness, view) = harness(Array(0..<10))
      var next = harness.base.snapshot()
      next.insertItems([-1], beforeItem: 5)
      next.moveItem(100, afterItem: 9)
      harness.base.apply(next)
      #expect(view.fake.failures == [])
      #expect(view.fake.itemCounts == [12, 1])
      #expect(view.fake.rows.isEmpty && view.fake.calls.isEmpty && view.fake.cells.isEmpty)
      #expect(view.fake.counters["batch"] == 1)
      // Sections inserted before and deleted after a section that gains a row.
      var sections = DiffableDataSourceSnapshot<Int, Int>()
      sections.appendSections([2, 0])
      sections.appendItems([200, 201, 202], toSection: 2)
      sections.appendItems(Array(-1..<10) + [100, 50], toSection: 0)
      harness.base.apply(sections)
      #expect(view.fake.failures == [])
      #expect(view.fake.itemCounts == [3, 13])
      // A section inserted with the counts of a section that is not: refused.
      view.performBatchUpdates { view.insertSections(IndexSet(integer: 0)) }
      #expect(view.fake.failures.first?.hasPrefix("invalid number of sections.") == true)
    }

    @Test func aBatchThatDoesNotAddUpIsRefused() {
      let (harness, view) = harness(Array(0..<10))
      withExtendedLifetime(harness) {
        view.performBatchUpdates { view.insertItems(at: [IndexPath(item: 0, section: 0)]) }
      }
      #expect(view.fake.failures.count == 1, "\(view.fake.failures)")
      #expect(
        view.fake.failures.first?.hasPrefix("invalid number of items in section 0.") == true,
        "\(view.fake.failures)")
    }

    @Test func anIndexOutsideItsFrameIsRefused() {
      let (harness, view) = harness(Array(0..<10))
      withExtendedLifetime(harness) {
        view.performBatchUpdates { view.deleteItems(at: [IndexPath(item: 10, section: 0)]) }
      }
      #expect(view.fake.failures.first?.contains("does not exist before the update") == true)
    }

    @Test func aRecordAdvancedBeforeTheClosureIsCaught() {
      let harness = AdapterHarness(.collectionView, bug: .recordAdvancedBeforeClosure)
      let view = harness.view as! UICollectionView
      view.fake.mode = .countsOnly
      view.layoutIfNeeded()
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems([1, 2], toSection: 0)
      harness.base.apply(snapshot)
      view.layoutIfNeeded()
      #expect(view.fake.failures == [])
      // A stale layout: UIKit reads "before" from the record, already advanced (3 rows), and
      // "after" (3 rows) does not add up with the one insert.
      view.reloadData()
      snapshot.appendItems([3], toSection: 0)
      harness.base.apply(snapshot)
      #expect(view.fake.counters["stale batch"] == 1)
      #expect(
        view.fake.failures.first?.hasPrefix("invalid number of items") == true,
        "\(view.fake.failures)")
    }
  }
#endif

// Runs against the fake (Linux).
#if os(Linux)
  import FakeAppKit
  import Foundation
  import Snapshot
  import Testing

  /// NSCollectionView's drag and drop within the view: the delegate (the adapter) moves the
  /// dropped item through the engine, which sends one batch; refused drops move nothing.
  @MainActor @Suite struct NSCollectionViewDropTests {
    @Test func aDroppedItemMovesThroughTheEngine() {
      let harness = AdapterHarness(.nsCollectionView)
      let view = harness.view as! NSCollectionView
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems([1, 2, 3], toSection: 0)
      snapshot.appendItems([4, 5], toSection: 1)
      harness.base.apply(snapshot)
      harness.layout()
      harness.fake.clearCalls()
      // Item 1 dropped before 5.
      #expect(view.fakeDrag(itemAt: IndexPath(item: 0, section: 0), toProposed: [1, 1]))
      #expect(harness.fake.failures == [])
      harness.layout()
      #expect(harness.fake.rows == [["2", "3"], ["4", "1", "5"]])
      #expect(harness.fake.calls.filter { $0.hasPrefix("performBatchUpdates") }.count == 1)
      #expect(harness.fake.calls.filter { $0.hasPrefix("moveItem") }.count == 1)
      // Where it already is, or a row canReorderItem refuses: nothing moves.
      #expect(!view.fakeDrag(itemAt: IndexPath(item: 0, section: 0), toProposed: [0, 1]))
      harness.base.reorderingHandlers.canReorderItem = { $0 != 2 }
      #expect(!view.fakeDrag(itemAt: IndexPath(item: 0, section: 0), toProposed: [1, 0]))
      #expect(harness.fake.rows == [["2", "3"], ["4", "1", "5"]])
    }
  }
#endif

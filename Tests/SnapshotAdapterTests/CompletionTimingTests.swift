// Runs against the fake (Linux): the macOS job replays the fixtures against real views.
#if os(Linux)
  import Snapshot
  import Testing

  import Foundation
  import FakeUIKit

  /// An apply's completion runs when the view's update has finished, as Apple's does: after
  /// the batch's completion handler (a later main-actor turn), not when `apply` returns.
  @MainActor @Suite struct CompletionTimingTests {
    func snapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(items, toSection: 0)
      return snapshot
    }

    @Test func completionWaitsForTheBatch() async {
      let harness = AdapterHarness()
      harness.layout()
      var log: [String] = []
      harness.base.apply(snapshot([1, 2])) { log.append("first") }
      harness.base.apply(snapshot([2, 3])) { log.append("second") }
      #expect(log.isEmpty)
      #expect(harness.fake.hasPendingCompletions)
      await harness.fake.settle()
      #expect(log == ["first", "second"])
      #expect(harness.fake.failures.isEmpty)
    }

    @Test func completionRunsAtOnceWithoutABatch() {
      let harness = AdapterHarness()
      harness.setWindow(false)
      var ran = false
      harness.base.apply(snapshot([1])) { ran = true }
      #expect(ran)
      #expect(harness.fake.counters["reloadData"] == 1)
    }

    @Test func anInterruptedBatchFinishesFalse() async {
      let harness = AdapterHarness()
      harness.layout()
      var finished: [Bool] = []
      (harness.view as! UICollectionView).performBatchUpdates(
        {}, completion: { finished.append($0) })
      (harness.view as! UICollectionView).performBatchUpdates(
        {}, completion: { finished.append($0) })
      await harness.fake.settle()
      #expect(finished == [false, true])
    }

    @Test func reentrantUpdatesAreCrashes() {
      let harness = AdapterHarness()
      harness.layout()
      (harness.view as! UICollectionView).performBatchUpdates {
        (harness.view as! UICollectionView).reloadData()
      }
      #expect(harness.fake.failures.count == 1)
    }
  }

  /// A drag (UIKit's interactive move; NSTableView's drop is in AppKitTableViewTests): the view
  /// moves the row, the adapter moves it in the engine, and the view
  /// receives no second move.
  @MainActor @Suite struct InteractiveMoveTests {
    @Test(arguments: [AdapterKind.collectionView, .tableView]) func aDraggedRowIsNotMovedAgain(
      _ kind: AdapterKind
    ) {
      let harness = AdapterHarness(kind)
      harness.layout()
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems([1, 2, 3, 4], toSection: 0)
      harness.base.apply(snapshot)
      harness.fake.clearCalls()
      harness.fake.interactiveMove(
        from: IndexPath(indexes: [0, 0]), to: IndexPath(indexes: [0, 2]))
      #expect(harness.fake.failures.isEmpty)
      #expect(!harness.fake.calls.contains { $0.hasPrefix("move") })
      #expect(harness.fake.rows == [["2", "3", "1", "4"]])
      #expect(harness.base.itemIdentifiers(in: 0..<4, inSection: 0) == [2, 3, 1, 4])
    }
  }
#endif

import Snapshot
import Testing

@testable import SnapshotUIKit

#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import FakeUIKit
#endif

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
    harness.view.layoutIfNeeded()
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
    harness.view.removeFromSuperview()
    var ran = false
    harness.base.apply(snapshot([1])) { ran = true }
    #expect(ran)
    #expect(harness.fake.counters["reloadData"] == 1)
  }

  @Test func anInterruptedBatchFinishesFalse() async {
    let harness = AdapterHarness()
    harness.view.layoutIfNeeded()
    var finished: [Bool] = []
    (harness.view as! UICollectionView).performBatchUpdates({}, completion: { finished.append($0) })
    (harness.view as! UICollectionView).performBatchUpdates({}, completion: { finished.append($0) })
    await harness.fake.settle()
    #expect(finished == [false, true])
  }

  @Test func reentrantUpdatesAreCrashes() {
    let harness = AdapterHarness()
    harness.view.layoutIfNeeded()
    (harness.view as! UICollectionView).performBatchUpdates {
      (harness.view as! UICollectionView).reloadData()
    }
    #expect(harness.fake.failures.count == 1)
  }
}

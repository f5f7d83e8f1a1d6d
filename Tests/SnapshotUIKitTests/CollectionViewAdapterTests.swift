import Snapshot
import Testing

@testable import SnapshotUIKit

#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import FakeUIKit
#endif

/// Random sessions through the UICollectionView adapter against the fake: every batch
/// accepted, the fake's rows equal to the data source's after every step; each planted bug
/// caught.
@MainActor @Suite struct CollectionViewAdapterTests {
  static func session(_ g: inout SeededGenerator) -> [AdapterStep] {
    AdapterStep.session(&g, count: 40)
  }

  @Test func randomSessionsAreAccepted() {
    checkProperty(
      "collection view adapter", count: 300, base: 0x5EED_0301, generate: Self.session,
      check: { CollectionViewHarness().check($0) })
  }

  /// How many of `count` sessions with `bug` planted fail with a message containing
  /// `message`; every failing one must.
  func caught(
    _ bug: CollectionViewDiffableDataSource<Int, Int>.PlantedBug, _ message: String,
    count: Int = 40
  ) -> Int {
    var seeder = SeededGenerator(seed: 0x5EED_0302)
    var caught = 0
    for _ in 0..<count {
      var g = SeededGenerator(seed: seeder.next())
      guard let failure = CollectionViewHarness(bug: bug).check(Self.session(&g)) else {
        continue
      }
      #expect(failure.contains(message), "\(failure)")
      caught += 1
    }
    return caught
  }

  @Test func aRecordAdvancedBeforeTheClosureIsCaught() {
    #expect(caught(.recordAdvancedBeforeClosure, "Invalid update: ") >= 10)
  }

  @Test func aReconfigureInsideTheBatchIsCaught() {
    #expect(caught(.reconfigureInsideBatch, "called inside performBatchUpdates") >= 10)
  }

  @Test func animationWhereNoneWasAskedIsCaught() {
    #expect(caught(.animatesUnanimatedBatches, "a batch animated true") >= 10)
  }

  /// The sessions reach what the properties are about: stale layouts, window-less reloads,
  /// stages, every kind of call.
  @Test func sessionsReachEveryPath() {
    var seeder = SeededGenerator(seed: 0x5EED_0301)
    var counters: [String: Int] = [:]
    for _ in 0..<60 {
      var g = SeededGenerator(seed: seeder.next())
      let harness = CollectionViewHarness()
      _ = harness.check(Self.session(&g))
      counters.merge(harness.view.fake.counters, uniquingKeysWith: +)
    }
    for kind in [
      "batch", "stale batch", "reloadData", "reconfigure", "deleteSections", "insertSections",
      "reloadSections", "moveSection", "deleteItems", "insertItems", "reloadItems", "moveItem",
    ] {
      #expect(counters[kind, default: 0] >= 10, "\(kind): \(counters)")
    }
  }
}

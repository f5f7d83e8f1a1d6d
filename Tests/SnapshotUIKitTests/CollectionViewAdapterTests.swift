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

  /// The fraction of `count` sessions with `bug` planted that the fake refuses.
  func caught(_ bug: CollectionViewDiffableDataSource<Int, Int>.PlantedBug, count: Int = 60)
    -> Int
  {
    var seeder = SeededGenerator(seed: 0x5EED_0302)
    return (0..<count).filter { _ in
      var g = SeededGenerator(seed: seeder.next())
      return CollectionViewHarness(bug: bug).check(Self.session(&g)) != nil
    }.count
  }

  @Test func aRecordAdvancedBeforeTheClosureIsCaught() {
    #expect(caught(.recordAdvancedBeforeClosure) > 0)
  }

  @Test func aReconfigureInsideTheBatchIsCaught() {
    #expect(caught(.reconfigureInsideBatch) > 0)
  }

  @Test func animationWhereNoneWasAskedIsCaught() {
    #expect(caught(.animatesUnanimatedBatches) > 0)
  }
}

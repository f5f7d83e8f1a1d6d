// Runs against the fake (Linux): the macOS job replays the fixtures against real views.
#if os(Linux)
  import Snapshot
  import SnapshotAdapterCore
  import Testing

  import Foundation
  import FakeUIKit

  /// Random sessions through each UIKit adapter against the fake: every batch accepted, the
  /// fake's rows equal to the data source's after every step; each planted bug caught.
  @MainActor @Suite struct AdapterPropertyTests {
    static func session(_ g: inout SeededGenerator) -> [AdapterStep] {
      AdapterStep.session(&g, count: 40)
    }

    @Test(arguments: AdapterKind.allCases) func randomSessionsAreAccepted(_ kind: AdapterKind) async
    {
      await checkProperty(
        "\(kind) adapter", count: 300, base: 0x5EED_0301, generate: Self.session,
        check: { await AdapterHarness(kind).check($0) })
    }

    /// How many of `count` sessions (through each adapter in turn) with `bug` planted fail with a message containing
    /// `message`; every failing one must.
    func caught(_ bug: AdapterBug, _ message: String, count: Int = 40) async -> Int {
      var seeder = SeededGenerator(seed: 0x5EED_0302)
      var caught = 0
      for number in 0..<count {
        var g = SeededGenerator(seed: seeder.next())
        let kind = AdapterKind.allCases[number % AdapterKind.allCases.count]
        guard let failure = await AdapterHarness(kind, bug: bug).check(Self.session(&g)) else {
          continue
        }
        #expect(failure.contains(message), "\(failure)")
        caught += 1
      }
      return caught
    }

    @Test func aRecordAdvancedBeforeTheClosureIsCaught() async {
      #expect(await caught(.recordAdvancedBeforeClosure, "Invalid update: ") >= 10)
    }

    @Test func aReconfigureInsideTheBatchIsCaught() async {
      #expect(await caught(.reconfigureInsideBatch, "inside performBatchUpdates") >= 10)
    }

    @Test func animationWhereNoneWasAskedIsCaught() async {
      #expect(await caught(.animatesUnanimatedBatches, "a batch animated true") >= 10)
    }

    @Test func aSecondMoveAfterADragIsCaught() async {
      #expect(await caught(.movesAgainAfterInteractiveMove, "moved twice") >= 10)
    }

    /// The sessions reach what the properties are about: stale layouts, window-less reloads,
    /// stages, every kind of call.
    @Test(arguments: AdapterKind.allCases) func sessionsReachEveryPath(_ kind: AdapterKind) async {
      var seeder = SeededGenerator(seed: 0x5EED_0301)
      var counters: [String: Int] = [:]
      for _ in 0..<60 {
        var g = SeededGenerator(seed: seeder.next())
        let harness = AdapterHarness(kind)
        _ = await harness.check(Self.session(&g))
        counters.merge(harness.fake.counters, uniquingKeysWith: +)
      }
      let rows = kind == .tableView ? "Rows" : "Items"
      let move = kind == .tableView ? "moveRow" : "moveItem"
      // AppKit has no reconfigure (its adapter reloads in a batch of its own), and its
      // collection view drops items (its delegate moves them) where UIKit moves them first.
      let appKitLess =
        kind == .nsCollectionView ? ["drop"] : ["reconfigure", "interactive move"]
      for call in appKitLess + [
        "batch", "stale batch", "reloadData", "deleteSections",
        "insertSections",
        "reloadSections", "moveSection", "delete" + rows, "insert" + rows, "reload" + rows, move,
      ] {
        #expect(counters[call, default: 0] >= 10, "\(call): \(counters)")
      }
    }
  }
#endif

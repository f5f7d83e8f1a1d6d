#if os(Linux)
  import Foundation
  import FakeUIKit
  import Snapshot
  import Testing
  @testable import SnapshotUIKit

  /// The calls each adapter makes in a few seeded sessions, recorded as fixtures (Fixtures/,
  /// one file per adapter and seed: each step, then the calls the view received for it) for a
  /// macOS job to replay against real views. A change in what an adapter sends fails here;
  /// re-record with SNAPSHOT_RECORD_FIXTURES=1 after checking the difference.
  @MainActor @Suite struct CallFixtureTests {
    static let seeds: [UInt64] = [0x5EED_0401, 0x5EED_0402, 0x5EED_0403]

    static func fixture(_ kind: AdapterKind, _ seed: UInt64) -> URL {
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/\(kind)-\(String(seed, radix: 16)).txt")
    }

    @Test(arguments: AdapterKind.allCases) func callsMatchTheFixtures(_ kind: AdapterKind)
      async throws
    {
      for seed in Self.seeds {
        var g = SeededGenerator(seed: seed)
        let harness = AdapterHarness(kind)
        let failure = await harness.check(AdapterStep.session(&g, count: 30))
        #expect(failure == nil)
        let text = harness.transcript.joined(separator: "\n") + "\n"
        let url = Self.fixture(kind, seed)
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD_FIXTURES"] == "1" {
          try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: url, encoding: .utf8)
        #expect(recorded == text, "\(url.lastPathComponent) differs: re-record if intended")
      }
    }
  }
#endif

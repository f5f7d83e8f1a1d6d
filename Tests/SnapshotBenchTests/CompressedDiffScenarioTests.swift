import Testing

@testable import Snapshot
@testable import SnapshotBench

/// The compressed-diff scenarios measure what they claim: their batches equal the listed
/// layouts' ones (each scenario's check), and their layouts stand for the listed ones.
@Suite struct CompressedDiffScenarioTests {
  @Test func everyCompressedDiffScenarioPassesItsCheck() {
    let scenarios = registry.filter { $0.name.hasPrefix("related/compressed-diff/") }
    #expect(scenarios.count == 16)
    var runner = Runner(
      policy: RepeatPolicy(fixed: 2), progress: Progress(total: 0, enabled: false))
    let failures = scenarios.flatMap { scenario in
      [scenario.smokeSize, 10_000].compactMap { size in
        runner.run(scenario, size: size).failure.map { "\(scenario.name) at \(size): \($0)" }
      }
    }
    #expect(failures == [])
  }

  @Test func theLayoutsStandForTheListedOnes() {
    let items = Array(0..<1_000)
    for runs in CompressedDiffScenarios.Runs.allCases {
      for edit in CompressedDiffScenarios.Edit.allCases {
        let layouts = CompressedDiffScenarios.layouts(items, edit, runs: runs)
        #expect(layouts.old.map(\.listed.items) == [layouts.listedOld])
        #expect(layouts.new.map(\.listed.items) == [layouts.listedNew])
        #expect(layouts.listedOld == items)
        #expect(layouts.listedNew != items || edit == .reload)
        let shared = layouts.new[0].pieces.filter {
          if case .shared = $0 { true } else { false }
        }
        #expect(shared.count >= (runs == .leaves ? 14 : 2))
      }
    }
  }
}

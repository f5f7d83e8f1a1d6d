import Foundation
import Snapshot
import Testing

@testable import SnapshotBench

@Suite struct DataSourceScenarioTests {
  static func runner() -> Runner {
    // No time budget: the adaptive policy stops at its minimum.
    Runner(
      policy: RepeatPolicy(minimum: 7, budget: 0),
      progress: Progress(total: 0, enabled: false))
  }

  static func scenario(largeRepeats: Int?, seconds: Double? = nil) -> Scenario {
    Scenario(
      name: "test/trivial", group: "", summary: "", sizes: [10, 1_000_000],
      largeRepeats: largeRepeats
    ) { size in
      Trial(
        items: size, detail: "",
        measured: Operation("ours", seconds: seconds.map { value in { value } }) { 1 },
        baselines: [Baseline(Operation("theirs") { 2 }, whenFaster: "")])
    }
  }

  @Test func largeRepeatsAppliesFromAMillionItems() {
    var runner = Self.runner()
    let scenario = Self.scenario(largeRepeats: 5)
    #expect(runner.run(scenario, size: 10).measurement.repeats == 7)
    #expect(runner.run(scenario, size: 1_000_000).measurement.repeats == 5)
    #expect(runner.run(Self.scenario(largeRepeats: nil), size: 1_000_000).measurement.repeats == 7)
  }

  @Test func anOperationCanReportItsOwnSeconds() {
    var runner = Self.runner()
    let result = runner.run(Self.scenario(largeRepeats: nil, seconds: 0.25), size: 10)
    #expect(result.measurement.median == 0.25 && result.measurement.minimum == 0.25)
    #expect(result.baselines[0].ratio.map { $0 > 1 } == true)
  }

  /// Runs `body` on a thread of its own, outside Swift's cooperative pool: the background bench
  /// blocks its thread while its task runs on the pool (as the bench's main thread does).
  static func offPool<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: body()) }
    }
  }

  // Custom executors (`ExecutorJob`) need macOS 14.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @Test func theBackgroundBenchSplitsTheBlockedTimeAndAppliesBothWays() async {
    let runs = await Self.offPool {
      let items = Array(0..<1_000)
      var replaced = items
      for position in stride(from: 5, to: 1_000, by: 10) { replaced[position] = -position }
      let bench = BackgroundApplyBench([flatSnapshot(items), flatSnapshot(replaced)])
      return (0..<3).map { _ in
        let run = bench.run()
        return (changes: run.changes, before: run.before, after: run.after, total: run.total)
      }
    }
    for run in runs {
      #expect(run.changes == 200)
      #expect(run.before > 0 && run.after > 0)
      #expect(run.before + run.after <= run.total)
    }
  }

  @Test func everyDataSourceScenarioPassesItsCheckAtTheSmokeSize() async {
    let scenarios = registry.filter { $0.name.hasPrefix("datasource/") }
    #expect(scenarios.count == 25)
    let failures = await Self.offPool {
      var runner = Runner(
        policy: RepeatPolicy(fixed: 2), progress: Progress(total: 0, enabled: false))
      return scenarios.compactMap { scenario in
        runner.run(scenario, size: scenario.smokeSize).failure.map { "\(scenario.name): \($0)" }
      }
    }
    #expect(failures == [])
  }
}

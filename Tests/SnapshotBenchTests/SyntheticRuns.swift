@testable import SnapshotBench

/// Runs made up for the comparison tests: results with chosen repeat times and peaks.
enum SyntheticRuns {
  static let machine = Machine(
    cpu: "Test CPU", cores: 2, memoryBytes: 1 << 34, system: "Test OS", architecture: "x86_64",
    swift: "6.3.1", libc: "glibc 2.36")

  /// `count` times around `center`, spread uniformly over ± `spread` (a share of it).
  static func times(
    _ count: Int, around center: Double, spread: Double, seed: UInt64
  ) -> [Double] {
    var generator = BenchGenerator(seed: seed)
    return (0..<count).map { _ in
      center * (1 + spread * (Double(generator.below(20_001)) / 10_000 - 1))
    }
  }

  static func measurement(_ name: String, _ samples: [Double]?, median: Double? = nil, peak: Int)
    -> Measurement
  {
    Measurement(
      name: name, repeats: samples?.count ?? 7,
      median: median ?? samples.map(Measure.median) ?? 0, minimum: samples?.min() ?? 0,
      peakBytes: peak, samples: samples)
  }

  static func result(
    _ name: String, size: Int = 10_000, samples: [Double]?, median: Double? = nil,
    peak: Int = 1 << 20, metric: Scenario.Metric = .time,
    baseline: [Double]? = nil
  ) -> ScenarioResult {
    let scenario = Scenario(
      name: name, group: "test", summary: "a made-up scenario", sizes: [size], metric: metric
    ) { _ in Trial(items: 0, detail: "", measured: Operation("none") { 0 }, baselines: []) }
    let trial = Trial(
      items: size, detail: "made up", measured: Operation(name) { 0 }, baselines: [])
    let baselines =
      baseline.map { times in
        [
          BaselineResult(
            name: "hash pass (Set)", measurement: measurement("hash pass (Set)", times, peak: 0),
            ratio: nil, skipped: nil, whenFaster: "")
        ]
      } ?? []
    return ScenarioResult(
      scenario: scenario, size: size, trial: trial,
      measurement: measurement(name, samples, median: median, peak: peak), baselines: baselines,
      failure: nil)
  }

  static func run(
    _ results: [ScenarioResult], machine: Machine = machine, optimized: Bool = true
  ) -> RunReport {
    RunReport(
      date: "2026-11-25T00:00:00Z", command: "snapshot-bench --json", machine: machine,
      optimized: optimized, wallSeconds: 1, results: results, scalingFlags: [], notes: [])
  }

  static func file(_ label: String, _ results: [ScenarioResult], machine: Machine = machine)
    -> RunFile
  {
    var file = RunFile(current: run(results, machine: machine))
    file.label = label
    return file
  }
}

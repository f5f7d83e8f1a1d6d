import Foundation
import Testing

@testable import SnapshotBench

@Suite struct CountsReportTests {
  static func run(counts: Counts?) -> RunReport {
    let scenario = registry.first { $0.name == "outline/build" }!
    var ours = SnapshotBench.Measurement(
      name: "build", repeats: 3, median: 1e-3, minimum: 1e-3, peakBytes: 0)
    var theirs = SnapshotBench.Measurement(
      name: "dict", repeats: 3, median: 2e-3, minimum: 2e-3, peakBytes: 0)
    if let counts {
      ours.counts = counts
      theirs.counts = counts
    }
    let trial = Trial(
      items: 1_000, detail: "", measured: Operation("build") { 0 }, baselines: [])
    let result = ScenarioResult(
      scenario: scenario, size: 1_000, trial: trial, measurement: ours,
      baselines: [
        BaselineResult(name: "dict", measurement: theirs, ratio: 0.5, skipped: nil, whenFaster: "")
      ], failure: nil)
    let machine = Machine(cpu: "", cores: 2, memoryBytes: 0, system: "", architecture: "")
    return RunReport(
      date: "", command: "", machine: machine, optimized: true, wallSeconds: 0,
      results: [result], scalingFlags: [], notes: [])
  }

  @Test func countedRowsShowTheCountsAndPerItemInstructions() {
    let text = Report(
      run: Self.run(counts: Counts(allocations: 1_234, allocatedBytes: 2_048, instructions: 50_000))
    ).countsText
    let rows = text.split(separator: "\n").filter { $0.contains("1,234") }
    #expect(rows.count == 2)
    #expect(rows[0].contains("outline/build") && rows[0].contains("2.00 KiB"))
    #expect(rows[0].contains("50,000") && rows[0].hasSuffix("50.0"))
  }

  @Test func uncountedRowsShowADash() {
    let report = Report(run: Self.run(counts: nil))
    let rows = report.countsText.split(separator: "\n").filter {
      $0.contains(" build") || $0.contains(" dict")
    }
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0.filter { $0 == "–" }.count == 4 })
    #expect(report.countsMarkdown.isEmpty)
  }

  @Test func aMeasurementWithoutCountsStillDecodes() throws {
    let old = #"{"name": "build", "repeats": 3, "median": 0.001, "minimum": 0.001, "peakBytes": 0}"#
    let measurement = try JSONDecoder().decode(SnapshotBench.Measurement.self, from: Data(old.utf8))
    #expect(measurement.counts == Counts())
    var counted = measurement
    counted.counts = Counts(allocations: 1, allocatedBytes: 2, instructions: 3)
    let again = try JSONDecoder().decode(
      SnapshotBench.Measurement.self, from: JSONEncoder().encode(counted))
    #expect(again.allocations == 1 && again.allocatedBytes == 2 && again.instructions == 3)
  }
}

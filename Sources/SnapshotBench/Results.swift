import Foundation

/// Timings and peak memory of one operation over its repeats.
struct Measurement: Codable, Sendable {
  var name: String
  var repeats: Int
  /// Seconds.
  var median: Double
  var minimum: Double
  /// Peak resident memory growth during the first repeat, in bytes.
  var peakBytes: Int
  /// Every repeat's time in seconds, in run order (schema 2; nil in older files).
  var samples: [Double]?
  /// Allocations, bytes allocated and instructions retired in one extra, untimed run; absent
  /// where not counted (and in files written before they were).
  var allocations: Int?
  var allocatedBytes: Int?
  var instructions: Int?
}

/// A baseline's result: its measurement and the scenario's ratio to it, or why it was skipped.
struct BaselineResult: Codable, Sendable {
  var name: String
  var measurement: Measurement?
  /// Scenario ÷ baseline on the scenario's metric (median time, or peak memory).
  var ratio: Double?
  var skipped: String?
  /// Why the scenario can beat the baseline (for ratios under 1).
  var whenFaster: String
}

/// One scenario at one size.
struct ScenarioResult: Codable, Sendable {
  var scenario: String
  var group: String
  var summary: String
  var metric: Scenario.Metric
  var scales: Bool
  var charted: Bool
  var size: Int
  var items: Int
  var detail: String
  var measurement: Measurement
  var baselines: [BaselineResult]
  var notes: [String]
  /// A failed check of the results (the run exits with status 1).
  var failure: String?
  /// Median nanoseconds per item.
  var nanosecondsPerItem: Double
  /// Peak memory growth per item, in bytes.
  var bytesPerItem: Double

  init(
    scenario: Scenario, size: Int, trial: Trial, measurement: Measurement,
    baselines: [BaselineResult], failure: String?
  ) {
    self.scenario = scenario.name
    group = scenario.group
    summary = scenario.summary
    metric = scenario.metric
    scales = scenario.scales
    charted = scenario.charted
    self.size = size
    items = trial.items
    detail = trial.detail
    self.measurement = measurement
    self.baselines = baselines
    notes = trial.notes
    self.failure = failure
    nanosecondsPerItem = measurement.median / Double(max(items, 1)) * 1e9
    bytesPerItem = Double(measurement.peakBytes) / Double(max(items, 1))
  }
}

/// The machine a run was measured on.
struct Machine: Codable, Sendable {
  var cpu: String
  var cores: Int
  var memoryBytes: Int
  var system: String
  var architecture: String
  /// The Swift compiler that built the bench, and the C library it ran with (schema 2).
  var swift: String?
  var libc: String?

  static func current() -> Machine {
    let info = ProcessInfo.processInfo
    var cpu = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "unknown"
    #endif
    return Machine(
      cpu: cpu, cores: info.activeProcessorCount, memoryBytes: Int(info.physicalMemory),
      system: info.operatingSystemVersionString, architecture: architecture,
      swift: Toolchain.swift, libc: Toolchain.libc)
  }

  var description: String {
    "\(architecture), \(cores) cores, \(cpu), \(Format.bytes(memoryBytes)) RAM, \(system)"
      + (swift.map { ", Swift \($0)" } ?? "") + (libc.map { ", \($0)" } ?? "")
  }
}

/// A whole run, as `--json` prints it and `--record` stores it.
struct RunReport: Codable, Sendable {
  var tool = "snapshot-bench"
  /// 2 added every repeat's time (`Measurement.samples`) and the toolchain and libc.
  var schema = RunReport.currentSchema
  /// ISO 8601, UTC.
  var date: String
  var command: String
  var machine: Machine
  /// Debug builds are far slower; the report says which one measured.
  var optimized: Bool
  var wallSeconds: Double
  var results: [ScenarioResult]
  var scalingFlags: [String]
  var notes: [String]
  /// The file `--record` stored the run in (a name inside Benchmarks/).
  var recordFile: String?

  static let currentSchema = 2
}

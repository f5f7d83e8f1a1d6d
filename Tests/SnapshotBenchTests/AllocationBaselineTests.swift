import Foundation
import Testing

@testable import SnapshotBench

@Suite struct AllocationBaselineTests {
  typealias Entry = AllocationBaseline.Entry
  typealias Environment = AllocationBaseline.Environment

  static let here = Environment(toolchain: "Swift 6.3.1", libc: "glibc 2.36", build: "release")

  static func entry(_ scenario: String, _ allocations: Int, bytes: Int = 1_000) -> Entry {
    Entry(scenario: scenario, operation: "op", size: 10_000, allocations: allocations, bytes: bytes)
  }

  static let baseline = AllocationBaseline(
    environment: here, entries: [entry("outline/build", 30), entry("diff/flat/int/arrays", 1_304)])

  @Test(arguments: [
    Environment(toolchain: "Swift 6.2", libc: "glibc 2.36", build: "release"),
    Environment(toolchain: "Swift 6.3.1", libc: "glibc 2.39", build: "release"),
    Environment(toolchain: "Swift 6.3.1", libc: "glibc 2.36", build: "debug"),
  ])
  func anotherToolchainLibcOrBuildModeSkipsWithAWarning(_ environment: Environment) {
    // Counts far above the baseline: still skipped, since they are not comparable.
    let measured = Self.baseline.entries.map { Self.entry($0.scenario, $0.allocations * 10) }
    let check = AllocationCheck.check(Self.baseline, environment: environment, measured: measured)
    #expect(check.outcome == .skipped)
    #expect(check.lines.count == 1)
    #expect(check.lines[0].hasPrefix("warning: allocation baseline skipped"))
    #expect(check.lines[0].contains(environment.description))
    #expect(check.lines[0].contains(Self.here.description))
  }

  @Test func oneMoreAllocationFailsNamingTheScenarioAndBothCounts() {
    let measured = [Self.entry("outline/build", 31), Self.entry("diff/flat/int/arrays", 1_304)]
    let check = AllocationCheck.check(Self.baseline, environment: Self.here, measured: measured)
    #expect(check.outcome == .failed)
    let failures = check.lines.filter { $0.hasPrefix("FAIL") }
    #expect(failures.count == 1)
    #expect(failures[0].contains("outline/build (op) at 10^4"))
    #expect(failures[0].contains("31 allocations"))
    #expect(failures[0].contains("baseline 30"))
    #expect(failures[0].hasSuffix("1 more"))
    #expect(check.lines.contains { $0.hasPrefix("allocation check failed: 1 of 2") })
  }

  @Test func fewerAllocationsPassWithANote() {
    let measured = [Self.entry("outline/build", 28), Self.entry("diff/flat/int/arrays", 1_304)]
    let check = AllocationCheck.check(Self.baseline, environment: Self.here, measured: measured)
    #expect(check.outcome == .passed)
    #expect(
      check.lines.contains { $0.hasPrefix("fewer outline/build (op)") && $0.hasSuffix("2 fewer") })
    #expect(check.lines.contains { $0.hasPrefix("note: 1 counts fell") })
    #expect(!check.lines.contains { $0.hasPrefix("FAIL") })
  }

  @Test func equalCountsPassAndMoreBytesAloneDoNotFail() {
    let measured = [
      Self.entry("outline/build", 30, bytes: 5_000), Self.entry("diff/flat/int/arrays", 1_304),
    ]
    let check = AllocationCheck.check(Self.baseline, environment: Self.here, measured: measured)
    #expect(check.outcome == .passed)
    #expect(check.lines.filter { $0.hasPrefix("ok") }.count == 2)
    #expect(!check.lines.contains { $0.hasPrefix("note:") })
  }

  @Test func anEntryThatWasNotCountedFails() {
    let check = AllocationCheck.check(
      Self.baseline, environment: Self.here, measured: [Self.entry("outline/build", 30)])
    #expect(check.outcome == .failed)
    #expect(
      check.lines.contains {
        $0.hasPrefix("FAIL diff/flat/int/arrays (op)")
          && $0.hasSuffix("not counted (no such scenario or operation)")
      })
  }

  // MARK: The file

  @Test func theFileRoundTrips() throws {
    let decoded = try AllocationBaseline.decode(Self.baseline.encoded(), file: "b.json")
    #expect(decoded == Self.baseline)
  }

  @Test(arguments: [
    ("{", "b.json: not valid JSON"),
    ("[]", "b.json: the top level: "),
    (#"{"schema": 1, "entries": []}"#, #"b.json: missing "environment""#),
    (
      #"{"schema": 2, "about": "", "entries": [], "environment": {"toolchain": "", "libc": "", "build": ""}}"#,
      "b.json: schema 2 is not one this tool reads (1)"
    ),
    (
      #"{"schema": 1, "about": "", "environment": {"toolchain": "", "libc": "", "build": ""}, "entries": [{"scenario": "x", "operation": "op", "size": 10000, "allocations": "many", "bytes": 0}]}"#,
      "b.json: entries[0].allocations: "
    ),
    (
      #"{"schema": 1, "about": "", "environment": {"toolchain": "", "libc": "", "build": ""}, "entries": [{"scenario": "x", "operation": "op", "size": 10000, "allocations": -1, "bytes": 0}]}"#,
      "b.json: entries[0] (x): a count is negative"
    ),
    (
      #"{"schema": 1, "about": "", "environment": {"toolchain": "", "libc": "", "build": ""}, "entries": [{"scenario": "x", "operation": "op", "size": 1, "allocations": 1, "bytes": 0}]}"#,
      "b.json: entries[0] (x): size 1 is out of range"
    ),
  ])
  func aBadFileIsOneLineNamingTheFileAndWhere(_ text: String, _ message: String) {
    #expect {
      _ = try AllocationBaseline.decode(Data(text.utf8), file: "b.json")
    } throws: { error in
      guard let error = error as? AllocationBaseline.FileError else { return false }
      return error.message.hasPrefix(message) && !error.message.contains("\n")
    }
  }

  @Test func aDuplicateEntryIsRefused() {
    var twice = Self.baseline
    twice.entries.append(Self.entry("outline/build", 29))
    #expect(throws: AllocationBaseline.FileError.self) {
      try AllocationBaseline.decode(twice.encoded(), file: "b.json")
    }
  }

  /// The committed baseline reads, was made in release mode, and counts what
  /// `--update-allocation-baseline` counts (so updating it changes numbers, not entries).
  @Test func theCommittedBaselineMatchesTheKeyScenarios() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let data = try Data(contentsOf: root.appendingPathComponent(AllocationBaseline.path))
    let baseline = try AllocationBaseline.decode(data, file: AllocationBaseline.path)
    #expect(baseline.environment.build == "release")
    #expect(baseline.entries.count == AllocationBaseline.keys.count)
    for (entry, key) in zip(baseline.entries, AllocationBaseline.keys) {
      #expect(entry.scenario == key.scenario && entry.size == key.size)
      #expect(registry.contains { $0.name == entry.scenario })
      if let operation = key.operation { #expect(entry.operation == operation) }
    }
  }
}

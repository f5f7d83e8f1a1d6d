import Foundation
import Testing

@testable import SnapshotBench

@Suite struct CompareVerdictTests {
  typealias S = SyntheticRuns

  func verdict(old: [Double], new: [Double], rule: CompareRule = CompareRule()) -> TimeVerdict {
    let comparison = Comparison(
      old: S.file("old", [S.result("x", samples: old)]),
      new: S.file("new", [S.result("x", samples: new)]), rule: rule)
    return comparison.results[0].time.verdict
  }

  @Test func clearlySlowerAndClearlyFaster() throws {
    let base = S.times(7, around: 1e-3, spread: 0.01, seed: 1)
    let slow = S.times(7, around: 1.3e-3, spread: 0.01, seed: 2)
    #expect(verdict(old: base, new: slow) == .slower)
    #expect(verdict(old: slow, new: base) == .faster)
    let comparison = Comparison(
      old: S.file("old", [S.result("x", samples: base)]),
      new: S.file("new", [S.result("x", samples: slow)]), rule: CompareRule())
    let time = comparison.results[0].time
    let interval = try #require(time.interval)
    #expect(interval.lowerBound > 1.25 && interval.upperBound < 1.35)
    #expect(try #require(time.test).p < 0.001)
    #expect(comparison.text.contains("1 slower, 0 faster"))
  }

  @Test func identicalRunsAreWithinNoise() {
    let times = S.times(31, around: 2e-3, spread: 0.2, seed: 3)
    #expect(verdict(old: times, new: times) == .withinNoise)
  }

  @Test func noisyRunsWithASmallShiftAreWithinNoise() {
    // 3 % slower under ±20 % noise: not beyond the 5 % threshold, whatever p says.
    let old = S.times(51, around: 1e-3, spread: 0.2, seed: 4)
    let new = S.times(51, around: 1.03e-3, spread: 0.2, seed: 5)
    #expect(verdict(old: old, new: new) == .withinNoise)
    // 30 % slower under ±50 % noise with 5 repeats: the ranks overlap, p stays above 0.01.
    let wild = S.times(5, around: 1e-3, spread: 0.5, seed: 6)
    let wilder = S.times(5, around: 1.3e-3, spread: 0.5, seed: 7)
    #expect(verdict(old: wild, new: wilder) == .withinNoise)
  }

  @Test func aClearChangeUnderTheThresholdIsWithinNoise() {
    let old = S.times(21, around: 1e-3, spread: 0.001, seed: 8)
    let new = S.times(21, around: 1.03e-3, spread: 0.001, seed: 9)
    #expect(verdict(old: old, new: new) == .withinNoise)
    var rule = CompareRule()
    rule.threshold = 0.02
    #expect(verdict(old: old, new: new, rule: rule) == .slower)
  }

  @Test func tooFewRepeatsAndMediansOnly() {
    let three = S.times(3, around: 1e-3, spread: 0.01, seed: 10)
    let slowThree = S.times(3, around: 2e-3, spread: 0.01, seed: 11)
    #expect(verdict(old: three, new: slowThree) == .tooFewRepeats)
    let comparison = Comparison(
      old: S.file("old", [S.result("x", samples: nil, median: 1e-3)]),
      new: S.file("new", [S.result("x", samples: slowThree)]), rule: CompareRule())
    let time = comparison.results[0].time
    #expect(time.verdict == .mediansOnly)
    #expect(time.ratio.map { abs($0 - Measure.median(slowThree) / 1e-3) < 1e-12 } == true)
    #expect(time.interval == nil && time.test == nil)
  }

  @Test func memoryIsJudgedWithAFixedTolerance() {
    func memory(_ old: Int, _ new: Int) -> MemoryVerdict {
      let times = S.times(7, around: 1e-3, spread: 0.01, seed: 12)
      return Comparison(
        old: S.file("old", [S.result("m", samples: times, peak: old, metric: .memory)]),
        new: S.file("new", [S.result("m", samples: times, peak: new, metric: .memory)]),
        rule: CompareRule()
      ).results[0].memory
    }
    let mib = 1 << 20
    #expect(memory(50 * mib, 56 * mib) == .bigger)
    #expect(memory(50 * mib, 44 * mib) == .smaller)
    #expect(memory(50 * mib, 54 * mib) == .same)  // 8 %: within 10 %
    #expect(memory(mib / 2, mib + mib / 4) == .same)  // 150 %, but under 1 MiB
  }

  /// Values no run writes but a hand-edited file can hold: no trap, a defined answer.
  @Test func extremeValuesDoNotTrap() {
    let huge = ComparedCount(name: "huge") { _ in 1e300 }
    let comparison = Comparison(
      old: S.file("old", [S.result("a", samples: [-1, 0, 1], peak: Int.min)]),
      new: S.file("new", [S.result("a", samples: [1, 2, 3], peak: Int.max)]),
      rule: CompareRule(), counts: [huge])
    let result = comparison.results[0]
    #expect(result.memory == .bigger && result.time.ratio == nil)
    #expect(result.time.interval == nil)
    #expect(comparison.table[1].last == "1e+300")
    #expect(comparison.text.contains("1 compared"))
  }

  @Test func scenariosInOneRunAndDuplicatesAreListed() {
    let times = S.times(7, around: 1e-3, spread: 0.01, seed: 13)
    let comparison = Comparison(
      old: S.file("old", [S.result("a", samples: times), S.result("b", samples: times)]),
      new: S.file(
        "new",
        [
          S.result("a", samples: times), S.result("a", samples: times),
          S.result("a", size: 100, samples: times),
        ]),
      rule: CompareRule())
    #expect(comparison.results.map(\.scenario) == ["a"])
    #expect(comparison.onlyInOld.map(\.scenario) == ["b"] && comparison.onlyInOld[0].size == 10_000)
    #expect(comparison.onlyInNew.map(\.scenario) == ["a"] && comparison.onlyInNew[0].size == 100)
    #expect(comparison.warnings == ["new has a at 10^4 twice: the first is compared"])
    #expect(comparison.text.contains("Only in old: b (10^4)\n"))
    #expect(
      Comparison.list([("a", 1_000), ("b", 100), ("a", 10_000)]) == "a (10^3, 10^4), b (100)")
  }

  @Test func differentMachinesToolchainsAndBuildModesAreWarnedAbout() {
    var other = S.machine
    other.cores = 8
    other.swift = "6.4"
    other.libc = nil
    var old = S.file("old", [], machine: other)
    old.run.optimized = false
    let warnings = Comparison(old: old, new: S.file("new", []), rule: CompareRule()).warnings
    #expect(
      warnings == [
        "different machines (old / new): 8 / 2 cores",
        "different toolchains (old / new): 6.4 / 6.3.1",
        "old does not record its toolchain and C library (schema 1): cannot tell whether they differ",
        "different build modes (old / new): debug / release; compare release builds",
      ])
    #expect(
      Comparison(old: S.file("a", []), new: S.file("b", []), rule: CompareRule()).warnings
        .isEmpty)
  }

  @Test func baselinesAreSummedUp() {
    let times = S.times(7, around: 1e-3, spread: 0.01, seed: 14)
    let slower = S.times(7, around: 1.5e-3, spread: 0.01, seed: 15)
    let comparison = Comparison(
      old: S.file("old", [S.result("a", samples: times, baseline: times)]),
      new: S.file("new", [S.result("a", samples: times, baseline: slower)]), rule: CompareRule())
    #expect(comparison.results[0].baselines.map(\.time.verdict) == [.slower])
    #expect(
      comparison.text.contains(
        "1 slower and 0 faster beyond noise, of 1 judged.\nwarning: the baselines moved too"))
  }

  @Test func exactCountsShowThroughTheHook() {
    let times = S.times(7, around: 1e-3, spread: 0.01, seed: 16)
    let items = ComparedCount(name: "items") { Double($0.items) }
    let comparison = Comparison(
      old: S.file("old", [S.result("a", samples: times), S.result("b", samples: times)]),
      new: S.file(
        "new", [S.result("a", samples: times), S.result("b", size: 10_000, samples: times)]),
      rule: CompareRule(), counts: [items])
    #expect(comparison.table[0].last == "items")
    #expect(comparison.table[1].last == "10,000")
    let none = ComparedCount(name: "none") { _ in nil }
    let without = Comparison(
      old: S.file("old", [S.result("a", samples: times)]),
      new: S.file("new", [S.result("a", samples: times)]), rule: CompareRule(), counts: [none])
    #expect(without.table[0].last == "memory")
    let growing = ComparedCount(name: "allocs") { $0.scenario == "a" ? 100 : nil }
    let old = S.result("b", samples: times)
    let new = S.result("a", samples: times)
    #expect(growing.cell(old: old, new: new) == "– → 100")
    #expect(growing.cell(old: new, new: new) == "100")
    let doubled = ComparedCount(name: "x") { $0.scenario == "a" ? 100 : 200 }
    #expect(doubled.cell(old: new, new: old) == "100 → 200 (+100 %)")
  }
}

@Suite struct CompareCommandTests {
  typealias S = SyntheticRuns

  func options(_ arguments: [String]) throws -> Options {
    try Options.parse(arguments)
  }

  @Test func aRegressionOverThePercentageExitsWithStatus3() throws {
    let base = S.times(9, around: 1e-3, spread: 0.01, seed: 20)
    let slow = S.times(9, around: 1.2e-3, spread: 0.01, seed: 21)
    let old = S.file("old.json", [S.result("a", samples: base), S.result("b", samples: base)])
    let new = S.file("new.json", [S.result("a", samples: slow), S.result("b", samples: base)])
    let failing = CompareCommand.outcome(
      old: old, new: new, options: try options(["compare", "o", "n", "--fail-on-regression", "10"]))
    #expect(failing.status == 3)
    #expect(failing.text.contains("REGRESSION over 10 %"))
    #expect(failing.text.contains("exit status 3): a at 10^4 (1.19×)\n"))
    let tolerant = CompareCommand.outcome(
      old: old, new: new, options: try options(["compare", "o", "n", "--fail-on-regression=25%"]))
    #expect(tolerant.status == 0)
    #expect(tolerant.text.hasSuffix("--fail-on-regression 25 %: no regression.\n"))
    let plain = CompareCommand.outcome(
      old: old, new: new, options: try options(["compare", "o", "n"]))
    #expect(plain.status == 0)
    // A wider noise threshold turns the 20 % into noise.
    let wide = CompareCommand.outcome(
      old: old, new: new,
      options: try options(["compare", "o", "n", "--threshold", "30", "--fail-on-regression", "10"])
    )
    #expect(wide.status == 0)
  }

  @Test func aMemoryScenarioRegressesOnMemory() throws {
    let times = S.times(7, around: 1e-3, spread: 0.01, seed: 22)
    let mib = 1 << 20
    let old = S.file("old", [S.result("m", samples: times, peak: 50 * mib, metric: .memory)])
    let new = S.file("new", [S.result("m", samples: times, peak: 60 * mib, metric: .memory)])
    let arguments = ["compare", "o", "n", "--fail-on-regression", "15"]
    #expect(CompareCommand.outcome(old: old, new: new, options: try options(arguments)).status == 3)
    let loose = ["compare", "o", "n", "--fail-on-regression", "25"]
    #expect(CompareCommand.outcome(old: old, new: new, options: try options(loose)).status == 0)
  }

  @Test func filesRoundTripAndBadFilesExitWithStatus2() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("compare-tests-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let times = S.times(7, around: 1e-3, spread: 0.01, seed: 23)
    let run = S.run([S.result("a", samples: times, baseline: times)])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let good = folder.appendingPathComponent("good.json")
    try encoder.encode(run).write(to: good)
    let read = try RunFile.load(good.path)
    #expect(read.run.schema == 2 && read.warnings.isEmpty)
    #expect(read.run.results[0].measurement.samples == times)
    #expect(read.run.results[0].baselines[0].measurement?.samples == times)
    #expect(read.run.machine.swift == "6.3.1")
    let same = CompareCommand.outcome(
      oldPath: good.path, newPath: good.path, options: try options(["compare", "o", "n"]))
    #expect(
      same.status == 0 && same.text.contains("1 compared: 0 slower, 0 faster, 1 within noise"))

    let bad = folder.appendingPathComponent("bad.json")
    try Data("{\n  \"tool\": \"snapshot-bench\",,\n}".utf8).write(to: bad)
    let outcome = CompareCommand.outcome(
      oldPath: good.path, newPath: bad.path, options: try options(["compare", "o", "n"]))
    #expect(
      outcome
        == .init(status: 2, text: "\(bad.path): not valid JSON: line 2, column 28: invalid value"))
    let missing = CompareCommand.outcome(
      oldPath: folder.appendingPathComponent("none.json").path, newPath: good.path,
      options: try options(["compare", "o", "n"]))
    #expect(missing.status == 2 && missing.text.contains("none.json: cannot read it"))
  }

  @Test func badContentIsNamedByItsCodingPath() {
    func message(_ text: String) -> String? {
      do {
        _ = try RunFile.decode(Data(text.utf8), label: "f.json")
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("") == "f.json: not valid JSON: the file is empty")
    #expect(message("[]")?.hasPrefix("f.json: the top level: ") == true)
    #expect(
      message(#"{"tool": "other", "schema": 1}"#)?.contains("not a snapshot-bench run") == true)
    #expect(
      message(#"{"tool": "snapshot-bench", "schema": 3}"#)
        == "f.json: schema 3; this snapshot-bench reads schemas 1 to 2")
    let wrongSample = try? String(
      decoding: JSONEncoder().encode(S.run([S.result("a", samples: [1, 2])])), as: UTF8.self
    ).replacingOccurrences(of: "\"samples\":[1,2]", with: "\"samples\":[1,\"x\"]")
    #expect(
      message(wrongSample ?? "")?.hasPrefix("f.json: results[0].measurement.samples[1]: ") == true)
  }

  /// A run recorded before repeat times were kept (schema 1) still loads, and compares by
  /// medians only.
  @Test func theOldRecordedFileLoads() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("schema-1-\(UInt64.random(in: 0...UInt64.max)).json").path
    try Data(Self.schema1Run.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let old = try RunFile.load(path)
    #expect(old.run.schema == 1)
    #expect(old.run.results.count == 2)
    #expect(old.run.machine.swift == nil)
    #expect(
      old.warnings == [
        "\(path) has no repeat times (schema 1): only medians can be compared, with no verdicts"
      ])
    let flat = try #require(
      old.run.results.first { $0.scenario == "diff/flat/int/arrays" && $0.size == 10_000 })
    let times = S.times(7, around: flat.measurement.median * 2, spread: 0.01, seed: 24)
    let new = S.file("new", [S.result("diff/flat/int/arrays", samples: times)])
    let comparison = Comparison(old: old, new: new, rule: CompareRule())
    #expect(comparison.results.count == 1 && comparison.onlyInOld.count == 1)
    #expect(comparison.results[0].time.verdict == .mediansOnly)
    #expect(comparison.results[0].time.ratio.map { abs($0 - 2) < 0.02 } == true)
    #expect(
      comparison.warnings.contains { $0.contains("does not record its toolchain and C library") })
    #expect(
      CompareCommand.outcome(
        old: old, new: new,
        options: try Options.parse(["compare", "a", "b", "--fail-on-regression", "5"])
      )
      .text.hasSuffix(
        "no regression (1 could not be judged: too few repeats or no repeat times).\n"))
    // Medians only never fail --fail-on-regression: there is no verdict to fail on.
    #expect(comparison.regressions(over: 0).isEmpty)
  }

  /// Two results of a run recorded with schema 1 (2026-11-23), its long texts shortened.
  static let schema1Run = """
    {
      "command": "snapshot-bench --record",
      "date": "2026-11-23T12:45:51Z",
      "machine": {
        "architecture": "x86_64",
        "cores": 2,
        "cpu": "AMD EPYC",
        "memoryBytes": 25276502016,
        "system": "Debian GNU/Linux 12 (bookworm)"
      },
      "notes": [],
      "optimized": true,
      "recordFile": "results-2026-11-23T124551Z.json",
      "results": [
        {
          "baselines": [
            {
              "measurement": {
                "median": 0.131064624,
                "minimum": 0.117132048,
                "name": "Dictionary<Int, Int>",
                "peakBytes": 67698688,
                "repeats": 7
              },
              "name": "Dictionary<Int, Int>",
              "ratio": 0.8443247821878025,
              "whenFaster": "the snapshot keeps each identifier once,"
            }
          ],
          "bytesPerItem": 57.15968,
          "charted": false,
          "detail": "100 roots, 100 children per parent",
          "group": "Memory of a 10^6-item list (peak growth while building, cach",
          "items": 1000000,
          "measurement": {
            "median": 0.237401251,
            "minimum": 0.170893754,
            "name": "section snapshot",
            "peakBytes": 57159680,
            "repeats": 7
          },
          "metric": "memory",
          "nanosecondsPerItem": 237.401251,
          "notes": [],
          "scales": false,
          "scenario": "memory/outline",
          "size": 1000000,
          "summary": "peak memory of building a section snapshot with append(_:to:"
        },
        {
          "baselines": [
            {
              "measurement": {
                "median": 0.000346776,
                "minimum": 0.000339335,
                "name": "hash pass (Set)",
                "peakBytes": 135168,
                "repeats": 23
              },
              "name": "hash pass (Set)",
              "ratio": 1.2845842849562832,
              "whenFaster": "the floor hashes every old and every new"
            },
            {
              "measurement": {
                "median": 0.043614268,
                "minimum": 0.043142857,
                "name": "stdlib difference+moves",
                "peakBytes": 692224,
                "repeats": 23
              },
              "name": "stdlib difference+moves",
              "ratio": 0.010213698874872784,
              "whenFaster": "CollectionDifference is Myers' algorithm"
            }
          ],
          "bytesPerItem": 75.3664,
          "charted": true,
          "detail": "−1,000 +1,000, 200 shuffled",
          "group": "Diffing a flat list of Int identifiers (DifferenceKit's shap",
          "items": 10000,
          "measurement": {
            "median": 0.000445463,
            "minimum": 0.000394857,
            "name": "BatchUpdate(from:to:)",
            "peakBytes": 753664,
            "repeats": 23
          },
          "metric": "time",
          "nanosecondsPerItem": 44.546299999999995,
          "notes": [
            "fewest moves possible: 175"
          ],
          "scales": true,
          "scenario": "diff/flat/int/arrays",
          "size": 10000,
          "summary": "BatchUpdate(from:to:) on two arrays (checks both for duplica"
        }
      ],
      "scalingFlags": [],
      "schema": 1,
      "tool": "snapshot-bench",
      "wallSeconds": 69.33426926
    }
    """

  /// The runner keeps every repeat's time, of the scenario and of each baseline.
  @Test func theRunnerRecordsEveryRepeat() throws {
    let scenario = try #require(registry.first { $0.name == "diff/one-edit/insert/snapshots" })
    var runner = Runner(
      policy: RepeatPolicy(fixed: 3), progress: Progress(total: 1, enabled: false))
    let result = runner.run(scenario, size: 1_000)
    #expect(result.measurement.samples?.count == 3)
    #expect(result.measurement.median == Measure.median(result.measurement.samples ?? [0]))
    for baseline in result.baselines where baseline.skipped == nil {
      #expect(baseline.measurement?.samples?.count == 3)
    }
  }
}

import Foundation

/// `compare`: two runs side by side, per scenario and size, judged by a stated rule.
///
/// The times are judged by ``CompareRule`` (a Mann–Whitney test on the repeats and a
/// threshold on the ratio of medians), memory by a fixed tolerance; exact counts a result may
/// carry are shown beside them through ``ComparedCount``. `Compare+Text.swift` prints it.

/// The rule `compare` judges by. `--help` prints ``help``.
struct CompareRule: Sendable, Equatable {
  /// A difference in time is beyond noise when the test's p-value is under this.
  var alpha = 0.01
  /// … and the ratio of medians is above 1 + threshold (slower) or under 1 / (1 + threshold)
  /// (faster). `--threshold PERCENT`.
  var threshold = 0.05
  /// Memory (one sample per run) is bigger or smaller when the peaks differ by more than
  /// this share of the old peak…
  var memoryTolerance = 0.10
  /// … and by more than this many bytes (peaks are page-granular and move with the heap).
  var memoryFloor = 1 << 20
  /// The bootstrap interval's resamples and confidence.
  var resamples = 2_000
  var confidence = 0.95

  /// The rule in words, for `--help`.
  static let help = """
    Comparing two runs (compare OLD.json NEW.json, or --compare OLD.json on a run):
      Per scenario and size: both medians, new ÷ old with a 95 % interval (a percentile
      bootstrap: 2,000 resamples of each side's repeats, seeded from the scenario and size,
      so the same files always print the same interval), the p-value of a two-sided
      Mann–Whitney U test of the old repeats against the new, and a verdict:
        slower           p < 0.01 and the ratio of medians above 1 + threshold;
        faster           p < 0.01 and the ratio below 1 / (1 + threshold);
        within noise     otherwise;
        too few repeats  the test cannot reach p < 0.01 with so few repeats (its smallest
                         p is 2 / C(m + n, m): 5 and 5 repeats can, 4 and 4 or --smoke's
                         3 cannot);
        medians only     a file has no repeat times (schema 1): the ratio, no verdict.
      The threshold is 5 % (--threshold PERCENT). p is exact (U's distribution over every
      ordering) when no time occurs twice and each side has at most 60 repeats; otherwise
      the normal approximation: tied times share their mean rank, the variance is corrected
      for ties, and z has a continuity correction of 1/2.
      Memory, one peak per run: bigger or smaller when the peaks differ by more than 10 %
      and more than 1 MiB, else same. Memory scenarios are judged on it; the rest on time.
      Exact counts a result carries are shown old → new beside the times.
      Baselines (standard-library code, the same in both runs) are judged by the same rule
      and summed up in one line: when they move as much as the scenarios, suspect the
      machine's load, not the code. A warning says when the runs differ in machine,
      toolchain, libc or build mode; scenarios in only one run are listed.
    """
}

/// How the time of one operation changed.
enum TimeVerdict: String, Sendable {
  case slower
  case faster
  case withinNoise = "within noise"
  case tooFewRepeats = "too few repeats"
  case mediansOnly = "medians only"
}

/// How the peak memory of one operation changed.
enum MemoryVerdict: String, Sendable {
  case bigger
  case smaller
  case same
}

/// One operation's times in two runs.
struct TimeComparison {
  var oldMedian: Double
  var newMedian: Double
  /// New median ÷ old; nil when the old median is not positive.
  var ratio: Double?
  /// The most repeats a side may have for the bootstrap interval.
  static let bootstrapLimit = 10_000
  /// The bootstrap interval of the ratio; nil without 3 to ``bootstrapLimit`` repeats on
  /// each side.
  var interval: ClosedRange<Double>?
  /// The Mann–Whitney test of the old repeats against the new; nil without repeat times.
  var test: Statistics.MannWhitney?
  var verdict: TimeVerdict

  /// Compares `old` with `new` by `rule`; `seed` seeds the bootstrap.
  init(old: Measurement, new: Measurement, rule: CompareRule, seed: UInt64) {
    oldMedian = old.median
    newMedian = new.median
    ratio = old.median > 0 ? new.median / old.median : nil
    guard let before = old.samples, let after = new.samples, !before.isEmpty, !after.isEmpty
    else {
      verdict = .mediansOnly
      return
    }
    // The samples' medians, which a hand-edited file could contradict.
    oldMedian = Measure.median(before)
    newMedian = Measure.median(after)
    ratio = oldMedian > 0 ? newMedian / oldMedian : nil
    // Bounded: a hand-written file could hold millions of repeats (--repeat stops at 1,000).
    if (3...TimeComparison.bootstrapLimit).contains(before.count)
      && (3...TimeComparison.bootstrapLimit).contains(after.count)
    {
      interval = Statistics.bootstrapRatioInterval(
        old: before, new: after, seed: seed, resamples: rule.resamples,
        confidence: rule.confidence)
    }
    test = Statistics.mannWhitney(before, after)
    guard Statistics.smallestPValue(before.count, after.count) < rule.alpha else {
      verdict = .tooFewRepeats
      return
    }
    guard let test, test.p < rule.alpha, let ratio else {
      verdict = .withinNoise
      return
    }
    if ratio > 1 + rule.threshold {
      verdict = .slower
    } else if ratio < 1 / (1 + rule.threshold) {
      verdict = .faster
    } else {
      verdict = .withinNoise
    }
  }
}

/// An exact count a result may carry (allocations, instructions retired): `compare` shows it
/// beside the times as old → new. To show one, add a value to ``all``; nothing else changes.
struct ComparedCount: Sendable {
  /// The column heading, e.g. "allocs/op".
  var name: String
  /// The count on a result, nil where it was not counted.
  var value: @Sendable (ScenarioResult) -> Double?
  /// How a count prints (default: a whole number with thousands separators).
  var format: @Sendable (Double) -> String = { value in
    abs(value) < 1e18 ? Format.count(Int(value.rounded())) : String(format: "%.3g", value)
  }

  /// The counts `compare` shows: each gets a column when a result of either run has it.
  static let all: [ComparedCount] = [
    ComparedCount(name: "allocs/op") { $0.measurement.allocations.map(Double.init) },
    ComparedCount(name: "instructions/op") { $0.measurement.instructions.map(Double.init) },
  ]

  /// "1,204", "1,204 → 1,206 (+0.2 %)", "– → 1,206", or nil when neither run counted.
  func cell(old: ScenarioResult, new: ScenarioResult) -> String? {
    let before = value(old)
    let after = value(new)
    switch (before, after) {
    case (nil, nil): return nil
    case (let before?, let after?) where before == after: return format(before)
    case (let before?, let after?) where before != 0:
      let change = (after - before) / before * 100
      let sign = change > 0 ? "+" : ""
      return "\(format(before)) → \(format(after)) (\(sign)\(Format.significant(change)) %)"
    default:
      return "\(before.map(format) ?? "–") → \(after.map(format) ?? "–")"
    }
  }
}

/// One scenario at one size in both runs.
struct ComparedResult {
  var scenario: String
  var size: Int
  var metric: Scenario.Metric
  var time: TimeComparison
  var oldPeak: Int
  var newPeak: Int
  var memory: MemoryVerdict
  /// The baselines both runs measured, by name.
  var baselines: [(name: String, time: TimeComparison)]
  /// One cell per count of the comparison's `counts` (nil: neither run counted it).
  var counts: [String?]

  init(old: ScenarioResult, new: ScenarioResult, rule: CompareRule, counts: [ComparedCount]) {
    scenario = new.scenario
    size = new.size
    metric = new.metric
    let seed = Statistics.seed("\(new.scenario)@\(new.size)")
    time = TimeComparison(old: old.measurement, new: new.measurement, rule: rule, seed: seed)
    oldPeak = old.measurement.peakBytes
    newPeak = new.measurement.peakBytes
    // In Double: a hand-written file's peaks could overflow an Int subtraction.
    let change = Double(newPeak) - Double(oldPeak)
    let beyond =
      abs(change) > Double(rule.memoryFloor)
      && abs(change) > rule.memoryTolerance * Double(max(oldPeak, 0))
    memory = !beyond ? .same : change > 0 ? .bigger : .smaller
    baselines = new.baselines.compactMap { baseline in
      guard let after = baseline.measurement,
        let before = old.baselines.first(where: { $0.name == baseline.name })?.measurement
      else { return nil }
      let seed = Statistics.seed("\(new.scenario)@\(new.size)/\(baseline.name)")
      return (baseline.name, TimeComparison(old: before, new: after, rule: rule, seed: seed))
    }
    self.counts = counts.map { $0.cell(old: old, new: new) }
  }

  /// Whether this is a regression of more than `percent` %: time scenarios slower beyond
  /// noise with a ratio of medians above 1 + percent / 100; memory scenarios bigger beyond
  /// the tolerance with a ratio of peaks above that.
  func regresses(by percent: Double) -> Bool {
    let limit = 1 + percent / 100
    switch metric {
    case .time:
      return time.verdict == .slower && (time.ratio ?? 0) > limit
    case .memory:
      return memory == .bigger && (oldPeak <= 0 || Double(newPeak) / Double(oldPeak) > limit)
    }
  }
}

/// Two runs compared.
struct Comparison {
  var old: RunFile
  var new: RunFile
  var rule: CompareRule
  var counts: [ComparedCount]
  /// In the new run's order.
  var results: [ComparedResult] = []
  /// What only one run measured, in its order.
  var onlyInOld: [(scenario: String, size: Int)] = []
  var onlyInNew: [(scenario: String, size: Int)] = []
  /// The files' own warnings, then differences in machine, toolchain and build mode.
  var warnings: [String] = []

  /// - Complexity: O(r · b) for r results and b baselines, plus the statistics of each.
  init(old: RunFile, new: RunFile, rule: CompareRule, counts: [ComparedCount] = ComparedCount.all) {
    self.old = old
    self.new = new
    self.rule = rule
    self.counts = counts
    warnings = old.warnings + new.warnings + Self.differences(old, new)
    func key(_ result: ScenarioResult) -> String { "\(result.scenario)\u{0}\(result.size)" }
    func name(_ result: ScenarioResult) -> String {
      "\(result.scenario) at \(Format.size(result.size))"
    }
    func firsts(_ file: RunFile) -> [String: ScenarioResult] {
      var seen: [String: ScenarioResult] = [:]
      for result in file.run.results {
        if seen[key(result)] == nil {
          seen[key(result)] = result
        } else {
          warnings.append("\(file.label) has \(name(result)) twice: the first is compared")
        }
      }
      return seen
    }
    let olds = firsts(old)
    let news = firsts(new)
    var done: Set<String> = []
    for result in new.run.results where done.insert(key(result)).inserted {
      if let before = olds[key(result)] {
        results.append(ComparedResult(old: before, new: result, rule: rule, counts: counts))
      } else {
        onlyInNew.append((result.scenario, result.size))
      }
    }
    for result in old.run.results
    where news[key(result)] == nil && done.insert(key(result)).inserted {
      onlyInOld.append((result.scenario, result.size))
    }
  }

  /// The results that regress by more than `percent` % (see ``ComparedResult/regresses(by:)``).
  func regressions(over percent: Double) -> [ComparedResult] {
    results.filter { $0.regresses(by: percent) }
  }

  /// Warnings for what differs between the runs besides the code.
  static func differences(_ old: RunFile, _ new: RunFile) -> [String] {
    var warnings: [String] = []
    let a = old.run.machine
    let b = new.run.machine
    var machine: [String] = []
    if a.architecture != b.architecture { machine.append("\(a.architecture) / \(b.architecture)") }
    if a.cpu != b.cpu { machine.append("\(a.cpu) / \(b.cpu)") }
    if a.cores != b.cores { machine.append("\(a.cores) / \(b.cores) cores") }
    if a.memoryBytes != b.memoryBytes {
      machine.append("\(Format.bytes(a.memoryBytes)) / \(Format.bytes(b.memoryBytes)) RAM")
    }
    if a.system != b.system { machine.append("\(a.system) / \(b.system)") }
    if !machine.isEmpty {
      warnings.append("different machines (old / new): " + machine.joined(separator: ", "))
    }
    for (what, before, after) in [
      ("toolchains", a.swift, b.swift), ("C libraries", a.libc, b.libc),
    ] where before != nil && after != nil && before != after {
      warnings.append("different \(what) (old / new): \(before ?? "") / \(after ?? "")")
    }
    for file in [old, new] where file.run.machine.swift == nil || file.run.machine.libc == nil {
      warnings.append(
        "\(file.label) does not record its toolchain and C library (schema 1): cannot tell "
          + "whether they differ")
    }
    if old.run.optimized != new.run.optimized {
      func mode(_ run: RunReport) -> String { run.optimized ? "release" : "debug" }
      warnings.append(
        "different build modes (old / new): \(mode(old.run)) / \(mode(new.run)); "
          + "compare release builds")
    }
    return warnings
  }
}

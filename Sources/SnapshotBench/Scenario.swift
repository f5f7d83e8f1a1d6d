/// A benchmark scenario: one thing a list app does, measured at several sizes against a
/// baseline in the same run.
///
/// A scenario only prepares its inputs and says what to time (``Trial``); the runner repeats,
/// interleaves, measures memory and reports. See `Registry.swift` for the list of scenarios.
struct Scenario: Sendable {
  /// What the scenario's ratio compares.
  enum Metric: String, Sendable, Codable {
    /// Median time (the default).
    case time
    /// Peak resident memory growth.
    case memory
  }

  /// Unique, `/`-separated, matched by prefix with `--scenario` (e.g. `diff/flat/int/arrays`).
  var name: String
  /// The heading the table groups the scenario under, in a user's words.
  var group: String
  /// One line: what is measured, shown by `--list`.
  var summary: String
  /// The sizes of the standard run (items in the list; for diffs, in the old list).
  var sizes: [Int]
  /// The size `--smoke` runs.
  var smokeSize: Int = 1_000
  /// Whether the scaling table, its growth check and the chart include the scenario.
  var scales: Bool = true
  /// Whether the chart draws it (a chart with every scenario would be unreadable).
  var charted: Bool = false
  var metric: Metric = .time
  /// The adaptive minimum of repeats at 10^6 items and more, for a scenario too slow there for
  /// the default seven (nil: the default). Five is the fewest that `compare` can judge.
  /// `--repeat` overrides it.
  var largeRepeats: Int? = nil
  /// Builds the inputs for one size (untimed) and returns what to measure.
  var prepare: @Sendable (_ size: Int) -> Trial

  /// The standard sizes for scaling scenarios: 10^3 … 10^6.
  static let decades = [1_000, 10_000, 100_000, 1_000_000]
}

/// One timed operation.
struct Operation {
  var name: String
  /// Runs before every repeat, untimed (e.g. to undo the previous repeat's caching).
  var reset: (() -> Void)?
  /// The work. Returns a checksum, kept by the runner so that nothing is optimized away.
  var body: () -> Int
  /// When set, the seconds the runner records for a repeat instead of the body's wall time:
  /// for an operation that times a part of its body itself (read just after the body). A
  /// baseline that reports its own seconds is not cut short by the baseline time budget.
  var seconds: (() -> Double)?

  init(
    _ name: String, reset: (() -> Void)? = nil, seconds: (() -> Double)? = nil,
    body: @escaping () -> Int
  ) {
    self.name = name
    self.reset = reset
    self.seconds = seconds
    self.body = body
  }
}

/// A baseline: the same job done with the standard library, timed in the same repeats.
struct Baseline {
  var operation: Operation
  /// Why the scenario can beat this baseline; printed when the ratio is under 1.
  var whenFaster: String
  /// When set, the baseline is not run, and this says why.
  var skipped: String?

  init(_ operation: Operation, whenFaster: String, skipped: String? = nil) {
    self.operation = operation
    self.whenFaster = whenFaster
    self.skipped = skipped
  }
}

/// A scenario prepared at one size.
struct Trial {
  /// Items the per-item figures divide by.
  var items: Int
  /// The inputs in a few words (e.g. "−10,000 +10,000, 2,000 shuffled").
  var detail: String
  var measured: Operation
  var baselines: [Baseline]
  /// Facts about the inputs or outputs worth printing (e.g. moves against the minimum).
  var notes: [String] = []
  /// Runs after the repeats: a description of what is wrong with the results, or nil.
  var verify: (() -> String?)?
}

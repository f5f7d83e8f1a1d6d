/// The committed allocation baseline, `Benchmarks/allocation-baseline.json`: allocation counts
/// of key scenarios at fixed sizes, with the toolchain, C library and build mode they were
/// counted with. `--check-allocation-baseline` (run by `.ci/run`) fails on any increase;
/// `--update-allocation-baseline` rewrites it.
struct AllocationBaseline: Codable, Equatable, Sendable {
  /// What the counts depend on: a check against another toolchain, libc or build mode is
  /// skipped with a warning.
  struct Environment: Codable, Equatable, Sendable {
    /// "Swift 6.3.1".
    var toolchain: String
    /// "glibc 2.36".
    var libc: String
    /// "release" or "debug".
    var build: String

    var description: String { "\(toolchain), \(libc), \(build) build" }
  }

  /// One operation of one scenario at one size.
  struct Entry: Codable, Equatable, Sendable {
    var scenario: String
    /// The scenario's operation or one of its baselines', by name.
    var operation: String
    var size: Int
    var allocations: Int
    /// Bytes asked for: reported, not checked (a bigger buffer is not another allocation).
    var bytes: Int

    var label: String { "\(scenario) (\(operation)) at \(Format.size(size))" }

    func matches(_ other: Entry) -> Bool {
      scenario == other.scenario && operation == other.operation && size == other.size
    }
  }

  var schema = 1
  /// What the file is, for a reader (not checked).
  var about: String? = AllocationBaseline.aboutText
  var environment: Environment
  var entries: [Entry]

  static let aboutText =
    "Allocations of one untimed run of each operation, counted by snapshot-bench's malloc "
    + "interposer. Checked by `snapshot-bench --check-allocation-baseline` (.ci/run): any "
    + "increase fails. Rewrite with --update-allocation-baseline, saying why in the commit."

  /// The file, relative to the package root.
  static let path = "Benchmarks/allocation-baseline.json"

  /// What `--update-allocation-baseline` counts: the key scenarios, at 10^4 items so that CI
  /// is quick; an operation name picks a baseline instead of the scenario's own operation.
  static let keys: [(scenario: String, operation: String?, size: Int)] = [
    // Diffs: two snapshots, two arrays, a sectioned list with 10 % changed.
    ("diff/flat/int/snapshots", nil, 10_000),
    ("diff/flat/int/arrays", nil, 10_000),
    ("diff/sectioned/10pct", nil, 10_000),
    // Building an outline, and listing its rows.
    ("outline/build", nil, 10_000),
    // Building the whole pre-order sequence at once (the builders, key paths, Codable and the
    // data source's snapshot() do).
    ("shared/build/bulk", nil, 10_000),
    ("outline/visible-items", nil, 10_000),
    // A section snapshot edited (1 % re-parented), then its rows diffed.
    ("outline/move-diff", nil, 10_000),
    // Diffs of related snapshots: one move (a narrow change, read off the unshared leaves),
    // and one insert, staged.
    ("related/diff/batch/move", nil, 10_000),
    ("related/diff/staged/insert", nil, 10_000),
    // Expand + collapse through the data source, and two whole-section applies.
    ("datasource/expand-collapse", nil, 10_000),
    ("datasource/expand-collapse", "apply section snapshot ×2", 10_000),
  ]
}

/// The verdict of `--check-allocation-baseline`.
struct AllocationCheck: Equatable, Sendable {
  enum Outcome: Equatable, Sendable {
    /// Not comparable here (another toolchain, libc or build mode, or no counter): a warning.
    case skipped
    /// No count rose (some may have fallen: see the lines).
    case passed
    /// A count rose, or an entry could not be counted.
    case failed
  }

  var outcome: Outcome
  /// The report, one line each.
  var lines: [String]

  /// Compares `measured` with `baseline`, counted in `environment`.
  static func check(
    _ baseline: AllocationBaseline, environment: AllocationBaseline.Environment,
    measured: [AllocationBaseline.Entry]
  ) -> AllocationCheck {
    let made = baseline.environment
    guard made == environment else {
      return AllocationCheck(
        outcome: .skipped,
        lines: [
          "warning: allocation baseline skipped: it was made with \(made.description), this "
            + "is \(environment.description); counts are only comparable with the same "
            + "toolchain, C library and build mode (--update-allocation-baseline to remake it)"
        ])
    }
    var lines: [String] = []
    var failures = 0
    var fewer = 0
    for expected in baseline.entries {
      guard let found = measured.first(where: expected.matches) else {
        failures += 1
        lines.append("FAIL \(expected.label): not counted (no such scenario or operation)")
        continue
      }
      let change = found.allocations - expected.allocations
      let counts =
        "\(Format.count(found.allocations)) allocations (\(Format.bytes(found.bytes))), "
        + "baseline \(Format.count(expected.allocations)) (\(Format.bytes(expected.bytes)))"
      if change > 0 {
        failures += 1
        lines.append("FAIL \(expected.label): \(counts): \(Format.count(change)) more")
      } else if change < 0 {
        fewer += 1
        lines.append("fewer \(expected.label): \(counts): \(Format.count(-change)) fewer")
      } else {
        lines.append("ok   \(expected.label): \(counts)")
      }
    }
    if failures > 0 {
      lines.append(
        "allocation check failed: \(failures) of \(baseline.entries.count) counts rose. If "
          + "the change means to allocate more, run --update-allocation-baseline and say why "
          + "in the commit.")
    } else {
      lines.append("allocation check passed: no count rose (\(baseline.entries.count) checked).")
    }
    if fewer > 0 {
      lines.append(
        "note: \(fewer) counts fell: run --update-allocation-baseline so that the baseline "
          + "holds the gain.")
    }
    return AllocationCheck(outcome: failures > 0 ? .failed : .passed, lines: lines)
  }
}

/// The command line.
struct Options {
  var list = false
  var help = false
  /// Prefixes of scenario names; empty means all.
  var scenarios: [String] = []
  var sizes: [Int] = []
  var repeats: Int?
  var json = false
  var record = false
  var smoke = false
  var chart: String?
  /// `compare OLD.json NEW.json`: the files (nil unless the command is `compare`).
  var compareFiles: [String]?
  /// `--compare OLD.json`: compare the run being made with a recorded one.
  var compareWith: String?
  /// `--fail-on-regression PERCENT`.
  var failOnRegression: Double?
  /// `--threshold PERCENT`: the change in median within noise.
  var threshold: Double?
  var checkAllocationBaseline = false
  var updateAllocationBaseline = false
  var countAllocations = false
  /// `--input FILE`: run the input scenarios on the file's tree instead of the registry.
  var input: String?
  /// `--format`: the form of the `--input` file (detected when nil).
  var format: InputFormat?
  /// `--seed`: the seed of the input scenarios' generated edits.
  var seed: UInt64?

  static let sizeRange = 100...10_000_000
  static let repeatRange = 1...1_000

  /// A usage error: one line, exit status 2.
  struct UsageError: Error, Equatable {
    var message: String
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    if rest.first == "compare" {
      rest.removeFirst()
      options.compareFiles = []
    }
    while let argument = rest.popFirst() {
      let (name, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst(), !next.hasPrefix("--") else {
          throw UsageError(message: "\(name) needs a value")
        }
        return next
      }
      func flag() throws(UsageError) {
        if inlineValue != nil { throw UsageError(message: "\(name) takes no value") }
      }
      switch name {
      case "--help", "-h":
        try flag()
        options.help = true
      case "--list":
        try flag()
        options.list = true
      case "--json":
        try flag()
        options.json = true
      case "--record":
        try flag()
        options.record = true
      case "--smoke":
        try flag()
        options.smoke = true
      case "--check-allocation-baseline":
        try flag()
        options.checkAllocationBaseline = true
      case "--update-allocation-baseline":
        try flag()
        options.updateAllocationBaseline = true
      case "--count-allocations":
        try flag()
        options.countAllocations = true
      case "--input":
        guard options.input == nil else { throw UsageError(message: "--input given twice") }
        options.input = try value()
      case "--format":
        options.format = try inputFormat(try value())
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--seed needs a whole number from 0 to 2^64 - 1, not '\(text)'")
        }
        options.seed = seed
      case "--scenario":
        let prefix = try value()
        guard
          registry.contains(where: { $0.name.hasPrefix(prefix) })
            || InputScenarios.names.contains(where: { $0.hasPrefix(prefix) })
        else {
          throw UsageError(message: "no scenario name starts with '\(prefix)' (see --list)")
        }
        options.scenarios.append(prefix)
      case "--size":
        options.sizes.append(try integer(name, try value(), in: sizeRange))
      case "--repeat":
        guard options.repeats == nil else { throw UsageError(message: "--repeat given twice") }
        options.repeats = try integer(name, try value(), in: repeatRange)
      case "--chart":
        guard options.chart == nil else { throw UsageError(message: "--chart given twice") }
        let file = try value()
        guard file.hasSuffix(".svg") else {
          throw UsageError(message: "--chart writes SVG: give a file name ending in .svg")
        }
        options.chart = file
      case "--compare":
        guard options.compareWith == nil else { throw UsageError(message: "--compare given twice") }
        options.compareWith = try value()
      case "--fail-on-regression":
        guard options.failOnRegression == nil else {
          throw UsageError(message: "--fail-on-regression given twice")
        }
        options.failOnRegression = try percent(name, try value(), in: 0...1_000)
      case "--threshold":
        guard options.threshold == nil else { throw UsageError(message: "--threshold given twice") }
        options.threshold = try percent(name, try value(), in: 0...100)
      default:
        if options.compareFiles != nil && !argument.hasPrefix("-") {
          options.compareFiles?.append(argument)
          continue
        }
        if argument.hasPrefix("-") {
          throw UsageError(message: "unknown option '\(argument)' (see --help)")
        }
        throw UsageError(
          message: "unexpected argument '\(argument)'; to choose scenarios use "
            + "--scenario \(argument) (see --help)")
      }
    }
    if options.smoke && !options.sizes.isEmpty {
      throw UsageError(message: "--smoke runs each scenario at its own small size: drop --size")
    }
    if options.smoke && options.record {
      throw UsageError(message: "--record stores a full run: drop --smoke")
    }
    try options.checkComparison()
    try options.checkAllocationBaselineFlags()
    try checkInput(options)
    return options
  }

  /// `compare` takes two files and no run flags; the comparison flags need a comparison.
  private func checkComparison() throws(UsageError) {
    if let files = compareFiles {
      let runFlags: [(String, Bool)] = [
        ("--scenario", !scenarios.isEmpty), ("--size", !sizes.isEmpty),
        ("--repeat", repeats != nil),
        ("--json", json), ("--record", record), ("--smoke", smoke), ("--chart", chart != nil),
        ("--list", list), ("--compare", compareWith != nil),
      ]
      if let flag = runFlags.first(where: \.1)?.0 {
        throw UsageError(message: "compare reads two recorded runs; \(flag) is for a run: drop it")
      }
      if !help && files.count != 2 {
        throw UsageError(
          message: "compare needs two files, OLD.json and NEW.json (given \(files.count))")
      }
    } else if compareWith == nil {
      for (flag, given) in [("--fail-on-regression", failOnRegression), ("--threshold", threshold)]
      where given != nil {
        throw UsageError(
          message: "\(flag) judges a comparison: use it with compare OLD.json NEW.json or "
            + "--compare OLD.json")
      }
    }
  }

  /// "5", "2.5" or "5%".
  private static func percent(_ name: String, _ text: String, in range: ClosedRange<Double>)
    throws(UsageError) -> Double
  {
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, range.contains(value) else {
      throw UsageError(
        message: "\(name) needs a percentage from \(Comparison.percent(range.lowerBound / 100)) "
          + "to \(Comparison.percent(range.upperBound / 100)), not '\(text)'")
    }
    return value
  }

  /// `--name=value` as its name and value; any other argument as itself and nil (so that
  /// `--name=value` and `--name value` both work).
  static func split(_ argument: String) -> (name: String, inlineValue: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func integer(_ name: String, _ text: String, in range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let value = wholeNumber(text), range.contains(value) else {
      throw UsageError(
        message: "\(name) needs a whole number from \(Format.count(range.lowerBound)) to "
          + "\(Format.count(range.upperBound)), not '\(text)'")
    }
    return value
  }

  /// "1000000", "1,000,000", "1_000_000", "1e6" or "10^6".
  static func wholeNumber(_ text: String) -> Int? {
    let digits = text.filter { $0 != "_" && $0 != "," }
    if let value = Int(digits) { return value }
    for separator in ["e", "E", "^"] {
      let parts = digits.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 2, var mantissa = Int(parts[0]), let power = Int(parts[1]),
        (0...9).contains(power)
      else { continue }
      if separator == "^" {
        guard mantissa == 10 else { return nil }
        mantissa = 1
        for _ in 0..<power { mantissa *= 10 }
        return mantissa
      }
      for _ in 0..<power { mantissa *= 10 }
      return mantissa
    }
    return nil
  }

  /// `--format`'s value.
  static func inputFormat(_ text: String) throws(UsageError) -> InputFormat {
    guard let format = InputFormat(rawValue: text) else {
      throw UsageError(
        message: "--format is one of "
          + InputFormat.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(text)'")
    }
    return format
  }

  /// The scenarios selected, in registry order.
  var selected: [Scenario] {
    selecting(registry)
  }

  /// The sizes `scenario` runs at.
  func sizes(for scenario: Scenario) -> [Int] {
    if smoke { return [scenario.smokeSize] }
    return sizes.isEmpty ? scenario.sizes : sizes
  }

  static let help = """
    snapshot-bench: how fast and how big Snapshot's lists are, from 10^3 to 10^6 items, each
    scenario measured against a standard-library baseline in the same run.

    Usage: swift run -c release snapshot-bench [options]
           swift run -c release snapshot-bench compare OLD.json NEW.json [--threshold PERCENT]
             [--fail-on-regression PERCENT]

    With no options, runs the standard suite (about 2 to 3 minutes on two cores) and prints
    one table: per scenario and size, the median and minimum time over repeated runs, the
    time per item, the peak memory growth, each baseline and the ratio to it; then time per
    item by size, with a flag on any scenario whose time per item grows more than 2x from
    10^4 to 10^6 items. Progress goes to stderr, results to stdout.

    Options:
      --list               List the scenarios (name, sizes, what is measured) and exit.
      --scenario NAME      Run the scenarios whose name starts with NAME (repeatable):
                           --scenario diff runs every diff, --scenario outline/build one.
      --size N             Run at N items instead of each scenario's standard sizes
                           (repeatable; 100 to 10,000,000; 1e6 and 10^6 work too).
      --repeat K           Repeat every measurement exactly K times (1 to 1,000). Default:
                           at least 7, and up to 51 while a size has taken under 1 s; a
                           baseline stops once its runs add up to 2 s (the stdlib diff
                           at 10^5 items runs once).
      --json               Print the results as one JSON document instead of the tables:
                           "results" holds one object per scenario and size (times in
                           seconds, memory in bytes), with the machine, date and flags.
      --record             Also write the run to Benchmarks/<date>.json, regenerate
                           Benchmarks/RESULTS.md from that file and redraw
                           Benchmarks/scaling.svg. Run from the package root.
      --smoke              Every scenario at 1,000 items, 3 repeats, in a second: checks
                           that everything runs and that every result checks out (CI).
      --chart FILE.svg     Also write an SVG chart of time per item against size (log-log,
                           one line per charted scenario).
      compare OLD.json NEW.json
                           Compare two runs written by --json or --record, per scenario and
                           size, by the rule below.
      --compare OLD.json   After this run, compare it with OLD.json: the comparison follows
                           the tables (with --json, it goes to stderr).
      --threshold PERCENT  The change in median time within which a difference is noise
                           whatever the test says (0 to 100; default 5).
      --fail-on-regression PERCENT
                           With compare or --compare: exit with status 3 when a scenario is
                           slower beyond noise with new ÷ old above 1 + PERCENT/100 (memory
                           scenarios: bigger beyond the tolerance, by more than PERCENT).
      --check-allocation-baseline
                           Count the allocations of the key scenarios in
                           Benchmarks/allocation-baseline.json (one untimed run each) and
                           fail (status 4) if any count is higher, naming the scenario and
                           both counts; fewer passes with a note. Skipped with a warning
                           (status 0) when the file was made with another Swift toolchain,
                           libc or build mode, or where allocations cannot be counted. Both
                           baseline flags run with SWIFT_DETERMINISTIC_HASHING=1 (the program
                           starts itself again with it), so that hash-table growth, and with
                           it every count, repeats from run to run. CI.
      --update-allocation-baseline
                           Recount and rewrite Benchmarks/allocation-baseline.json, for a
                           change that means to allocate more or less (say why in the
                           commit). Run from the package root, in release mode.
      --count-allocations  Print, as JSON, the allocations of one untimed run of every
                           operation of the selected scenarios and sizes, after one warm-up
                           run each (what the baseline check runs, one scenario and size
                           per process).
      --input FILE         Measure your own tree instead of the standard suite, at its own
                           size: building it (append(_:to:) parent by parent), index(of:)
                           and visibleItems of every item, expand + collapse through the
                           data source of the 3 parents with the most descendants, and
                           diffs and data-source applies after generated edits (one item
                           inserted, one leaf deleted, one leaf moved; 1 % and 10 % of the
                           items changed, a third each deleted, inserted, moved). Same
                           tables and --json as the suite; scenarios are named input/...
                           FILE is the Codable form of a DiffableDataSourceSectionSnapshot
                           (items, levels, expanded), a DiffableDataSourceSnapshot
                           (sections, items) or a SectionedOutline (sections, snapshots),
                           or any JSON document, read as `outline` reads it (objects and
                           arrays are parents, items named by JSON Pointer). Identifiers
                           are Int when every one in the file is an integer, else String.
                           A file that cannot be read: one line naming it and where (line
                           and column, or the coding path), exit status 2.
      --format FORM        The form of the --input file: section, sectioned, outline or
                           json. Default: detected from the top-level keys, and printed.
      --seed N             The seed of --input's generated edits (default 1, printed).
      -h, --help           Show this help.

    Commands:
      diff OLD.json NEW.json [--verbose]
                           The single batch between two files read as --input reads
                           them (section and item inserts, deletes, moves, reloads,
                           reconfigures; --verbose lists the index paths), the moves and
                           reloads it says as delete + insert, the staged form's stages,
                           the fewest moves possible (longest increasing subsequences,
                           computed independently) beside the engine's, and the time of
                           the diff and of a data-source apply. See diff --help.

    Exit status: 0 on success; 1 when a result fails its check; 2 on a usage error, a file
    compare cannot read or an unreadable allocation baseline;
    3 when --fail-on-regression finds a regression (a failed check wins: 1);
    4 when --check-allocation-baseline finds a count higher.

    \(CompareRule.help)

    Allocations and instructions: after the timed repeats, every operation (scenario and
    baselines) runs once more, untimed, with its allocations (malloc and relatives, counted
    by an interposer; Linux with glibc only) and user-space instructions retired
    (perf_event_open; where the kernel allows it and the CPU's counters are visible) counted;
    a second table shows them, "–" where not counted, and the JSON has them as "allocations",
    "allocatedBytes" and "instructions" of each measurement.

    Build in release mode: a debug build is many times slower and says so in its output.
    """
}

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
  /// `--input FILE`: run the input scenarios on the file's tree instead of the registry.
  var input: String?
  /// `--format`: the form of the `--input` file (detected when nil).
  var format: InputFormat?
  /// `--seed`: the seed of the input scenarios' generated edits.
  var seed: UInt64?

  static let sizeRange = 100...10_000_000
  static let repeatRange = 1...1_000

  /// A usage error: one line, exit status 2.
  struct UsageError: Error {
    var message: String
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
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
      default:
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
    try checkInput(options)
    return options
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

    Exit status: 0 on success; 1 when a result fails its check; 2 on a usage error.
    Build in release mode: a debug build is many times slower and says so in its output.
    """
}

import OutlineCore

/// The command line:
/// `outline [--check] [--script FILE [--timings]] [--size COLUMNSxLINES] [PATH]`, or
/// `outline --filter-bench NODES [--rounds N] [--size COLUMNSxLINES]`.
struct Options: Equatable {
  /// The directory or JSON file to show (default: the current directory).
  var path = "."
  /// Compare the screen with the data source after every batch and key.
  var check = false
  /// Run the keys of this file instead of reading the terminal.
  var script: String?
  /// The screen size for `--script` (default 80 × 24).
  var columns = 80
  var lines = 24
  /// With `--script`: print each key's time (handled and its frame rendered) to standard
  /// error.
  var timings = false
  /// Time filter keys over a generated document of about this many nodes (``FilterBench``).
  var filterBenchNodes: Int?
  /// With `--filter-bench`: how many times the queries are typed.
  var rounds = 3
  /// Print the usage and exit.
  var help = false

  /// The usage text.
  static let usage = """
    usage: outline [--check] [--script FILE [--timings]] [--size COLUMNSxLINES] [PATH]
           outline --filter-bench NODES [--rounds N] [--size COLUMNSxLINES]

    Shows a directory (default: the current one) or a JSON file as a collapsible outline.
      --check         compare the screen's rows with the data source after every batch
      --script FILE   run the keys in FILE (one key name per line) and print the screen
      --timings       with --script: print each key's time in ms to standard error
      --size WxH      the screen size for --script (default 80x24)
      --filter-bench NODES  type filters over a generated document of NODES nodes and
                      print each kind of key's 50th and 95th percentile (--rounds N: the
                      queries typed N times, default 3)
    Keys: j/k or arrows move, l/h or arrows expand/collapse, Enter toggles, g/G top/bottom,
    PgUp/PgDn, a add, r rename, e edit value, d delete, J/K move among siblings,
    w write (JSON), q quit, / search (n/N next/previous, * and # the key under the cursor),
    f filter as you type (Enter keeps the row, Esc restores, Tab browses the filtered rows),
    E/C expand/collapse everything below the cursor, 1-9 show that many levels,
    y copy the node's path (OSC 52), ? list the keys.
    """

  /// Parses `arguments` (without the program name).
  ///
  /// - Throws: ``OutlineError`` for an unknown flag, a missing or bad value, or two paths.
  /// - Complexity: O(arguments).
  init(_ arguments: [String]) throws(OutlineError) {
    var rest = arguments[...]
    var sawPath = false
    while let argument = rest.popFirst() {
      switch argument {
      case "--check": check = true
      case "--help", "-h": help = true
      case "--timings": timings = true
      case "--filter-bench", "--rounds":
        guard let text = rest.popFirst(), let value = Int(text), (1...100_000_000).contains(value)
        else { throw OutlineError("\(argument) needs a count (1...100000000)") }
        if argument == "--rounds" { rounds = value } else { filterBenchNodes = value }
      case "--script":
        guard let file = rest.popFirst() else { throw OutlineError("--script needs a file") }
        script = file
      case "--size":
        guard let size = rest.popFirst() else { throw OutlineError("--size needs COLUMNSxLINES") }
        let parts = size.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
          (10...1000).contains(width), (3...1000).contains(height)
        else {
          throw OutlineError("--size wants COLUMNSxLINES, e.g. 80x24 (10...1000 x 3...1000)")
        }
        (columns, lines) = (width, height)
      default:
        if argument.hasPrefix("-") && argument != "-" && !sawPath {
          throw OutlineError("unknown option \(argument) (try --help)")
        }
        guard !sawPath else { throw OutlineError("one path only (got \(path) and \(argument))") }
        path = argument
        sawPath = true
      }
    }
  }
}

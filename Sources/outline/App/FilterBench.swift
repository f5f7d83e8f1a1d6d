import OutlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `outline --filter-bench NODES`: types filters over a generated JSON document of about
/// NODES nodes, key by key, and reports how long each key takes from the moment it is
/// handled until its rows are on the frame written to the terminal (here /dev/null): the
/// 50th and 95th percentiles of first keys, of narrowing keys (a character added, from the
/// second on) and of widening keys (backspaces); and of `f`, the time until every node is in
/// the data source's trees, with the part of it spent on the run loop. Issue #32 asks, at the
/// 95th percentile: over 10^5 nodes narrowing ≤ 16 ms and widening ≤ 50 ms; over 10^6 every
/// key ≤ 150 ms.
enum FilterBench {
  /// The times measured, in milliseconds: wall-clock, and the process's CPU time (every
  /// thread's), which a machine shared with other work inflates less.
  struct Figures {
    /// The `f` keys (every node read put into the data source's trees, the first time).
    var begin: [Double] = []
    /// The `f` keys' time on the run loop (its thread's CPU time): the trees are built off
    /// the loop over a large document, the loop only applying them.
    var beginLoop: [Double] = []
    /// The first key of each query (every node searched).
    var first: [Double] = []
    /// The keys that add a character to a query of at least one character.
    var narrowing: [Double] = []
    /// The backspaces.
    var widening: [Double] = []
    /// The same keys' CPU time.
    var firstCPU: [Double] = []
    var narrowingCPU: [Double] = []
    var wideningCPU: [Double] = []
  }

  /// The process's CPU time so far (or the calling thread's), in milliseconds. O(1).
  static func cpuMilliseconds(ofThread: Bool = false) -> Double {
    var time = timespec()
    clock_gettime(ofThread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }

  /// The queries typed, one after another, each from an empty filter.
  static let queries = ["bercor", "danel", "fijo", "kaal", "hanis"]

  /// A document of about `count` nodes: an array of records, each an object of a name, a
  /// number and a tag list, names drawn from a small vocabulary (SplitMix64 from `seed`).
  /// O(count).
  static func document(count: Int, seed: UInt64) -> JSONDocument {
    let syllables = ["al", "ber", "cor", "dan", "el", "fi", "gor", "han", "is", "jo", "ka"]
    var random = Random(state: seed)
    var nodes = [JSONDocument.Node(key: nil, value: .array, parent: -1)]
    nodes.reserveCapacity(count + 6)
    while nodes.count < count {
      let record = nodes.count
      nodes.append(JSONDocument.Node(key: nil, value: .object, parent: 0))
      var name = ""
      for _ in 0..<3 { name += syllables.randomElement(using: &random)! }
      nodes.append(JSONDocument.Node(key: "name", value: .string(name), parent: record))
      nodes.append(
        JSONDocument.Node(key: "id", value: .number("\(record)"), parent: record))
      let tags = nodes.count
      nodes.append(JSONDocument.Node(key: "tags", value: .array, parent: record))
      for _ in 0..<2 {
        let tag =
          syllables.randomElement(using: &random)! + syllables.randomElement(using: &random)!
        nodes.append(JSONDocument.Node(key: nil, value: .string(tag), parent: tags))
      }
    }
    return JSONDocument(nodes: nodes)
  }

  /// Types every query of ``queries`` `rounds` times over `document` on a screen of
  /// `columns` × `lines`: `f`, the query key by key, backspaces down to one character, Esc.
  /// Each key's time runs from the key handed to the controller until a frame showing its
  /// rows is rendered and passed to `write` (the controller's result waited for when the
  /// filter runs off the loop).
  ///
  /// - Throws: ``OutlineError`` when a query matches nothing or Esc leaves other rows than
  ///   the top level: the run measured something else than it says.
  static func run(
    _ document: JSONDocument, rounds: Int = 1, columns: Int = 100, lines: Int = 40,
    write: ([UInt8]) -> Void
  ) throws(OutlineError) -> Figures {
    var figures = Figures()
    for _ in 0..<rounds {
      for query in queries {
        let model = OutlineModel(json: document, path: "/nonexistent/bench.json")
        let controller = OutlineController(
          model: model, columns: columns, lines: lines, checking: false)
        controller.start()
        write(controller.screen.render())
        func time(_ key: Key) throws(OutlineError) -> (wall: Double, cpu: Double, loop: Double) {
          let cpu = cpuMilliseconds()
          let loop = cpuMilliseconds(ofThread: true)
          let start = ContinuousClock.now
          try controller.handle(key)
          controller.waitForFilter()
          write(controller.takeTerminalOutput() + controller.screen.render())
          let (seconds, attoseconds) = start.duration(to: .now).components
          return (
            Double(seconds) * 1000 + Double(attoseconds) / 1e15, cpuMilliseconds() - cpu,
            cpuMilliseconds(ofThread: true) - loop
          )
        }
        let begin = try time(.character("f"))
        figures.begin.append(begin.wall)
        figures.beginLoop.append(begin.loop)
        for (index, character) in query.enumerated() {
          let (wall, cpu, _) = try time(.character(character))
          if index == 0 {
            figures.first.append(wall)
            figures.firstCPU.append(cpu)
          } else {
            figures.narrowing.append(wall)
            figures.narrowingCPU.append(cpu)
          }
        }
        guard controller.filter?.matches.isEmpty == false else {
          throw OutlineError("filter bench: \(query) matches nothing")
        }
        for _ in query.dropLast() {
          let (wall, cpu, _) = try time(.backspace)
          figures.widening.append(wall)
          figures.wideningCPU.append(cpu)
        }
        _ = try time(.escape)
        guard controller.filter == nil, controller.screen.rows.count == 1 + model.topLevel.count
        else { throw OutlineError("filter bench: Esc did not restore the top level") }
      }
    }
    return figures
  }

  /// The p-th percentile of `values` (nearest rank; 0 when empty). O(n log n).
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[max(0, min(rank, sorted.count - 1))]
  }

  /// Two lines, wall-clock and CPU time: the 50th and 95th percentiles of each kind of key.
  /// O(keys log keys).
  static func report(_ figures: Figures, nodes: Int) -> String {
    func line(_ name: String, _ values: [Double]) -> String {
      name + " p50 " + OutlineController.format(percentile(values, 50)) + " ms, p95 "
        + OutlineController.format(percentile(values, 95)) + " ms (\(values.count) keys)"
    }
    return "filter over \(OutlineController.grouped(nodes)) nodes, wall-clock: "
      + line("f", figures.begin) + "; " + line("first key", figures.first) + "; "
      + line("narrowing key", figures.narrowing)
      + "; " + line("backspace", figures.widening) + "\n  CPU time: "
      + line("first key", figures.firstCPU) + "; "
      + line("narrowing key", figures.narrowingCPU) + "; "
      + line("backspace", figures.wideningCPU) + "\n  the run loop's CPU time: "
      + line("f", figures.beginLoop)
  }

  /// Runs the bench for `--filter-bench` and prints its report. Returns the exit code.
  static func main(nodes: Int, rounds: Int, columns: Int, lines: Int) throws(OutlineError)
    -> Int32
  {
    let document = self.document(count: nodes, seed: 0x46_494C)
    let null = open("/dev/null", O_WRONLY)
    guard null >= 0 else { throw OutlineError("cannot open /dev/null") }
    defer { close(null) }
    let figures = try run(document, rounds: rounds, columns: columns, lines: lines) { bytes in
      _ = bytes.withUnsafeBytes { write(null, $0.baseAddress, $0.count) }
    }
    print(report(figures, nodes: document.nodes.count))
    return 0
  }

  /// SplitMix64, seeded, so that the document is the same in every run.
  struct Random: RandomNumberGenerator {
    var state: UInt64

    /// The next 64 random bits. O(1).
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}

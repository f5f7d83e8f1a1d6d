import Foundation

/// How many times to repeat each operation.
struct RepeatPolicy {
  /// Exactly this many repeats of every operation (`--repeat K`), or adaptive when nil.
  var fixed: Int?
  /// Adaptive: at least this many repeats of the scenario…
  var minimum = 7
  /// … and more, up to `maximum`, while the size's operations have taken under `budget`
  /// seconds in all.
  var maximum = 51
  var budget = 1.0
  /// Adaptive: a baseline stops repeating once it has taken this many seconds (the stdlib
  /// diff can take seconds a run; its median matters less than the scenario's).
  var baselineBudget = 2.0
}

/// Runs trials: repeats the scenario and its baselines in alternation (so that both see the
/// same machine load), measures peak memory on the first repeat, reports progress on stderr.
struct Runner {
  var policy: RepeatPolicy
  var progress: Progress
  /// Allocation and instruction counters, when the executable installed them.
  var probes = Probes()
  private var sink = 0

  init(policy: RepeatPolicy, progress: Progress) {
    self.policy = policy
    self.progress = progress
  }

  /// Measures `scenario` at `size`.
  mutating func run(_ scenario: Scenario, size: Int) -> ScenarioResult {
    progress.begin(scenario.name, size: size, phase: "preparing inputs")
    let trial = scenario.prepare(size)
    let baselines = trial.baselines.filter { $0.skipped == nil }
    let operations = [trial.measured] + baselines.map(\.operation)
    var times = [[Double]](repeating: [], count: operations.count)
    var peaks = [Int](repeating: 0, count: operations.count)
    var spent = 0.0
    var round = 0
    let minimum = size >= 1_000_000 ? scenario.largeRepeats ?? policy.minimum : policy.minimum
    while wantsAnotherRound(round: round, spent: spent, minimum: minimum) {
      progress.update(round: round + 1, of: policy.fixed ?? minimum)
      for (index, operation) in operations.enumerated() {
        // A baseline that reports its own seconds costs the run nothing beyond them.
        if index > 0 && operation.seconds == nil && !baselineWantsMore(times[index]) { continue }
        operation.reset?()
        let start = round == 0 ? Measure.startPeakMeasurement() : 0
        let (wall, result) = Measure.time(operation.body)
        let seconds = operation.seconds?() ?? wall
        if round == 0 { peaks[index] = max(0, Measure.peakResidentBytes() - start) }
        sink &+= result
        times[index].append(seconds)
        spent += seconds
      }
      round += 1
    }
    keep(sink)
    // Then one more run of each operation, untimed, to count (counting never shifts a timing).
    if probes.counts { progress.update(phase: "counting allocations and instructions") }
    let counts = probes.counts ? operations.map(count) : []

    func measurement(_ index: Int) -> Measurement {
      var measurement = Measurement(
        name: operations[index].name, repeats: times[index].count,
        median: Measure.median(times[index]), minimum: times[index].min() ?? 0,
        peakBytes: peaks[index], samples: times[index])
      if index < counts.count { measurement.counts = counts[index] }
      return measurement
    }
    let ours = measurement(0)
    var results: [BaselineResult] = []
    var next = 1
    for baseline in trial.baselines {
      guard baseline.skipped == nil else {
        results.append(
          BaselineResult(
            name: baseline.operation.name, measurement: nil, ratio: nil,
            skipped: baseline.skipped, whenFaster: baseline.whenFaster))
        continue
      }
      let theirs = measurement(next)
      next += 1
      let ratio: Double? =
        switch scenario.metric {
        case .time: theirs.median > 0 ? ours.median / theirs.median : nil
        case .memory: theirs.peakBytes > 0 ? Double(ours.peakBytes) / Double(theirs.peakBytes) : nil
        }
      results.append(
        BaselineResult(
          name: baseline.operation.name, measurement: theirs, ratio: ratio, skipped: nil,
          whenFaster: baseline.whenFaster))
    }
    progress.update(phase: "checking results")
    let failure = trial.verify?()
    return ScenarioResult(
      scenario: scenario, size: size, trial: trial, measurement: ours, baselines: results,
      failure: failure)
  }

  private func wantsAnotherRound(round: Int, spent: Double, minimum: Int) -> Bool {
    if let fixed = policy.fixed { return round < fixed }
    return round < minimum || (round < policy.maximum && spent < policy.budget)
  }

  private func baselineWantsMore(_ times: [Double]) -> Bool {
    if policy.fixed != nil { return true }
    return times.isEmpty || times.reduce(0, +) < policy.baselineBudget
  }
}

/// Keeps a value observable, so that the work producing it cannot be optimized away.
@inline(never) @_optimize(none)
func keep(_ value: Int) {}

/// Progress on stderr: one rewritten line on a terminal, one line per scenario and size
/// otherwise (logs), so that a long run never looks hung. Results go to stdout.
final class Progress {
  private let enabled: Bool
  private let terminal: Bool
  private let total: Int
  private let started = Measure.now()
  private var index = 0
  private var label = ""
  private var phase = ""

  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
    terminal = isatty(2) != 0
  }

  func begin(_ name: String, size: Int, phase: String) {
    index += 1
    let counter = String(index).leftPadded(to: String(total).count)
    label = "[\(counter)/\(total) \(elapsed)] \(name) at \(Format.count(size)) items"
    self.phase = phase
    if terminal { draw() } else { write(label + "\n") }
  }

  func update(round: Int, of planned: Int) {
    phase = "repeat \(round)" + (round <= planned ? " of \(planned)" : "")
    if terminal { draw() }
  }

  func update(phase: String) {
    self.phase = phase
    if terminal { draw() }
  }

  func finish(_ message: String) {
    if terminal { write("\r\u{1B}[2K") }
    write(message + " (\(elapsed))\n")
  }

  private var elapsed: String {
    let seconds = Int(Double(Measure.now() - started) / 1e9)
    return "\(seconds / 60):" + String(seconds % 60).leftPadded(to: 2, with: "0")
  }

  private func draw() {
    write("\r\u{1B}[2K" + label + ": " + phase)
  }

  private func write(_ text: String) {
    guard enabled else { return }
    FileHandle.standardError.write(Data(text.utf8))
  }
}

import Foundation

/// The comparison as text: the runs, the warnings, one table row per scenario and size, what
/// only one run measured, the baselines' drift, and a summary line.
extension Comparison {
  var text: String {
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    line("old: \(old.label) · \(Self.describe(old.run))")
    line("new: \(new.label) · \(Self.describe(new.run))")
    for warning in warnings { line("warning: " + warning) }
    line(
      "Rule: slower or faster when p < \(Format.significant(rule.alpha)) (two-sided "
        + "Mann–Whitney U test on the repeats) and new ÷ old is beyond "
        + "\(Self.percent(rule.threshold)); memory: beyond \(Self.percent(rule.memoryTolerance)) "
        + "and \(Format.bytes(rule.memoryFloor))"
        + " (see --help).")
    line()
    if results.isEmpty {
      line("No scenario and size is in both runs.")
    } else {
      for row in Self.aligned(table, rightAligned: Self.rightAligned) { line(row) }
    }
    if !onlyInOld.isEmpty {
      line()
      line("Only in old: " + Self.list(onlyInOld))
    }
    if !onlyInNew.isEmpty {
      line()
      line("Only in new: " + Self.list(onlyInNew))
    }
    if let baselines = baselineSummary {
      line()
      line(baselines)
    }
    line()
    line(summary)
    return out
  }

  /// "a (10^4), b (10^3, 10^5)": each scenario once, with its sizes.
  static func list(_ cases: [(scenario: String, size: Int)]) -> String {
    var order: [String] = []
    var sizes: [String: [Int]] = [:]
    for (scenario, size) in cases {
      if sizes[scenario] == nil { order.append(scenario) }
      sizes[scenario, default: []].append(size)
    }
    return order.map { scenario in
      scenario + " (" + (sizes[scenario] ?? []).map(Format.size).joined(separator: ", ") + ")"
    }.joined(separator: ", ")
  }

  /// Date, build mode, toolchain and libc of a run.
  static func describe(_ run: RunReport) -> String {
    [
      run.date, run.optimized ? "release" : "DEBUG", run.machine.swift.map { "Swift " + $0 },
      run.machine.libc, "\(run.machine.architecture), \(run.machine.cores) cores",
      "\(Format.measurements(run.results.count))",
    ].compactMap { $0 }.joined(separator: " · ")
  }

  static let headers = [
    "scenario", "size", "old median", "new median", "new/old", "95 % interval", "p", "verdict",
    "old peak", "new peak", "memory",
  ]
  static let rightAligned: Set<Int> = [1, 2, 3, 4, 5, 6, 8, 9]

  /// The header and one row per result; count columns follow where either run counted.
  var table: [[String]] {
    let shown = counts.indices.filter { index in results.contains { $0.counts[index] != nil } }
    var rows = [Self.headers + shown.map { counts[$0].name }]
    for result in results {
      let time = result.time
      let ratio: String = time.ratio.map(Format.ratio) ?? "–"
      let interval: String =
        time.interval.map { Format.ratio($0.lowerBound) + "–" + Format.ratio($0.upperBound) } ?? "–"
      let p: String = time.test.map { Self.pValue($0.p) } ?? "–"
      // The verdict a result is not judged on is in parentheses.
      let timeVerdict = time.verdict.rawValue
      let memoryVerdict = result.memory.rawValue
      var row: [String] = [result.scenario, Format.size(result.size)]
      row += [Format.duration(time.oldMedian), Format.duration(time.newMedian), ratio, interval, p]
      row.append(result.metric == .time ? timeVerdict : "(" + timeVerdict + ")")
      row += [Format.bytes(result.oldPeak), Format.bytes(result.newPeak)]
      row.append(result.metric == .memory ? memoryVerdict : "(" + memoryVerdict + ")")
      row += shown.map { result.counts[$0] ?? "–" }
      rows.append(row)
    }
    return rows
  }

  /// 0.05 as "5 %", 0.025 as "2.5 %".
  static func percent(_ share: Double) -> String {
    String(format: "%g %%", share * 100)
  }

  /// "0.31", "0.0042", "<0.0001".
  static func pValue(_ p: Double) -> String {
    if p < 0.0001 { return "<0.0001" }
    return String(format: p < 0.01 ? "%.4f" : "%.2f", p)
  }

  /// How the baselines, the same code in both runs, moved: a measure of the machine.
  var baselineSummary: String? {
    let times = results.flatMap { $0.baselines.map(\.time) }
    let ratios = times.compactMap(\.ratio)
    guard !ratios.isEmpty, let low = ratios.min(), let high = ratios.max() else { return nil }
    let slower = times.count { $0.verdict == .slower }
    let faster = times.count { $0.verdict == .faster }
    let judged = times.count { [.slower, .faster, .withinNoise].contains($0.verdict) }
    var text =
      "Baselines (standard-library code, the same in both runs): new ÷ old from "
      + "\(Format.ratio(low)) to \(Format.ratio(high)), median "
      + "\(Format.ratio(Measure.median(ratios))), over \(ratios.count); "
    guard judged > 0 else {
      return text + "no verdicts (too few repeats or no repeat times)."
    }
    text += "\(slower) slower and \(faster) faster beyond noise, of \(judged) judged."
    if slower + faster > 0 && (slower + faster) * 10 >= judged {
      text +=
        "\nwarning: the baselines moved too: something besides the code changed between the "
        + "runs (the machine's load, most often), which the test on each run's repeats cannot "
        + "see; take slower and faster with care (Benchmarks/README.md: comparing on a busy "
        + "machine)."
    }
    return text
  }

  /// "28 compared: 1 slower, 0 faster, 27 within noise; memory scenarios: 0 bigger, 0
  /// smaller, 2 same."
  /// Each result counts under its own metric (time, or memory for memory scenarios).
  var summary: String {
    let timed = results.filter { $0.metric == .time }
    let weighed = results.filter { $0.metric == .memory }
    var parts: [String] = []
    for verdict in [TimeVerdict.slower, .faster, .withinNoise, .tooFewRepeats, .mediansOnly] {
      let count = timed.count { $0.time.verdict == verdict }
      if count > 0 || [.slower, .faster, .withinNoise].contains(verdict) {
        parts.append("\(count) \(verdict.rawValue)")
      }
    }
    var text = "\(results.count) compared: " + parts.joined(separator: ", ")
    if !weighed.isEmpty {
      let counts = [MemoryVerdict.bigger, .smaller, .same].map { verdict in
        "\(weighed.count { $0.memory == verdict }) \(verdict.rawValue)"
      }
      text += "; memory scenarios: " + counts.joined(separator: ", ")
    }
    return text + "."
  }

  /// Rows of cells padded into columns, trailing spaces dropped.
  static func aligned(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
    var widths: [Int] = []
    for row in rows {
      for (column, cell) in row.enumerated() {
        if column < widths.count {
          widths[column] = max(widths[column], cell.count)
        } else {
          widths.append(cell.count)
        }
      }
    }
    return rows.map { row in
      var text = " "
      for (column, cell) in row.enumerated() {
        text += " "
        text +=
          rightAligned.contains(column)
          ? cell.leftPadded(to: widths[column]) : cell.rightPadded(to: widths[column])
      }
      return String(text.reversed().drop(while: { $0 == " " }).reversed())
    }
  }
}

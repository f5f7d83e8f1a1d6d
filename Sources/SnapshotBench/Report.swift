import Foundation

/// Turns results into the tables, the scaling check and the notes, as plain text (stdout) or
/// Markdown (RESULTS.md).
struct Report {
  var run: RunReport

  // MARK: Rows

  /// One printed line of the main table.
  struct Row {
    var cells: [String]
    /// A continuation line (another baseline of the row above).
    var continuation: Bool
  }

  static let headers = [
    "scenario", "size", "median", "min", "per item", "peak mem", "mem/item", "baseline",
    "baseline value", "ratio",
  ]
  /// Columns aligned right (numbers).
  static let rightAligned: Set<Int> = [1, 2, 3, 4, 5, 6, 8, 9]

  static func rows(_ result: ScenarioResult) -> [Row] {
    let measurement = result.measurement
    let ours = [
      result.scenario, Format.count(result.size), Format.duration(measurement.median),
      Format.duration(measurement.minimum), Format.nanoseconds(result.nanosecondsPerItem),
      Format.bytes(measurement.peakBytes), Format.bytesPerItem(result.bytesPerItem),
    ]
    let blank = [String](repeating: "", count: ours.count)
    guard !result.baselines.isEmpty else {
      return [Row(cells: ours + ["–", "", ""], continuation: false)]
    }
    return result.baselines.enumerated().map { index, baseline in
      var cells = index == 0 ? ours : blank
      cells.append(baseline.name)
      if let theirs = baseline.measurement {
        cells.append(
          result.metric == .memory
            ? Format.bytes(theirs.peakBytes) : Format.duration(theirs.median))
        cells.append(baseline.ratio.map(Format.ratio) ?? "–")
      } else {
        cells += ["skipped", "–"]
      }
      return Row(cells: cells, continuation: index > 0)
    }
  }

  /// Results grouped under their headings, in run order.
  var groups: [(heading: String, results: [ScenarioResult])] {
    var groups: [(heading: String, results: [ScenarioResult])] = []
    for result in run.results {
      if let last = groups.indices.last, groups[last].heading == result.group {
        groups[last].results.append(result)
      } else {
        groups.append((result.group, [result]))
      }
    }
    return groups
  }

  /// The inputs of a group, each distinct description once, with the sizes it applies to
  /// when not all.
  static func inputs(_ results: [ScenarioResult]) -> String {
    let allSizes = Set(results.map(\.size))
    var order: [String] = []
    var sizes: [String: [Int]] = [:]
    for result in results {
      if sizes[result.detail] == nil { order.append(result.detail) }
      if !(sizes[result.detail]?.contains(result.size) ?? false) {
        sizes[result.detail, default: []].append(result.size)
      }
    }
    return order.map { detail in
      let these = sizes[detail]!
      return Set(these) == allSizes
        ? detail : these.map(Format.size).joined(separator: ", ") + ": " + detail
    }.joined(separator: " · ")
  }

  // MARK: Scaling

  /// The sizes of the scaling table: powers of ten when the run has two or more of them.
  var scalingSizes: [Int] {
    let sizes = Set(run.results.filter(\.scales).map(\.size)).sorted()
    let decades = sizes.filter { Format.size($0).hasPrefix("10^") }
    return decades.count >= 2 ? decades : sizes
  }

  struct ScalingLine {
    var scenario: String
    var perItem: [Int: Double]
    var baselineName: String?
    var baselinePerItem: [Int: Double]
    var ratios: [Int: Double]
  }

  var scalingLines: [ScalingLine] {
    var lines: [ScalingLine] = []
    for result in run.results where result.scales {
      let index: Int
      if let found = lines.firstIndex(where: { $0.scenario == result.scenario }) {
        index = found
      } else {
        lines.append(
          ScalingLine(
            scenario: result.scenario, perItem: [:],
            baselineName: result.baselines.first?.name, baselinePerItem: [:], ratios: [:]))
        index = lines.count - 1
      }
      lines[index].perItem[result.size] = result.nanosecondsPerItem
      if let baseline = result.baselines.first, let theirs = baseline.measurement {
        lines[index].baselinePerItem[result.size] =
          theirs.median / Double(max(result.items, 1)) * 1e9
        lines[index].ratios[result.size] = baseline.ratio
      }
    }
    return lines.filter { $0.perItem.count >= 2 }
  }

  /// Growth of time per item from 10^4 to 10^6 items above which a scenario is flagged.
  static let growthLimit = 2.0

  /// Printed under the flags.
  static let flagAdvice =
    "Growth its baseline shares comes from the memory hierarchy (a 10^6-item table does not "
    + "fit in the CPU caches), not the algorithm; where the ratio holds, the scenario scales "
    + "like the standard library. Growth beyond the baseline's is worth a look."

  /// Growth from 10^4 to 10^6 items, when both were measured.
  static func growth(_ values: [Int: Double]) -> Double? {
    guard let small = values[10_000], let large = values[1_000_000], small > 0 else {
      return nil
    }
    return large / small
  }

  /// A line for every scenario whose time per item grows more than 2x from 10^4 to 10^6.
  static func flags(_ lines: [ScalingLine]) -> [String] {
    lines.compactMap { line -> String? in
      guard let growth = growth(line.perItem), growth > growthLimit else { return nil }
      var text =
        "FLAG \(line.scenario): time per item grows \(String(format: "%.1f", growth))x "
        + "from 10^4 to 10^6 items (limit \(Int(growthLimit))x)"
      if let name = line.baselineName, let theirs = Self.growth(line.baselinePerItem) {
        text += "; baseline (\(name)) \(String(format: "%.1f", theirs))x"
        if let small = line.ratios[10_000], let large = line.ratios[1_000_000] {
          text += "; ratio \(Format.ratio(small)) → \(Format.ratio(large))"
        }
      }
      return text
    }
  }

  // MARK: Notes

  /// Ratios under 1 with their explanation, skipped baselines, failed checks.
  static func notes(_ results: [ScenarioResult]) -> [String] {
    var notes: [String] = []
    // Under 1: one note per baseline and explanation, listing the scenarios and sizes.
    var order: [String] = []
    var faster: [String: (baseline: String, text: String, cases: [(String, [Int])])] = [:]
    for result in results {
      for baseline in result.baselines {
        guard let ratio = baseline.ratio, ratio < 1 else { continue }
        let key = baseline.name + "\u{0}" + baseline.whenFaster
        if faster[key] == nil {
          order.append(key)
          faster[key] = (baseline.name, baseline.whenFaster, [])
        }
        if let last = faster[key]!.cases.indices.last,
          faster[key]!.cases[last].0 == result.scenario
        {
          faster[key]!.cases[last].1.append(result.size)
        } else {
          faster[key]!.cases.append((result.scenario, [result.size]))
        }
      }
    }
    for key in order {
      let entry = faster[key]!
      let cases = entry.cases.map { scenario, sizes in
        "\(scenario) (\(sizes.map(Format.size).joined(separator: ", ")))"
      }
      notes.append(
        "Under 1 against \(entry.baseline): \(cases.joined(separator: ", ")). Why: "
          + entry.text + ".")
    }
    for result in results {
      for baseline in result.baselines {
        if let skipped = baseline.skipped {
          notes.append(
            "\(result.scenario) at \(Format.size(result.size)): \(baseline.name) \(skipped).")
        }
      }
    }
    for result in results {
      if let failure = result.failure {
        notes.append("CHECK FAILED: \(result.scenario) at \(Format.size(result.size)): \(failure)")
      }
    }
    return notes
  }

  // MARK: Text

  var text: String {
    var out = ""
    func line(_ text: String = "") { out += text + "\n" }
    line(
      "Snapshot benchmarks · \(run.date) · \(run.optimized ? "release" : "DEBUG (slow!)") build"
        + " · \(run.machine.description)")
    line(
      "median and min: time of one run over repeated runs; per item: median ÷ items; "
        + "peak mem: growth of resident memory during the first run.")
    line(
      "Each baseline runs in the same repeats, alternating with the scenario. "
        + "ratio = scenario ÷ baseline (memory scenarios: peak memory; the rest: median time);"
    )
    line("under 1 means faster (or smaller) than the baseline; 1/N means N times faster.")
    let allRows = run.results.flatMap(Self.rows)
    var widths = Self.headers.map(\.count)
    for row in allRows {
      for (column, cell) in row.cells.enumerated() {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func format(_ cells: [String]) -> String {
      var text = " "
      for (column, cell) in cells.enumerated() {
        text += " "
        text +=
          Self.rightAligned.contains(column)
          ? cell.leftPadded(to: widths[column]) : cell.rightPadded(to: widths[column])
      }
      return String(text.reversed().drop(while: { $0 == " " }).reversed())
    }
    for group in groups {
      line()
      line(group.heading)
      line("  inputs: " + Self.inputs(group.results))
      line(format(Self.headers))
      for row in group.results.flatMap(Self.rows) { line(format(row.cells)) }
    }
    out += countsText
    let lines = scalingLines
    if !lines.isEmpty {
      line()
      line("Time per item by size (a flat row is linear time)")
      let sizes = scalingSizes
      let headers =
        ["scenario"] + sizes.map(Format.size) + ["10^4→10^6", "baseline 10^4→10^6"]
      var table = [headers]
      for scaling in lines {
        var row = [scaling.scenario]
        for size in sizes { row.append(scaling.perItem[size].map(Format.nanoseconds) ?? "–") }
        row.append(Self.growthText(scaling.perItem))
        row.append(Self.growthText(scaling.baselinePerItem))
        table.append(row)
      }
      var widths = headers.map(\.count)
      for row in table {
        for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
      }
      for row in table {
        var text = " "
        for (column, cell) in row.enumerated() {
          text +=
            " "
            + (column == 0 ? cell.rightPadded(to: widths[0]) : cell.leftPadded(to: widths[column]))
        }
        line(text)
      }
      let flags = run.scalingFlags
      line()
      if flags.isEmpty {
        line(
          lines.allSatisfy({ Self.growth($0.perItem) == nil })
            ? "Growth check: needs sizes 10^4 and 10^6."
            : "Growth check: no scenario's time per item grows more than 2x from 10^4 to 10^6.")
      } else {
        for flag in flags { line(flag) }
        line(Self.flagAdvice)
      }
    }
    if !run.notes.isEmpty {
      line()
      line("Notes")
      for note in run.notes { line("- " + note) }
    }
    line()
    let failures = run.results.filter { $0.failure != nil }.count
    line(
      "\(Format.measurements(run.results.count)) in \(Self.minutes(run.wallSeconds)); "
        + (failures == 0
          ? "every result passed its check (batch shape, fewest moves, paths agree)."
          : "\(failures) failed their check (see the notes)."))
    return out
  }

  /// "3.92x", or "–" without both sizes.
  static func growthText(_ values: [Int: Double], sign: String = "x") -> String {
    guard let growth = growth(values) else { return "–" }
    return String(format: "%.2f", growth) + sign
  }

  static func minutes(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
  }
}

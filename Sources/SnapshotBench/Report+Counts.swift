/// The counts table: allocations and instructions retired of one extra, untimed run of each
/// operation (the scenario's and its baselines'), "–" where not counted.
extension Report {
  static let countHeaders = [
    "scenario", "size", "operation", "allocations", "allocated", "instructions", "instr/item",
  ]
  /// Columns aligned right (numbers).
  static let countRightAligned: Set<Int> = [1, 3, 4, 5, 6]

  static let countExplanation =
    "allocations: calls to malloc and its relatives (realloc included) during one extra, "
    + "untimed run of the operation, and the bytes they asked for; instructions: user-space "
    + "instructions retired in that run. Neither depends on machine load."

  /// One row per operation: the scenario's, then each baseline's that ran.
  static func countRows(_ result: ScenarioResult) -> [[String]] {
    let measured = [result.measurement] + result.baselines.compactMap(\.measurement)
    return measured.enumerated().map { index, measurement in
      let dash = "–"
      return [
        index == 0 ? result.scenario : "", index == 0 ? Format.count(result.size) : "",
        measurement.name,
        measurement.allocations.map(Format.count) ?? dash,
        measurement.allocatedBytes.map(Format.bytes) ?? dash,
        measurement.instructions.map(Format.count) ?? dash,
        measurement.instructions.map { perItem(Double($0) / Double(max(result.items, 1))) }
          ?? dash,
      ]
    }
  }

  /// 3 significant digits, grouped from 1,000 up.
  static func perItem(_ value: Double) -> String {
    value < 1_000 ? Format.significant(value) : Format.count(Int(value.rounded()))
  }

  /// The counts table as text, preceded by a blank line and its heading.
  var countsText: String {
    guard !run.results.isEmpty else { return "" }
    let table = [Self.countHeaders] + run.results.flatMap(Self.countRows)
    var widths = Self.countHeaders.map { _ in 0 }
    for row in table {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    var out = "\nAllocations and instructions per run (counted, not timed)\n"
    out += "  " + Self.countExplanation + "\n"
    for row in table {
      var text = " "
      for (column, cell) in row.enumerated() {
        text +=
          " "
          + (Self.countRightAligned.contains(column)
            ? cell.leftPadded(to: widths[column]) : cell.rightPadded(to: widths[column]))
      }
      out += String(text.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
    }
    return out
  }

  /// The counts table in Markdown, preceded by its heading; empty for runs recorded before
  /// anything was counted.
  var countsMarkdown: String {
    let measurements = run.results.flatMap {
      [$0.measurement] + $0.baselines.compactMap(\.measurement)
    }
    guard measurements.contains(where: { $0.allocations != nil || $0.instructions != nil })
    else { return "" }
    var out = "\n## Allocations and instructions per run\n\n" + Self.countExplanation + "\n\n"
    out += "| " + Self.countHeaders.joined(separator: " | ") + " |\n|"
    out +=
      Self.countHeaders.indices.map { Self.countRightAligned.contains($0) ? "--:|" : "---|" }
      .joined() + "\n"
    for row in run.results.flatMap(Self.countRows) {
      let cells = row.enumerated().map { column, cell in
        column == 0 && !cell.isEmpty ? "`\(cell)`" : cell
      }
      out += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return out
  }
}

import Foundation

/// An SVG chart of time per item against list size, log–log, one line per charted scenario,
/// drawn by hand (no dependency).
struct Chart {
  var report: Report

  static let width = 1060.0
  static let height = 600.0
  /// Plot area.
  static let left = 92.0
  static let right = 640.0
  static let top = 78.0
  static let bottom = 520.0
  /// Okabe–Ito colours (distinguishable with colour-blindness), yellow left out (too light).
  static let colors = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#7F7F7F",
  ]

  struct Series {
    var name: String
    var points: [(size: Int, nanoseconds: Double)]
    var growth: Double?
  }

  var series: [Series] {
    let sizes = Set(report.scalingSizes)
    let charted = Set(report.run.results.filter(\.charted).map(\.scenario))
    var series: [Series] = []
    for line in report.scalingLines where charted.contains(line.scenario) {
      let points = line.perItem.filter { sizes.contains($0.key) && $0.value > 0 }
        .sorted { $0.key < $1.key }.map { (size: $0.key, nanoseconds: $0.value) }
      guard points.count >= 2 else { continue }
      series.append(
        Series(name: line.scenario, points: points, growth: Report.growth(line.perItem)))
    }
    // Legend order: slowest per item at the largest size first, as the lines stack.
    return series.sorted { ($0.points.last?.nanoseconds ?? 0) > ($1.points.last?.nanoseconds ?? 0) }
  }

  var svg: String {
    let series = self.series
    let allPoints = series.flatMap(\.points)
    let sizes = allPoints.map { log10(Double($0.size)) }
    let times = allPoints.map { log10($0.nanoseconds) }
    let xMin = (sizes.min() ?? 3) - 0.12
    let xMax = (sizes.max() ?? 6) + 0.12
    // The y range: from the 1-2-5 step below the fastest point to the one above the slowest.
    let yMin = log10(Self.step(below: pow(10, (times.min() ?? 0) - 0.04)))
    let yMax = max(log10(Self.step(above: pow(10, (times.max() ?? 1) + 0.04))), yMin + 1)
    func x(_ size: Double) -> Double {
      Self.left + (log10(size) - xMin) / (xMax - xMin) * (Self.right - Self.left)
    }
    func y(_ nanoseconds: Double) -> Double {
      Self.bottom - (log10(nanoseconds) - yMin) / (yMax - yMin) * (Self.bottom - Self.top)
    }
    var out = ""
    func add(_ text: String) { out += text + "\n" }
    add(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" "
        + "height=\"\(Int(Self.height))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" "
        + "font-family=\"Helvetica, Arial, sans-serif\">")
    add("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
    add(
      "<text x=\"\(Self.left)\" y=\"32\" font-size=\"21\" font-weight=\"bold\" fill=\"#111\">"
        + "Time per item against list size</text>")
    add(
      "<text x=\"\(Self.left)\" y=\"55\" font-size=\"13\" fill=\"#555\">"
        + Self.escape(
          "median of repeated runs, log–log scales; a flat line is linear time · "
            + "\(report.run.date.prefix(10)), \(report.run.machine.cores) cores")
        + "</text>")
    // Plot frame and grid.
    add(
      "<rect x=\"\(Self.left)\" y=\"\(Self.top)\" width=\"\(Self.right - Self.left)\" "
        + "height=\"\(Self.bottom - Self.top)\" fill=\"#fafafa\" stroke=\"#999\"/>")
    var decade = yMin.rounded(.down)
    while decade <= yMax + 1e-9 {
      for step in [1.0, 2.0, 5.0] {
        let value = pow(10, decade) * step
        guard log10(value) >= yMin - 1e-9, log10(value) <= yMax + 1e-9 else { continue }
        let yy = Self.fixed(y(value))
        let major = step == 1
        add(
          "<line x1=\"\(Self.left)\" y1=\"\(yy)\" x2=\"\(Self.right)\" y2=\"\(yy)\" "
            + "stroke=\"\(major ? "#c8c8c8" : "#e6e6e6")\" stroke-width=\"1\"/>")
        add(
          "<text x=\"\(Self.left - 8)\" y=\"\(Self.fixed(y(value) + 4))\" font-size=\""
            + "\(major ? 13 : 11)\" fill=\"\(major ? "#333" : "#777")\" text-anchor=\"end\">"
            + Self.escape(Self.timeLabel(value)) + "</text>")
      }
      decade += 1
    }
    var sizeDecade = xMin.rounded(.up)
    while sizeDecade <= xMax {
      let value = pow(10, sizeDecade)
      let xx = Self.fixed(x(value))
      add(
        "<line x1=\"\(xx)\" y1=\"\(Self.top)\" x2=\"\(xx)\" y2=\"\(Self.bottom)\" "
          + "stroke=\"#c8c8c8\" stroke-width=\"1\"/>")
      add(
        "<text x=\"\(xx)\" y=\"\(Self.bottom + 20)\" font-size=\"13\" fill=\"#333\" "
          + "text-anchor=\"middle\">\(Format.count(Int(value.rounded())))</text>")
      sizeDecade += 1
    }
    add(
      "<text x=\"\(Self.fixed((Self.left + Self.right) / 2))\" y=\"\(Self.bottom + 48)\" "
        + "font-size=\"14\" fill=\"#111\" text-anchor=\"middle\">"
        + "list size (items, log scale)</text>")
    let middle = Self.fixed((Self.top + Self.bottom) / 2)
    add(
      "<text x=\"24\" y=\"\(middle)\" font-size=\"14\" fill=\"#111\" text-anchor=\"middle\" "
        + "transform=\"rotate(-90 24 \(middle))\">time per item (median ÷ items, log scale)"
        + "</text>")
    // Lines.
    for (index, line) in series.enumerated() {
      let color = Self.colors[index % Self.colors.count]
      let dash = index % 2 == 1 ? " stroke-dasharray=\"7 4\"" : ""
      let path = line.points.map {
        "\(Self.fixed(x(Double($0.size)))),\(Self.fixed(y($0.nanoseconds)))"
      }
      .joined(separator: " ")
      add(
        "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2.5\""
          + "\(dash) stroke-linejoin=\"round\"/>")
      for point in line.points {
        add(
          "<circle cx=\"\(Self.fixed(x(Double(point.size))))\" "
            + "cy=\"\(Self.fixed(y(point.nanoseconds)))\" r=\"4\" fill=\"\(color)\"/>")
      }
    }
    // Legend.
    let legendX = Self.right + 24
    add(
      "<text x=\"\(legendX)\" y=\"\(Self.top + 4)\" font-size=\"13\" font-weight=\"bold\" "
        + "fill=\"#111\">scenario (per item at the largest size)</text>")
    for (index, line) in series.enumerated() {
      let color = Self.colors[index % Self.colors.count]
      let dash = index % 2 == 1 ? " stroke-dasharray=\"7 4\"" : ""
      let top = Self.top + 26 + Double(index) * 44
      add(
        "<line x1=\"\(legendX)\" y1=\"\(top)\" x2=\"\(legendX + 30)\" y2=\"\(top)\" "
          + "stroke=\"\(color)\" stroke-width=\"2.5\"\(dash)/>")
      add("<circle cx=\"\(legendX + 15)\" cy=\"\(top)\" r=\"4\" fill=\"\(color)\"/>")
      add(
        "<text x=\"\(legendX + 40)\" y=\"\(top + 5)\" font-size=\"14\" fill=\"#111\" "
          + "font-family=\"Menlo, Consolas, monospace\">\(Self.escape(line.name))</text>")
      var detail = ""
      if let last = line.points.last {
        detail = "\(Format.nanoseconds(last.nanoseconds)) at \(Self.sizeLabel(last.size))"
      }
      var flagged = false
      if let growth = line.growth {
        detail += String(format: " · %.1f× from 10⁴ to 10⁶", growth)
        flagged = growth > Report.growthLimit
      }
      add(
        "<text x=\"\(legendX + 40)\" y=\"\(top + 22)\" font-size=\"12\" "
          + "fill=\"\(flagged ? "#B00020" : "#666")\">\(Self.escape(detail))"
          + (flagged ? " (flagged)" : "") + "</text>")
    }
    if series.contains(where: { ($0.growth ?? 0) > Report.growthLimit }) {
      let top = Self.top + 26 + Double(series.count) * 44 + 4
      add(
        "<text x=\"\(legendX)\" y=\"\(top)\" font-size=\"12\" fill=\"#B00020\">"
          + "flagged: time per item grows more than 2× from 10⁴ to 10⁶</text>")
      add(
        "<text x=\"\(legendX)\" y=\"\(top + 17)\" font-size=\"12\" fill=\"#666\">"
          + "(compare its baseline's growth in RESULTS.md)</text>")
    }
    if series.isEmpty {
      add(
        "<text x=\"\(Self.fixed((Self.left + Self.right) / 2))\" y=\"\(middle)\" "
          + "font-size=\"15\" fill=\"#555\" text-anchor=\"middle\">"
          + "no charted scenario ran at two or more sizes</text>")
    }
    add("</svg>")
    return out
  }

  /// The largest of 1, 2, 5 × 10^k not above `value`.
  static func step(below value: Double) -> Double {
    let decade = pow(10, log10(value).rounded(.down))
    return [5.0, 2.0, 1.0].map { $0 * decade }.first { $0 <= value * (1 + 1e-9) } ?? decade
  }

  /// The smallest of 1, 2, 5 × 10^k not below `value`.
  static func step(above value: Double) -> Double {
    let decade = pow(10, log10(value).rounded(.down))
    return [1.0, 2.0, 5.0, 10.0].map { $0 * decade }.first { $0 >= value * (1 - 1e-9) }
      ?? decade * 10
  }

  /// "10⁶" for powers of ten, else "5,000".
  static func sizeLabel(_ size: Int) -> String {
    let text = Format.size(size)
    guard text.hasPrefix("10^") else { return text }
    let superscripts: [Character: Character] = [
      "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸",
      "9": "⁹",
    ]
    return "10" + String(text.dropFirst(3).map { superscripts[$0] ?? $0 })
  }

  static func timeLabel(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1: String(format: "%g ns", nanoseconds)
    case ..<1_000: "\(Int(nanoseconds.rounded())) ns"
    case ..<1_000_000: "\(Int((nanoseconds / 1_000).rounded())) µs"
    default: "\(Int((nanoseconds / 1_000_000).rounded())) ms"
    }
  }

  static func fixed(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}

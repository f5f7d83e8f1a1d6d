import Foundation

/// Number formatting for the tables.
enum Format {
  /// 1,000,000.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// A duration with a unit that keeps 3 significant digits: "812 ns", "4.21 µs",
  /// "63.0 ms", "4.08 s".
  static func duration(_ seconds: Double) -> String {
    let (value, unit): (Double, String) =
      switch seconds {
      case ..<1e-6: (seconds * 1e9, "ns")
      case ..<1e-3: (seconds * 1e6, "µs")
      case ..<1: (seconds * 1e3, "ms")
      default: (seconds, "s")
      }
    return significant(value) + " " + unit
  }

  /// Nanoseconds per item, 3 significant digits: "41.3 ns".
  static func nanoseconds(_ value: Double) -> String {
    significant(value) + " ns"
  }

  /// Bytes with a binary unit: "56.1 MiB".
  static func bytes(_ value: Int) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var scaled = Double(value)
    var unit = 0
    while scaled >= 1024 && unit < units.count - 1 {
      scaled /= 1024
      unit += 1
    }
    return unit == 0 ? "\(value) B" : significant(scaled) + " " + units[unit]
  }

  /// "57.4 B" per item, one decimal.
  static func bytesPerItem(_ value: Double) -> String {
    String(format: "%.1f B", value)
  }

  /// Scenario ÷ baseline: "1.17", "0.45"; under 0.1 as a fraction ("1/597") so that large
  /// speed-ups read at a glance.
  static func ratio(_ value: Double) -> String {
    if value <= 0 || !value.isFinite { return "–" }
    if value < 0.1 { return "1/" + String(Int((1 / value).rounded())) }
    return String(format: "%.2f", value)
  }

  /// 3 significant digits, no exponent.
  static func significant(_ value: Double) -> String {
    switch abs(value) {
    case 100...: String(format: "%.0f", value)
    case 10...: String(format: "%.1f", value)
    default: String(format: "%.2f", value)
    }
  }

  /// "1 measurement", "74 measurements".
  static func measurements(_ count: Int) -> String {
    "\(count) measurement" + (count == 1 ? "" : "s")
  }

  /// A size as a power of ten where it is one: "10^6", else "5,000".
  static func size(_ value: Int) -> String {
    var power = 0
    var rest = value
    while rest >= 10 && rest % 10 == 0 {
      rest /= 10
      power += 1
    }
    return rest == 1 && power >= 3 ? "10^\(power)" : count(value)
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = " ") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }

  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

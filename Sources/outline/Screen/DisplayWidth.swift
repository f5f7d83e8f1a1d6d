/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and
/// emoji, 0 for combining marks and controls, 1 otherwise (an approximation of `wcwidth` that
/// needs no locale).
enum DisplayWidth {
  /// The columns one scalar takes. O(1).
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value)
      || (0x3041...0x33FF).contains(value) || (0x3400...0x4DBF).contains(value)
      || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value)
      || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
    {
      return 2
    }
    return 1
  }

  /// The columns `text` takes. O(text).
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  /// `text` cut to at most `width` columns, ending in "…" when cut; control characters are
  /// shown as "?" so that a name can never move the terminal's cursor. O(text).
  static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var out = String.UnicodeScalarView()
    var used = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      let shown: Unicode.Scalar =
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? "?" : scalar
      let columns = of(shown)
      if used + columns > width - 1 {
        // Room for this one only if nothing follows.
        var rest = scalars
        if used + columns <= width && rest.next() == nil {
          out.append(shown)
          used += columns
        } else {
          out.append("…")
        }
        return String(out)
      }
      out.append(shown)
      used += columns
    }
    return String(out)
  }
}

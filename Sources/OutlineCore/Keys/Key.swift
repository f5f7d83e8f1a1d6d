/// A key the user pressed.
///
/// The keys a terminal can deliver, as ``KeyDecoder`` turns its bytes into them. Modifiers are
/// not kept apart from the arrows and the editing keys (Ctrl-Up is ``up``); Ctrl with a letter
/// is ``control(_:)``, except for the letters whose control byte is a key of its own: Ctrl-H
/// (0x08) is ``backspace``, Ctrl-I (0x09) ``tab``, Ctrl-J (0x0A) and Ctrl-M (0x0D) ``enter``.
public enum Key: Hashable, Sendable {
  case up, down, left, right, enter, escape, backspace, tab, pageUp, pageDown, home, end, delete
  /// A printable character (ASCII or any other Unicode scalar, space included).
  case character(Character)
  /// Ctrl with a letter, lowercase: `.control("c")` is Ctrl-C (byte 0x03).
  case control(Character)
}

extension Key {
  /// The keys that have a name of their own, with that name, in declaration order.
  ///
  /// - Complexity: O(1); the table is fixed.
  public static let namedKeys: [(key: Key, name: String)] = [
    (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"), (.enter, "enter"),
    (.escape, "escape"), (.backspace, "backspace"), (.tab, "tab"), (.pageUp, "pageup"),
    (.pageDown, "pagedown"), (.home, "home"), (.end, "end"), (.delete, "delete"),
  ]

  /// Reads a script key name (one per line in `--script` files).
  ///
  /// The names are `up` `down` `left` `right` `enter` `escape` `backspace` `tab` `pageup`
  /// `pagedown` `home` `end` `delete`, `space` for a space, `hash` for `#` (a script line
  /// starting with `#` is a comment), `ctrl-<letter>` with a lowercase
  /// ASCII letter, and any single character (`j`, `J`, `é`, `?`) for ``character(_:)``. Names
  /// are case-sensitive. A control name gives the key a terminal would deliver for it, so
  /// `ctrl-h` is ``backspace``, `ctrl-i` ``tab``, `ctrl-j` and `ctrl-m` ``enter``. A single
  /// character that is a control character (a tab, a DEL, a C1 control) is not a name.
  ///
  /// Returns nil for anything else (`""`, `"upp"`, `"ctrl-"`, `"ctrl-C"`, `"ab"`).
  ///
  /// - Complexity: O(n) in the length of `name`.
  public init?(name: String) {
    if let named = Key.namedKeys.first(where: { $0.name == name }) {
      self = named.key
      return
    }
    if name == "space" {
      self = .character(" ")
      return
    }
    if name == "hash" {
      self = .character("#")
      return
    }
    let controlPrefix = "ctrl-"
    if name.hasPrefix(controlPrefix) {
      let letter = name.utf8.dropFirst(controlPrefix.utf8.count)
      guard letter.count == 1, let byte = letter.first, (0x61...0x7A).contains(byte),
        let key = Key.controlByte(byte - 0x60)
      else { return nil }
      self = key
      return
    }
    guard name.count == 1, let character = name.first, Key.isPrintable(character) else {
      return nil
    }
    self = .character(character)
  }

  /// The script name of the key: the inverse of ``init(name:)``, with a space as `space` and
  /// `#` as `hash`, so that a script line of the name reads back as the key.
  ///
  /// `Key(name: key.name) == key` holds for every key ``KeyDecoder`` delivers. Keys it never
  /// delivers name themselves the same way but may not read back: `.control("m")` is
  /// `ctrl-m`, which reads back as ``enter``; `.character("\t")` is a tab, which is no name.
  ///
  /// - Complexity: O(1).
  public var name: String {
    switch self {
    case .character(" "): return "space"
    case .character("#"): return "hash"
    case .character(let character): return String(character)
    case .control(let letter): return "ctrl-" + String(letter)
    default: return Key.namedKeys.first(where: { $0.key == self })?.name ?? ""
    }
  }

  /// The key for a C0 control byte (0x00–0x1F) as a terminal sends it, or nil when it is no key.
  ///
  /// 0x08 is ``backspace``, 0x09 ``tab``, 0x0A and 0x0D ``enter``, 0x1B ``escape``, other bytes
  /// in 0x01–0x1A ``control(_:)`` with their lowercase letter; 0x00 and 0x1C–0x1F (Ctrl-@,
  /// Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_) are no keys.
  ///
  /// - Complexity: O(1).
  public static func controlByte(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x08: return .backspace
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x1B: return .escape
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
    default: return nil
    }
  }

  /// Whether a character may be a ``character(_:)`` key: it has no C0 control, DEL or C1
  /// control scalar in it.
  ///
  /// - Complexity: O(s) in the number of scalars of the character.
  public static func isPrintable(_ character: Character) -> Bool {
    !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }
}

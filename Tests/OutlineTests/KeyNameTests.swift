import OutlineCore
import Testing

@testable import outline

/// Script key names: `Key(name:)` and `Key.name`.
@Suite struct KeyNameTests {
  /// Every key with a name of its own, with that name.
  static let named: [(Key, String)] = [
    (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"), (.enter, "enter"),
    (.escape, "escape"), (.backspace, "backspace"), (.tab, "tab"), (.pageUp, "pageup"),
    (.pageDown, "pagedown"), (.home, "home"), (.end, "end"), (.delete, "delete"),
  ]

  @Test func namedKeysReadAndNameThemselves() {
    for (key, name) in Self.named {
      #expect(Key(name: name) == key, "\(name)")
      #expect(key.name == name, "\(key)")
    }
  }

  @Test(arguments: ["j", "J", "é", "e\u{301}", "?", "~", "0", "中", "😀", "-", "["])
  func singleCharactersRoundTrip(text: String) throws {
    guard text.count == 1, let character = text.first else {
      #expect(Key(name: text) == nil)
      return
    }
    let key = try #require(Key(name: text))
    #expect(key == .character(character))
    #expect(key.name == text)
  }

  @Test func spaceIsNamedSpace() {
    #expect(Key(name: "space") == .character(" "))
    #expect(Key.character(" ").name == "space")
    #expect(Key(name: " ") == .character(" "))
  }

  @Test func controlLettersRoundTrip() throws {
    for letter in "abcdefgklnopqrstuvwxyz" {
      let key = try #require(Key(name: "ctrl-\(letter)"))
      #expect(key == .control(letter))
      #expect(key.name == "ctrl-\(letter)")
      #expect(Key(name: key.name) == key)
    }
  }

  @Test func controlLettersWithKeysOfTheirOwnAreThoseKeys() {
    #expect(Key(name: "ctrl-h") == .backspace)
    #expect(Key(name: "ctrl-i") == .tab)
    #expect(Key(name: "ctrl-j") == .enter)
    #expect(Key(name: "ctrl-m") == .enter)
    #expect(Key.control("m").name == "ctrl-m")
  }

  @Test(arguments: [
    "", "upp", "Up", "UP", "ctrl-", "ctrl-C", "ctrl-cc", "ctrl-1", "ctrl-é", "ctrl--", "ab",
    "spac", "Space", "\t", "\u{7f}", "\u{85}", "page up", " up",
  ])
  func refusesOtherNames(name: String) {
    #expect(Key(name: name) == nil)
  }

  @Test func everyDecodableKeyRoundTrips() {
    var keys = Self.named.map(\.0)
    for byte in UInt8(0x01)...0x7F {
      keys += KeyDecoder().feedAll([byte])
    }
    keys += [.character("é"), .character("😀"), .character("\u{a0}")]
    #expect(keys.count > 120)
    for key in keys {
      #expect(Key(name: key.name) == key, "\(key) named \(key.name)")
    }
  }
}

extension KeyDecoder {
  /// Feeds `bytes` to a copy of the decoder and flushes it: every key the bytes make.
  fileprivate func feedAll(_ bytes: [UInt8]) -> [Key] {
    var decoder = self
    return decoder.feed(bytes) + decoder.flush()
  }
}

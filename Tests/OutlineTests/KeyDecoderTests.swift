import OutlineCore
import Testing

@testable import outline

/// `KeyDecoder`: the sequences it knows, the bytes it drops, and pending escapes.
@Suite struct KeyDecoderTests {
  /// ESC, as a byte.
  static let esc: UInt8 = 0x1B

  /// Every sequence the decoder documents, with its key.
  static let sequences: [(bytes: [UInt8], key: Key)] = {
    func esc(_ text: String) -> [UInt8] { [KeyDecoderTests.esc] + Array(text.utf8) }
    return [
      (esc("[A"), .up), (esc("[B"), .down), (esc("[C"), .right), (esc("[D"), .left),
      (esc("OA"), .up), (esc("OB"), .down), (esc("OC"), .right), (esc("OD"), .left),
      (esc("[H"), .home), (esc("[F"), .end), (esc("[1~"), .home), (esc("[4~"), .end),
      (esc("[7~"), .home), (esc("[8~"), .end), (esc("OH"), .home), (esc("OF"), .end),
      (esc("[5~"), .pageUp), (esc("[6~"), .pageDown), (esc("[3~"), .delete),
      (esc("[1;5A"), .up), (esc("[1;2B"), .down), (esc("[1;3C"), .right), (esc("[1;6D"), .left),
      (esc("[1;5H"), .home), (esc("[1;5F"), .end), (esc("[3;5~"), .delete),
      (esc("[5;2~"), .pageUp), (esc("[6;3~"), .pageDown), (esc("[1;5~"), .home),
      ([0x0D], .enter), ([0x0A], .enter), ([0x7F], .backspace), ([0x08], .backspace),
      ([0x09], .tab), ([0x01], .control("a")), ([0x03], .control("c")),
      ([0x04], .control("d")), ([0x1A], .control("z")), ([0x20], .character(" ")),
      (Array("j".utf8), .character("j")), (Array("J".utf8), .character("J")),
      (Array("~".utf8), .character("~")), (Array("é".utf8), .character("é")),
      (Array("ß".utf8), .character("ß")), (Array("中".utf8), .character("中")),
      (Array("😀".utf8), .character("😀")), (Array("\u{a0}".utf8), .character("\u{a0}")),
      (Array("\u{10FFFF}".utf8), .character("\u{10FFFF}")),
    ]
  }()

  @Test func everySequenceDecodesToItsKey() {
    for (bytes, key) in Self.sequences {
      var decoder = KeyDecoder()
      #expect(decoder.feed(bytes) == [key], "\(bytes)")
      #expect(!decoder.isPending, "\(bytes)")
    }
  }

  @Test func everySequenceDecodesAfterAnyOther() {
    for (first, firstKey) in Self.sequences {
      for (second, secondKey) in Self.sequences {
        var decoder = KeyDecoder()
        #expect(decoder.feed(first + second) == [firstKey, secondKey], "\(first) \(second)")
      }
    }
  }

  @Test func everySplitPointGivesTheSameKeys() {
    let stream = Self.sequences.flatMap(\.bytes)
    let keys = Self.sequences.map(\.key)
    for cut in 0...stream.count {
      var decoder = KeyDecoder()
      let decoded = decoder.feed(Array(stream[..<cut])) + decoder.feed(Array(stream[cut...]))
      #expect(decoded == keys, "cut at \(cut)")
    }
    var decoder = KeyDecoder()
    #expect(stream.flatMap { decoder.feed([$0]) } == keys)
  }

  @Test func controlBytesWithoutAKeyAreDropped() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x00, 0x1C, 0x1D, 0x1E, 0x1F]) == [])
    #expect(!decoder.isPending)
  }

  @Test(arguments: [
    "[200~", "[201~", "[?1;2c", "[2~", "[~", "[Z", "[a", "[15~", "[24;1R", "[>0;95;0c",
    "[1 q", "[M", "OP", "O2P", "O~", "[[A", "[[E", "x", "7", "P", "]", "[99999999999999999A",
  ])
  func unknownSequencesAreDropped(sequence: String) {
    var decoder = KeyDecoder()
    let bytes = [Self.esc] + Array(sequence.utf8)
    let decoded = decoder.feed(bytes + Array("q".utf8))
    // The oversized parameter still reads as an arrow: parameters are ignored, and clamped.
    let expected: [Key] = sequence.hasSuffix("9A") ? [.up, .character("q")] : [.character("q")]
    #expect(decoded == expected, "\(sequence)")
    #expect(!decoder.isPending)
  }

  @Test func loneEscapeIsPendingUntilFlushed() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([Self.esc]) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isPending)
    #expect(decoder.flush() == [])
  }

  @Test func incompleteSequencesArePendingAndFlushedAway() {
    for partial in [
      [Self.esc, 0x5B], [Self.esc, 0x4F], [Self.esc, 0x5B, 0x31, 0x3B], [0xE4, 0xB8],
    ] {
      var decoder = KeyDecoder()
      #expect(decoder.feed(partial) == [], "\(partial)")
      #expect(decoder.isPending, "\(partial)")
      #expect(decoder.flush() == [], "\(partial)")
      #expect(!decoder.isPending, "\(partial)")
      #expect(decoder.feed(Array("k".utf8)) == [.character("k")], "\(partial)")
    }
  }

  @Test func escapeBeforeAControlOrNonASCIIByteIsEscapeThenThatKey() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([Self.esc, 0x03]) == [.escape, .control("c")])
    #expect(decoder.feed([Self.esc, 0x0D]) == [.escape, .enter])
    #expect(decoder.feed([Self.esc] + Array("é".utf8)) == [.escape, .character("é")])
    #expect(decoder.feed([Self.esc, 0x7F]) == [.escape, .backspace])
    #expect(!decoder.isPending)
  }

  @Test func doubleEscapeIsOneEscapeAndOnePending() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([Self.esc, Self.esc]) == [.escape])
    #expect(decoder.isPending)
    #expect(decoder.feed([0x5B, 0x41]) == [.up])
    #expect(decoder.feed([Self.esc, Self.esc]) == [.escape])
    #expect(decoder.flush() == [.escape])
  }

  @Test func aBrokenSequenceDoesNotSwallowTheKeyThatBrokeIt() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([Self.esc, 0x5B, 0x31, 0x03]) == [.control("c")])
    #expect(decoder.feed([Self.esc, 0x5B, 0x31, Self.esc, 0x5B, 0x42]) == [.down])
    #expect(decoder.feed([Self.esc, 0x4F, 0x0D]) == [.enter])
    #expect(!decoder.isPending)
  }

  @Test func invalidUTF8IsDroppedByteByByte() {
    let cases: [(bytes: [UInt8], keys: [Key])] = [
      ([0xFF], []), ([0xFE], []), ([0xC0, 0xAF], []), ([0xC1, 0xBF], []),
      ([0xC3, 0x28], [.character("(")]),  // a lead byte, then not a continuation
      ([0x80], []), ([0xBF, 0x61], [.character("a")]),  // stray continuations
      ([0xE0, 0x80, 0xAF], []),  // overlong "/"
      ([0xED, 0xA0, 0x80], []),  // a surrogate
      ([0xF4, 0x90, 0x80, 0x80], []),  // past U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], []),
      ([0xC2, 0x85], []),  // NEL, a C1 control
      ([0xE4, 0xB8, 0x41], [.character("A")]),  // truncated, then a letter
      ([0xE4, 0xB8, 0xE4, 0xB8, 0xAD], [.character("中")]),  // truncated, then whole
      ([0xF0, 0x9F, 0x98, Self.esc, 0x5B, 0x41], [.up]),  // truncated, then a sequence
    ]
    for (bytes, keys) in cases {
      var decoder = KeyDecoder()
      #expect(decoder.feed(bytes) + decoder.flush() == keys, "\(bytes)")
    }
  }

  @Test func everyByteAloneNeverTrapsAndGivesAtMostOneSensibleKey() {
    for byte in UInt8.min...UInt8.max {
      var decoder = KeyDecoder()
      let keys = decoder.feed([byte]) + decoder.flush()
      #expect(keys.count <= 1, "\(byte)")
      for case .character(let character) in keys {
        #expect(byte >= 0x20 && byte < 0x7F, "\(byte) gave \(character)")
      }
    }
  }

  @Test func everyPairOfBytesNeverTrapsNorGivesControlCharacters() {
    var count = 0
    for first in UInt8.min...UInt8.max {
      for second in UInt8.min...UInt8.max {
        var decoder = KeyDecoder()
        let keys = decoder.feed([first, second]) + decoder.flush()
        count += 1
        #expect(keys.count <= 2)
        for case .character(let character) in keys {
          #expect(Key.isPrintable(character), "\([first, second])")
        }
      }
    }
    #expect(count == 65_536)
  }
}

import Testing

@testable import OutlineCore
@testable import outline

/// Seeded property tests (round trips, never trapping on arbitrary bytes) and the
/// million-deep document. A failure prints its seed and input, to replay.
@Suite struct JSONPropertyTests {
  /// The seed of case `i` of a property test.
  static func seed(_ i: Int, _ salt: UInt64) -> UInt64 { salt &+ UInt64(i) &* 0x1000_0001 }

  /// 500 random documents (sizes growing with the case number, so the first failure is a
  /// small one): parse(write(d)) == d and write(parse(write(d))) == write(d).
  @Test func writeThenParseRoundTrips() {
    var largest = 0
    for i in 0..<500 {
      let seed = Self.seed(i, 0x5EED_0001)
      var rng = SplitMix64(state: seed)
      let document = RandomJSON.document(&rng, maxNodes: 1 + i / 5)
      largest = max(largest, document.nodes.count)
      let written = JSONWriter.write(document)
      let reparsed: JSONDocument
      do {
        reparsed = try JSONParser.parse(written)
      } catch {
        Issue.record(
          "seed \(seed): written document does not parse: \(error)\n\(shownText(written))")
        return
      }
      guard reparsed == document, JSONWriter.write(reparsed) == written else {
        let message =
          "seed \(seed): round trip differs\ndocument: \(document)\nwritten: \(shownText(written))"
          + "\nreparsed: \(reparsed)"
        Issue.record("\(message)")
        return
      }
    }
    #expect(largest > 50, "the generator makes documents of up to \(largest) nodes")
  }

  /// Random whitespace and member order do not matter: a document written compactly with
  /// random whitespace parses back to the same nodes.
  @Test func parseIgnoresWhitespace() {
    var inserted = 0
    for i in 0..<200 {
      let seed = Self.seed(i, 0x5EED_0002)
      var rng = SplitMix64(state: seed)
      let document = RandomJSON.document(&rng, maxNodes: 1 + i / 4)
      let spaced = JSONWriter.write(document).flatMap { byte -> [UInt8] in
        // Outside strings, the writer emits only newlines and spaces as whitespace; put
        // random whitespace after each newline. (Newlines inside strings are escaped.)
        guard byte == 0x0A else { return [byte] }
        let pool: [UInt8] = [0x20, 0x09, 0x0D, 0x0A]
        let extra = Int.random(in: 0...3, using: &rng)
        inserted += extra
        return [byte] + (0..<extra).map { _ in pool[Int(rng.next() % 4)] }
      }
      guard let again = parsed(spaced), again == document else {
        Issue.record("seed \(seed): \(shownText(spaced))")
        return
      }
    }
    #expect(inserted > 200, "\(inserted) whitespace bytes inserted")
  }

  /// Checks that parsing `bytes` either succeeds (and then round-trips through the writer) or
  /// fails at a line and column of at least 1; returns a description of what is wrong, or nil.
  static func check(_ bytes: [UInt8], parsedCount: inout Int) -> String? {
    do {
      let document = try JSONParser.parse(bytes)
      parsedCount += 1
      if document.nodes.isEmpty { return "parsed to no nodes" }
      if (try? JSONParser.parse(JSONWriter.write(document))) != document {
        return "parsed, but the written form does not parse back to it"
      }
    } catch {
      if error.line < 1 || error.column < 1 || error.message.isEmpty {
        return "bad error: \(error)"
      }
      let (line, column) = JSONParser.location(of: bytes.count, in: bytes, from: 0)
      if error.line > line || (error.line == line && error.column > column) {
        return "error past the end of the input: \(error)"
      }
    }
    return nil
  }

  /// 2,000 random byte strings and mutations (flips, insertions, deletions) of valid
  /// documents: parsing never traps, and either succeeds or fails at line ≥ 1, column ≥ 1.
  /// On failure, retries the same seed with fewer mutations to report a smaller input.
  @Test func arbitraryBytesNeverTrap() {
    let alphabet = utf8("{}[]:,\"\\ntrufalse0123456789-+.eEu \n\t") + [0x00, 0x1F, 0x7F]
    var parsedCount = 0
    var ignored = 0
    for i in 0..<2_000 {
      let seed = Self.seed(i, 0x5EED_0003)
      func input(mutations: Int) -> [UInt8] {
        var rng = SplitMix64(state: seed)
        if i % 4 == 0 {
          let count = Int.random(in: 0...48, using: &rng)
          return (0..<count).map { _ in
            Bool.random(using: &rng)
              ? alphabet[Int(rng.next() % UInt64(alphabet.count))]
              : UInt8.random(in: 0...255, using: &rng)
          }
        }
        var bytes = JSONWriter.write(RandomJSON.document(&rng, maxNodes: 1 + i % 40))
        for _ in 0..<mutations {
          let position = Int.random(in: 0...bytes.count, using: &rng)
          let byte =
            Bool.random(using: &rng)
            ? alphabet[Int(rng.next() % UInt64(alphabet.count))]
            : UInt8.random(in: 0...255, using: &rng)
          switch Int.random(in: 0..<3, using: &rng) {
          case 0 where position < bytes.count: bytes[position] ^= 1 << (byte % 8)
          case 1: bytes.insert(byte, at: position)
          default: if position < bytes.count { bytes.remove(at: position) }
          }
        }
        return bytes
      }
      let mutations = 1 + i % 4
      guard let problem = Self.check(input(mutations: mutations), parsedCount: &parsedCount)
      else { continue }
      var smallest = (mutations, problem)
      for fewer in 0..<mutations {
        if let smaller = Self.check(input(mutations: fewer), parsedCount: &ignored) {
          smallest = (fewer, smaller)
          break
        }
      }
      let bytes = input(mutations: smallest.0)
      Issue.record(
        "seed \(seed), case \(i), \(smallest.0) mutations: \(smallest.1)\n\(hexLiteral(bytes))")
      return
    }
    // Both outcomes are exercised: some mutated documents still parse, most inputs fail.
    #expect(parsedCount > 100 && parsedCount < 1_500, "\(parsedCount) of 2,000 parsed")
  }

  /// A million nested arrays parse and write, iteratively, on the default stack; the
  /// written form is the expected shape and parses back to the same document.
  @Test func millionDeepArrays() {
    let depth = 1_000_000
    let bytes = [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
    guard let document = parsed(bytes) else { return }
    #expect(document.nodes.count == depth)
    #expect(document.nodes.first == node(nil, .array, -1))
    #expect(
      document.nodes.indices.dropFirst().allSatisfy {
        document.nodes[$0] == node(nil, .array, $0 - 1)
      })

    let written = JSONWriter.write(document)
    let indented = JSONWriter.maxIndentedDepth
    var expected: [UInt8] = []
    for level in 0..<indented {
      expected += [UInt8](repeating: 0x20, count: 2 * level) + utf8("[\n")
    }
    expected += [UInt8](repeating: 0x20, count: 2 * indented)
    expected += [UInt8](repeating: 0x5B, count: depth - indented)
    expected += [UInt8](repeating: 0x5D, count: depth - indented)
    for level in (0..<indented).reversed() {
      expected += utf8("\n") + [UInt8](repeating: 0x20, count: 2 * level) + utf8("]")
    }
    expected += utf8("\n")
    #expect(written.count == expected.count)
    #expect(written.prefix(8) == utf8("[\n  [\n  ")[...])
    #expect(written == expected)
    #expect(parsed(written) == document)
  }

  /// A million nested objects (`{"k":{"k":…}}`) and a million-deep error: both handled
  /// without recursion.
  @Test func millionDeepObjectsAndDeepErrors() {
    let depth = 1_000_000
    var bytes: [UInt8] = []
    bytes.reserveCapacity(depth * 7)
    for _ in 0..<depth { bytes += utf8("{\"k\":") }
    bytes += utf8("1")
    var truncated = bytes
    bytes += [UInt8](repeating: 0x7D, count: depth)
    guard let document = parsed(bytes) else { return }
    #expect(document.nodes.count == depth + 1)
    #expect(document.nodes.last == node("k", .number("1"), depth - 1))
    #expect(parsed(JSONWriter.write(document)) == document)

    truncated += [UInt8](repeating: 0x7D, count: depth - 1)
    #expect(
      throws: JSONSyntaxError(
        line: 1, column: truncated.count + 1, message: "unexpected end of input")
    ) {
      try JSONParser.parse(truncated)
    }
  }
}

import Testing

@testable import Snapshot

/// The engine's heaviest increasing subsequence against exhaustive search.
@Suite struct HeaviestIncreasingSubsequenceTests {
  @Test func matchesExhaustiveSearch() {
    var cases = 0
    checkProperty(
      "heaviest increasing subsequence", count: 600, base: 0x4115_0001,
      generate: { g -> [Int] in
        cases += 1
        let count = Int.random(in: 0...10, using: &g)
        // Each step is a weight; keys are a seeded permutation (distinct).
        return (0..<count).map { _ in Int.random(in: 0...4, using: &g) }
      },
      check: { weights in
        // Keys: a fixed scramble of positions, derived from the weights so shrinking works.
        var keys = Array(0..<weights.count)
        for i in keys.indices where i > 0 {
          keys.swapAt(i, (weights[i] * 7 + i * 3) % (i + 1))
        }
        let flags = heaviestIncreasingSubsequence(keys: keys, weights: weights)
        let chosen = keys.indices.filter { flags[$0] }
        for (a, b) in zip(chosen, chosen.dropFirst()) where keys[a] >= keys[b] {
          return "keys \(keys): chosen \(chosen) do not increase"
        }
        let weight = chosen.reduce(0) { $0 + weights[$1] }
        var best = 0
        for mask in 0..<(1 << keys.count) {
          let members = keys.indices.filter { mask & (1 << $0) != 0 }
          guard zip(members, members.dropFirst()).allSatisfy({ keys[$0] < keys[$1] }) else {
            continue
          }
          best = max(best, members.reduce(0) { $0 + weights[$1] })
        }
        return weight == best ? nil : "keys \(keys): weight \(weight), best \(best)"
      })
    #expect(cases >= PropertySeeds.scaled(600))
  }

  @Test func takesEverythingWhenAlreadyIncreasing() {
    #expect(
      heaviestIncreasingSubsequence(keys: [1, 4, 9], weights: [1, 1, 1]) == [true, true, true])
    #expect(heaviestIncreasingSubsequence(keys: [], weights: []) == [])
  }
}

import Foundation
import Testing

/// A small, fast, seedable generator (SplitMix64), so that every property-based case can be
/// replayed from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Where a property test's seeds come from.
///
/// By default each test derives its case seeds from a fixed base, so CI is repeatable. Set
/// `SNAPSHOT_PROPERTY_SEED=<n>` to replay exactly one case (the seed a failure printed), or
/// `SNAPSHOT_PROPERTY_BASE=<n>` to explore a different stream of cases.
enum PropertySeeds {
  static func environmentValue(_ name: String) -> UInt64? {
    ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
  }
}

/// Runs a property over `count` generated cases.
///
/// - `generate` builds a case (a list of steps) from a seeded generator.
/// - `check` runs a list of steps and returns a description of the first failure, or nil.
///
/// On failure, the list of steps is shrunk (chunks, then single steps, are removed while the
/// failure persists) and the test records an issue naming the seed, the shrunk steps and the
/// failure, so the case can be replayed with `SNAPSHOT_PROPERTY_SEED`.
func checkProperty<Step>(
  _ name: String,
  count: Int,
  base: UInt64,
  generate: (inout SeededGenerator) -> [Step],
  check: ([Step]) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let seeds: [UInt64]
  if let replay = PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") {
    seeds = [replay]
  } else {
    let streamBase = PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_BASE") ?? base
    var seeder = SeededGenerator(seed: streamBase)
    seeds = (0..<count).map { _ in seeder.next() }
  }
  for seed in seeds {
    var generator = SeededGenerator(seed: seed)
    let steps = generate(&generator)
    guard let failure = check(steps) else { continue }
    let (shrunk, shrunkFailure) = shrink(steps, failure: failure, check: check)
    let listing = shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(
      separator: "\n")
    Issue.record(
      """
      Property '\(name)' failed. Replay with SNAPSHOT_PROPERTY_SEED=\(seed).
      Shortest failing sequence found (\(shrunk.count) of \(steps.count) steps):
      \(listing)
      Failure: \(shrunkFailure)
      """,
      sourceLocation: sourceLocation
    )
    return
  }
}

/// Removes chunks of steps (halves, quarters, ... single steps) while `check` still fails.
func shrink<Step>(
  _ steps: [Step],
  failure: String,
  check: ([Step]) -> String?
) -> ([Step], String) {
  var current = steps
  var currentFailure = failure
  var chunk = max(1, current.count / 2)
  while chunk >= 1 {
    var start = 0
    var removedAny = false
    while start < current.count {
      var candidate = current
      candidate.removeSubrange(start..<min(start + chunk, candidate.count))
      if let candidateFailure = check(candidate) {
        current = candidate
        currentFailure = candidateFailure
        removedAny = true
      } else {
        start += chunk
      }
    }
    if !removedAny {
      if chunk == 1 { break }
      chunk /= 2
    }
  }
  return (current, currentFailure)
}

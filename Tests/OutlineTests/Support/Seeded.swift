import Foundation
import Testing

/// SplitMix64: a seedable generator, so a failing case replays from the seed it prints.
struct SplitMix: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Runs `check` on `count` cases made by `generate`; the first failure is shrunk (runs of
/// steps removed while it still fails) and recorded with its seed. `OUTLINE_PROPERTY_SEED=n`
/// replays one case.
func checkCases<Step>(
  _ name: String, count: Int, base: UInt64,
  generate: (inout SplitMix) -> [Step], check: ([Step]) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let replay = ProcessInfo.processInfo.environment["OUTLINE_PROPERTY_SEED"].flatMap(UInt64.init)
  var seeder = SplitMix(seed: base)
  let seeds = replay.map { [$0] } ?? (0..<count).map { _ in seeder.next() }
  for seed in seeds {
    var random = SplitMix(seed: seed)
    var steps = generate(&random)
    guard var failure = check(steps) else { continue }
    var chunk = max(1, steps.count / 2)
    while chunk >= 1 {
      var start = 0
      var removed = false
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + chunk, candidate.count))
        if let candidateFailure = check(candidate) {
          (steps, failure, removed) = (candidate, candidateFailure, true)
        } else {
          start += chunk
        }
      }
      if !removed {
        if chunk == 1 { break }
        chunk /= 2
      }
    }
    Issue.record(
      """
      '\(name)' failed; replay with OUTLINE_PROPERTY_SEED=\(seed).
      Shrunk to \(steps.count) steps: \(steps.map { "\($0)" }.joined(separator: " "))
      Failure: \(failure)
      """, sourceLocation: sourceLocation)
    return
  }
}

import Foundation
import Testing

/// Runs `check` on `count` cases made by `generate`; the first failure is shrunk (runs of
/// steps removed while it still fails) and recorded with its seed. `OUTLINE_PROPERTY_SEED=n`
/// replays one case.
func checkCases<Step>(
  _ name: String, count: Int, base: UInt64,
  generate: (inout SplitMix64) -> [Step], check: ([Step]) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let replay = ProcessInfo.processInfo.environment["OUTLINE_PROPERTY_SEED"].flatMap(UInt64.init)
  var seeder = SplitMix64(state: base)
  let seeds = replay.map { [$0] } ?? (0..<count).map { _ in seeder.next() }
  for seed in seeds {
    var random = SplitMix64(state: seed)
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

import Foundation
import Testing

/// The share of every property's cases that run, in percent: `SNAPSHOT_PROPERTY_SCALE` (1 to
/// 100; 100 when unset), as in the Snapshot tests. `.ci/run` runs its AddressSanitizer pass at
/// 20, the first fifth of the cases; its plain `swift test` runs them all.
enum CaseScale {
  static let percent =
    ProcessInfo.processInfo.environment["SNAPSHOT_PROPERTY_SCALE"].flatMap(Int.init).map {
      min(max($0, 1), 100)
    } ?? 100

  /// `count` (of cases, or of what the cases reach, for a test's floor) at ``percent``.
  static func scaled(_ count: Int) -> Int { max(1, count * percent / 100) }
}

/// Runs `check` on `count` cases made by `generate` (``CaseScale/scaled(_:)`` of them); the
/// first failure is shrunk (runs of steps removed while it still fails) and recorded with its
/// seed. `OUTLINE_PROPERTY_SEED=n` replays one case.
func checkCases<Step>(
  _ name: String, count: Int, base: UInt64,
  generate: (inout SplitMix64) -> [Step], check: ([Step]) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let replay = ProcessInfo.processInfo.environment["OUTLINE_PROPERTY_SEED"].flatMap(UInt64.init)
  var seeder = SplitMix64(state: base)
  let seeds = replay.map { [$0] } ?? (0..<CaseScale.scaled(count)).map { _ in seeder.next() }
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

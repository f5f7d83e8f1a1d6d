import Foundation
import Testing

/// A small, fast, seedable generator (SplitMix64), so that every property-based case can be
/// replayed from the seed it prints.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
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
package enum PropertySeeds {
  package static func environmentValue(_ name: String) -> UInt64? {
    ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
  }

  /// The share of every property's cases that run, in percent: `SNAPSHOT_PROPERTY_SCALE`
  /// (1 to 100; 100 when unset). `.ci/run` runs its AddressSanitizer pass at 20, the first
  /// fifth of every property's cases, each instrumented; its plain `swift test` runs them all.
  /// A few heavy hardening cases (broken hashing over crowded sections) scale their size by it.
  package static let scale =
    environmentValue("SNAPSHOT_PROPERTY_SCALE").map {
      Int(Swift.min(Swift.max($0, 1), 100))
    } ?? 100

  /// `count` (of cases, or of what the cases reach, for a test's floor on its coverage) at
  /// ``scale``.
  package static func scaled(_ count: Int) -> Int {
    scale == 100 ? count : Swift.max(1, count * scale / 100)
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
///
/// `part` runs one of `part.of` consecutive shares of the cases (the whole stream, split),
/// so that the shares of a long property can run side by side.
package func checkProperty<Step>(
  _ name: String,
  count: Int,
  base: UInt64,
  part: PropertyPart = .whole,
  generate: (inout SeededGenerator) -> [Step],
  check: ([Step]) -> String?,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for seed in part.share(of: propertySeeds(count: count, base: base)) {
    var generator = SeededGenerator(seed: seed)
    let steps = generate(&generator)
    guard let failure = check(steps) else { continue }
    var shrinker = Shrinker(steps, failure: failure)
    while let candidate = shrinker.nextCandidate() { shrinker.report(check(candidate)) }
    recordPropertyFailure(name, seed, steps, shrinker, sourceLocation)
    return
  }
}

/// ``checkProperty(_:count:base:generate:check:sourceLocation:)`` for a property whose check
/// awaits (the data source's background applies).
package func checkProperty<Step>(
  _ name: String,
  count: Int,
  base: UInt64,
  generate: (inout SeededGenerator) -> [Step],
  check: ([Step]) async -> String?,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  for seed in propertySeeds(count: count, base: base) {
    var generator = SeededGenerator(seed: seed)
    let steps = generate(&generator)
    guard let failure = await check(steps) else { continue }
    var shrinker = Shrinker(steps, failure: failure)
    while let candidate = shrinker.nextCandidate() { shrinker.report(await check(candidate)) }
    recordPropertyFailure(name, seed, steps, shrinker, sourceLocation)
    return
  }
}

/// The case seeds of a property: derived from `base`, or the one in `SNAPSHOT_PROPERTY_SEED`.
package func propertySeeds(count: Int, base: UInt64) -> [UInt64] {
  if let replay = PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") { return [replay] }
  let streamBase = PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_BASE") ?? base
  var seeder = SeededGenerator(seed: streamBase)
  return (0..<PropertySeeds.scaled(count)).map { _ in seeder.next() }
}

/// One of several consecutive shares of a property's cases (see
/// ``checkProperty(_:count:base:part:generate:check:sourceLocation:)``).
package struct PropertyPart: Sendable {
  package let index: Int
  package let of: Int

  package init(index: Int, of: Int) {
    self.index = index
    self.of = of
  }

  package static let whole = PropertyPart(index: 0, of: 1)

  /// Every share of a property split `count` ways.
  package static func all(_ count: Int) -> [PropertyPart] {
    (0..<count).map { PropertyPart(index: $0, of: count) }
  }

  /// This share of `seeds`: the shares of every index cover the seeds once, in order. A replayed
  /// seed (one seed) is the first share's.
  package func share(of seeds: [UInt64]) -> ArraySlice<UInt64> {
    if PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") != nil {
      return index == 0 ? seeds[...] : []
    }
    let start = seeds.count * index / of
    let end = seeds.count * (index + 1) / of
    return seeds[start..<end]
  }
}

/// Records a failed property: the seed to replay, the shrunk steps and their failure.
package func recordPropertyFailure<Step>(
  _ name: String, _ seed: UInt64, _ steps: [Step], _ shrinker: Shrinker<Step>,
  _ sourceLocation: SourceLocation
) {
  let listing = shrinker.current.enumerated().map { "  \($0.offset): \($0.element)" }.joined(
    separator: "\n")
  Issue.record(
    """
    Property '\(name)' failed. Replay with SNAPSHOT_PROPERTY_SEED=\(seed).
    Shortest failing sequence found (\(shrinker.current.count) of \(steps.count) steps):
    \(listing)
    Failure: \(shrinker.currentFailure)
    """,
    sourceLocation: sourceLocation
  )
}

/// Removes chunks of steps (halves, quarters, ... single steps) while a check still fails: a
/// state machine, so that synchronous and asynchronous checks share it. Ask for a candidate,
/// check it, report the result.
package struct Shrinker<Step> {
  package private(set) var current: [Step]
  package private(set) var currentFailure: String
  private var chunk: Int
  private var start = 0
  private var removedAny = false
  private var candidate: [Step]?

  package init(_ steps: [Step], failure: String) {
    current = steps
    currentFailure = failure
    chunk = max(1, steps.count / 2)
  }

  /// The next sequence to check (`current` less one chunk), or nil when shrinking is done.
  package mutating func nextCandidate() -> [Step]? {
    while chunk >= 1 {
      if start < current.count {
        var next = current
        next.removeSubrange(start..<min(start + chunk, next.count))
        candidate = next
        return next
      }
      if !removedAny {
        if chunk == 1 { return nil }
        chunk /= 2
      }
      start = 0
      removedAny = false
    }
    return nil
  }

  /// The result of checking the last candidate: its failure, or nil if it passed.
  package mutating func report(_ failure: String?) {
    guard let candidate else { return }
    self.candidate = nil
    if let failure {
      current = candidate
      currentFailure = failure
      removedAny = true
    } else {
      start += chunk
    }
  }
}

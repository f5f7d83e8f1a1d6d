import Synchronization
import Testing

@testable import Snapshot

/// One step of a compressed-diff case: a step of the listed layouts, or how to compress them
/// (the last such step counts; without one, nothing is compressed). Any subsequence is a
/// valid case, so the property runner shrinks by dropping steps.
enum CompressedDiffStep: CustomStringConvertible, Sendable {
  case layout(LayoutStep)
  case compress(CompressionMode, seed: UInt64)

  var description: String {
    switch self {
    case .layout(let step): step.description
    case .compress(let mode, let seed): "compress(\(mode), seed: \(seed))"
    }
  }
}

/// Random pairs of sectioned layouts, compressed in random valid ways: the batch and the
/// staged form over the compressed layouts are what the engine promises over the listed ones
/// (``verifyBatches(old:new:marks:single:staged:)``: valid, ending at the new layout, marks
/// honoured, fewest moves), with as many moves as the listed layouts' batches.
@Suite struct CompressedDiffPropertyTests {
  static func generate(
    _ generator: LayoutCaseGenerator, _ g: inout SeededGenerator
  ) -> [CompressedDiffStep] {
    var steps = generator.generate(&g).map(CompressedDiffStep.layout)
    if Int.random(in: 0..<8, using: &g) != 0 {
      let mode = CompressionMode.allCases.randomElement(using: &g)!
      steps.insert(.compress(mode, seed: g.next()), at: Int.random(in: 0...steps.count, using: &g))
    }
    return steps
  }

  /// Checks one case; `stats` counts the runs compressed and the cases where some run had to
  /// be listed (it moved: the compressor may pick runs a producer of related snapshots would
  /// not give).
  static func check(_ steps: [CompressedDiffStep], stats: inout (runs: Int, listed: Int))
    -> String?
  {
    let pair = LayoutCase(
      steps.compactMap {
        if case .layout(let step) = $0 { step } else { nil }
      })
    var compression: (CompressionMode, UInt64)?
    for case .compress(let mode, let seed) in steps { compression = (mode, seed) }
    let compressed =
      compression.map {
        CompressedPair(old: pair.old, new: pair.new, marks: pair.marks, mode: $0.0, seed: $0.1)
      }
      ?? CompressedPair(listing: pair.old, new: pair.new)
    guard listed(compressed.old) == pair.old, listed(compressed.new) == pair.new else {
      return "the compressor lost items"
    }
    var diff = CompressedDiff(old: compressed.old, new: compressed.new, marks: pair.marks)
    let single = diff.singleBatch()
    let retried = diff.rounds > 0
    let staged = StagedBatchUpdate(
      compressedFrom: compressed.old, to: compressed.new, marks: pair.marks)
    if BatchUpdate(compressedFrom: compressed.old, to: compressed.new, marks: pair.marks)
      != single
    {
      return "the entry point differs from the diff's single batch"
    }
    if let failure = verifyBatches(
      old: pair.old, new: pair.new, marks: pair.marks, single: single, staged: staged)
    {
      return "compressed (\(compressed.runs) runs): \(failure)"
    }
    let full: BatchUpdate
    let fullStaged: StagedBatchUpdate<Int, Int>
    do {
      full = try BatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
      fullStaged = try StagedBatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
    } catch {
      return "unexpected error \(error)"
    }
    if single.moveCount != full.moveCount {
      return "compressed batch \(single) makes \(single.moveCount) moves, the listed one "
        + "\(full) makes \(full.moveCount)"
    }
    if staged.moveCount != fullStaged.moveCount {
      return "compressed staged form makes \(staged.moveCount) moves, the listed one "
        + "\(fullStaged.moveCount)"
    }
    if compressed.runs == 0 && (single != full || staged != fullStaged) {
      return "without runs, the compressed diff differs from the listed one"
    }
    stats.runs += compressed.runs
    if retried { stats.listed += 1 }
    return nil
  }

  static func run(
    _ name: String, count: Int, base: UInt64, _ generator: LayoutCaseGenerator
  ) -> (cases: Int, runs: Int, listed: Int) {
    var cases = 0
    var stats = (runs: 0, listed: 0)
    checkProperty(
      name, count: count, base: base,
      generate: { g in
        cases += 1
        return generate(generator, &g)
      },
      check: { check($0, stats: &stats) })
    return (cases, stats.runs, stats.listed)
  }

  @Test func smallLayouts() {
    let result = Self.run(
      "compressed small layouts", count: 3_000, base: 0x5EED_C001,
      LayoutCaseGenerator(maxSections: 6, maxItems: 12, maxSteps: 14))
    #expect(result.cases >= PropertySeeds.scaled(3_000))
    #expect(result.runs >= PropertySeeds.scaled(3_000))
    #expect(result.listed >= PropertySeeds.scaled(100))
  }

  @Test func layoutsWithoutMarks() {
    let result = Self.run(
      "compressed layouts without marks", count: 1_000, base: 0x5EED_C002,
      LayoutCaseGenerator(maxSections: 5, maxItems: 16, maxSteps: 10, marks: false))
    #expect(result.cases >= PropertySeeds.scaled(1_000))
    #expect(result.runs >= PropertySeeds.scaled(1_000))
  }

  @Test func mediumLayouts() {
    let result = Self.run(
      "compressed medium layouts", count: 300, base: 0x5EED_C003,
      LayoutCaseGenerator(maxSections: 10, maxItems: 60, maxSteps: 30, scrambles: true))
    #expect(result.cases >= PropertySeeds.scaled(300))
    #expect(result.runs >= PropertySeeds.scaled(1_000))
  }
}

import Testing

@testable import Snapshot

// The property tests, with how their random edits are drawn and what their runs count.

private func generateSteps(_ generator: inout SeededGenerator) -> [CompressedStep] {
  (0..<Int.random(in: 5...30, using: &generator)).map { _ in
    let anchor = Int.random(in: 0..<10_000, using: &generator)
    let other = Int.random(in: 0..<10_000, using: &generator)
    let after = Bool.random(using: &generator)
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<20:
      return .insertItems(
        anchor: anchor, count: Int.random(in: 1...12, using: &generator), after: after)
    case 20..<30:
      return .appendItems(section: anchor, count: Int.random(in: 1...20, using: &generator))
    case 30..<45:
      return .deleteItems(
        anchors: (0..<Int.random(in: 1...6, using: &generator)).map { _ in
          Int.random(in: 0..<10_000, using: &generator)
        })
    case 45..<62: return .moveItem(anchor: anchor, destination: other, after: after)
    case 62..<70: return .reloadItem(anchor: anchor)
    case 70..<78: return .reconfigureItem(anchor: anchor)
    case 78..<84: return .insertSection(anchor: anchor, after: after)
    case 84..<88: return .deleteSection(anchor: anchor)
    case 88..<94: return .moveSection(anchor: anchor, destination: other, after: after)
    case 94..<97: return .rebuild(keepsArrays: after)
    default: return .settle
    }
  }
}

struct CompressedStats {
  var steps = 0
  /// Steps after which the pair may share nodes (no rebuild since the last settle).
  var relatedPairs = 0
  var related = 0
  var runs = 0
  /// Pairs built apart whose alike ends gave compressed layouts.
  var apart = 0
  /// Pairs built apart that both keep the arrays they were built from (diffed as arrays).
  var bothBuilt = 0
  /// Pairs built apart that both keep those arrays, one or both cut into pieces by edits
  /// since (their alike ends are found by comparing the pieces).
  var apartByPieces = 0
  /// Related pairs the diff read off their unshared leaves, by kind of narrow change.
  var narrowMarks = 0
  var narrowInserts = 0
  var narrowDeletes = 0
  var narrowMoves = 0
  var narrowSections = 0

  /// Adds the counts of another share of a property's cases.
  mutating func add(_ other: CompressedStats) {
    steps += other.steps
    relatedPairs += other.relatedPairs
    related += other.related
    runs += other.runs
    apart += other.apart
    bothBuilt += other.bothBuilt
    apartByPieces += other.apartByPieces
    narrowMarks += other.narrowMarks
    narrowInserts += other.narrowInserts
    narrowDeletes += other.narrowDeletes
    narrowMoves += other.narrowMoves
    narrowSections += other.narrowSections
  }
}

extension CompressedLayoutTests {
  /// The longest property of the suite: its cases run as four shares side by side (child
  /// tasks, so that they spread over the cores with the suite's other tests), their counts
  /// added up before the floors are checked.
  @Test func compressedLayoutsExpandToTheLayoutsOfRelatedSnapshots() async {
    let stats = await withTaskGroup(of: CompressedStats.self) { group in
      for part in PropertyPart.all(4) {
        group.addTask {
          var stats = CompressedStats()
          checkProperty(
            "compressed layouts of related snapshots", count: 300, base: 0xC0_4D_E5_5E,
            part: part, generate: { generateSteps(&$0) },
            check: { check($0, stats: &stats) })
          return stats
        }
      }
      return await group.reduce(into: CompressedStats()) { $0.add($1) }
    }
    // Almost every pair stayed related, and runs were found and compared.
    #expect(stats.steps >= PropertySeeds.scaled(3_000))
    #expect(stats.relatedPairs >= stats.steps * 3 / 4)
    #expect(stats.related >= stats.relatedPairs * 9 / 10)
    #expect(stats.runs >= stats.related)
    #expect(stats.apart >= PropertySeeds.scaled(10))
    #expect(stats.bothBuilt >= PropertySeeds.scaled(10))
  }

  /// One edit at a time, each diffed against the snapshot before it: the narrow changes (marks
  /// alone, one stretch of items inserted or deleted, one empty section, one item moved within
  /// its section) are read off the unshared leaves, and give the batch and the stages of the
  /// plain diff of the two layouts, as every other edit does through the compressed diff.
  @Test func singleEditsOfRelatedSnapshotsGiveThePlainDiff() {
    var stats = CompressedStats()
    checkProperty(
      "single edits of related snapshots", count: 100, base: 0x5E_1E_D1_75,
      generate: { generator in
        // Marks stay on a snapshot once made, and a marked snapshot's edits take the
        // compressed diff: marks come last, after the structural edits. Deletes name one
        // item, so that most are one stretch; moves stay near, so that most keep their
        // section.
        var structural: [CompressedStep] = []
        var marks: [CompressedStep] = []
        for step in generateSteps(&generator) {
          switch step {
          case .settle, .rebuild: continue
          case .reloadItem, .reconfigureItem: marks += [step, .settle]
          case .deleteItems(let anchors):
            structural += [.deleteItems(anchors: [anchors[0]]), .settle]
          case .moveItem(let anchor, let destination, let after):
            // Mostly within a section (of 40 items), past a few items or many.
            let nearby = Swift.max(0, anchor + destination % 31 - 15)
            structural += [.moveItem(anchor: anchor, destination: nearby, after: after), .settle]
          default: structural += [step, .settle]
          }
        }
        return structural + marks
      },
      check: { check($0, stats: &stats, checksSettled: false) })
    // Each narrow change was taken often (about 300, 520, 300, 140 and 115 times).
    #expect(stats.narrowMarks >= PropertySeeds.scaled(200))
    #expect(stats.narrowInserts >= PropertySeeds.scaled(350))
    #expect(stats.narrowDeletes >= PropertySeeds.scaled(200))
    #expect(stats.narrowMoves >= PropertySeeds.scaled(90))
    #expect(stats.narrowSections >= PropertySeeds.scaled(60))
    #expect(stats.related >= PropertySeeds.scaled(1_500))
  }

  /// A few edits, then the edited snapshot built again apart, without the arrays it was built
  /// from (so that its layout is read from its tree): the pair shares no node, and its alike
  /// ends stand for the shared runs.
  @Test func compressedLayoutsExpandToTheLayoutsOfSnapshotsBuiltApart() {
    var stats = CompressedStats()
    checkProperty(
      "compressed layouts of snapshots built apart", count: 300, base: 0xA9_A2_7B_17,
      generate: { generator in
        Array(generateSteps(&generator).prefix(Int.random(in: 1...3, using: &generator)))
          + [.rebuild(keepsArrays: false)]
      },
      check: { check($0, stats: &stats) })
    #expect(stats.apart >= PropertySeeds.scaled(100))
  }

  /// A snapshot built again apart, keeping the arrays it was built from, then edited a few
  /// times: it keeps those arrays cut into pieces, and the pair's alike ends are found by
  /// comparing the pieces with the other snapshot's arrays.
  @Test func compressedLayoutsOfSnapshotsBuiltApartThenEdited() {
    var stats = CompressedStats()
    checkProperty(
      "compressed layouts of snapshots built apart, then edited", count: 100, base: 0xB1_17_ED,
      generate: { generator in
        let steps = generateSteps(&generator).filter {
          if case .rebuild = $0 { false } else if case .settle = $0 { false } else { true }
        }
        let before = Int.random(in: 0...2, using: &generator)
        let after = Int.random(in: 1...4, using: &generator)
        return Array(steps.prefix(before)) + [.rebuild(keepsArrays: true)]
          + Array(steps.dropFirst(before).prefix(after))
      },
      check: { check($0, stats: &stats) })
    #expect(stats.apartByPieces >= PropertySeeds.scaled(100))
  }
}

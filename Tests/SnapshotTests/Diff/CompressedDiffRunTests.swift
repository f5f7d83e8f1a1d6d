import Synchronization
import Testing

@testable import Snapshot

/// Counts how often shared runs list their items.
final class ListingCounter: Sendable {
  let count = Atomic<Int>(0)

  /// A shared piece whose items count a listing.
  func run(id: Int, _ items: [Int]) -> CompressedPiece<Int> {
    .shared(
      id: id, count: items.count,
      items: CompressedRunItems {
        self.count.add(1, ordering: .relaxed)
        return items
      })
  }

  var listings: Int { count.load(ordering: .relaxed) }
}

/// Shared runs as the diff reads them: weighed by their count, never listed unless they must
/// be, and listed (so that the batch stays right) when a producer gives one it should not.
@Suite struct CompressedDiffRunTests {
  typealias Compressed = [CompressedSection<Int, Int>]

  /// Checks the compressed diff of `old` and `new` against the listed layouts' promises, and
  /// returns its single batch, its staged form and its number of retries.
  func diff(
    _ old: Compressed, _ new: Compressed, marks: DiffMarks<Int, Int> = DiffMarks(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (single: BatchUpdate, staged: StagedBatchUpdate<Int, Int>, rounds: Int) {
    var diff = CompressedDiff(old: old, new: new, marks: marks)
    let single = diff.singleBatch()
    let staged = StagedBatchUpdate(compressedFrom: old, to: new, marks: marks)
    let failure = verifyBatches(
      old: listed(old), new: listed(new), marks: marks, single: single, staged: staged)
    #expect(failure == nil, sourceLocation: sourceLocation)
    return (single, staged, diff.rounds)
  }

  @Test func aRunWeighsItsCount() {
    // Two items pass a run of 64: they move, and the run stays one token (as one token of
    // weight 1 it would be the one to move, and be listed).
    let counter = ListingCounter()
    let run = Array(100..<164)
    let old: Compressed = [
      CompressedSection(0, pieces: [counter.run(id: 7, run), .items([1, 2])])
    ]
    let new: Compressed = [
      CompressedSection(0, pieces: [.items([1, 2]), counter.run(id: 7, run)])
    ]
    let before = counter.listings
    var compressed = CompressedDiff(old: old, new: new, marks: DiffMarks())
    let single = compressed.singleBatch()
    let staged = StagedBatchUpdate(compressedFrom: old, to: new)
    #expect(compressed.rounds == 0)
    #expect(counter.listings == before)
    #expect(
      single.movedItems == [
        BatchUpdate.ItemMove(
          from: ListIndexPath(item: 64, section: 0), to: ListIndexPath(item: 0, section: 0)),
        BatchUpdate.ItemMove(
          from: ListIndexPath(item: 65, section: 0), to: ListIndexPath(item: 1, section: 0)),
      ])
    #expect(staged.moveCount == 2)
    #expect(
      verifyBatches(
        old: listed(old), new: listed(new), marks: DiffMarks(), single: single, staged: staged)
        == nil)
  }

  @Test func aRunWeighsItsCountBesideReloads() {
    // The same with a reloaded item in the section: the batch places its runs around the
    // reload, and still weighs the run by its count.
    let run = Array(100..<164)
    let shared = CompressedPiece<Int>.shared(
      id: 7, count: run.count, items: CompressedRunItems { run })
    let old: Compressed = [CompressedSection(0, pieces: [shared, .items([1, 2, 3])])]
    let new: Compressed = [CompressedSection(0, pieces: [.items([1, 2]), shared, .items([3])])]
    let marks = DiffMarks<Int, Int>(reloadedItems: [3])
    var compressed = CompressedDiff(old: old, new: new, marks: marks)
    let single = compressed.singleBatch()
    let staged = StagedBatchUpdate(compressedFrom: old, to: new, marks: marks)
    #expect(compressed.rounds == 0)
    #expect(single.movedItems.count == 2)
    #expect(single.reloadedItems == [ListIndexPath(item: 66, section: 0)])
    #expect(
      verifyBatches(
        old: listed(old), new: listed(new), marks: marks, single: single, staged: staged) == nil)
  }

  @Test func stageLayoutsAreListedOnFirstReadOnly() {
    let counter = ListingCounter()
    let old: Compressed = [
      CompressedSection(0, pieces: [counter.run(id: 1, Array(100..<110)), .items([1, 2])]),
      CompressedSection(5, pieces: [.items([3])]),
    ]
    let new: Compressed = [
      CompressedSection(0, pieces: [.items([2]), counter.run(id: 1, Array(100..<110))]),
      CompressedSection(6, pieces: [.items([4])]),
    ]
    let marks = DiffMarks<Int, Int>(reconfiguredItems: [2])
    let expected = listed(new)
    let before = counter.listings
    let single = BatchUpdate(compressedFrom: old, to: new, marks: marks)
    let staged = StagedBatchUpdate(compressedFrom: old, to: new, marks: marks)
    #expect(single.deletedItems == [ListIndexPath(item: 10, section: 0)])
    #expect(
      staged.stages.map(\.kind) == [
        .itemUpdates, .deletes, .sectionInsertsAndMoves, .itemInsertsAndMoves,
      ])
    #expect(counter.listings == before)
    let last = staged.stages[staged.stages.count - 1]
    #expect(last.layout == expected)
    #expect(counter.listings == before + 1)
    #expect(last.layout == expected)
    #expect(counter.listings == before + 1)
    // A deferred stage equals a listed one with the same layout, and itself.
    let listedStage = StagedBatchUpdate<Int, Int>.Stage(
      kind: last.kind, batch: last.batch, layout: listed(new))
    #expect(last == listedStage)
    #expect(staged == staged)
    var edited = last
    edited.layout = []
    #expect(edited.layout.isEmpty)
    #expect(edited != last)
  }

  @Test func aRunThatMustMoveIsListed() {
    // The producer should not give this run: three items keep their place, the run's two
    // items move.
    let old: Compressed = [
      CompressedSection(
        0,
        pieces: [
          .items([1, 2, 3]), .shared(id: 9, count: 2, items: CompressedRunItems { [4, 5] }),
        ])
    ]
    let new: Compressed = [
      CompressedSection(
        0,
        pieces: [
          .shared(id: 9, count: 2, items: CompressedRunItems { [4, 5] }), .items([1, 2, 3]),
        ])
    ]
    let result = diff(old, new)
    #expect(result.rounds >= 1)
    #expect(result.single.moveCount == 2)
    #expect(result.single == (try? BatchUpdate(from: listed(old), to: listed(new))))
    #expect(result.staged == (try? StagedBatchUpdate(from: listed(old), to: listed(new))))
  }

  @Test func aRunThatChangesSectionsIsListed() {
    let old: Compressed = [
      CompressedSection(
        0, pieces: [.shared(id: 3, count: 2, items: CompressedRunItems { [1, 2] }), .items([3])]),
      CompressedSection(1, pieces: [.items([4])]),
    ]
    let new: Compressed = [
      CompressedSection(0, pieces: [.items([3])]),
      CompressedSection(
        1, pieces: [.items([4]), .shared(id: 3, count: 2, items: CompressedRunItems { [1, 2] })]),
    ]
    let result = diff(old, new)
    #expect(result.rounds >= 1)
    #expect(result.single == (try? BatchUpdate(from: listed(old), to: listed(new))))
  }

  @Test func runsThatDisagreeAreListed() {
    // A run in one layout only, a run whose count differs between the layouts, and counts
    // that cannot be item counts: the items are the truth.
    let cases: [(Compressed, Compressed)] = [
      (
        [
          CompressedSection(
            0,
            pieces: [.shared(id: 1, count: 2, items: CompressedRunItems { [1, 2] }), .items([3])])
        ],
        [CompressedSection(0, pieces: [.items([3, 1, 2])])]
      ),
      (
        [
          CompressedSection(
            0, pieces: [.shared(id: 1, count: 2, items: CompressedRunItems { [1, 2] })])
        ],
        [
          CompressedSection(
            0,
            pieces: [
              .items([0]), .shared(id: 1, count: 3, items: CompressedRunItems { [1, 2, 5] }),
            ])
        ]
      ),
      (
        [
          CompressedSection(
            0,
            pieces: [.shared(id: 1, count: -5, items: CompressedRunItems { [1, 2] }), .items([3])])
        ],
        [
          CompressedSection(
            0,
            pieces: [.items([3]), .shared(id: 1, count: -5, items: CompressedRunItems { [1, 2] })])
        ]
      ),
      (
        [
          CompressedSection(
            0,
            pieces: [
              .shared(id: 1, count: .max, items: CompressedRunItems { [1, 2] }), .items([3]),
            ])
        ],
        [
          CompressedSection(
            0,
            pieces: [
              .items([4, 3]), .shared(id: 1, count: .max, items: CompressedRunItems { [1, 2] }),
            ])
        ]
      ),
    ]
    for (old, new) in cases {
      let result = diff(old, new)
      #expect(result.single == (try? BatchUpdate(from: listed(old), to: listed(new))))
    }
  }

  @Test func aFailedMatchReplacesEverySection() {
    // Duplicates a producer of snapshots never gives: no trap, every section replaced.
    let old: Compressed = [CompressedSection(0, pieces: [.items([1, 2, 1])])]
    let new: Compressed = [CompressedSection(0, pieces: [.items([3])])]
    var compressed = CompressedDiff(old: old, new: new, marks: DiffMarks())
    #expect(compressed.singleBatch() == BatchUpdate(deletedSections: [0], insertedSections: [0]))
    let staged = StagedBatchUpdate(compressedFrom: old, to: new)
    #expect(
      staged.stages.map(\.batch) == [
        BatchUpdate(deletedSections: [0]), BatchUpdate(insertedSections: [0]),
      ])
    #expect(staged.stages.last?.layout == listed(new))
  }
}

/// A stage layout of a compressed diff is listed on first read, whichever task reads first:
/// tasks racing to read one stage all see the listed layout, listed once (run under
/// `swift test --sanitize=thread` to check for races too; CI's filter matches this suite).
@Suite struct StageLayoutConcurrentReadTests {
  @Test func tasksReadOneDeferredLayout() async {
    let counter = ListingCounter()
    let run = Array(100..<1_100)
    let old: [CompressedSection<Int, Int>] = [
      CompressedSection(0, pieces: [counter.run(id: 1, run), .items([1, 2])])
    ]
    let new: [CompressedSection<Int, Int>] = [
      CompressedSection(0, pieces: [.items([2]), counter.run(id: 1, run), .items([3])])
    ]
    let expected = [LayoutSection(0, items: [2] + run + [3])]
    for round in 0..<20 {
      let before = counter.listings
      let staged = StagedBatchUpdate(compressedFrom: old, to: new)
      let mismatches = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<8 {
          group.addTask { staged.stages.last?.layout == expected ? 0 : 1 }
        }
        return await group.reduce(0, +)
      }
      #expect(mismatches == 0, "round \(round)")
      #expect(counter.listings == before + 1, "round \(round)")
    }
  }
}

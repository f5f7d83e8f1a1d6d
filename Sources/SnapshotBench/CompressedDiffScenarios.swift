import Snapshot

/// Issue 17's diff of related snapshots on compressed layouts (`Diff/CompressedDiff.swift`),
/// before the snapshot types hand them over: one section of distinct `Int` identifiers cut
/// into leaves of 64, every leaf both layouts share as one run, the edited leaves item by
/// item, as the shared storage lists them. The time is O(k + runs): about n / 64 tokens here,
/// a handful with maximal runs.
enum CompressedDiffScenarios {
  static let group = "Diffs of related snapshots over compressed layouts (issue 17)"
  static let sizes = [10_000, 100_000, 1_000_000]
  static let leaf = 64

  enum Edit: String, CaseIterable {
    case insert, delete, move, reload

    var detail: String {
      switch self {
      case .insert: "one item inserted before the middle one"
      case .delete: "the middle item deleted"
      case .move: "the item a third of the way down moved after the one two thirds down"
      case .reload: "the middle item reloaded"
      }
    }
  }

  enum Runs: String, CaseIterable {
    /// Every unedited leaf of 64 items is one run.
    case leaves
    /// The unedited leaves between two edited ones are one run.
    case maximal
  }

  static let all: [Scenario] = Runs.allCases.flatMap { runs in
    Edit.allCases.flatMap {
      [diff($0, runs: runs, staged: false), diff($0, runs: runs, staged: true)]
    }
  }

  /// The compressed layouts of one section holding `items` before and after `edit`, the
  /// marks of the new one, and the two listed layouts.
  static func layouts(_ items: [Int], _ edit: Edit, runs: Runs) -> (
    old: [CompressedSection<Int, Int>], new: [CompressedSection<Int, Int>],
    marks: DiffMarks<Int, Int>, listedOld: [Int], listedNew: [Int]
  ) {
    let n = items.count
    var leaves = stride(from: 0, to: n, by: leaf).map { Array(items[$0..<min($0 + leaf, n)]) }
    let old = leaves
    var edited: Set<Int> = []
    var marks = DiffMarks<Int, Int>()
    switch edit {
    case .insert:
      leaves[n / 2 / leaf].insert(-1, at: n / 2 % leaf)
      edited = [n / 2 / leaf]
    case .delete:
      leaves[n / 2 / leaf].remove(at: n / 2 % leaf)
      edited = [n / 2 / leaf]
    case .move:
      let moved = leaves[n / 3 / leaf].remove(at: n / 3 % leaf)
      leaves[n * 2 / 3 / leaf].insert(moved, at: n * 2 / 3 % leaf + 1)
      edited = [n / 3 / leaf, n * 2 / 3 / leaf]
    case .reload:
      marks.reloadedItems = [items[n / 2]]
      edited = [n / 2 / leaf]
    }
    func compress(_ leaves: [[Int]]) -> [CompressedSection<Int, Int>] {
      var pieces: [CompressedPiece<Int>] = []
      var pending: [Int] = []
      for (index, items) in leaves.enumerated() {
        if edited.contains(index) {
          if !pending.isEmpty {
            let run = pending
            pieces.append(.shared(id: index, count: run.count, items: CompressedRunItems { run }))
            pending = []
          }
          pieces.append(.items(items))
        } else if runs == .leaves {
          pieces.append(.shared(id: index, count: items.count, items: CompressedRunItems { items }))
        } else {
          pending += items
        }
      }
      if !pending.isEmpty {
        let run = pending
        pieces.append(
          .shared(id: leaves.count, count: run.count, items: CompressedRunItems { run }))
      }
      return [CompressedSection(0, pieces: pieces)]
    }
    return (compress(old), compress(leaves), marks, old.flatMap { $0 }, leaves.flatMap { $0 })
  }

  static func diff(_ edit: Edit, runs: Runs, staged: Bool) -> Scenario {
    let form = staged ? "staged/" : ""
    let prefix = runs == .leaves ? "" : "maximal-runs/"
    let call =
      staged
      ? "StagedBatchUpdate(compressedFrom:to:marks:)" : "BatchUpdate(compressedFrom:to:marks:)"
    return Scenario(
      name: "related/compressed-diff/\(prefix)\(form)\(edit.rawValue)",
      group: group,
      summary: "\(call) over one section after one \(edit.rawValue), unedited leaves of "
        + (runs == .leaves ? "64 items as one run each" : "64 items merged into maximal runs")
        + ", against today's diff of the listed layouts",
      sizes: sizes
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      let (old, new, marks, listedOld, listedNew) = layouts(items, edit, runs: runs)
      // Today's diff of the listed layouts, as snapshots run it: the baseline and the reference.
      let oldSnapshot = flatSnapshot(listedOld)
      var newSnapshot = flatSnapshot(listedNew)
      newSnapshot.reloadItems(marks.reloadedItems)
      var result = BatchUpdate()
      var stages = StagedBatchUpdate<Int, Int>(stages: [])
      return Trial(
        items: size, detail: "\(edit.detail); \(new[0].pieces.count) pieces",
        measured: Operation(call) {
          if staged {
            stages = StagedBatchUpdate(compressedFrom: old, to: new, marks: marks)
            return stages.stages.reduce(0) { $0 + $1.batch.changeCount }
          }
          result = BatchUpdate(compressedFrom: old, to: new, marks: marks)
          return result.changeCount
        },
        baselines: [
          Baseline(
            Operation(staged ? "listed stagedBatchUpdate(from:)" : "listed batchUpdate(from:)") {
              staged
                ? newSnapshot.stagedBatchUpdate(from: oldSnapshot).stages.count
                : newSnapshot.batchUpdate(from: oldSnapshot).changeCount
            },
            whenFaster: "the compressed diff reads one token per shared run; the listed diff "
              + "compares every item of the unchanged prefix and suffix")
        ],
        verify: {
          if staged {
            let expected = newSnapshot.stagedBatchUpdate(from: oldSnapshot)
            return stages.stages.map(\.batch) == expected.stages.map(\.batch)
              && stages.stages.last?.layout == expected.stages.last?.layout
              ? nil : "the staged form differs from the listed layouts' one"
          }
          let expected = newSnapshot.batchUpdate(from: oldSnapshot)
          return result == expected
            ? nil : "the batch \(result) differs from the listed layouts' \(expected)"
        })
    }
  }
}

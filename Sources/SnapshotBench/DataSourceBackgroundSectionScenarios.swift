import Snapshot

/// The section form of the async apply: `applyInBackground(_:to:)` of a section snapshot built
/// apart from the section's tree, with one item inserted in the middle, then without it,
/// alternately. Each tree is built before its run (untimed) and handed to the data source,
/// which then owns it alone: the tree an apply replaces has no other owner, so freeing it is
/// part of the apply, as in an app that builds each section snapshot afresh. Measured, as in
/// ``DataSourceBackgroundScenarios``: how long the caller's actor is blocked (its jobs before
/// and after the await), against the whole call.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
enum DataSourceBackgroundSectionScenarios {
  static let all = [builtApart]

  static let builtApart = Scenario(
    name: "datasource/background/section-apart",
    group: DataSourceApplyScenarios.group,
    summary: "applyInBackground(_:to:) of a section snapshot built apart, with one item "
      + "inserted in the middle and removed alternately, the replaced tree owned by the data "
      + "source alone: the time the caller's actor is blocked (before and after the await), "
      + "against the whole call",
    sizes: DataSourceApplyScenarios.sizes, largeRepeats: DataSourceApplyScenarios.largeRepeats
  ) { size in
    let items = RelatedSnapshotScenarios.items(size)
    let inserted = DataSourceApplyScenarios.insertingOne(items)
    let next = SectionTreeSlot()
    let (executor, marks) = (TimingExecutor(), BackgroundMarks())
    let owner = SectionApplyOwner(
      executor: executor, tree: DataSourceApplyScenarios.sectionSnapshot(items), marks: marks)
    let bench = BackgroundApplyBench(executor: executor, marks: marks) {
      await owner.apply(next.take())
    }
    var turn = 0
    // Builds the tree of the next run: the other one of the two, made afresh.
    func prepare() {
      turn += 1
      next.put(DataSourceApplyScenarios.sectionSnapshot(turn % 2 == 1 ? inserted : items))
    }
    func part(
      _ name: String, _ seconds: @escaping (BackgroundApplyBench.Run) -> Double,
      whenFaster: String = "never: the blocked time includes this part"
    ) -> Baseline {
      Baseline(
        Operation(name + " (same runs)", seconds: { seconds(bench.last) }) { 0 },
        whenFaster: whenFaster)
    }
    return Trial(
      items: size, detail: "one item inserted in the middle, then removed: alternately",
      measured: Operation(
        "blocked on the caller's actor", reset: prepare, seconds: { bench.last.blocked }
      ) {
        if !next.isFull { prepare() }
        return bench.run().changes ?? -1
      },
      baselines: [
        part(
          "whole call", \.total,
          whenFaster: "reading both trees, the checks and the diff run off the caller's "
            + "actor: only taking the state and committing block it"),
        part("blocked before the await", \.before),
        part("blocked after the await", \.after),
      ],
      verify: {
        let delivered = bench.last.changes.map { "\($0) changes" } ?? "nothing (not applied)"
        return bench.last.changes == 1
          ? nil : "the last apply delivered \(delivered), expected 1 change"
      })
  }
}

/// The tree the next run applies, built on the bench's thread and taken by the applying task,
/// so that no one else keeps it.
final class SectionTreeSlot: Sendable {
  private let tree = Locked<DiffableDataSourceSectionSnapshot<Int>?>(nil)

  var isFull: Bool { tree.withLock { $0 != nil } }

  func put(_ new: DiffableDataSourceSectionSnapshot<Int>) {
    tree.withLock { $0 = new }
  }

  func take() -> DiffableDataSourceSectionSnapshot<Int> {
    tree.withLock { $0.take() } ?? DiffableDataSourceSectionSnapshot()
  }
}

/// The actor a data source showing one section, 0, is used from, run by a ``TimingExecutor``.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
actor SectionApplyOwner {
  private nonisolated let executor: TimingExecutor
  private let view: CountingListView<Int, Int>
  private let source: DiffableDataSource<Int, Int>

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  init(
    executor: TimingExecutor, tree: DiffableDataSourceSectionSnapshot<Int>,
    marks: BackgroundMarks
  ) {
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.apply(tree, to: 0, animatingDifferences: false)
    source._backgroundDiffHook = { marks.diffEnd.withLock { $0 = Measure.now() } }
    self.executor = executor
    self.view = view
    self.source = source
  }

  /// Applies `tree` to section 0 in the background; returns the changes delivered, or nil
  /// when the apply was not applied.
  func apply(_ tree: DiffableDataSourceSectionSnapshot<Int>) async -> Int? {
    view.changes = 0
    let outcome = try! await source.applyInBackground(tree, to: 0)
    return outcome == .applied ? view.changes : nil
  }
}

import Dispatch
import Snapshot

/// Issue 18's async apply on today's data source: `applyInBackground(_:)` of a one-section
/// snapshot with one row in 1,000, 100 or 10 replaced (at 10^6 rows: 10^3, 10^4, 10^5
/// changed), applied there and back alternately. Measured: how long the caller's actor is
/// blocked, that is the time its jobs run (the synchronous parts before and after the await:
/// reading the rows and the snapshot, then committing). The "baselines" are parts of the same
/// runs, recorded by the scenario's run and reported by operations that do nothing else: the
/// whole call (wall time), and the blocked time before and after the await.
///
/// The data source lives on an actor of its own whose executor times every job it runs
/// (``TimingExecutor``); the data source's `_backgroundDiffHook`, run off the actor when the
/// diff ends, splits the jobs into before and after the await.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
enum DataSourceBackgroundScenarios {
  static let all = [(share: "0.1pct", every: 1_000), ("1pct", 100), ("10pct", 10)].map {
    scenario($0.share, every: $0.every)
  }

  static func scenario(_ share: String, every stride: Int) -> Scenario {
    Scenario(
      name: "datasource/background/\(share)",
      group: DataSourceApplyScenarios.group,
      summary: "applyInBackground(_:) of a one-section snapshot with one row in "
        + "\(Format.count(stride)) replaced: the time the caller's actor is blocked (before "
        + "and after the await), against the whole call",
      sizes: DataSourceApplyScenarios.sizes, largeRepeats: DataSourceApplyScenarios.largeRepeats
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      var replaced = items
      var source = IdentifierSource<Int>(seed: 0x0E18_0000 &+ UInt64(size))
      let positions = Array(Swift.stride(from: stride / 2, to: size, by: stride))
      for (position, item) in zip(positions, source.fresh(positions.count)) {
        replaced[position] = item
      }
      let bench = BackgroundApplyBench([flatSnapshot(items), flatSnapshot(replaced)])
      // The parts of the same runs, read from the scenario's last run (their bodies do nothing):
      // one run per repeat, since a run at 10^6 rows takes seconds.
      func part(
        _ name: String, _ seconds: @escaping (BackgroundApplyBench.Run) -> Double,
        whenFaster: String = "never: the blocked time includes this part"
      ) -> Baseline {
        Baseline(
          Operation(name + " (same runs)", seconds: { seconds(bench.last) }) { 0 },
          whenFaster: whenFaster)
      }
      return Trial(
        items: size, detail: "\(Format.count(positions.count)) rows replaced, spread evenly",
        measured: Operation("blocked on the caller's actor", seconds: { bench.last.blocked }) {
          bench.run().changes ?? -1
        },
        baselines: [
          part(
            "whole call", \.total,
            whenFaster: "the diff runs off the caller's actor: only reading the rows and the "
              + "snapshot, and committing, block it"),
          part("blocked before the await", \.before),
          part("blocked after the await", \.after),
        ],
        verify: {
          let delivered = bench.last.changes.map { "\($0) changes" } ?? "nothing (not applied)"
          return bench.last.changes == 2 * positions.count
            ? nil : "the last apply delivered \(delivered), expected \(2 * positions.count) changes"
        })
    }
  }
}

/// Runs a background apply on a data source held by an actor of its own, from synchronous
/// code (it waits for the apply), and reports how long that actor was busy. Call ``run()``
/// from a thread outside Swift's cooperative pool (the bench's main thread): it blocks its
/// thread while the apply's task runs on the pool, which a pool thread could deadlock.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class BackgroundApplyBench {
  struct Run {
    /// Seconds the actor ran jobs before the diff ended (the part before the await).
    var before = 0.0
    /// Seconds the actor ran jobs after it (the commit, and returning).
    var after = 0.0
    /// Seconds from the call to its return.
    var total = 0.0
    /// The changes delivered, or nil when the apply was not applied.
    var changes: Int?

    var blocked: Double { before + after }
  }

  private let executor: TimingExecutor
  private let marks: BackgroundMarks
  /// Makes one apply on the owner's actor; returns the changes delivered, or nil when the
  /// apply was not applied.
  private let applyNext: @Sendable () async -> Int?
  private(set) var last = Run()

  /// Measures `applyNext`, which applies on an actor run by `executor` to a data source whose
  /// diff hook stores its end in `marks`.
  init(
    executor: TimingExecutor, marks: BackgroundMarks,
    applyNext: @escaping @Sendable () async -> Int?
  ) {
    self.executor = executor
    self.marks = marks
    self.applyNext = applyNext
  }

  /// Shows `snapshots[0]`; each run applies the other one of the two (`applyInBackground(_:)`).
  convenience init(_ snapshots: [DiffableDataSourceSnapshot<Int, Int>]) {
    let (executor, marks) = (TimingExecutor(), BackgroundMarks())
    let owner = DataSourceOwner(executor: executor, snapshots: snapshots, marks: marks)
    self.init(executor: executor, marks: marks) { await owner.applyNext() }
  }

  func run() -> Run {
    let done = DispatchSemaphore(value: 0)
    let (applyNext, marks) = (self.applyNext, self.marks)
    _ = executor.takeSpans()
    let start = Measure.now()
    Task {
      let changes = await applyNext()
      marks.changes.withLock { $0 = changes }
      done.signal()
    }
    done.wait()
    let end = Measure.now()
    let diffEnd = marks.diffEnd.withLock { $0 }
    var run = Run(total: Double(end - start) / 1e9)
    for span in executor.takeSpans() {
      let seconds = Double(span.end - span.start) / 1e9
      if span.start < diffEnd { run.before += seconds } else { run.after += seconds }
    }
    run.changes = marks.changes.withLock { $0 }
    last = run
    return run
  }
}

/// What the data source's diff hook and the applying task hand back to the bench.
final class BackgroundMarks: Sendable {
  /// When the last background diff ended (monotonic nanoseconds).
  let diffEnd = Locked<UInt64>(0)
  let changes = Locked<Int?>(nil)
}

/// The actor the data source is used from, run by a ``TimingExecutor``.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
actor DataSourceOwner {
  private nonisolated let executor: TimingExecutor
  private let view: CountingListView<Int, Int>
  private let source: DiffableDataSource<Int, Int>
  private let snapshots: [DiffableDataSourceSnapshot<Int, Int>]
  private var turn = 0

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  init(
    executor: TimingExecutor, snapshots: [DiffableDataSourceSnapshot<Int, Int>],
    marks: BackgroundMarks
  ) {
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.applySnapshotUsingReloadData(snapshots[0])
    source._backgroundDiffHook = { marks.diffEnd.withLock { $0 = Measure.now() } }
    self.executor = executor
    self.view = view
    self.source = source
    self.snapshots = snapshots
  }

  /// Applies the snapshot not shown now; returns the changes delivered, or nil when the apply
  /// was not applied.
  func applyNext() async -> Int? {
    turn += 1
    view.changes = 0
    let outcome = try! await source.applyInBackground(snapshots[turn % 2])
    return outcome == .applied ? view.changes : nil
  }
}

/// A serial executor that runs jobs on a dispatch queue and records when each one ran: the
/// time an actor on it is blocked.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class TimingExecutor: SerialExecutor, Sendable {
  private let queue = DispatchQueue(label: "snapshot-bench.timing-executor")
  private let spans = Locked<[(start: UInt64, end: UInt64)]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      let start = Measure.now()
      job.runSynchronously(on: self.asUnownedSerialExecutor())
      let end = Measure.now()
      self.spans.withLock { $0.append((start, end)) }
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// The jobs run since the last call, once every job enqueued so far has finished.
  func takeSpans() -> [(start: UInt64, end: UInt64)] {
    queue.sync {}
    return spans.withLock { spans in
      defer { spans = [] }
      return spans
    }
  }
}

import Dispatch
import Testing

@testable import Snapshot

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Where a background section apply does its work: the data source lives on an actor whose
/// executor records the thread running each job, and its identifiers count every comparison
/// and hash, split by whether they ran on that thread during such a job. Applying a 20,000-item section snapshot built
/// apart, with one item inserted, compares and hashes items off the actor (reading both trees'
/// ends, checking the middle against the other section, diffing the rows), and next to none
/// on it; the synchronous apply does all of it on the actor. (Listing rows compares nothing:
/// it runs in the same off-actor call as the checks, `sectionChangeOffActor`.)
// Custom executors (`ExecutorJob`) need macOS 14: every test and helper here is marked so.
@Suite("Background section applies work off the caller's actor")
struct BackgroundSectionApplyPlacementTests {
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  static func tree(_ ids: [Int]) -> DiffableDataSourceSectionSnapshot<PlacementCounted> {
    var tree = DiffableDataSourceSectionSnapshot<PlacementCounted>()
    tree.append(ids.map(PlacementCounted.init))
    return tree
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @Test("a section snapshot built apart is read, checked and diffed off the actor")
  func sectionApplyWorksOffTheActor() async throws {
    let count = 20_000
    let ids = Array(0..<count)
    var inserted = ids
    inserted.insert(-1, at: count / 2)
    let owner = PlacementOwner(Self.tree(ids))
    let apart = Self.tree(inserted)

    PlacementCounters.reset()
    let (outcome, changes) = try await owner.applyInBackground(apart)
    let (on, off) = (
      PlacementCounters.onActor.withLock { $0 },
      PlacementCounters.offActor.withLock { $0 }
    )
    #expect(outcome == .applied)
    #expect(changes == 1)
    // Off the actor: both trees' ends read in step, one comparison per entry.
    #expect(off >= count, "only \(off) comparisons and hashes off the actor")
    #expect(on <= 16, "\(on) comparisons and hashes on the actor")

    // The synchronous apply does the same work on the actor: the counts tell them apart.
    PlacementCounters.reset()
    #expect(await owner.apply(Self.tree(ids)) == 1)
    #expect(PlacementCounters.onActor.withLock { $0 } >= count)
  }
}

/// Counts of identifier comparisons and hashes, on and off the actor.
enum PlacementCounters {
  /// The thread running one of the actor's jobs, 0 between jobs. A thread, not a flag: work
  /// off the actor may start on another thread before the job that handed it over returns.
  static let jobThread = Locked<UInt>(0)
  static let onActor = Locked<Int>(0)
  static let offActor = Locked<Int>(0)

  static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  static func count() {
    if jobThread.withLock({ $0 }) == currentThread {
      onActor.withLock { $0 += 1 }
    } else {
      offActor.withLock { $0 += 1 }
    }
  }

  static func reset() {
    onActor.withLock { $0 = 0 }
    offActor.withLock { $0 = 0 }
  }
}

/// An identifier that counts its comparisons and hashes.
struct PlacementCounted: Hashable, Sendable {
  var id: Int
  static func == (lhs: Self, rhs: Self) -> Bool {
    PlacementCounters.count()
    return lhs.id == rhs.id
  }
  func hash(into hasher: inout Hasher) {
    PlacementCounters.count()
    hasher.combine(id)
  }
}

/// A serial executor on a dispatch queue that records the thread running each of its jobs.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class PlacementFlaggingExecutor: SerialExecutor, Sendable {
  private let queue = DispatchQueue(label: "snapshot-tests.flagging-executor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      PlacementCounters.jobThread.withLock { $0 = PlacementCounters.currentThread }
      job.runSynchronously(on: self.asUnownedSerialExecutor())
      PlacementCounters.jobThread.withLock { $0 = 0 }
    }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

final class PlacementCountingView: DiffableListView {
  typealias SectionIdentifierType = String
  typealias ItemIdentifierType = PlacementCounted
  var changes = 0
  func reloadData(_ content: some ListContent<String, PlacementCounted>) {}
  func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool, content: some ListContent<String, PlacementCounted>
  ) {
    changes +=
      batch.insertedItems.count + batch.deletedItems.count + batch.movedItems.count
      + batch.insertedSections.count + batch.deletedSections.count
  }
}

/// The actor the data source is used from.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
actor PlacementOwner {
  private nonisolated let executor = PlacementFlaggingExecutor()
  private let view = PlacementCountingView()
  private let source: DiffableDataSource<String, PlacementCounted>

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Shows `tree` as section A, and a second section B that every new item of section A is
  /// checked against.
  init(_ tree: DiffableDataSourceSectionSnapshot<PlacementCounted>) {
    source = DiffableDataSource<String, PlacementCounted>(listView: view)
    source.apply(tree, to: "A", animatingDifferences: false)
    var other = DiffableDataSourceSectionSnapshot<PlacementCounted>()
    other.append([PlacementCounted(id: -2)])
    source.apply(other, to: "B", animatingDifferences: false)
  }

  /// Applies `tree` to section A in the background; the outcome and the changes delivered.
  func applyInBackground(_ tree: DiffableDataSourceSectionSnapshot<PlacementCounted>) async throws
    -> (DiffableDataSource<String, PlacementCounted>.BackgroundApplyOutcome, Int)
  {
    view.changes = 0
    let outcome = try await source.applyInBackground(tree, to: "A")
    return (outcome, view.changes)
  }

  /// Applies `tree` to section A synchronously; the changes delivered.
  func apply(_ tree: DiffableDataSourceSectionSnapshot<PlacementCounted>) -> Int {
    view.changes = 0
    source.apply(tree, to: "A")
    return view.changes
  }
}

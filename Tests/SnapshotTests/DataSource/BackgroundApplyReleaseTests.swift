import Dispatch
import Testing

@testable import Snapshot

/// Where a background apply frees what its commit replaces: the data source lives on an actor
/// whose executor runs its jobs on a queue of its own, and each item of the replaced tree
/// holds a token that records, when it is freed, whether that queue was running it. A tree
/// built apart shares no node with the one it replaces, so every item of the old tree is
/// freed when the old tree is: the commit hands its last reference off the actor, and no
/// token may be freed on it. The synchronous apply frees the old tree on the actor: the
/// records tell the two apart.
// Custom executors (`ExecutorJob`) need macOS 14: every test and helper here is marked so.
@Suite("Background applies free what they replace off the caller's actor")
struct BackgroundApplyReleaseTests {
  static let count = 5_000

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @Test("a section apply frees the replaced tree off the actor")
  func sectionApplyFreesOffTheActor() async throws {
    let executor = ReleaseQueueExecutor()
    let old = ReleaseLedger(executor)
    let owner = ReleaseOwner(executor, sectionA: Self.tree(0..<Self.count, old))
    // Built apart, with one item inserted in the middle; tokens of no ledger.
    var ids = Array(0..<Self.count)
    ids.insert(-1, at: Self.count / 2)
    let outcome = try await owner.applyInBackground(Self.tree(ids, nil), to: "A")
    #expect(outcome == .applied)
    let (on, off) = await old.waitUntilFreed(Self.count)
    #expect(on == 0, "\(on) items of the replaced tree freed on the actor")
    #expect(off == Self.count, "\(off) of \(Self.count) items of the replaced tree freed")

    // The synchronous apply frees the tree it replaces on the actor.
    let synchronous = ReleaseLedger(executor)
    await owner.apply(Self.tree(0..<Self.count, synchronous), to: "A")
    await owner.apply(Self.tree(ids, nil), to: "A")
    let (syncOn, _) = await synchronous.waitUntilFreed(Self.count)
    #expect(syncOn == Self.count)
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @Test("a whole apply frees the replaced section trees and rows off the actor")
  func wholeApplyFreesOffTheActor() async throws {
    let executor = ReleaseQueueExecutor()
    let old = ReleaseLedger(executor)
    // Section A's header leads it (the tree is built again when its rows change); the whole
    // apply keeps the rows snapshot too, which holds the same items.
    let owner = ReleaseOwner(
      executor, whole: Self.snapshot(["A": Self.items(0..<Self.count, old), "B": []]))
    var ids = Array(0..<Self.count)
    ids.insert(-1, at: Self.count / 2)
    let outcome = try await owner.applyInBackground(
      Self.snapshot(["A": Self.items(ids, nil), "B": Self.items([-2], nil)]))
    #expect(outcome == .applied)
    let (on, off) = await old.waitUntilFreed(Self.count)
    #expect(on == 0, "\(on) items of the replaced section freed on the actor")
    #expect(off == Self.count, "\(off) of \(Self.count) items of the replaced section freed")
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  static func items(_ ids: some Sequence<Int>, _ ledger: ReleaseLedger?) -> [ReleaseTracked] {
    ids.map { ReleaseTracked(id: $0, token: ReleaseToken(ledger)) }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  static func tree(_ ids: some Sequence<Int>, _ ledger: ReleaseLedger?)
    -> DiffableDataSourceSectionSnapshot<ReleaseTracked>
  {
    var tree = DiffableDataSourceSectionSnapshot<ReleaseTracked>()
    tree.append(items(ids, ledger))
    return tree
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  static func snapshot(_ sections: KeyValuePairs<String, [ReleaseTracked]>)
    -> DiffableDataSourceSnapshot<String, ReleaseTracked>
  {
    var snapshot = DiffableDataSourceSnapshot<String, ReleaseTracked>()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }
}

/// An identifier, compared and hashed by `id` alone, whose token records where it is freed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
struct ReleaseTracked: Hashable, Sendable {
  var id: Int
  var token: ReleaseToken

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Tells its ledger, if any, when it is freed.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class ReleaseToken: Sendable {
  let ledger: ReleaseLedger?
  init(_ ledger: ReleaseLedger?) { self.ledger = ledger }
  deinit { ledger?.recordFree() }
}

/// Counts the tokens freed while the executor's queue runs a job (on the actor) and the others.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class ReleaseLedger: Sendable {
  let executor: ReleaseQueueExecutor
  let onActor = Locked(0)
  let offActor = Locked(0)

  init(_ executor: ReleaseQueueExecutor) { self.executor = executor }

  func recordFree() {
    if executor.isRunningJob {
      onActor.withLock { $0 += 1 }
    } else {
      offActor.withLock { $0 += 1 }
    }
  }

  /// The tokens freed on and off the actor, once `count` were freed in all or after about ten
  /// seconds (the freeing off the actor runs in a task of its own).
  func waitUntilFreed(_ count: Int) async -> (on: Int, off: Int) {
    for _ in 0..<1_000 {
      if onActor.withLock({ $0 }) + offActor.withLock({ $0 }) >= count { break }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return (onActor.withLock { $0 }, offActor.withLock { $0 })
  }
}

/// A serial executor on a dispatch queue of its own; it can tell whether the current thread
/// is running one of its jobs.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
final class ReleaseQueueExecutor: SerialExecutor, Sendable {
  private let key = DispatchSpecificKey<Bool>()
  private let queue = DispatchQueue(label: "snapshot-tests.release-executor")

  init() { queue.setSpecific(key: key, value: true) }

  var isRunningJob: Bool { DispatchQueue.getSpecific(key: key) == true }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// The actor the data source is used from.
// Custom executors (`ExecutorJob`) need macOS 14.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
actor ReleaseOwner {
  typealias Source = DiffableDataSource<String, ReleaseTracked>

  private nonisolated let executor: ReleaseQueueExecutor
  private let source = Source()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Shows `sectionA` as section A, and an empty section B.
  init(
    _ executor: ReleaseQueueExecutor, sectionA: DiffableDataSourceSectionSnapshot<ReleaseTracked>
  ) {
    self.executor = executor
    source.apply(sectionA, to: "A", animatingDifferences: false)
    source.apply(DiffableDataSourceSectionSnapshot(), to: "B", animatingDifferences: false)
  }

  /// Shows `whole`, each section led by its first item.
  init(_ executor: ReleaseQueueExecutor, whole: DiffableDataSourceSnapshot<String, ReleaseTracked>)
  {
    self.executor = executor
    source.defaultHeaderMode = .firstItemInSection
    source.apply(whole, animatingDifferences: false)
  }

  func applyInBackground(
    _ tree: DiffableDataSourceSectionSnapshot<ReleaseTracked>, to section: String
  ) async throws -> Source.BackgroundApplyOutcome {
    try await source.applyInBackground(tree, to: section)
  }

  func applyInBackground(_ snapshot: DiffableDataSourceSnapshot<String, ReleaseTracked>)
    async throws -> Source.BackgroundApplyOutcome
  {
    try await source.applyInBackground(snapshot)
  }

  func apply(_ tree: DiffableDataSourceSectionSnapshot<ReleaseTracked>, to section: String) {
    source.apply(tree, to: section)
  }
}

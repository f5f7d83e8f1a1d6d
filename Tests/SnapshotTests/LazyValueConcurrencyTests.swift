import SnapshotTestSupport
import Testing

@testable import Snapshot

/// Values made on first read (a staged update's deferred layouts, a transaction's snapshots
/// and difference) read from many tasks at once: each is made once, under the library's lock,
/// and every task sees the same value (run under `swift test --sanitize=thread` to check for
/// races too).
@Suite("Concurrent first reads of lazy values")
struct LazyValueConcurrencyTests {
  /// Runs `read` in 8 tasks at once; returns what each returned.
  static func fromEightTasks<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async
    -> [Value]
  {
    await withTaskGroup(of: Value.self) { group in
      for _ in 0..<8 { group.addTask { read() } }
      return await group.reduce(into: []) { $0.append($1) }
    }
  }

  @Test func aStagedUpdatesDeferredLayoutsFromEightTasks() async throws {
    var old = DiffableDataSourceSnapshot<Int, Int>()
    old.appendSections(Array(0..<4))
    for section in 0..<4 {
      old.appendItems(Array(section * 1_000..<section * 1_000 + 500), toSection: section)
    }
    var new = old
    new.moveItem(10, afterItem: 2_300)
    new.deleteItems([1_100])
    new.reloadItems([3_005])
    let staged = new.stagedBatchUpdate(from: old)
    let deferred = staged.stages.filter {
      if case .deferred = $0.storedLayout { return true } else { return false }
    }
    try #require(!deferred.isEmpty, "no stage holds a deferred layout")
    for stage in staged.stages {
      let layouts = await Self.fromEightTasks { stage.layout }
      #expect(layouts.allSatisfy { $0 == layouts[0] })
    }
    let last = try #require(staged.stages.last)
    #expect(
      last.layout.map(\.items) == new.sectionIdentifiers.map { new.itemIdentifiers(inSection: $0) })
  }

  @Test func aTransactionsLazySnapshotsFromEightTasks() async throws {
    let view = ListViewSimulator<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(0..<300), toSection: 0)
    snapshot.appendItems(Array(300..<600), toSection: 1)
    source.apply(snapshot)
    source.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = try source.moveItem(
      at: ListIndexPath(item: 5, section: 0), to: ListIndexPath(item: 100, section: 1))
    let initial = await Self.fromEightTasks { transaction.initialSnapshot }
    let final = await Self.fromEightTasks { transaction.finalSnapshot }
    let differences = await Self.fromEightTasks { transaction.difference }
    #expect(initial.allSatisfy { $0 == snapshot })
    #expect(final.allSatisfy { $0 == source.snapshot() })
    #expect(differences.allSatisfy { $0 == differences[0] })
    #expect(snapshot.itemIdentifiers.applying(differences[0]) == source.snapshot().itemIdentifiers)
  }
}

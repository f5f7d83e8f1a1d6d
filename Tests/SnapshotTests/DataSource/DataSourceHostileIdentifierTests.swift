import Testing

@testable import Snapshot

/// Identifiers that break `Hashable`'s contract must never stop the program in the data
/// source's throwing paths: each case runs in a child process, so a crash fails one test.
@Suite("DiffableDataSource with hostile identifiers")
struct DataSourceHostileIdentifierTests {
  /// Equal values (same `id`) hash differently (by `salt`).
  struct SplitHash: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var salt: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(salt)
    }
    var description: String { "\(id)/\(salt)" }
  }

  /// A hash that changes on every call.
  struct Unstable: Hashable, Sendable {
    var id: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(Int.random(in: 0..<1_000_000))
    }
  }

  final class ReadingListView<I: Hashable & Sendable>: DiffableListView {
    typealias SectionIdentifierType = Int
    typealias ItemIdentifierType = I
    var rowsRead = 0
    func reloadData(_ content: some ListContent<Int, I>) {
      rowsRead += RecordingListView<Int, I>.read(content).count
    }
    func performBatchUpdates(
      _ batch: BatchUpdate, animated: Bool, content: some ListContent<Int, I>
    ) {
      rowsRead += RecordingListView<Int, I>.read(content).count
    }
  }

  /// Runs every data-source operation with `items`, through the throwing paths.
  static func exercise<I: Hashable & Sendable>(_ items: [I]) {
    // A view that reads what it is told (the simulator's own sets are no place for such
    // identifiers: the data source is what is under test).
    let view = ReadingListView<I>()
    let source = DiffableDataSource<Int, I>(listView: view)
    source.reorderingHandlers.canReorderItem = { _ in true }
    for round in 0..<4 {
      var tree = DiffableDataSourceSectionSnapshot<I>()
      for (index, item) in items.enumerated() {
        _ = try? tree.tryAppend([item], to: index > 0 && index % 3 != 0 ? items[index - 1] : nil)
      }
      tree.expand(Array(items.prefix(round * 20)))
      _ = try? source.tryApply(tree, to: round % 2)
      for item in items.shuffled() {
        _ = try? source.toggle(item)
      }
      for row in 0..<20 {
        _ = try? source.moveItem(
          at: ListIndexPath(item: row, section: 0),
          to: ListIndexPath(item: row * 7 % 30, section: round % 2))
      }
      _ = try? source.tryApply(source.snapshot())
      _ = source.snapshot()
      _ = (0..<50).map { source.itemIdentifier(for: ListIndexPath(item: $0, section: 0)) }
      _ = items.map { source.indexPath(for: $0) }
    }
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test("equal identifiers with different hashes")
    func splitHashes() async {
      await #expect(processExitsWith: .success) {
        Self.exercise((0..<400).map { SplitHash(id: $0 % 200, salt: $0) })
      }
    }
  #endif

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test("hashes that change on every call")
    func unstableHashes() async {
      await #expect(processExitsWith: .success) {
        Self.exercise((0..<400).map { Unstable(id: $0) })
      }
    }
  #endif
}

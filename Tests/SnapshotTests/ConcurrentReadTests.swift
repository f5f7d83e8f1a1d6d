import Testing

@testable import Snapshot

/// Snapshots are `Sendable` values whose position caches are rebuilt lazily on read; many
/// threads reading one freshly mutated snapshot must all see correct answers (run under
/// `swift test --sanitize=thread` to check for races too).
@Suite("Concurrent reads of one snapshot")
struct ConcurrentReadTests {
  @Test func sectionSnapshotQueriesFromManyTasks() async {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    snapshot.append(Array(0..<50))
    for root in 0..<50 {
      snapshot.append(Array((root + 1) * 100..<(root + 1) * 100 + 20), to: root)
    }
    snapshot.expand(Array(0..<50).filter { $0.isMultiple(of: 2) })
    let expected = snapshot.items
    for round in 0..<20 {
      // A fresh mutation makes the caches stale; then every task races to rebuild them.
      snapshot.collapse([round * 2])
      snapshot.expand([round * 2])
      let shared = snapshot
      let mismatches = await withTaskGroup(of: Int.self) { group in
        for task in 0..<8 {
          group.addTask {
            var wrong = 0
            for (position, item) in expected.enumerated() where position % 8 == task {
              if shared.index(of: item) != position { wrong += 1 }
              if shared.level(of: item) != (item < 50 ? 0 : 1) { wrong += 1 }
              let visible = item < 50 || (item / 100 - 1).isMultiple(of: 2)
              if shared.isVisible(item) != visible { wrong += 1 }
            }
            return wrong
          }
        }
        return await group.reduce(0, +)
      }
      #expect(mismatches == 0, "round \(round)")
    }
    #expect(snapshot._invariantViolation() == nil)
  }

  @Test func sectionedSnapshotQueriesFromManyTasks() async {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(Array(0..<20))
    for section in 0..<20 {
      snapshot.appendItems(Array(section * 100..<section * 100 + 50), toSection: section)
    }
    for round in 0..<20 {
      snapshot.moveSection(round, afterSection: (round + 7) % 20)
      let shared = snapshot
      let expected = shared.itemIdentifiers
      let mismatches = await withTaskGroup(of: Int.self) { group in
        for task in 0..<8 {
          group.addTask {
            var wrong = 0
            for (position, item) in expected.enumerated() where position % 8 == task {
              if shared.indexOfItem(item) != position { wrong += 1 }
            }
            return wrong
          }
        }
        return await group.reduce(0, +)
      }
      #expect(mismatches == 0, "round \(round)")
    }
  }
}

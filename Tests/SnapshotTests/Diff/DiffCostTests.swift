import Synchronization
import Testing

@testable import Snapshot

/// Counts the hashing and comparing done by the engine.
final class OperationCounter: Sendable {
  let hashes = Atomic<Int>(0)
  let comparisons = Atomic<Int>(0)
}

/// An identifier that counts how often it is hashed and compared.
struct CountedID: Hashable, Sendable {
  var value: Int
  var counter: OperationCounter

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.comparisons.add(1, ordering: .relaxed)
    return lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    counter.hashes.add(1, ordering: .relaxed)
    hasher.combine(value)
  }
}

/// The cost claims: unchanged sections cost one array comparison, common prefixes and
/// suffixes are skipped before any hashing, runs are followed without hashing.
@Suite struct DiffCostTests {
  /// Three sections of `size` items; the middle one has one item replaced at its center.
  func layouts(size: Int, counter: OperationCounter, sharedStorage: Bool) -> (
    [LayoutSection<Int, CountedID>], [LayoutSection<Int, CountedID>]
  ) {
    func ids(_ range: Range<Int>) -> [CountedID] {
      range.map { CountedID(value: $0, counter: counter) }
    }
    let old = (0..<3).map { LayoutSection($0, items: ids($0 * size..<($0 + 1) * size)) }
    var new = old
    if !sharedStorage {
      // Equal contents in fresh arrays: compared element by element, still no hashing.
      new[0].items = ids(0..<size)
      new[2].items = ids(2 * size..<3 * size)
    }
    new[1].items[size / 2] = CountedID(value: -1, counter: counter)
    return (old, new)
  }

  @Test(arguments: [100, 10_000])
  func hashesOnlyTheChangedMiddleOfAChangedSection(size: Int) throws {
    let counter = OperationCounter()
    let (old, new) = layouts(size: size, counter: counter, sharedStorage: true)
    let match = try DiffMatch(old: old, new: new, marks: DiffMarks(), verifyUniqueness: false)
    // One old item hashed into the table, one new item probed: whatever the size.
    #expect(counter.hashes.load(ordering: .relaxed) == 2)
    // Shared storage: unchanged sections compare in O(1); the changed one is compared up to
    // its first difference, then prefix and suffix are walked once each.
    #expect(counter.comparisons.load(ordering: .relaxed) <= 2 * size)
    let batch = match.singleBatch()
    #expect(batch.deletedItems == [ListIndexPath(item: size / 2, section: 1)])
    #expect(batch.insertedItems == [ListIndexPath(item: size / 2, section: 1)])
  }

  @Test func anUnchangedSectionCostsOneArrayComparison() throws {
    let size = 1_000
    let counter = OperationCounter()
    let (old, new) = layouts(size: size, counter: counter, sharedStorage: false)
    _ = try DiffMatch(old: old, new: new, marks: DiffMarks(), verifyUniqueness: false)
    #expect(counter.hashes.load(ordering: .relaxed) == 2)
    // Two unchanged sections compared in full, the changed one as above.
    #expect(counter.comparisons.load(ordering: .relaxed) <= 4 * size)
  }

  @Test func followsRunsWithoutHashing() throws {
    // A block of 1,000 items moves to the front: one probe starts the run, the rest follow
    // it by comparison.
    let counter = OperationCounter()
    let items = (0..<2_000).map { CountedID(value: $0, counter: counter) }
    let old = [LayoutSection(0, items: items)]
    let new = [LayoutSection(0, items: Array(items[1_000...] + items[..<1_000]))]
    let match = try DiffMatch(old: old, new: new, marks: DiffMarks(), verifyUniqueness: false)
    #expect(counter.hashes.load(ordering: .relaxed) <= 2_000 + 2)
    #expect(match.runs.count == 2)
    #expect(match.singleBatch().moveCount == 1_000)
  }

  @Test func verifyingHashesEachOldItemOnce() throws {
    let counter = OperationCounter()
    let (old, new) = layouts(size: 1_000, counter: counter, sharedStorage: true)
    _ = try BatchUpdate(from: old, to: new)
    // Every old item once (duplicate check), plus the one new item probed.
    #expect(counter.hashes.load(ordering: .relaxed) == 3_000 + 1)
  }
}

import Testing

@testable import Snapshot

/// An identifier whose `Hashable` conformance is broken on purpose: equal values (same `id`)
/// hash differently while `BrokenHashing.includeSalt` is on.
private struct SaltedID: Hashable, Sendable, CustomStringConvertible {
  let id: Int
  let salt: Int

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    if BrokenHashing.includeSalt { hasher.combine(salt) }
  }

  var description: String { "\(id)" }
}

private enum BrokenHashing {
  nonisolated(unsafe) static var includeSalt = true
}

@Suite("Identifiers with broken hashing", .serialized)
struct BrokenHashingTests {
  @Test func tryBatchUpdateExplainsEqualIdentifiersTheSnapshotCouldNotSee() throws {
    BrokenHashing.includeSalt = true
    defer { BrokenHashing.includeSalt = true }
    var old = DiffableDataSourceSnapshot<Int, SaltedID>()
    old.appendSections([0])
    // Lawful neighbours first. (Broken hashing never stops the program: see
    // BrokenHashingExitTests. This test shows what `tryBatchUpdate` adds.)
    old.appendItems((100..<200).map { SaltedID(id: $0, salt: 0) })
    old.appendItems([SaltedID(id: 1, salt: 0)])
    // An equal identifier with another hash gets in (unless the hashes happen to meet, in
    // which case the snapshot refuses it: try the next salt).
    var new = old
    var salt = 1
    while (try? new.tryAppendItems([SaltedID(id: 1, salt: salt)])) == nil { salt += 1 }
    #expect(new.numberOfItems == 102)

    // Once the hashes agree, the re-check sees the duplicate and names it.
    BrokenHashing.includeSalt = false
    #expect(throws: DuplicateIdentifierError<Int, SaltedID>.self) {
      try new.tryBatchUpdate(from: old)
    }
    #expect(throws: DuplicateIdentifierError<Int, SaltedID>.self) {
      try new.tryStagedBatchUpdate(from: old)
    }
    do {
      _ = try new.tryBatchUpdate(from: old)
    } catch {
      #expect(error.newItems.map(\.id) == [1])
      #expect(error.oldItems.isEmpty)
    }
    // The non-throwing form trusts the snapshot and does not look for duplicates; for the
    // view the change is one row appended, which is what it is told. (The simulator's
    // identity check cannot tell two equal identifiers apart, so it is not the oracle here.)
    let batch = new.batchUpdate(from: old)
    #expect(batch == BatchUpdate(insertedItems: [ListIndexPath(item: 101, section: 0)]))
  }

  @Test func lawfulIdentifiersNeverThrow() throws {
    var old = DiffableDataSourceSnapshot<Int, Int>()
    old.appendSections([0, 1])
    old.appendItems([1, 2, 3], toSection: 0)
    var new = old
    new.moveItem(3, beforeItem: 1)
    new.appendItems([4], toSection: 1)
    #expect(try new.tryBatchUpdate(from: old) == new.batchUpdate(from: old))
    #expect(try new.tryStagedBatchUpdate(from: old) == new.stagedBatchUpdate(from: old))
  }
}

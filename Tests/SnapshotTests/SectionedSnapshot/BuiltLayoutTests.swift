import Foundation
import Testing

@testable import Snapshot

// A sectioned snapshot built by appends of whole arrays keeps those arrays (its built layout)
// until any other edit, and two such snapshots are diffed by comparing them.

private typealias IntSnapshot = DiffableDataSourceSnapshot<Int, Int>

/// Three sections of ten items each, built the usual way.
private func builtSnapshot(offset: Int = 0) -> IntSnapshot {
  var snapshot = IntSnapshot()
  snapshot.appendSections([0, 1, 2])
  for section in 0..<3 {
    snapshot.appendItems(
      Array(section * 10..<section * 10 + 10).map { $0 + offset }, toSection: section)
  }
  return snapshot
}

@Suite struct BuiltLayoutTests {
  @Test func appendsOfWholeArraysKeepThem() throws {
    let snapshot = builtSnapshot()
    let built = try #require(snapshot.storage.builtLayout)
    #expect(built.sections.map(\.id) == [0, 1, 2])
    #expect(built.sections.map(\.items) == [Array(0..<10), Array(10..<20), Array(20..<30)])
    #expect(snapshot.layout == built.sections)
    #expect(snapshot.itemIdentifiers(inSection: 1) == Array(10..<20))
    #expect(snapshot._invariantViolation() == nil)
    // Appending to the last section without naming it, and an empty append, keep them too.
    var more = IntSnapshot()
    more.appendSections([7])
    more.appendItems([], toSection: 7)
    more.appendItems([1, 2])
    #expect(more.storage.builtLayout?.sections == [LayoutSection(7, items: [1, 2])])
  }

  /// A section appended to again keeps its array, extended: the caller's array is copied
  /// once (it is still the caller's), and later appends extend the snapshot's own.
  @Test func appendsToASectionWithItemsExtendItsArray() throws {
    let rows = Array(100..<110)
    var snapshot = IntSnapshot()
    snapshot.appendSections([0, 1])
    snapshot.appendItems([-1], toSection: 0)
    snapshot.appendItems(rows, toSection: 0)
    snapshot.appendItems(Array(200..<205), toSection: 1)
    for item in 110..<150 { snapshot.appendItems([item], toSection: 0) }
    snapshot.appendItems([205, 206])
    let built = try #require(snapshot.storage.builtLayout)
    #expect(built.sections.map(\.items) == [[-1] + Array(100..<150), Array(200..<207)])
    #expect(rows == Array(100..<110))
    #expect(snapshot._invariantViolation() == nil)
    // Two snapshots built so diff as their arrays, as the plain diff of their layouts does.
    var other = snapshot
    other.deleteItems([120])
    var rebuilt = IntSnapshot()
    rebuilt.appendSections([0, 1])
    rebuilt.appendItems([-1] + Array(100..<120), toSection: 0)
    rebuilt.appendItems(Array(121..<150), toSection: 0)
    rebuilt.appendItems(Array(200..<207), toSection: 1)
    #expect(rebuilt.storage.builtLayout != nil && rebuilt == other)
    #expect(
      rebuilt.batchUpdate(from: snapshot)
        == BatchUpdate(deletedItems: [ListIndexPath(item: 21, section: 0)]))
  }

  /// Marks keep the arrays whole; every other edit cuts them into pieces (see
  /// `BuiltPiecesTests`), but for `deleteAllItems`, which leaves nothing to keep, and a
  /// removal large enough to rebuild the outline, which keeps the arrays it rebuilt it from.
  @Test func marksKeepThemAndEveryOtherEditCutsThem() {
    var marked = builtSnapshot()
    marked.reloadItems([3])
    marked.reconfigureItems([4])
    marked.reloadSections([2])
    #expect(marked.storage.builtLayout != nil)
    #expect(marked._invariantViolation() == nil)
    let edits: [(String, (inout IntSnapshot) -> Void)] = [
      ("insertItems", { $0.insertItems([-1], beforeItem: 5) }),
      ("deleteItems", { $0.deleteItems([5]) }),
      ("moveItem", { $0.moveItem(5, afterItem: 25) }),
      ("insertSections", { $0.insertSections([-1], beforeSection: 1) }),
      ("deleteSections", { $0.deleteSections([1]) }),
      ("moveSection", { $0.moveSection(0, afterSection: 2) }),
      ("deleteAllItems", { $0.deleteAllItems() }),
    ]
    for (name, edit) in edits {
      var snapshot = builtSnapshot()
      edit(&snapshot)
      // Removing a section of 10 from 30 items rebuilds the outline, which keeps the arrays
      // it is rebuilt from whole.
      #expect(
        (snapshot.storage.builtLayout != nil) == (name == "deleteSections"),
        "\(name) kept the built layout whole")
      #expect(
        (snapshot.storage.builtPieces == nil)
          == ["deleteAllItems", "deleteSections"].contains(name),
        "\(name): pieces \(String(describing: snapshot.storage.builtPieces?.pieces))")
      #expect(snapshot._invariantViolation() == nil, "\(name)")
    }
  }

  @Test func aRefusedAppendKeepsThem() {
    var snapshot = builtSnapshot()
    snapshot.appendSections([3])
    #expect(throws: SnapshotError<Int, Int>.self) { try snapshot.tryAppendItems([5], toSection: 3) }
    #expect(throws: SnapshotError<Int, Int>.self) { try snapshot.tryAppendSections([1]) }
    #expect(snapshot.storage.builtLayout?.sections.count == 4)
    #expect(snapshot._invariantViolation() == nil)
    snapshot.appendItems([40, 41], toSection: 3)
    #expect(snapshot.storage.builtLayout?.sections.last == LayoutSection(3, items: [40, 41]))
  }

  /// A copy shares the arrays; an append to either then drops them from that one (writing
  /// would change the other), and the original keeps them.
  @Test func copiesShareThemAndAnAppendToACopyDropsThem() {
    var original = IntSnapshot()
    original.appendSections([0])
    var copy = original
    copy.appendItems([1, 2], toSection: 0)
    copy.appendSections([1])
    #expect(copy.storage.builtLayout == nil)
    #expect(original.storage.builtLayout?.sections == [LayoutSection(0, items: [])])
    #expect(copy._invariantViolation() == nil)
    #expect(original._invariantViolation() == nil)
    original.appendItems([3], toSection: 0)
    #expect(original.storage.builtLayout?.sections == [LayoutSection(0, items: [3])])
  }

  /// Two snapshots that keep their arrays diff as their layouts do, and compare equal as
  /// their arrays do; with only one keeping them, the same.
  @Test func snapshotsThatKeepThemDiffAsTheirArrays() throws {
    let old = builtSnapshot()
    var new = IntSnapshot()
    new.appendSections([0, 2, 1])
    new.appendItems([0, 1, 2, 3, -1, 4, 5, 6, 7, 8, 9], toSection: 0)
    new.appendItems(Array(20..<30).reversed(), toSection: 2)
    new.appendItems([19] + Array(10..<19), toSection: 1)
    new.reloadItems([5])
    #expect(new.storage.builtLayout != nil)
    let plain = try BatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
    #expect(new.batchUpdate(from: old) == plain)
    #expect(
      new.stagedBatchUpdate(from: old)
        == (try StagedBatchUpdate(from: old.layout, to: new.layout, marks: new.marks)))
    var edited = new
    edited.deleteItems([-1])
    edited.insertItems([-1], afterItem: 3)
    #expect(edited.storage.builtLayout == nil)
    #expect(edited.batchUpdate(from: old) == plain)
    #expect(old == builtSnapshot())
    #expect(old != builtSnapshot(offset: 1))
    #expect(edited == new && new == edited)
  }

  /// The snapshots built at once keep their arrays too: the builders (a parent's children
  /// follow it in its section), the decoder, and an outline's rows; two of them diff as
  /// their arrays do.
  @Test func snapshotsBuiltAtOnceKeepThem() throws {
    let built = IntSnapshot {
      SnapshotSection(0) { [1, 2] }
      SnapshotSection(1) {
        SnapshotItem(3) { [4, 5] }
        6
      }
      SnapshotSection(2)
    }
    let expected = [
      LayoutSection(0, items: [1, 2]), LayoutSection(1, items: [3, 4, 5, 6]),
      LayoutSection(2, items: []),
    ]
    #expect(built.storage.builtLayout?.sections == expected)
    #expect(built._invariantViolation() == nil)
    let decoded = try JSONDecoder().decode(
      IntSnapshot.self, from: JSONEncoder().encode(builtSnapshot()))
    #expect(decoded.storage.builtLayout?.sections == builtSnapshot().layout)
    #expect(decoded._invariantViolation() == nil)
    let outline = SectionedOutline<Int, Int> {
      SnapshotSection(0) { [1, 2] }
      SnapshotSection(1) {
        SnapshotItem(3) { [4, 5] }
        6
      }
      SnapshotSection(2)
    }
    for rows in [outline.snapshot, outline.visibleSnapshot] {
      #expect(rows.storage.builtLayout?.sections == rows.layout)
      #expect(rows.storage.builtLayout != nil && rows._invariantViolation() == nil)
    }
    #expect(outline.snapshot == built)
    let new = IntSnapshot {
      SnapshotSection(1) {
        6
        SnapshotItem(3) { [5, 4, 7] }
      }
      SnapshotSection(0) { 2 }
    }
    #expect(new.storage.builtLayout != nil)
    #expect(
      new.batchUpdate(from: built)
        == (try BatchUpdate(from: built.layout, to: new.layout, marks: new.marks)))
  }
}

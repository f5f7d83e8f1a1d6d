import Testing

@testable import Snapshot

// A sectioned snapshot built from arrays and then edited a few times keeps those arrays cut
// into pieces (`BuiltPieces`), and two such snapshots built apart are compared piece by piece.

private typealias IntSnapshot = DiffableDataSourceSnapshot<Int, Int>

/// Three sections of ten items each, built the usual way.
private func builtSnapshot() -> IntSnapshot {
  var snapshot = IntSnapshot()
  snapshot.appendSections([0, 1, 2])
  for section in 0..<3 {
    snapshot.appendItems(Array(section * 10..<section * 10 + 10), toSection: section)
  }
  return snapshot
}

/// The pieces as sections and runs, for comparing.
private func described(_ snapshot: IntSnapshot) -> [String]? {
  snapshot.storage.builtPieces?.pieces.map { piece in
    switch piece {
    case .section(let section): "s\(section)"
    case .items(let items): items.map(String.init).joined(separator: ",")
    }
  }
}

@Suite struct BuiltPiecesTests {
  @Test func anInsertCutsARunAndAddsTheCallersArray() throws {
    var snapshot = builtSnapshot()
    snapshot.insertItems([-1, -2], beforeItem: 13)
    #expect(
      described(snapshot) == [
        "s0", "0,1,2,3,4,5,6,7,8,9", "s1", "10,11,12", "-1,-2", "13,14,15,16,17,18,19", "s2",
        "20,21,22,23,24,25,26,27,28,29",
      ])
    #expect(snapshot._invariantViolation() == nil)
    #expect(
      snapshot.layout
        == builtSnapshot().layout.enumerated().map { index, section in
          index == 1 ? LayoutSection(1, items: [10, 11, 12, -1, -2] + Array(13..<20)) : section
        })
  }

  @Test func deletesMovesAndSectionEditsCutThePiecesAlike() {
    var snapshot = builtSnapshot()
    // One at a time: each removal is one range, taken out of the tree and of the pieces.
    for item in [0, 9, 15] { snapshot.deleteItems([item]) }
    snapshot.moveItem(25, beforeItem: 1)
    snapshot.moveSection(2, beforeSection: 0)
    snapshot.insertSections([7], afterSection: 0)
    snapshot.appendItems([70], toSection: 7)
    #expect(
      described(snapshot) == [
        "s2", "20,21,22,23,24", "26,27,28,29", "s0", "25", "1,2,3,4,5,6,7,8", "s7", "70", "s1",
        "10,11,12,13,14", "16,17,18,19",
      ])
    #expect(snapshot._invariantViolation() == nil)
  }

  /// A removal large enough to rebuild the outline keeps the arrays it rebuilt it from,
  /// whole, as a snapshot built at once does, whether the snapshot kept arrays or not.
  @Test func aRemovalThatRebuildsKeepsWholeArrays() throws {
    var snapshot = builtSnapshot()
    snapshot.insertItems([-1], afterItem: 4)
    snapshot.deleteSections([1])
    let kept = try #require(snapshot.storage.builtLayout)
    #expect(snapshot.storage.builtPieces == nil)
    #expect(
      kept.sections == [
        LayoutSection(0, items: [0, 1, 2, 3, 4, -1, 5, 6, 7, 8, 9]),
        LayoutSection(2, items: Array(20..<30)),
      ])
    #expect(snapshot._invariantViolation() == nil)
    var unkept = builtSnapshot()
    unkept.storage.kept = nil
    unkept.deleteItems(Array(stride(from: 0, to: 30, by: 3)))
    #expect(unkept.storage.builtLayout?.sections == unkept.layout)
    #expect(unkept.layout.map(\.items.count) == [6, 7, 7])
    #expect(unkept._invariantViolation() == nil)
  }

  /// A copy shares the pieces; an edit of either copies them first, and the other keeps its
  /// own. Whole arrays a copy shares are dropped by an edit instead (a copy's diff against
  /// the snapshot it was made from reads the nodes they do not share).
  @Test func anEditOfACopyCopiesThePiecesAndDropsWholeArrays() {
    var original = builtSnapshot()
    original.deleteItems([5])
    let before = described(original)
    var copy = original
    #expect(copy.storage.builtPieces === original.storage.builtPieces)
    copy.deleteItems([15])
    #expect(copy.storage.builtPieces != nil)
    #expect(copy.storage.builtPieces !== original.storage.builtPieces)
    #expect(described(original) == before)
    #expect(described(copy)?.count == (before?.count ?? 0) + 1)
    let whole = builtSnapshot()
    var edited = whole
    edited.insertItems([-1], afterItem: 3)
    #expect(edited.storage.kept == nil && whole.storage.builtLayout != nil)
    #expect(original._invariantViolation() == nil && copy._invariantViolation() == nil)
    #expect(edited._invariantViolation() == nil)
  }

  /// More pieces than `BuiltPieces.limit`, or pieces holding less than half of the arrays
  /// they keep alive, are dropped: the snapshot is then read from its tree.
  @Test func tooManyPiecesOrTooFewItemsDropThem() {
    var scattered = builtSnapshot()
    scattered.appendItems(Array(100..<400), toSection: 2)
    for item in stride(from: 100, to: 400, by: 2) {
      scattered.deleteItems([item])
      if scattered.storage.builtPieces == nil { break }
      #expect(scattered.storage.builtPieces!.pieces.count <= BuiltPieces<Int, Int>.limit)
    }
    #expect(scattered.storage.builtPieces == nil)
    #expect(scattered._invariantViolation() == nil)
    var emptied = builtSnapshot()
    for item in 0..<14 { emptied.deleteItems([item]) }
    #expect(emptied.storage.builtPieces != nil)
    for item in 14..<16 { emptied.deleteItems([item]) }
    #expect(emptied.storage.kept == nil)
    #expect(emptied._invariantViolation() == nil)
  }

  /// A refused edit changes nothing, pieces included.
  @Test func aRefusedEditKeepsThePieces() {
    var snapshot = builtSnapshot()
    snapshot.deleteItems([3])
    let before = described(snapshot)
    #expect(throws: SnapshotError<Int, Int>.self) { try snapshot.tryInsertItems([4], afterItem: 5) }
    #expect(throws: SnapshotError<Int, Int>.self) {
      try snapshot.tryInsertSections([1], afterSection: 0)
    }
    #expect(described(snapshot) == before)
    #expect(snapshot._invariantViolation() == nil)
  }

  /// Two snapshots built apart, one edited after it was built and the other built whole,
  /// compare equal piece by piece and diff as their layouts do, through their alike ends.
  @Test func snapshotsBuiltApartCompareTheirPieces() throws {
    var edited = IntSnapshot()
    edited.appendSections([0])
    edited.appendItems(Array(0..<500), toSection: 0)
    edited.insertItems(Array(500..<1_000), afterItem: 499)
    var whole = IntSnapshot()
    whole.appendSections([0])
    whole.appendItems(Array(0..<1_000), toSection: 0)
    #expect(edited.storage.builtPieces != nil && whole.storage.builtLayout != nil)
    #expect(edited == whole && whole == edited)
    var other = whole
    other.insertItems([-1], beforeItem: 700)
    #expect(other != edited)
    let compressed = try #require(other.compressedLayouts(from: edited))
    #expect(compressed.new.count == 1)
    #expect(other.batchUpdate(from: edited).insertedItems == [ListIndexPath(item: 700, section: 0)])
    #expect(
      other.batchUpdate(from: edited)
        == (try BatchUpdate(from: edited.layout, to: other.layout, marks: other.marks)))
  }
}

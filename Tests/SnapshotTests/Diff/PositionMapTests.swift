import Testing

@testable import Snapshot

/// Hand-made batches: what each kind of entry does to the map.
@Suite struct PositionMapTests {
  func path(_ section: Int, _ item: Int) -> ListIndexPath {
    ListIndexPath(item: item, section: section)
  }

  @Test func deletesAndInsertsShiftTheOthers() {
    // [a b c d] -> [a x c d]: b deleted, x inserted at 1.
    let batch = BatchUpdate(deletedItems: [path(0, 1)], insertedItems: [path(0, 1)])
    let map = batch.positionMap
    #expect(map.newIndexPath(forOld: path(0, 0)) == path(0, 0))
    #expect(map.newIndexPath(forOld: path(0, 1)) == nil)
    #expect(map.newIndexPath(forOld: path(0, 2)) == path(0, 2))
    #expect(map.oldIndexPath(forNew: path(0, 1)) == nil)
    #expect(map.oldIndexPath(forNew: path(0, 3)) == path(0, 3))
    // [a b c] -> [a c y z]
    let other = BatchUpdate(deletedItems: [path(0, 1)], insertedItems: [path(0, 2), path(0, 3)])
    #expect(other.newIndexPath(forOld: path(0, 2)) == path(0, 1))
    #expect(other.oldIndexPath(forNew: path(0, 1)) == path(0, 2))
  }

  @Test func reloadsMapToNilBothWays() {
    // [a b c] -> [x a b' c]: b reloaded at old 1, lands at 2 (shifted by the insert).
    let batch = BatchUpdate(insertedItems: [path(0, 0)], reloadedItems: [path(0, 1)])
    let map = batch.positionMap
    #expect(map.newIndexPath(forOld: path(0, 0)) == path(0, 1))
    #expect(map.newIndexPath(forOld: path(0, 1)) == nil)
    #expect(map.newIndexPath(forOld: path(0, 2)) == path(0, 3))
    #expect(map.oldIndexPath(forNew: path(0, 2)) == nil)
    #expect(map.oldIndexPath(forNew: path(0, 3)) == path(0, 2))
  }

  @Test func movesMapToTheirDestinations() {
    // [a b c d] -> [d a b c]: d moved from 3 to 0.
    let batch = BatchUpdate(movedItems: [.init(from: path(0, 3), to: path(0, 0))])
    let map = batch.positionMap
    #expect(map.newIndexPath(forOld: path(0, 3)) == path(0, 0))
    #expect(map.newIndexPath(forOld: path(0, 0)) == path(0, 1))
    #expect(map.oldIndexPath(forNew: path(0, 0)) == path(0, 3))
    #expect(map.oldIndexPath(forNew: path(0, 3)) == path(0, 2))
  }

  @Test func sectionsCarryTheirRows() {
    // Sections [A B C] -> [N A C'] with B deleted, N inserted, C reloaded.
    let batch = BatchUpdate(deletedSections: [1], insertedSections: [0], reloadedSections: [2])
    let map = batch.positionMap
    #expect(map.newSection(forOld: 0) == 1)
    #expect(map.newSection(forOld: 1) == nil)
    #expect(map.newSection(forOld: 2) == nil)
    #expect(map.oldSection(forNew: 0) == nil)
    #expect(map.oldSection(forNew: 1) == 0)
    #expect(map.oldSection(forNew: 2) == nil)
    #expect(map.newIndexPath(forOld: path(0, 4)) == path(1, 4))
    #expect(map.newIndexPath(forOld: path(1, 0)) == nil)
    #expect(map.newIndexPath(forOld: path(2, 0)) == nil)
    #expect(map.oldIndexPath(forNew: path(0, 0)) == nil)
    #expect(map.oldIndexPath(forNew: path(2, 0)) == nil)
    #expect(map.newIndexPath(forOld: path(0, -1)) == nil)
  }

  @Test func stagesMapInTurn() throws {
    let old = [LayoutSection(0, items: [1, 2, 3]), LayoutSection(1, items: [4])]
    let new = [LayoutSection(1, items: [4, 2]), LayoutSection(0, items: [3, 1])]
    let staged = try StagedBatchUpdate(from: old, to: new)
    let map = staged.positionMap
    #expect(map.newIndexPath(forOld: path(0, 1)) == path(0, 1))
    #expect(map.newIndexPath(forOld: path(0, 0)) == path(1, 1))
    #expect(map.oldIndexPath(forNew: path(1, 0)) == path(0, 2))
    #expect(map.newSection(forOld: 1) == 0)
    #expect(map.oldSection(forNew: 1) == 0)
  }
}

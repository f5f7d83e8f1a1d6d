import Testing

@testable import Snapshot

// Appending, inserting, deleting and moving items.

extension SnapshotTests {
  // MARK: Items

  @Test func appendItemsToASection() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.appendItems(["x", "y"], toSection: "S2")
    #expect(snapshot.itemIdentifiers(inSection: "S2") == ["x", "y"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "x", "y", "d", "e"])
    #expect(snapshot.indexOfItem("y") == 4)
    #expect(snapshot.indexOfItem("d") == 5)
    try snapshot.tryAppendItems(["f"], toSection: "S1")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "b", "c", "f"])
    #expect(snapshot.indexOfItem("x") == 4)
    #expect(snapshot.numberOfItems == 8)
    snapshot._checkInvariants()
  }

  @Test func appendItemsWithNoSectionGoesToTheLastSection() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.appendItems(["f"])
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d", "e", "f"])
    snapshot.appendSections(["S4"])
    snapshot.appendItems(["g"], toSection: nil)
    #expect(snapshot.itemIdentifiers(inSection: "S4") == ["g"])
    try snapshot.tryAppendItems(["h"])
    #expect(snapshot.itemIdentifiers(inSection: "S4") == ["g", "h"])
    snapshot.moveSection("S2", afterSection: "S4")
    snapshot.appendItems(["i"])
    #expect(snapshot.itemIdentifiers(inSection: "S2") == ["i"])
    #expect(snapshot.sectionIdentifier(containingItem: "i") == "S2")
    snapshot._checkInvariants()
  }

  @Test func insertItemsBeforeAndAfter() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.insertItems(["x", "y"], beforeItem: "b")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "x", "y", "b", "c"])
    #expect(snapshot.indexOfItem("b") == 3)
    #expect(snapshot.indexOfItem("d") == 5)
    snapshot.insertItems(["z"], afterItem: "e")
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d", "e", "z"])
    snapshot.insertItems(["w"], beforeItem: "d")
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["w", "d", "e", "z"])
    snapshot.insertItems(["v"], afterItem: "a")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "v", "x", "y", "b", "c"])
    #expect(snapshot.sectionIdentifier(containingItem: "w") == "S3")
    #expect(snapshot.indexOfItem("w") == 6)
    #expect(snapshot.itemIdentifiers == ["a", "v", "x", "y", "b", "c", "w", "d", "e", "z"])
    snapshot._checkInvariants()

    var viaTry = makeFixtureSnapshot()
    try viaTry.tryInsertItems(["x", "y"], beforeItem: "b")
    try viaTry.tryInsertItems(["z"], afterItem: "e")
    try viaTry.tryInsertItems(["w"], beforeItem: "d")
    try viaTry.tryInsertItems(["v"], afterItem: "a")
    expectSameSnapshot(viaTry, snapshot)
  }

  @Test func deleteItemsIgnoresUnknownItems() {
    var snapshot = makeFixtureSnapshot()
    snapshot.deleteItems(["b", "z", "e", "b"])
    #expect(snapshot.itemIdentifiers == ["a", "c", "d"])
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "c"])
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d"])
    #expect(snapshot.indexOfItem("c") == 1)
    #expect(snapshot.indexOfItem("d") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: "b") == nil)
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3"])
    snapshot._checkInvariants()

    // Deleting every item of a section keeps the section.
    snapshot.deleteItems(["d"])
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3"])
    #expect(snapshot.numberOfItems(inSection: "S3") == 0)
    snapshot._checkInvariants()
  }

  @Test func deleteAllItemsRemovesTheSectionsToo() {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadSections(["S1"])
    snapshot.reloadItems(["a"])
    snapshot.reconfigureItems(["d"])
    let copy = snapshot
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.reloadedSectionIdentifiers == [])
    #expect(snapshot.reloadedItemIdentifiers == [])
    #expect(snapshot.reconfiguredItemIdentifiers == [])
    #expect(snapshot == Sectioned())
    snapshot._checkInvariants()
    #expect(copy.itemIdentifiers == ["a", "b", "c", "d", "e"])
    #expect(copy.reloadedItemIdentifiers == ["a"])
  }

  @Test func moveItemWithinASection() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.moveItem("a", afterItem: "c")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["b", "c", "a"])
    #expect(snapshot.indexOfItem("a") == 2)
    snapshot.moveItem("a", beforeItem: "b")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "b", "c"])
    snapshot.moveItem("c", beforeItem: "b")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "c", "b"])
    // Already in place.
    snapshot.moveItem("a", beforeItem: "c")
    snapshot.moveItem("b", afterItem: "c")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "c", "b"])
    snapshot._checkInvariants()

    var viaTry = makeFixtureSnapshot()
    try viaTry.tryMoveItem("a", afterItem: "c")
    try viaTry.tryMoveItem("a", beforeItem: "b")
    try viaTry.tryMoveItem("c", beforeItem: "b")
    expectSameSnapshot(viaTry, snapshot)
  }

  @Test func moveItemAcrossSections() {
    var snapshot = makeFixtureSnapshot()
    snapshot.moveItem("a", beforeItem: "e")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["b", "c"])
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d", "a", "e"])
    #expect(snapshot.sectionIdentifier(containingItem: "a") == "S3")
    #expect(snapshot.indexOfItem("a") == 3)
    #expect(snapshot.indexOfItem("d") == 2)
    snapshot.moveItem("e", afterItem: "c")
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["b", "c", "e"])
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d", "a"])
    #expect(snapshot.itemIdentifiers == ["b", "c", "e", "d", "a"])
    #expect(snapshot.numberOfItems == 5)
    snapshot._checkInvariants()
  }
}

import Testing

@testable import Snapshot

// Appending, inserting, deleting, moving and reloading sections.

extension SnapshotTests {
  // MARK: Sections

  @Test func appendSectionsAddsEmptySectionsAtTheEnd() throws {
    var snapshot = Sectioned()
    snapshot.appendSections(["S1", "S2"])
    #expect(snapshot.sectionIdentifiers == ["S1", "S2"])
    #expect(snapshot.numberOfItems(inSection: "S2") == 0)
    try snapshot.tryAppendSections(["S3"])
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3"])
    #expect(snapshot.indexOfSection("S3") == 2)
    #expect(snapshot.numberOfItems == 0)
    snapshot._checkInvariants()
  }

  @Test func insertSectionsBeforeAndAfter() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.insertSections(["N1", "N2"], beforeSection: "S2")
    #expect(snapshot.sectionIdentifiers == ["S1", "N1", "N2", "S2", "S3"])
    #expect(snapshot.indexOfSection("S3") == 4)
    snapshot.insertSections(["F"], beforeSection: "S1")
    #expect(snapshot.sectionIdentifiers == ["F", "S1", "N1", "N2", "S2", "S3"])
    snapshot.insertSections(["L"], afterSection: "S3")
    #expect(snapshot.sectionIdentifiers == ["F", "S1", "N1", "N2", "S2", "S3", "L"])
    snapshot.insertSections(["M1", "M2"], afterSection: "S1")
    #expect(
      snapshot.sectionIdentifiers == ["F", "S1", "M1", "M2", "N1", "N2", "S2", "S3", "L"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d", "e"])
    #expect(snapshot.indexOfItem("d") == 3)
    #expect(snapshot.indexOfSection("L") == 8)
    snapshot._checkInvariants()

    var viaTry = makeFixtureSnapshot()
    try viaTry.tryInsertSections(["N1", "N2"], beforeSection: "S2")
    try viaTry.tryInsertSections(["F"], beforeSection: "S1")
    try viaTry.tryInsertSections(["L"], afterSection: "S3")
    try viaTry.tryInsertSections(["M1", "M2"], afterSection: "S1")
    expectSameSnapshot(viaTry, snapshot)
  }

  @Test func deleteSectionsRemovesTheirItems() {
    var snapshot = makeFixtureSnapshot()
    snapshot.deleteSections(["S1"])
    #expect(snapshot.sectionIdentifiers == ["S2", "S3"])
    #expect(snapshot.itemIdentifiers == ["d", "e"])
    #expect(snapshot.numberOfItems == 2)
    #expect(snapshot.sectionIdentifier(containingItem: "a") == nil)
    #expect(snapshot.indexOfItem("a") == nil)
    #expect(snapshot.indexOfItem("d") == 0)
    #expect(snapshot.indexOfSection("S1") == nil)
    #expect(snapshot.indexOfSection("S3") == 1)
    snapshot._checkInvariants()

    // Deleting a section frees its identifiers and its items' identifiers.
    snapshot.appendSections(["S1"])
    snapshot.appendItems(["a"], toSection: "S1")
    #expect(snapshot.sectionIdentifiers == ["S2", "S3", "S1"])
    #expect(snapshot.itemIdentifiers == ["d", "e", "a"])
    #expect(snapshot.indexOfItem("a") == 2)
    snapshot._checkInvariants()
  }

  @Test func deleteSectionsIgnoresUnknownAndRepeatedSections() {
    var snapshot = makeFixtureSnapshot()
    snapshot.deleteSections(["Z", "S3", "S3", "Y"])
    #expect(snapshot.sectionIdentifiers == ["S1", "S2"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c"])
    snapshot.deleteSections(["S1", "S2"])
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot == Sectioned())
    snapshot._checkInvariants()
  }

  @Test func moveSectionBeforeAndAfter() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.moveSection("S3", beforeSection: "S1")
    #expect(snapshot.sectionIdentifiers == ["S3", "S1", "S2"])
    #expect(snapshot.itemIdentifiers == ["d", "e", "a", "b", "c"])
    #expect(snapshot.indexOfItem("a") == 2)
    #expect(snapshot.indexOfSection("S1") == 1)
    snapshot.moveSection("S3", afterSection: "S2")
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3"])
    snapshot.moveSection("S1", afterSection: "S3")
    #expect(snapshot.sectionIdentifiers == ["S2", "S3", "S1"])
    #expect(snapshot.indexOfItem("a") == 2)
    #expect(snapshot.indexOfItem("e") == 1)
    // Moving a section to where it already is.
    snapshot.moveSection("S2", beforeSection: "S3")
    #expect(snapshot.sectionIdentifiers == ["S2", "S3", "S1"])
    snapshot._checkInvariants()

    var viaTry = makeFixtureSnapshot()
    try viaTry.tryMoveSection("S3", beforeSection: "S1")
    try viaTry.tryMoveSection("S3", afterSection: "S2")
    try viaTry.tryMoveSection("S1", afterSection: "S3")
    expectSameSnapshot(viaTry, snapshot)
  }

  @Test func reloadSectionsMarksInOrderOnce() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadSections(["S3", "S1"])
    #expect(snapshot.reloadedSectionIdentifiers == ["S3", "S1"])
    try snapshot.tryReloadSections(["S1", "S2", "S2"])
    #expect(snapshot.reloadedSectionIdentifiers == ["S3", "S1", "S2"])
    #expect(snapshot.reloadedItemIdentifiers == [])
    #expect(snapshot == makeFixtureSnapshot())
    snapshot._checkInvariants()
  }
}

import Testing

@testable import Snapshot

// Appending and inserting items and sub-snapshots, deleting items, and replacing children.

extension SectionSnapshotTests {
  // MARK: Appending items

  @Test func appendBuildsRootsAndChildren() {
    var outline = Outline()
    outline.append(["A", "B"])
    #expect(outline.items == ["A", "B"])
    outline.append(["C"], to: nil)
    #expect(outline.rootItems == ["A", "B", "C"])
    outline.append(["B1", "B2"], to: "B")
    #expect(outline.items == ["A", "B", "B1", "B2", "C"])
    #expect(outline.children(of: "B") == ["B1", "B2"])
    #expect(outline.parent(of: "B2") == "B")
    #expect(outline.level(of: "B2") == 1)
    outline._checkInvariants()
  }

  @Test func appendGoesAfterTheExistingChildren() {
    var outline = makeFixtureOutline()
    outline.append(["A3", "A4"], to: "A")
    #expect(outline.children(of: "A") == ["A1", "A2", "A3", "A4"])
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "A3", "A4", "B", "B1", "C"])
    #expect(outline.index(of: "A3") == 5)
    #expect(outline.index(of: "B") == 7)
    outline._checkInvariants()
  }

  @Test func appendingToALeafCreatesTheRelation() {
    var outline = makeFixtureOutline()
    outline.append(["A1a-x"], to: "A1a")
    #expect(outline.children(of: "A1a") == ["A1a-x"])
    #expect(outline.parent(of: "A1a-x") == "A1a")
    #expect(outline.level(of: "A1a-x") == 3)
    #expect(outline.items == ["A", "A1", "A1a", "A1a-x", "A1b", "A2", "B", "B1", "C"])
    outline._checkInvariants()
  }

  @Test func tryAppendDoesWhatAppendDoes() throws {
    var viaTry = makeFixtureOutline()
    try viaTry.tryAppend(["X", "Y"], to: "B1")
    try viaTry.tryAppend(["Z"])
    var viaTrap = makeFixtureOutline()
    viaTrap.append(["X", "Y"], to: "B1")
    viaTrap.append(["Z"])
    #expect(viaTry.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "X", "Y", "C", "Z"])
    #expect(viaTry.children(of: "B1") == ["X", "Y"])
    expectSameOutline(viaTry, viaTrap)
  }

  // MARK: Inserting items

  @Test func insertBeforeTakesTheLevelOfTheDestination() {
    var outline = makeFixtureOutline()
    outline.insert(["X", "Y"], before: "A1b")
    #expect(outline.children(of: "A1") == ["A1a", "X", "Y", "A1b"])
    #expect(outline.level(of: "X") == 2)
    #expect(outline.parent(of: "Y") == "A1")
    #expect(outline.items == ["A", "A1", "A1a", "X", "Y", "A1b", "A2", "B", "B1", "C"])

    outline.insert(["R"], before: "A")
    #expect(outline.rootItems == ["R", "A", "B", "C"])
    #expect(outline.level(of: "R") == 0)
    #expect(outline.parent(of: "R") == nil)
    #expect(outline.index(of: "A") == 1)
    outline._checkInvariants()
  }

  @Test func insertAfterGoesAfterTheDestinationsDescendants() {
    var outline = makeFixtureOutline()
    outline.insert(["X"], after: "A1")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "X", "A2", "B", "B1", "C"])
    #expect(outline.children(of: "A") == ["A1", "X", "A2"])
    #expect(outline.level(of: "X") == 1)
    #expect(outline.parent(of: "X") == "A")
    #expect(outline.children(of: "X") == [])

    outline.insert(["Y", "Z"], after: "A")
    #expect(outline.rootItems == ["A", "Y", "Z", "B", "C"])
    #expect(outline.index(of: "Y") == 6)

    outline.insert(["L"], after: "C")
    #expect(outline.rootItems == ["A", "Y", "Z", "B", "C", "L"])
    outline.insert(["A1b-next"], after: "A1b")
    #expect(outline.children(of: "A1") == ["A1a", "A1b", "A1b-next"])
    outline._checkInvariants()
  }

  @Test func tryInsertDoesWhatInsertDoes() throws {
    var viaTry = makeFixtureOutline()
    try viaTry.tryInsert(["X"], before: "B1")
    try viaTry.tryInsert(["Y"], after: "A1")
    var viaTrap = makeFixtureOutline()
    viaTrap.insert(["X"], before: "B1")
    viaTrap.insert(["Y"], after: "A1")
    #expect(viaTry.items == ["A", "A1", "A1a", "A1b", "Y", "A2", "B", "X", "B1", "C"])
    expectSameOutline(viaTry, viaTrap)
  }

  // MARK: Sub-snapshots

  /// P (expanded) > P1, and Q.
  private func makeSubOutline() -> Outline {
    makeOutline([("P", nil), ("P1", "P"), ("Q", nil)], expanded: ["P"])
  }

  @Test func appendingASubSnapshotKeepsItsTreeAndExpansion() {
    var outline = makeFixtureOutline()
    outline.append(makeSubOutline(), to: "B")
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "P", "P1", "Q", "C"])
    #expect(outline.children(of: "B") == ["B1", "P", "Q"])
    #expect(outline.children(of: "P") == ["P1"])
    #expect(outline.level(of: "P") == 1)
    #expect(outline.level(of: "P1") == 2)
    #expect(outline.parent(of: "P1") == "P")
    #expect(outline.isExpanded("P"))
    #expect(!outline.isExpanded("Q"))
    #expect(outline.expandedItems == ["P"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    outline.expand(["B"])
    #expect(outline.visibleItems == ["A", "B", "B1", "P", "P1", "Q", "C"])
    outline._checkInvariants()
  }

  @Test func appendingASubSnapshotAtTheRoot() throws {
    var outline = makeFixtureOutline()
    try outline.tryAppend(makeSubOutline())
    #expect(outline.rootItems == ["A", "B", "C", "P", "Q"])
    #expect(outline.visibleItems == ["A", "B", "C", "P", "P1", "Q"])
    #expect(outline.level(of: "P1") == 1)
    var viaTrap = makeFixtureOutline()
    viaTrap.append(makeSubOutline(), to: nil)
    expectSameOutline(outline, viaTrap)
  }

  @Test func insertingASubSnapshotBeforeAndAfter() throws {
    var before = makeFixtureOutline()
    before.insert(makeSubOutline(), before: "A2")
    #expect(before.children(of: "A") == ["A1", "P", "Q", "A2"])
    #expect(before.items == ["A", "A1", "A1a", "A1b", "P", "P1", "Q", "A2", "B", "B1", "C"])
    #expect(before.level(of: "P") == 1)
    #expect(before.level(of: "P1") == 2)
    #expect(before.isExpanded("P"))

    // After A1 means after A1's descendants: the same place as before A2.
    var after = makeFixtureOutline()
    after.insert(makeSubOutline(), after: "A1")
    expectSameOutline(after, before)

    var viaTry = makeFixtureOutline()
    try viaTry.tryInsert(makeSubOutline(), before: "A2")
    expectSameOutline(viaTry, before)
    var afterViaTry = makeFixtureOutline()
    try afterViaTry.tryInsert(makeSubOutline(), after: "A1")
    expectSameOutline(afterViaTry, before)

    var atRoot = makeFixtureOutline()
    atRoot.insert(makeSubOutline(), after: "A")
    #expect(atRoot.rootItems == ["A", "P", "Q", "B", "C"])
    atRoot.insert(makeOutline([("R", nil)]), before: "A")
    #expect(atRoot.rootItems == ["R", "A", "P", "Q", "B", "C"])
    atRoot._checkInvariants()
  }

  @Test func anEmptySubSnapshotChangesNothing() throws {
    var outline = makeFixtureOutline()
    outline.append(Outline(), to: "A")
    try outline.tryInsert(Outline(), before: "B")
    try outline.tryInsert(Outline(), after: "B")
    expectSameOutline(outline, makeFixtureOutline())
  }

  // MARK: Deleting

  @Test func deleteRemovesTheItemsAndTheirDescendants() {
    var outline = makeFixtureOutline()
    outline.delete(["A1"])
    #expect(outline.items == ["A", "A2", "B", "B1", "C"])
    #expect(!outline.contains("A1"))
    #expect(!outline.contains("A1a"))
    #expect(!outline.contains("A1b"))
    #expect(outline.children(of: "A") == ["A2"])
    #expect(outline.index(of: "A1a") == nil)
    #expect(outline.index(of: "B") == 2)
    #expect(outline.count == 5)

    outline.delete(["B", "C"])
    #expect(outline.items == ["A", "A2"])
    outline._checkInvariants()
  }

  @Test func deletedItemsAreNoLongerExpanded() {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A1", "A1a"])
    outline.delete(["A1"])
    #expect(outline.expandedItems == ["A"])
    // Put the same identifiers back: they come back collapsed.
    outline.append(["A1"], to: "A")
    outline.append(["A1a"], to: "A1")
    #expect(!outline.isExpanded("A1"))
    #expect(!outline.isExpanded("A1a"))
    #expect(outline.expandedItems == ["A"])
    #expect(outline.visibleItems == ["A", "A2", "A1", "B", "C"])
    outline._checkInvariants()
  }

  @Test func deleteAcceptsAnItemTwiceAndAnItemWithItsAncestor() throws {
    var outline = makeFixtureOutline()
    outline.delete(["A1a", "A1", "A1a", "B1", "B1"])
    #expect(outline.items == ["A", "A2", "B", "C"])
    try outline.tryDelete(["A2", "A"])
    #expect(outline.items == ["B", "C"])
    outline._checkInvariants()
  }

  @Test func deleteAllEmptiesTheSnapshot() {
    var outline = makeFixtureOutline()
    outline.expand(["A"])
    let copy = outline
    outline.deleteAll()
    #expect(outline.items == [])
    #expect(outline.expandedItems == [])
    #expect(outline.isEmpty)
    #expect(outline == Outline())
    outline._checkInvariants()
    #expect(copy.count == 8)
    #expect(copy.expandedItems == ["A"])
    // The emptied snapshot is usable again.
    outline.append(["A"])
    #expect(!outline.isExpanded("A"))
    #expect(outline.items == ["A"])
  }

  // MARK: Replacing children

  @Test func replaceMakesTheGivenTreeTheChildren() throws {
    var outline = makeFixtureOutline()
    outline.expand(["A"])
    outline.replace(childrenOf: "A", using: makeSubOutline())
    #expect(outline.items == ["A", "P", "P1", "Q", "B", "B1", "C"])
    #expect(outline.children(of: "A") == ["P", "Q"])
    #expect(outline.level(of: "P1") == 2)
    #expect(!outline.contains("A1"))
    #expect(!outline.contains("A1a"))
    #expect(!outline.contains("A2"))
    #expect(outline.isExpanded("A"))
    #expect(outline.expandedItems == ["A", "P"])
    #expect(outline.visibleItems == ["A", "P", "P1", "Q", "B", "C"])

    var viaTry = makeFixtureOutline()
    viaTry.expand(["A"])
    try viaTry.tryReplace(childrenOf: "A", using: makeSubOutline())
    expectSameOutline(viaTry, outline)
  }

  @Test func replaceMayReuseTheReplacedDescendants() {
    var outline = makeFixtureOutline()
    outline.expand(["A1"])
    // The new children of A reuse A1 and A1b, which were under A, in another shape.
    let replacement = makeOutline([("A1b", nil), ("N", "A1b"), ("A1", nil)], expanded: ["A1b"])
    outline.replace(childrenOf: "A", using: replacement)
    #expect(outline.items == ["A", "A1b", "N", "A1", "B", "B1", "C"])
    #expect(outline.children(of: "A") == ["A1b", "A1"])
    #expect(outline.children(of: "A1b") == ["N"])
    #expect(outline.children(of: "A1") == [])
    #expect(outline.level(of: "A1b") == 1)
    #expect(outline.level(of: "N") == 2)
    #expect(!outline.contains("A1a"))
    #expect(!outline.contains("A2"))
    // The expansion state is the replacement's: A1 is no longer expanded, A1b is.
    #expect(outline.expandedItems == ["A1b"])
    #expect(outline.count == 7)
    outline._checkInvariants()
  }

  @Test func replaceOfALeafAddsChildrenAndAnEmptyReplacementRemovesThem() {
    var outline = makeFixtureOutline()
    outline.replace(childrenOf: "C", using: makeOutline([("C1", nil), ("C2", nil)]))
    #expect(outline.children(of: "C") == ["C1", "C2"])
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C", "C1", "C2"])

    outline.replace(childrenOf: "A", using: Outline())
    #expect(outline.items == ["A", "B", "B1", "C", "C1", "C2"])
    #expect(outline.children(of: "A") == [])
    outline._checkInvariants()
  }
}

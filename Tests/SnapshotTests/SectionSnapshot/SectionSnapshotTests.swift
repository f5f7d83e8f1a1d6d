import Testing

@testable import Snapshot

// Every member of DiffableDataSourceSectionSnapshot, with expected values written out by
// hand. Most tests start from the fixture outline (see `makeFixtureOutline()`):
//
//   A
//     A1
//       A1a
//       A1b
//     A2
//   B
//     B1
//   C

@Suite struct SectionSnapshotTests {
  // MARK: Empty snapshot

  @Test func emptySnapshotHasNothing() {
    let outline = Outline()
    #expect(outline.items == [])
    #expect(outline.rootItems == [])
    #expect(outline.visibleItems == [])
    #expect(outline.expandedItems == [])
    #expect(outline.count == 0)
    #expect(outline.isEmpty)
    #expect(!outline.contains("A"))
    #expect(outline.index(of: "A") == nil)
    #expect(outline.visualDescription() == "")
    #expect(outline.description == "")
    #expect(outline == Outline())
    outline._checkInvariants()
  }

  // MARK: Queries on the fixture

  @Test func itemsAreDepthFirst() {
    let outline = makeFixtureOutline()
    #expect(outline.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.rootItems == ["A", "B", "C"])
    #expect(outline.count == 8)
    #expect(!outline.isEmpty)
    outline._checkInvariants()
  }

  @Test func indexOfItemIsItsPositionInItems() {
    let outline = makeFixtureOutline()
    #expect(outline.index(of: "A") == 0)
    #expect(outline.index(of: "A1") == 1)
    #expect(outline.index(of: "A1a") == 2)
    #expect(outline.index(of: "A1b") == 3)
    #expect(outline.index(of: "A2") == 4)
    #expect(outline.index(of: "B") == 5)
    #expect(outline.index(of: "B1") == 6)
    #expect(outline.index(of: "C") == 7)
    #expect(outline.index(of: "Z") == nil)
  }

  @Test func levelParentAndChildren() throws {
    let outline = makeFixtureOutline()
    #expect(outline.level(of: "A") == 0)
    #expect(outline.level(of: "A1") == 1)
    #expect(outline.level(of: "A1a") == 2)
    #expect(outline.level(of: "A1b") == 2)
    #expect(outline.level(of: "A2") == 1)
    #expect(outline.level(of: "B") == 0)
    #expect(outline.level(of: "B1") == 1)
    #expect(outline.level(of: "C") == 0)
    #expect(try outline.tryLevel(of: "A1a") == 2)

    #expect(outline.parent(of: "A") == nil)
    #expect(outline.parent(of: "A1") == "A")
    #expect(outline.parent(of: "A1a") == "A1")
    #expect(outline.parent(of: "A1b") == "A1")
    #expect(outline.parent(of: "A2") == "A")
    #expect(outline.parent(of: "B1") == "B")
    #expect(outline.parent(of: "C") == nil)
    #expect(try outline.tryParent(of: "A1b") == "A1")
    #expect(try outline.tryParent(of: "B") == nil)

    #expect(outline.children(of: "A") == ["A1", "A2"])
    #expect(outline.children(of: "A1") == ["A1a", "A1b"])
    #expect(outline.children(of: "A1a") == [])
    #expect(outline.children(of: "B") == ["B1"])
    #expect(outline.children(of: "C") == [])
    #expect(try outline.tryChildren(of: "A") == ["A1", "A2"])
  }

  @Test func containsIsMembership() {
    let outline = makeFixtureOutline()
    for item in ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"] {
      #expect(outline.contains(item))
    }
    #expect(!outline.contains("Z"))
    #expect(!outline.contains("a"))
  }

  // MARK: Expansion and visibility

  @Test func aFreshSnapshotIsFullyCollapsed() throws {
    let outline = makeFixtureOutline()
    #expect(outline.expandedItems == [])
    #expect(outline.visibleItems == ["A", "B", "C"])
    for item in outline.items {
      #expect(!outline.isExpanded(item))
      #expect(try !outline.tryIsExpanded(item))
    }
    #expect(outline.isVisible("A"))
    #expect(outline.isVisible("B"))
    #expect(outline.isVisible("C"))
    #expect(!outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))
    #expect(!outline.isVisible("B1"))
    #expect(try outline.tryIsVisible("C"))
    #expect(try !outline.tryIsVisible("A2"))
  }

  @Test func expandingShowsChildrenWhenAllAncestorsAreExpanded() {
    var outline = makeFixtureOutline()
    outline.expand(["A"])
    #expect(outline.expandedItems == ["A"])
    #expect(outline.visibleItems == ["A", "A1", "A2", "B", "C"])
    #expect(outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))

    outline.expand(["A1"])
    #expect(outline.expandedItems == ["A", "A1"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "C"])
    #expect(outline.isVisible("A1a"))
    #expect(outline.isVisible("A1b"))

    outline.expand(["B"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])
    #expect(outline.visibleItems == outline.items)
    outline._checkInvariants()
  }

  @Test func collapsingHidesTheWholeSubtreeButKeepsInnerExpansion() {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A1", "B"])
    outline.collapse(["A"])
    #expect(outline.expandedItems == ["A1", "B"])
    #expect(outline.isExpanded("A1"))
    #expect(!outline.isExpanded("A"))
    #expect(outline.visibleItems == ["A", "B", "B1", "C"])
    #expect(!outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))

    outline.expand(["A"])
    #expect(outline.visibleItems == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"])

    outline.collapse(["A1", "B"])
    #expect(outline.expandedItems == ["A"])
    #expect(outline.visibleItems == ["A", "A1", "A2", "B", "C"])
    outline._checkInvariants()
  }

  @Test func expandedItemsAreDepthFirstWhateverTheOrderOfExpansion() {
    var outline = makeFixtureOutline()
    outline.expand(["C", "A1b", "B", "A"])
    #expect(outline.expandedItems == ["A", "A1b", "B", "C"])
  }

  @Test func expansionNeedsNoChildren() {
    var outline = makeFixtureOutline()
    outline.expand(["C", "A1a"])
    #expect(outline.isExpanded("C"))
    #expect(outline.isExpanded("A1a"))
    #expect(outline.expandedItems == ["A1a", "C"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    // Children appended later to an expanded leaf are visible at once.
    outline.append(["C1"], to: "C")
    #expect(outline.visibleItems == ["A", "B", "C", "C1"])
  }

  @Test func expandingTwiceAndCollapsingACollapsedItemAreNoOps() {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A"])
    outline.expand(["A"])
    #expect(outline.expandedItems == ["A"])
    outline.collapse(["B", "B"])
    #expect(outline.expandedItems == ["A"])
    outline.collapse(["A", "A"])
    #expect(outline.expandedItems == [])
    outline._checkInvariants()
  }

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

  // MARK: Cutting out a subtree

  @Test func snapshotOfAnItemRestartsLevelsAtZero() throws {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A1"])
    let below = outline.snapshot(of: "A")
    #expect(below.items == ["A1", "A1a", "A1b", "A2"])
    #expect(below.rootItems == ["A1", "A2"])
    #expect(below.level(of: "A1") == 0)
    #expect(below.level(of: "A1a") == 1)
    #expect(below.level(of: "A2") == 0)
    #expect(below.parent(of: "A1") == nil)
    #expect(below.parent(of: "A1b") == "A1")
    #expect(below.expandedItems == ["A1"])
    #expect(below.visibleItems == ["A1", "A1a", "A1b", "A2"])
    #expect(!below.contains("A"))
    #expect(below.count == 4)
    below._checkInvariants()
    #expect(try outline.trySnapshot(of: "A") == below)
    #expect(outline.snapshot(of: "A", includingParent: false) == below)
  }

  @Test func snapshotOfAnItemIncludingTheParent() throws {
    var outline = makeFixtureOutline()
    outline.expand(["A1"])
    let withParent = outline.snapshot(of: "A", includingParent: true)
    #expect(withParent.items == ["A", "A1", "A1a", "A1b", "A2"])
    #expect(withParent.rootItems == ["A"])
    #expect(withParent.level(of: "A") == 0)
    #expect(withParent.level(of: "A1") == 1)
    #expect(withParent.level(of: "A1a") == 2)
    #expect(withParent.parent(of: "A") == nil)
    #expect(withParent.parent(of: "A2") == "A")
    #expect(withParent.expandedItems == ["A1"])
    #expect(withParent.visibleItems == ["A"])
    withParent._checkInvariants()
    #expect(try outline.trySnapshot(of: "A", includingParent: true) == withParent)

    outline.expand(["A"])
    let expandedParent = outline.snapshot(of: "A", includingParent: true)
    #expect(expandedParent.expandedItems == ["A", "A1"])
    #expect(expandedParent.visibleItems == ["A", "A1", "A1a", "A1b", "A2"])
  }

  @Test func snapshotOfALeafOrOfADeeperItem() {
    let outline = makeFixtureOutline()
    #expect(outline.snapshot(of: "C").isEmpty)
    #expect(outline.snapshot(of: "C", includingParent: true).items == ["C"])
    let deep = outline.snapshot(of: "A1", includingParent: true)
    #expect(deep.items == ["A1", "A1a", "A1b"])
    #expect(deep.level(of: "A1") == 0)
    #expect(deep.level(of: "A1b") == 1)
    #expect(outline.snapshot(of: "A1").rootItems == ["A1a", "A1b"])
    // Cutting out copies: the source is untouched.
    expectSameOutline(outline, makeFixtureOutline())
  }

  // MARK: Moving

  @Test func moveBeforeASibling() throws {
    var outline = makeFixtureOutline()
    outline.move("A2", before: "A1")
    #expect(outline.children(of: "A") == ["A2", "A1"])
    #expect(outline.items == ["A", "A2", "A1", "A1a", "A1b", "B", "B1", "C"])
    var viaTry = makeFixtureOutline()
    try viaTry.tryMove("A2", before: "A1")
    expectSameOutline(viaTry, outline)
  }

  @Test func moveAfterASiblingGoesAfterItsDescendants() throws {
    var outline = makeFixtureOutline()
    outline.move("A2", after: "A1")
    expectSameOutline(outline, makeFixtureOutline())  // already there
    outline.move("A1", after: "A2")
    #expect(outline.items == ["A", "A2", "A1", "A1a", "A1b", "B", "B1", "C"])
    outline.move("A", after: "C")
    #expect(outline.rootItems == ["B", "C", "A"])
    #expect(outline.items == ["B", "B1", "C", "A", "A2", "A1", "A1a", "A1b"])
    var viaTry = makeFixtureOutline()
    try viaTry.tryMove("A1", after: "A2")
    try viaTry.tryMove("A", after: "C")
    expectSameOutline(viaTry, outline)
  }

  @Test func moveTakesTheSubtreeToTheDestinationsLevel() {
    var outline = makeFixtureOutline()
    outline.expand(["B"])
    outline.move("B", before: "A1a")
    #expect(outline.items == ["A", "A1", "B", "B1", "A1a", "A1b", "A2", "C"])
    #expect(outline.children(of: "A1") == ["B", "A1a", "A1b"])
    #expect(outline.level(of: "B") == 2)
    #expect(outline.level(of: "B1") == 3)
    #expect(outline.parent(of: "B") == "A1")
    #expect(outline.parent(of: "B1") == "B")
    #expect(outline.isExpanded("B"))
    #expect(outline.rootItems == ["A", "C"])
    outline._checkInvariants()
  }

  @Test func moveRelativeToAnAncestor() {
    var outline = makeFixtureOutline()
    outline.move("A1a", after: "A")
    #expect(outline.rootItems == ["A", "A1a", "B", "C"])
    #expect(outline.children(of: "A1") == ["A1b"])
    #expect(outline.level(of: "A1a") == 0)
    outline.move("A1b", before: "A")
    #expect(outline.rootItems == ["A1b", "A", "A1a", "B", "C"])
    #expect(outline.items == ["A1b", "A", "A1", "A2", "A1a", "B", "B1", "C"])
    outline._checkInvariants()
  }

  @Test func moveToAParentAtAnIndex() throws {
    var outline = makeFixtureOutline()
    outline.move("C", to: "A", at: 1)
    #expect(outline.children(of: "A") == ["A1", "C", "A2"])
    #expect(outline.rootItems == ["A", "B"])
    #expect(outline.level(of: "C") == 1)
    #expect(outline.parent(of: "C") == "A")

    outline.move("A1b", to: nil, at: 0)
    #expect(outline.rootItems == ["A1b", "A", "B"])
    #expect(outline.children(of: "A1") == ["A1a"])

    outline.move("A1", to: "B")
    #expect(outline.children(of: "B") == ["B1", "A1"])
    #expect(outline.level(of: "A1a") == 2)

    try outline.tryMove("A1", to: "B", at: 0)
    #expect(outline.children(of: "B") == ["A1", "B1"])
    #expect(outline.items == ["A1b", "A", "C", "A2", "B", "A1", "A1a", "B1"])

    try outline.tryMove("A1b", to: nil)
    #expect(outline.rootItems == ["A", "B", "A1b"])

    outline.move("A", to: "A1a", at: 0)
    #expect(outline.rootItems == ["B", "A1b"])
    #expect(outline.items == ["B", "A1", "A1a", "A", "C", "A2", "B1", "A1b"])
    #expect(outline.level(of: "A2") == 4)
    outline._checkInvariants()
  }

  @Test func moveToTheSameParentCountsTheOtherChildren() {
    // The index is a position among the parent's other children.
    var outline = makeFixtureOutline()
    outline.append(["A3"], to: "A")
    outline.move("A1", to: "A", at: 1)
    #expect(outline.children(of: "A") == ["A2", "A1", "A3"])
    outline.move("A1", to: "A", at: 2)
    #expect(outline.children(of: "A") == ["A2", "A3", "A1"])
    outline.move("A1", to: "A", at: 0)
    #expect(outline.children(of: "A") == ["A1", "A2", "A3"])
    outline.move("A1", to: "A", at: 0)
    #expect(outline.children(of: "A") == ["A1", "A2", "A3"])
    outline.move("A1", to: "A")
    #expect(outline.children(of: "A") == ["A2", "A3", "A1"])
    outline._checkInvariants()
  }

  @Test func movingKeepsExpansionAndVisibilityFollowsTheNewAncestors() {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A1"])
    outline.move("A1", to: "B")
    #expect(outline.expandedItems == ["A", "A1"])
    #expect(!outline.isVisible("A1"))
    #expect(!outline.isVisible("A1a"))
    #expect(outline.visibleItems == ["A", "A2", "B", "C"])
    outline.expand(["B"])
    #expect(outline.visibleItems == ["A", "A2", "B", "B1", "A1", "A1a", "A1b", "C"])
  }

  // MARK: Equality

  @Test func equalWhenSameTreeOrderAndExpansion() {
    let built = makeFixtureOutline()
    var other = Outline()
    other.append(["A"])
    other.append(["A1", "A2"], to: "A")
    other.append(["B"])
    other.append(["B1"], to: "B")
    other.append(["C"])
    other.append(["A1a", "A1b"], to: "A1")
    #expect(other == built)

    // Reached through deletions and moves, still equal.
    var edited = makeFixtureOutline()
    edited.append(["X", "Y"], to: "A1")
    edited.delete(["X", "Y"])
    edited.move("C", before: "A")
    edited.move("C", after: "B")
    #expect(edited == built)
  }

  @Test func notEqualWhenExpansionOrderOrShapeDiffers() {
    let base = makeFixtureOutline()
    var expanded = makeFixtureOutline()
    expanded.expand(["C"])
    #expect(expanded != base)
    expanded.collapse(["C"])
    #expect(expanded == base)

    var reordered = makeFixtureOutline()
    reordered.move("C", before: "B")
    #expect(reordered != base)

    // Same items in the same depth-first order, different tree.
    let flat = makeOutline([("A", nil), ("B", nil)])
    let nested = makeOutline([("A", nil), ("B", "A")])
    #expect(flat.items == nested.items)
    #expect(flat != nested)

    var smaller = makeFixtureOutline()
    smaller.delete(["C"])
    #expect(smaller != base)
    #expect(Outline() != base)
  }

  // MARK: Copy-on-write

  @Test func copiesAreIndependent() {
    let mutations: [(String, (inout Outline) -> Void)] = [
      ("append", { $0.append(["X"], to: "A1a") }),
      ("insert before", { $0.insert(["X"], before: "A2") }),
      ("insert after", { $0.insert(["X"], after: "A") }),
      ("append snapshot", { $0.append(makeOutline([("X", nil)]), to: "B") }),
      ("insert snapshot before", { $0.insert(makeOutline([("X", nil)]), before: "B") }),
      ("insert snapshot after", { $0.insert(makeOutline([("X", nil)]), after: "B") }),
      ("delete", { $0.delete(["A1"]) }),
      ("deleteAll", { $0.deleteAll() }),
      ("expand", { $0.expand(["A", "B"]) }),
      ("collapse", { $0.collapse(["A1"]) }),
      ("replace", { $0.replace(childrenOf: "A", using: makeOutline([("X", nil)])) }),
      ("move before", { $0.move("C", before: "A") }),
      ("move after", { $0.move("A", after: "C") }),
      ("move to parent", { $0.move("B", to: "A1", at: 1) }),
    ]
    for (name, mutate) in mutations {
      var original = makeFixtureOutline()
      original.expand(["A1"])
      let expectedDescription = original.visualDescription()  // warms the caches
      var copy = original
      mutate(&copy)
      #expect(copy != original, "\(name) changed nothing")
      #expect(original.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"], "\(name)")
      #expect(original.expandedItems == ["A1"], "\(name)")
      #expect(original.visualDescription() == expectedDescription, "\(name)")
      #expect(original.index(of: "C") == 7, "\(name)")
      original._checkInvariants()
      copy._checkInvariants()

      // And the other way round: mutating the original leaves the copy alone.
      let frozen = original
      mutate(&original)
      #expect(original == copy, "\(name)")
      #expect(frozen.items == ["A", "A1", "A1a", "A1b", "A2", "B", "B1", "C"], "\(name)")
      #expect(frozen.expandedItems == ["A1"], "\(name)")
      frozen._checkInvariants()
    }
  }

  @Test func aSubSnapshotIsIndependentOfItsSource() {
    var outline = makeFixtureOutline()
    var below = outline.snapshot(of: "A")
    below.append(["Z"], to: "A1")
    below.expand(["A2"])
    #expect(outline.children(of: "A1") == ["A1a", "A1b"])
    #expect(!outline.isExpanded("A2"))
    outline.delete(["A1"])
    #expect(below.children(of: "A1") == ["A1a", "A1b", "Z"])
    below._checkInvariants()
    outline._checkInvariants()
  }

  // MARK: Printing

  @Test func visualDescriptionOfACollapsedOutline() {
    // Two spaces per level; "+" expanded or "-" collapsed; "*" visible or " " hidden.
    let expected = """
      -* A
        -  A1
          -  A1a
          -  A1b
        -  A2
      -* B
        -  B1
      -* C
      """
    #expect(makeFixtureOutline().visualDescription() == expected)
    #expect(makeFixtureOutline().description == expected)
  }

  @Test func visualDescriptionMarksExpandedAndVisibleItems() {
    var outline = makeFixtureOutline()
    outline.expand(["A", "A1"])
    #expect(
      outline.visualDescription() == """
        +* A
          +* A1
            -* A1a
            -* A1b
          -* A2
        -* B
          -  B1
        -* C
        """)

    // An expanded item below a collapsed one is expanded but hidden.
    outline.collapse(["A"])
    outline.expand(["B1"])
    #expect(
      outline.visualDescription() == """
        -* A
          +  A1
            -  A1a
            -  A1b
          -  A2
        -* B
          +  B1
        -* C
        """)
    #expect(outline.description == outline.visualDescription())
  }

  @Test func visualDescriptionOfASingleItem() {
    var outline = Outline()
    outline.append(["only"])
    #expect(outline.visualDescription() == "-* only")
    outline.expand(["only"])
    #expect(outline.visualDescription() == "+* only")
  }

  @Test func visualDescriptionPrintsTheIdentifiersDescription() {
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    outline.append([10], to: 1)
    outline.expand([1])
    #expect(outline.visualDescription() == "+* 1\n  -* 10\n-* 2")
  }

  // MARK: Errors

  @Test func errorTypeAliasIsTheSectionSnapshotError() {
    let error = Outline.Error(.append, .unknownParent("Z"))
    #expect(error == OutlineError(.append, .unknownParent("Z")))
    #expect(error.operation == .append)
    #expect(error.reason == .unknownParent("Z"))
    #expect(error != OutlineError(.append, .unknownParent("Y")))
    #expect(error != OutlineError(.insertBefore, .unknownParent("Z")))
  }
}

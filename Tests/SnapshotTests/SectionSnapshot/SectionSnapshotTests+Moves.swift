import Testing

@testable import Snapshot

// Cutting out a subtree as a snapshot of its own, and moving items with their subtrees.

extension SectionSnapshotTests {
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
}

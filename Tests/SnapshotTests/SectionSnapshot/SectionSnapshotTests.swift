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

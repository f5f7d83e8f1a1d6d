import Testing

@testable import Snapshot

// Every member of DiffableDataSourceSnapshot, with expected values written out by hand.
// Most tests start from the fixture (see `makeFixtureSnapshot()`):
//
//   S1: a, b, c
//   S2: (empty)
//   S3: d, e

@Suite struct SnapshotTests {
  // MARK: Empty snapshot

  @Test func emptySnapshotHasNothing() {
    let snapshot = Sectioned()
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.sectionIdentifiers == [])
    #expect(snapshot.itemIdentifiers == [])
    #expect(snapshot.reloadedSectionIdentifiers == [])
    #expect(snapshot.reloadedItemIdentifiers == [])
    #expect(snapshot.reconfiguredItemIdentifiers == [])
    #expect(snapshot.sectionIdentifier(containingItem: "a") == nil)
    #expect(snapshot.indexOfItem("a") == nil)
    #expect(snapshot.indexOfSection("S1") == nil)
    #expect(snapshot.description == "DiffableDataSourceSnapshot()")
    #expect(snapshot == Sectioned())
    snapshot._checkInvariants()
  }

  // MARK: Queries on the fixture

  @Test func countsAndIdentifiers() throws {
    let snapshot = makeFixtureSnapshot()
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d", "e"])
    #expect(snapshot.numberOfItems(inSection: "S1") == 3)
    #expect(snapshot.numberOfItems(inSection: "S2") == 0)
    #expect(snapshot.numberOfItems(inSection: "S3") == 2)
    #expect(try snapshot.tryNumberOfItems(inSection: "S3") == 2)
    #expect(snapshot.itemIdentifiers(inSection: "S1") == ["a", "b", "c"])
    #expect(snapshot.itemIdentifiers(inSection: "S2") == [])
    #expect(snapshot.itemIdentifiers(inSection: "S3") == ["d", "e"])
    #expect(try snapshot.tryItemIdentifiers(inSection: "S1") == ["a", "b", "c"])
    snapshot._checkInvariants()
  }

  @Test func sectionContainingAnItem() {
    let snapshot = makeFixtureSnapshot()
    #expect(snapshot.sectionIdentifier(containingItem: "a") == "S1")
    #expect(snapshot.sectionIdentifier(containingItem: "c") == "S1")
    #expect(snapshot.sectionIdentifier(containingItem: "d") == "S3")
    #expect(snapshot.sectionIdentifier(containingItem: "e") == "S3")
    #expect(snapshot.sectionIdentifier(containingItem: "z") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "S1") == nil)
  }

  @Test func indexOfItemCountsAcrossSections() {
    let snapshot = makeFixtureSnapshot()
    #expect(snapshot.indexOfItem("a") == 0)
    #expect(snapshot.indexOfItem("b") == 1)
    #expect(snapshot.indexOfItem("c") == 2)
    #expect(snapshot.indexOfItem("d") == 3)
    #expect(snapshot.indexOfItem("e") == 4)
    #expect(snapshot.indexOfItem("z") == nil)
    #expect(snapshot.indexOfSection("S1") == 0)
    #expect(snapshot.indexOfSection("S2") == 1)
    #expect(snapshot.indexOfSection("S3") == 2)
    #expect(snapshot.indexOfSection("a") == nil)
  }

  @Test func sectionAndItemIdentifiersAreSeparateSpaces() {
    var snapshot = makeFixtureSnapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(["S1"], toSection: "a")
    #expect(snapshot.sectionIdentifiers == ["S1", "S2", "S3", "a"])
    #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d", "e", "S1"])
    #expect(snapshot.sectionIdentifier(containingItem: "a") == "S1")
    #expect(snapshot.sectionIdentifier(containingItem: "S1") == "a")
    #expect(snapshot.indexOfSection("a") == 3)
    #expect(snapshot.indexOfItem("S1") == 5)
    snapshot._checkInvariants()
  }

  // MARK: Reload and reconfigure marks

  @Test func reloadAndReconfigureMarkItemsInOrderOnce() throws {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadItems(["c", "a"])
    try snapshot.tryReloadItems(["a", "e", "e"])
    snapshot.reconfigureItems(["d"])
    try snapshot.tryReconfigureItems(["b", "d"])
    #expect(snapshot.reloadedItemIdentifiers == ["c", "a", "e"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["d", "b"])
    #expect(snapshot.reloadedSectionIdentifiers == [])
    snapshot._checkInvariants()
  }

  @Test func marksFollowMovedItemsAndSections() {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadItems(["a"])
    snapshot.reconfigureItems(["d"])
    snapshot.reloadSections(["S1"])
    snapshot.moveItem("a", afterItem: "e")
    snapshot.moveSection("S1", afterSection: "S3")
    #expect(snapshot.reloadedItemIdentifiers == ["a"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["d"])
    #expect(snapshot.reloadedSectionIdentifiers == ["S1"])
    snapshot._checkInvariants()
  }

  @Test func marksAreDroppedWithTheDeletedItem() {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadItems(["a", "b"])
    snapshot.reconfigureItems(["b", "d"])
    snapshot.deleteItems(["b"])
    #expect(snapshot.reloadedItemIdentifiers == ["a"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["d"])
    snapshot._checkInvariants()

    // Re-adding the identifier does not bring its mark back.
    snapshot.appendItems(["b"], toSection: "S2")
    #expect(snapshot.reloadedItemIdentifiers == ["a"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["d"])
    snapshot._checkInvariants()
  }

  @Test func marksAreDroppedWithTheDeletedSection() {
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadSections(["S3", "S1"])
    snapshot.reloadItems(["e", "a"])
    snapshot.reconfigureItems(["d", "c"])
    snapshot.deleteSections(["S3"])
    #expect(snapshot.reloadedSectionIdentifiers == ["S1"])
    #expect(snapshot.reloadedItemIdentifiers == ["a"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["c"])
    snapshot._checkInvariants()

    snapshot.deleteSections(["S1"])
    #expect(snapshot.reloadedSectionIdentifiers == [])
    #expect(snapshot.reloadedItemIdentifiers == [])
    #expect(snapshot.reconfiguredItemIdentifiers == [])
    // A section re-added under the same identifier is not marked.
    snapshot.appendSections(["S3"])
    #expect(snapshot.reloadedSectionIdentifiers == [])
    snapshot._checkInvariants()
  }

  @Test func aRemarkedItemComesAfterTheItemsMarkedBeforeIt() {
    // a's first mark is dropped with a; the new a is marked after b.
    var snapshot = makeFixtureSnapshot()
    snapshot.reloadItems(["a", "b"])
    snapshot.deleteItems(["a"])
    snapshot.appendItems(["a"], toSection: "S2")
    snapshot.reloadItems(["a"])
    #expect(snapshot.reloadedItemIdentifiers == ["b", "a"])

    // The same state built directly.
    var direct = makeFixtureSnapshot()
    direct.deleteItems(["a"])
    direct.appendItems(["a"], toSection: "S2")
    direct.reloadItems(["b", "a"])
    #expect(direct.reloadedItemIdentifiers == ["b", "a"])
    #expect(snapshot == direct)
    #expect(snapshot.reloadedItemIdentifiers == direct.reloadedItemIdentifiers)
  }

  @Test func equalityIgnoresMarks() {
    var marked = makeFixtureSnapshot()
    marked.reloadSections(["S2"])
    marked.reloadItems(["a"])
    marked.reconfigureItems(["e"])
    #expect(marked == makeFixtureSnapshot())
    #expect(makeFixtureSnapshot() == marked)
  }

  // MARK: Equality

  @Test func equalWhenSectionsAndTheirItemsAreEqualInOrder() {
    var other = Sectioned()
    other.appendSections(["S1"])
    other.appendItems(["a", "c"])
    other.appendSections(["S3"])
    other.appendItems(["d", "e"])
    other.insertSections(["S2"], afterSection: "S1")
    other.insertItems(["b"], beforeItem: "c")
    #expect(other == makeFixtureSnapshot())

    var moved = makeFixtureSnapshot()
    moved.moveSection("S1", afterSection: "S3")
    moved.moveSection("S1", beforeSection: "S2")
    moved.moveItem("a", afterItem: "e")
    moved.moveItem("a", beforeItem: "b")
    #expect(moved == makeFixtureSnapshot())
  }

  @Test func notEqualWhenOrderOrGroupingDiffers() {
    let base = makeFixtureSnapshot()
    var swapped = makeFixtureSnapshot()
    swapped.moveSection("S2", beforeSection: "S1")
    #expect(swapped != base)
    #expect(swapped.itemIdentifiers == base.itemIdentifiers)

    // Same items in the same order, split differently between sections.
    var regrouped = makeFixtureSnapshot()
    regrouped.moveItem("c", beforeItem: "d")
    #expect(regrouped.itemIdentifiers == base.itemIdentifiers)
    #expect(regrouped != base)

    var reordered = makeFixtureSnapshot()
    reordered.moveItem("a", afterItem: "b")
    #expect(reordered != base)

    var extraSection = makeFixtureSnapshot()
    extraSection.appendSections(["S4"])
    #expect(extraSection != base)

    var renamed = Sectioned()
    renamed.appendSections(["S1", "S2", "S4"])
    renamed.appendItems(["a", "b", "c"], toSection: "S1")
    renamed.appendItems(["d", "e"], toSection: "S4")
    #expect(renamed != base)
    #expect(Sectioned() != base)
  }

  // MARK: Copy-on-write

  @Test func copiesAreIndependent() {
    let mutations: [(String, (inout Sectioned) -> Void)] = [
      ("appendSections", { $0.appendSections(["N"]) }),
      ("insertSections before", { $0.insertSections(["N"], beforeSection: "S1") }),
      ("insertSections after", { $0.insertSections(["N"], afterSection: "S1") }),
      ("deleteSections", { $0.deleteSections(["S1"]) }),
      ("moveSection before", { $0.moveSection("S3", beforeSection: "S1") }),
      ("moveSection after", { $0.moveSection("S1", afterSection: "S3") }),
      ("appendItems", { $0.appendItems(["x"], toSection: "S2") }),
      ("insertItems before", { $0.insertItems(["x"], beforeItem: "a") }),
      ("insertItems after", { $0.insertItems(["x"], afterItem: "e") }),
      ("deleteItems", { $0.deleteItems(["c"]) }),
      ("deleteAllItems", { $0.deleteAllItems() }),
      ("moveItem before", { $0.moveItem("e", beforeItem: "a") }),
      ("moveItem after", { $0.moveItem("a", afterItem: "e") }),
    ]
    for (name, mutate) in mutations {
      var original = makeFixtureSnapshot()
      original.reloadItems(["c"])
      #expect(original.indexOfItem("e") == 4)  // warms the caches
      var copy = original
      mutate(&copy)
      #expect(copy != original, "\(name) changed nothing")
      #expect(original.sectionIdentifiers == ["S1", "S2", "S3"], "\(name)")
      #expect(original.itemIdentifiers == ["a", "b", "c", "d", "e"], "\(name)")
      #expect(original.reloadedItemIdentifiers == ["c"], "\(name)")
      #expect(original.indexOfItem("e") == 4, "\(name)")
      #expect(original.itemIdentifiers(inSection: "S3") == ["d", "e"], "\(name)")
      original._checkInvariants()
      copy._checkInvariants()

      let frozen = original
      mutate(&original)
      #expect(original == copy, "\(name)")
      #expect(frozen.itemIdentifiers == ["a", "b", "c", "d", "e"], "\(name)")
      #expect(frozen.indexOfItem("e") == 4, "\(name)")
      frozen._checkInvariants()
    }
  }

  @Test func marksAreCopiedOnWriteToo() {
    let mutations: [(String, (inout Sectioned) -> Void)] = [
      ("reloadSections", { $0.reloadSections(["S2"]) }),
      ("reloadItems", { $0.reloadItems(["b"]) }),
      ("reconfigureItems", { $0.reconfigureItems(["b"]) }),
    ]
    for (name, mutate) in mutations {
      let original = makeFixtureSnapshot()
      var copy = original
      mutate(&copy)
      #expect(copy == original, "\(name): marks do not take part in ==")
      #expect(original.reloadedSectionIdentifiers == [], "\(name)")
      #expect(original.reloadedItemIdentifiers == [], "\(name)")
      #expect(original.reconfiguredItemIdentifiers == [], "\(name)")
      #expect(
        copy.reloadedSectionIdentifiers + copy.reloadedItemIdentifiers
          + copy.reconfiguredItemIdentifiers == [name == "reloadSections" ? "S2" : "b"],
        "\(name)")
    }
  }

  // MARK: Printing

  @Test func descriptionListsSectionsAndTheirItems() {
    #expect(
      makeFixtureSnapshot().description
        == #"DiffableDataSourceSnapshot(S1: ["a", "b", "c"]; S2: []; S3: ["d", "e"])"#)
    var numbers = DiffableDataSourceSnapshot<Int, Int>()
    numbers.appendSections([1])
    numbers.appendItems([10, 11])
    #expect(numbers.description == "DiffableDataSourceSnapshot(1: [10, 11])")
  }

  // MARK: Slot reuse

  @Test func sectionSlotsAreReusedWithoutMixingUpItems() {
    var snapshot = makeFixtureSnapshot()
    snapshot.deleteSections(["S1", "S3"])
    snapshot.appendSections(["T1"])
    snapshot.insertSections(["T0"], beforeSection: "S2")
    snapshot.appendSections(["T2"])
    #expect(snapshot.sectionIdentifiers == ["T0", "S2", "T1", "T2"])
    for section in snapshot.sectionIdentifiers {
      #expect(snapshot.itemIdentifiers(inSection: section) == [])
    }
    snapshot.appendItems(["a"], toSection: "T1")
    snapshot.appendItems(["d"], toSection: "T0")
    #expect(snapshot.itemIdentifiers == ["d", "a"])
    #expect(snapshot.indexOfItem("a") == 1)
    #expect(snapshot.sectionIdentifier(containingItem: "a") == "T1")
    snapshot._checkInvariants()
  }
}

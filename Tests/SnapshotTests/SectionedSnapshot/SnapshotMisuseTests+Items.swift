import Testing

@testable import Snapshot

// Misuse of the item methods: append, insert, move, reload and reconfigure.

extension SnapshotMisuseTests {
  // MARK: appendItems(_:toSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendItemsToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.appendItems, .unknownSection("Z")), from: fixture.make) {
      try $0.tryAppendItems(["x"], toSection: "Z")
    }
    expectRefusal(SectionedError(.appendItems, .unknownSection("Z")), from: fixture.make) {
      try $0.tryAppendItems(["a", "x", "x"], toSection: "Z")
    }
  }

  @Test func appendItemsWithNoSections() {
    expectRefusal(SectionedError(.appendItems, .noSections), from: Sectioned.init) {
      try $0.tryAppendItems(["x"])
    }
    expectRefusal(SectionedError(.appendItems, .unknownSection("S1")), from: Sectioned.init) {
      try $0.tryAppendItems(["x"], toSection: "S1")
    }
    // After the last section is deleted.
    let emptied = {
      var snapshot = makeFixtureSnapshot()
      snapshot.deleteSections(["S1", "S2", "S3"])
      return snapshot
    }
    expectRefusal(SectionedError(.appendItems, .noSections), from: emptied) {
      try $0.tryAppendItems(["a"])
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendItemsAlreadyInTheSnapshot(_ fixture: SectionedMisuseFixture) {
    // In another section (Apple moves it, after logging; we refuse).
    expectRefusal(SectionedError(.appendItems, .itemAlreadyInSnapshot("d")), from: fixture.make) {
      try $0.tryAppendItems(["x", "d"], toSection: "S1")
    }
    // In the same section.
    expectRefusal(SectionedError(.appendItems, .itemAlreadyInSnapshot("a")), from: fixture.make) {
      try $0.tryAppendItems(["a"], toSection: "S1")
    }
    expectRefusal(SectionedError(.appendItems, .itemAlreadyInSnapshot("e")), from: fixture.make) {
      try $0.tryAppendItems(["x", "y", "e"])
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendTheSameItemTwice(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.appendItems, .duplicateItem("x")), from: fixture.make) {
      try $0.tryAppendItems(["x", "y", "x"], toSection: "S2")
    }
    expectRefusal(SectionedError(.appendItems, .duplicateItem("x")), from: fixture.make) {
      try $0.tryAppendItems(["x", "x", "a"])
    }
    expectRefusal(SectionedError(.appendItems, .itemAlreadyInSnapshot("a")), from: fixture.make) {
      try $0.tryAppendItems(["x", "a", "x"], toSection: "S2")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func aLateConflictInALongArgumentIsUndone(_ fixture: SectionedMisuseFixture) {
    let fresh = (0..<200).map { "n\($0)" }
    expectRefusal(SectionedError(.appendItems, .itemAlreadyInSnapshot("c")), from: fixture.make) {
      try $0.tryAppendItems(fresh + ["c"], toSection: "S3")
    }
    expectRefusal(SectionedError(.appendItems, .duplicateItem("n150")), from: fixture.make) {
      try $0.tryAppendItems(fresh + ["n150"], toSection: "S1")
    }
    expectRefusal(
      SectionedError(.insertItemsBefore, .itemAlreadyInSnapshot("e")), from: fixture.make
    ) {
      try $0.tryInsertItems(fresh + ["e"], beforeItem: "b")
    }
    expectRefusal(SectionedError(.insertItemsAfter, .duplicateItem("n0")), from: fixture.make) {
      try $0.tryInsertItems(fresh + ["n0"], afterItem: "d")
    }
  }

  // MARK: insertItems(_:beforeItem:) and insertItems(_:afterItem:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsRelativeToAnUnknownItem(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertItemsBefore, .unknownDestinationItem("z")), from: fixture.make
    ) {
      try $0.tryInsertItems(["x"], beforeItem: "z")
    }
    expectRefusal(
      SectionedError(.insertItemsAfter, .unknownDestinationItem("z")), from: fixture.make
    ) {
      try $0.tryInsertItems(["a", "a"], afterItem: "z")
    }
    // A section identifier is not an item identifier.
    expectRefusal(
      SectionedError(.insertItemsBefore, .unknownDestinationItem("S1")), from: fixture.make
    ) {
      try $0.tryInsertItems(["x"], beforeItem: "S1")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsAlreadyInTheSnapshotOrTwice(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertItemsBefore, .itemAlreadyInSnapshot("e")), from: fixture.make
    ) {
      try $0.tryInsertItems(["x", "e"], beforeItem: "a")
    }
    expectRefusal(
      SectionedError(.insertItemsAfter, .itemAlreadyInSnapshot("b")), from: fixture.make
    ) {
      try $0.tryInsertItems(["b"], afterItem: "a")
    }
    expectRefusal(SectionedError(.insertItemsAfter, .duplicateItem("x")), from: fixture.make) {
      try $0.tryInsertItems(["x", "y", "x", "a"], afterItem: "c")
    }
    expectRefusal(SectionedError(.insertItemsBefore, .duplicateItem("y")), from: fixture.make) {
      try $0.tryInsertItems(["y", "y"], beforeItem: "d")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsRelativeToAnInsertedItem(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertItemsBefore, .destinationInInsertedItems("b")), from: fixture.make
    ) {
      try $0.tryInsertItems(["x", "b"], beforeItem: "b")
    }
    expectRefusal(
      SectionedError(.insertItemsAfter, .destinationInInsertedItems("e")), from: fixture.make
    ) {
      try $0.tryInsertItems(["e", "a"], afterItem: "e")
    }
    // Whichever bad item comes first is reported.
    expectRefusal(
      SectionedError(.insertItemsAfter, .itemAlreadyInSnapshot("a")), from: fixture.make
    ) {
      try $0.tryInsertItems(["a", "e"], afterItem: "e")
    }
  }

  // MARK: moveItem(_:beforeItem:) and moveItem(_:afterItem:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnUnknownItemOrToAnUnknownItem(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.moveItemBefore, .unknownItem("z")), from: fixture.make) {
      try $0.tryMoveItem("z", beforeItem: "a")
    }
    expectRefusal(
      SectionedError(.moveItemAfter, .unknownDestinationItem("z")), from: fixture.make
    ) {
      try $0.tryMoveItem("a", afterItem: "z")
    }
    expectRefusal(SectionedError(.moveItemAfter, .unknownItem("y")), from: fixture.make) {
      try $0.tryMoveItem("y", afterItem: "z")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnItemRelativeToItself(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.moveItemBefore, .itemMovedRelativeToItself("c")), from: fixture.make
    ) {
      try $0.tryMoveItem("c", beforeItem: "c")
    }
    expectRefusal(
      SectionedError(.moveItemAfter, .itemMovedRelativeToItself("d")), from: fixture.make
    ) {
      try $0.tryMoveItem("d", afterItem: "d")
    }
  }

  // MARK: reloadItems(_:) and reconfigureItems(_:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func reloadOrReconfigureAnUnknownItemMarksNothing(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.reloadItems, .unknownItem("z")), from: fixture.make) {
      try $0.tryReloadItems(["a", "z", "c"])
    }
    expectRefusal(SectionedError(.reconfigureItems, .unknownItem("z")), from: fixture.make) {
      try $0.tryReconfigureItems(["e", "e", "z"])
    }
    // A deleted item is unknown.
    let withoutB = {
      var snapshot = fixture.make()
      snapshot.deleteItems(["b"])
      return snapshot
    }
    expectRefusal(SectionedError(.reloadItems, .unknownItem("b")), from: withoutB) {
      try $0.tryReloadItems(["b"])
    }
  }
}

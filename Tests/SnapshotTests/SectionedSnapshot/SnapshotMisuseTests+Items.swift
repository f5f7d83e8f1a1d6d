import Testing

@testable import Snapshot

// Misuse of the item methods: append, insert, move, reload and reconfigure.

extension SnapshotMisuseTests {
  // MARK: appendItems(_:toSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendItemsToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.appendItems, .unknownSection("Z")), from: fixture.make) {
        try $0.tryAppendItems(["x"], toSection: "Z")
      })
    #expect(
      refuses(SectionedError(.appendItems, .unknownSection("Z")), from: fixture.make) {
        try $0.tryAppendItems(["a", "x", "x"], toSection: "Z")
      })
  }

  @Test func appendItemsWithNoSections() {
    #expect(
      refuses(SectionedError(.appendItems, .noSections), from: Sectioned.init) {
        try $0.tryAppendItems(["x"])
      })
    #expect(
      refuses(SectionedError(.appendItems, .unknownSection("S1")), from: Sectioned.init) {
        try $0.tryAppendItems(["x"], toSection: "S1")
      })
    // After the last section is deleted.
    let emptied = {
      var snapshot = makeFixtureSnapshot()
      snapshot.deleteSections(["S1", "S2", "S3"])
      return snapshot
    }
    #expect(
      refuses(SectionedError(.appendItems, .noSections), from: emptied) {
        try $0.tryAppendItems(["a"])
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendItemsAlreadyInTheSnapshot(_ fixture: SectionedMisuseFixture) {
    // In another section (Apple moves it, after logging; we refuse).
    #expect(
      refuses(SectionedError(.appendItems, .itemAlreadyInSnapshot("d")), from: fixture.make) {
        try $0.tryAppendItems(["x", "d"], toSection: "S1")
      })
    // In the same section.
    #expect(
      refuses(SectionedError(.appendItems, .itemAlreadyInSnapshot("a")), from: fixture.make) {
        try $0.tryAppendItems(["a"], toSection: "S1")
      })
    #expect(
      refuses(SectionedError(.appendItems, .itemAlreadyInSnapshot("e")), from: fixture.make) {
        try $0.tryAppendItems(["x", "y", "e"])
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendTheSameItemTwice(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.appendItems, .duplicateItem("x")), from: fixture.make) {
        try $0.tryAppendItems(["x", "y", "x"], toSection: "S2")
      })
    #expect(
      refuses(SectionedError(.appendItems, .duplicateItem("x")), from: fixture.make) {
        try $0.tryAppendItems(["x", "x", "a"])
      })
    #expect(
      refuses(SectionedError(.appendItems, .itemAlreadyInSnapshot("a")), from: fixture.make) {
        try $0.tryAppendItems(["x", "a", "x"], toSection: "S2")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func aLateConflictInALongArgumentIsUndone(_ fixture: SectionedMisuseFixture) {
    let fresh = (0..<200).map { "n\($0)" }
    #expect(
      refuses(SectionedError(.appendItems, .itemAlreadyInSnapshot("c")), from: fixture.make) {
        try $0.tryAppendItems(fresh + ["c"], toSection: "S3")
      })
    #expect(
      refuses(SectionedError(.appendItems, .duplicateItem("n150")), from: fixture.make) {
        try $0.tryAppendItems(fresh + ["n150"], toSection: "S1")
      })
    #expect(
      refuses(
        SectionedError(.insertItemsBefore, .itemAlreadyInSnapshot("e")), from: fixture.make
      ) {
        try $0.tryInsertItems(fresh + ["e"], beforeItem: "b")
      })
    #expect(
      refuses(SectionedError(.insertItemsAfter, .duplicateItem("n0")), from: fixture.make) {
        try $0.tryInsertItems(fresh + ["n0"], afterItem: "d")
      })
  }

  // MARK: insertItems(_:beforeItem:) and insertItems(_:afterItem:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsRelativeToAnUnknownItem(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertItemsBefore, .unknownDestinationItem("z")), from: fixture.make
      ) {
        try $0.tryInsertItems(["x"], beforeItem: "z")
      })
    #expect(
      refuses(
        SectionedError(.insertItemsAfter, .unknownDestinationItem("z")), from: fixture.make
      ) {
        try $0.tryInsertItems(["a", "a"], afterItem: "z")
      })
    // A section identifier is not an item identifier.
    #expect(
      refuses(
        SectionedError(.insertItemsBefore, .unknownDestinationItem("S1")), from: fixture.make
      ) {
        try $0.tryInsertItems(["x"], beforeItem: "S1")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsAlreadyInTheSnapshotOrTwice(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertItemsBefore, .itemAlreadyInSnapshot("e")), from: fixture.make
      ) {
        try $0.tryInsertItems(["x", "e"], beforeItem: "a")
      })
    #expect(
      refuses(
        SectionedError(.insertItemsAfter, .itemAlreadyInSnapshot("b")), from: fixture.make
      ) {
        try $0.tryInsertItems(["b"], afterItem: "a")
      })
    #expect(
      refuses(SectionedError(.insertItemsAfter, .duplicateItem("x")), from: fixture.make) {
        try $0.tryInsertItems(["x", "y", "x", "a"], afterItem: "c")
      })
    #expect(
      refuses(SectionedError(.insertItemsBefore, .duplicateItem("y")), from: fixture.make) {
        try $0.tryInsertItems(["y", "y"], beforeItem: "d")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertItemsRelativeToAnInsertedItem(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertItemsBefore, .destinationInInsertedItems("b")), from: fixture.make
      ) {
        try $0.tryInsertItems(["x", "b"], beforeItem: "b")
      })
    #expect(
      refuses(
        SectionedError(.insertItemsAfter, .destinationInInsertedItems("e")), from: fixture.make
      ) {
        try $0.tryInsertItems(["e", "a"], afterItem: "e")
      })
    // Whichever bad item comes first is reported.
    #expect(
      refuses(
        SectionedError(.insertItemsAfter, .itemAlreadyInSnapshot("a")), from: fixture.make
      ) {
        try $0.tryInsertItems(["a", "e"], afterItem: "e")
      })
  }

  // MARK: moveItem(_:beforeItem:) and moveItem(_:afterItem:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnUnknownItemOrToAnUnknownItem(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.moveItemBefore, .unknownItem("z")), from: fixture.make) {
        try $0.tryMoveItem("z", beforeItem: "a")
      })
    #expect(
      refuses(
        SectionedError(.moveItemAfter, .unknownDestinationItem("z")), from: fixture.make
      ) {
        try $0.tryMoveItem("a", afterItem: "z")
      })
    #expect(
      refuses(SectionedError(.moveItemAfter, .unknownItem("y")), from: fixture.make) {
        try $0.tryMoveItem("y", afterItem: "z")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnItemRelativeToItself(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.moveItemBefore, .itemMovedRelativeToItself("c")), from: fixture.make
      ) {
        try $0.tryMoveItem("c", beforeItem: "c")
      })
    #expect(
      refuses(
        SectionedError(.moveItemAfter, .itemMovedRelativeToItself("d")), from: fixture.make
      ) {
        try $0.tryMoveItem("d", afterItem: "d")
      })
  }

  // MARK: reloadItems(_:) and reconfigureItems(_:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func reloadOrReconfigureAnUnknownItemMarksNothing(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.reloadItems, .unknownItem("z")), from: fixture.make) {
        try $0.tryReloadItems(["a", "z", "c"])
      })
    #expect(
      refuses(SectionedError(.reconfigureItems, .unknownItem("z")), from: fixture.make) {
        try $0.tryReconfigureItems(["e", "e", "z"])
      })
    // A deleted item is unknown.
    let withoutB = {
      var snapshot = fixture.make()
      snapshot.deleteItems(["b"])
      return snapshot
    }
    #expect(
      refuses(SectionedError(.reloadItems, .unknownItem("b")), from: withoutB) {
        try $0.tryReloadItems(["b"])
      })
  }
}

import Testing

@testable import Snapshot

// Every misuse of DiffableDataSourceSnapshot: for each throwing method and each reason it
// can give, the exact error, and the snapshot left exactly as it was, marks included (see
// `expectRefusal`). The trapping twins stop the program with the same error's description;
// their messages are checked through `description`.
//
// Each test runs on two starting points: the plain fixture, and the same sections and items
// reached through deletions and moves (free section slots), with reload and reconfigure
// marks set.

enum SectionedMisuseFixture: String, CaseIterable, Sendable, CustomStringConvertible {
  case plain
  case marked

  var description: String { rawValue }

  /// S1 [a, b, c], S2 [], S3 [d, e]; `marked` also has S2 and b marked for reload and d
  /// marked for reconfiguring.
  func make() -> Sectioned {
    guard self == .marked else { return makeFixtureSnapshot() }
    var snapshot = Sectioned()
    snapshot.appendSections(["T", "S3", "S1"])
    snapshot.appendItems(["d", "x", "e"], toSection: "S3")
    snapshot.appendItems(["c", "y"], toSection: "S1")
    snapshot.insertItems(["a", "b"], beforeItem: "c")
    snapshot.deleteSections(["T"])
    snapshot.deleteItems(["x", "y"])
    snapshot.insertSections(["S2"], afterSection: "S3")
    snapshot.moveSection("S3", afterSection: "S2")
    snapshot.moveSection("S1", beforeSection: "S2")
    snapshot.reloadSections(["S2"])
    snapshot.reloadItems(["b"])
    snapshot.reconfigureItems(["d"])
    return snapshot
  }
}

@Suite struct SnapshotMisuseTests {
  @Test func theMarkedFixtureHasTheFixturesContent() {
    let marked = SectionedMisuseFixture.marked.make()
    #expect(marked == makeFixtureSnapshot())
    #expect(fingerprint(marked).dropFirst(5) == fingerprint(makeFixtureSnapshot()).dropFirst(5))
    #expect(marked.reloadedSectionIdentifiers == ["S2"])
    #expect(marked.reloadedItemIdentifiers == ["b"])
    #expect(marked.reconfiguredItemIdentifiers == ["d"])
    marked._checkInvariants()
  }

  // MARK: appendSections(_:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendASectionAlreadyInTheSnapshot(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.appendSections, .sectionAlreadyInSnapshot("S2")), from: fixture.make
    ) {
      try $0.tryAppendSections(["N", "S2"])
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendTheSameSectionTwice(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.appendSections, .duplicateSection("N")), from: fixture.make) {
      try $0.tryAppendSections(["N", "M", "N"])
    }
    // The first bad section in argument order is reported.
    expectRefusal(SectionedError(.appendSections, .duplicateSection("N")), from: fixture.make) {
      try $0.tryAppendSections(["N", "N", "S1"])
    }
    expectRefusal(
      SectionedError(.appendSections, .sectionAlreadyInSnapshot("S1")), from: fixture.make
    ) {
      try $0.tryAppendSections(["N", "S1", "N"])
    }
  }

  // MARK: insertSections(_:beforeSection:) and insertSections(_:afterSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsRelativeToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertSectionsBefore, .unknownDestinationSection("Z")), from: fixture.make
    ) {
      try $0.tryInsertSections(["N"], beforeSection: "Z")
    }
    expectRefusal(
      SectionedError(.insertSectionsAfter, .unknownDestinationSection("Z")), from: fixture.make
    ) {
      try $0.tryInsertSections(["S1", "S1"], afterSection: "Z")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsRelativeToAnInsertedSection(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertSectionsBefore, .destinationInInsertedSections("S2")),
      from: fixture.make
    ) {
      try $0.tryInsertSections(["N", "S2"], beforeSection: "S2")
    }
    expectRefusal(
      SectionedError(.insertSectionsAfter, .destinationInInsertedSections("S3")),
      from: fixture.make
    ) {
      try $0.tryInsertSections(["S3"], afterSection: "S3")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsAlreadyInTheSnapshotOrTwice(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.insertSectionsBefore, .sectionAlreadyInSnapshot("S3")),
      from: fixture.make
    ) {
      try $0.tryInsertSections(["S3", "S1"], beforeSection: "S1")
    }
    expectRefusal(
      SectionedError(.insertSectionsAfter, .duplicateSection("N")), from: fixture.make
    ) {
      try $0.tryInsertSections(["N", "N", "S1"], afterSection: "S1")
    }
    expectRefusal(
      SectionedError(.insertSectionsAfter, .sectionAlreadyInSnapshot("S1")), from: fixture.make
    ) {
      try $0.tryInsertSections(["N", "S1"], afterSection: "S3")
    }
    expectRefusal(
      SectionedError(.insertSectionsBefore, .duplicateSection("M")), from: fixture.make
    ) {
      try $0.tryInsertSections(["M", "N", "M"], beforeSection: "S3")
    }
  }

  // MARK: moveSection(_:beforeSection:) and moveSection(_:afterSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnUnknownSectionOrToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.moveSectionBefore, .unknownSection("Z")), from: fixture.make) {
      try $0.tryMoveSection("Z", beforeSection: "S1")
    }
    expectRefusal(
      SectionedError(.moveSectionAfter, .unknownDestinationSection("Z")), from: fixture.make
    ) {
      try $0.tryMoveSection("S1", afterSection: "Z")
    }
    expectRefusal(SectionedError(.moveSectionAfter, .unknownSection("Y")), from: fixture.make) {
      try $0.tryMoveSection("Y", afterSection: "Z")
    }
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveASectionRelativeToItself(_ fixture: SectionedMisuseFixture) {
    expectRefusal(
      SectionedError(.moveSectionBefore, .sectionMovedRelativeToItself("S2")),
      from: fixture.make
    ) {
      try $0.tryMoveSection("S2", beforeSection: "S2")
    }
    expectRefusal(
      SectionedError(.moveSectionAfter, .sectionMovedRelativeToItself("S1")),
      from: fixture.make
    ) {
      try $0.tryMoveSection("S1", afterSection: "S1")
    }
  }

  // MARK: reloadSections(_:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func reloadAnUnknownSectionMarksNothing(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.reloadSections, .unknownSection("Z")), from: fixture.make) {
      try $0.tryReloadSections(["S1", "Z", "S3"])
    }
  }

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

  // MARK: Queries of unknown sections

  @Test(arguments: SectionedMisuseFixture.allCases)
  func queriesOfAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    expectRefusal(SectionedError(.numberOfItems, .unknownSection("Z")), from: fixture.make) {
      _ = try $0.tryNumberOfItems(inSection: "Z")
    }
    expectRefusal(SectionedError(.itemIdentifiers, .unknownSection("Z")), from: fixture.make) {
      _ = try $0.tryItemIdentifiers(inSection: "Z")
    }
    // The optional-returning queries answer nil instead.
    let snapshot = fixture.make()
    #expect(snapshot.indexOfSection("Z") == nil)
    #expect(snapshot.indexOfItem("z") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "z") == nil)
  }

  // MARK: Silently ignored input

  @Test(arguments: SectionedMisuseFixture.allCases)
  func emptyInputIsIgnoredBeforeAnythingIsChecked(_ fixture: SectionedMisuseFixture) throws {
    // Apple ignores empty arrays; so does Snapshot, even with an unknown destination.
    var snapshot = fixture.make()
    try snapshot.tryAppendItems([], toSection: "Z")
    try snapshot.tryInsertItems([], afterItem: "z")
    try snapshot.tryInsertItems([], beforeItem: "z")
    try snapshot.tryInsertSections([], afterSection: "Z")
    try snapshot.tryInsertSections([], beforeSection: "Z")
    try snapshot.tryAppendSections([])
    try snapshot.tryReloadItems([])
    try snapshot.tryReconfigureItems([])
    try snapshot.tryReloadSections([])
    expectSameSnapshot(snapshot, fixture.make())
    // With no sections at all, appending no items is no error either.
    var empty = Sectioned()
    try empty.tryAppendItems([])
    #expect(empty == Sectioned())
    #expect(empty.numberOfSections == 0)
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func deletingUnknownItemsOrSectionsChangesNothing(_ fixture: SectionedMisuseFixture) {
    var snapshot = fixture.make()
    snapshot.deleteItems(["z", "y"])
    expectSameSnapshot(snapshot, fixture.make())
    snapshot.deleteSections(["Z", "a"])
    expectSameSnapshot(snapshot, fixture.make())

    let original = fixture.make()
    var copy = original
    copy.deleteItems(["z"])
    copy.deleteSections(["Z"])
    expectSameSnapshot(copy, original)
    expectSameSnapshot(original, fixture.make())
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func emptyArgumentsChangeNothing(_ fixture: SectionedMisuseFixture) throws {
    var snapshot = fixture.make()
    snapshot.appendSections([])
    snapshot.insertSections([], beforeSection: "S1")
    snapshot.insertSections([], afterSection: "S3")
    snapshot.deleteSections([])
    snapshot.reloadSections([])
    snapshot.appendItems([], toSection: "S2")
    snapshot.appendItems([])
    snapshot.insertItems([], beforeItem: "a")
    snapshot.insertItems([], afterItem: "e")
    snapshot.deleteItems([])
    snapshot.reloadItems([])
    snapshot.reconfigureItems([])
    try snapshot.tryAppendSections([])
    try snapshot.tryInsertSections([], beforeSection: "S2")
    try snapshot.tryInsertSections([], afterSection: "S2")
    try snapshot.tryReloadSections([])
    try snapshot.tryAppendItems([], toSection: "S1")
    try snapshot.tryInsertItems([], beforeItem: "d")
    try snapshot.tryInsertItems([], afterItem: "d")
    try snapshot.tryReloadItems([])
    try snapshot.tryReconfigureItems([])
    expectSameSnapshot(snapshot, fixture.make())
  }

  // MARK: Error descriptions

  @Test func everyOperationIsNamedAsInTheAPI() {
    let names: [(SectionedError.Operation, String)] = [
      (.appendSections, "appendSections(_:)"),
      (.insertSectionsBefore, "insertSections(_:beforeSection:)"),
      (.insertSectionsAfter, "insertSections(_:afterSection:)"),
      (.moveSectionBefore, "moveSection(_:beforeSection:)"),
      (.moveSectionAfter, "moveSection(_:afterSection:)"),
      (.reloadSections, "reloadSections(_:)"),
      (.appendItems, "appendItems(_:toSection:)"),
      (.insertItemsBefore, "insertItems(_:beforeItem:)"),
      (.insertItemsAfter, "insertItems(_:afterItem:)"),
      (.moveItemBefore, "moveItem(_:beforeItem:)"),
      (.moveItemAfter, "moveItem(_:afterItem:)"),
      (.reloadItems, "reloadItems(_:)"),
      (.reconfigureItems, "reconfigureItems(_:)"),
      (.numberOfItems, "numberOfItems(inSection:)"),
      (.itemIdentifiers, "itemIdentifiers(inSection:)"),
    ]
    for (operation, name) in names {
      #expect(operation.rawValue == name)
    }
  }

  @Test func descriptionsNameTheOperationAndTheIdentifier() {
    let prefix = "DiffableDataSourceSnapshot."
    let expected: [(SectionedError, String)] = [
      (
        SectionedError(.appendSections, .duplicateSection("S")),
        "appendSections(_:): section S appears more than once in the argument"
      ),
      (
        SectionedError(.appendSections, .sectionAlreadyInSnapshot("S")),
        "appendSections(_:): section S is already in the snapshot; section identifiers must be "
          + "unique"
      ),
      (
        SectionedError(.moveSectionBefore, .unknownSection("S")),
        "moveSection(_:beforeSection:): section S is not in the snapshot"
      ),
      (
        SectionedError(.insertSectionsAfter, .destinationInInsertedSections("S")),
        "insertSections(_:afterSection:): destination section S is itself among the inserted "
          + "sections"
      ),
      (
        SectionedError(.moveSectionAfter, .sectionMovedRelativeToItself("S")),
        "moveSection(_:afterSection:): section S cannot be moved relative to itself"
      ),
      (
        SectionedError(.appendItems, .noSections),
        "appendItems(_:toSection:): there are no sections to append items to; append a section "
          + "first"
      ),
      (
        SectionedError(.insertItemsBefore, .duplicateItem("i")),
        "insertItems(_:beforeItem:): item i appears more than once in the argument; identifiers "
          + "must be unique"
      ),
      (
        SectionedError(.appendItems, .itemAlreadyInSnapshot("i")),
        "appendItems(_:toSection:): item i is already in the snapshot; item identifiers must be "
          + "unique"
      ),
      (
        SectionedError(.reloadItems, .unknownItem("i")),
        "reloadItems(_:): item i is not in the snapshot"
      ),
      (
        SectionedError(.insertItemsAfter, .destinationInInsertedItems("i")),
        "insertItems(_:afterItem:): destination item i is itself among the inserted items"
      ),
      (
        SectionedError(.moveItemBefore, .itemMovedRelativeToItself("i")),
        "moveItem(_:beforeItem:): item i cannot be moved relative to itself"
      ),
      (
        SectionedError(.numberOfItems, .unknownSection("S")),
        "numberOfItems(inSection:): section S is not in the snapshot"
      ),
    ]
    for (error, description) in expected {
      #expect(error.description == prefix + description)
      #expect("\(error)" == prefix + description)
    }
  }

  @Test func theErrorTypeAliasIsTheSnapshotError() {
    let error = Sectioned.Error(.appendItems, .noSections)
    #expect(error == SectionedError(.appendItems, .noSections))
    #expect(error != SectionedError(.appendSections, .noSections))
    #expect(error.operation == .appendItems)
    #expect(error.reason == .noSections)
  }

  @Test func theThrownErrorsDescriptionNamesTheIdentifier() {
    var snapshot = makeFixtureSnapshot()
    do {
      try snapshot.tryMoveItem("nope", beforeItem: "a")
      Issue.record("nothing thrown")
    } catch {
      #expect(error.description.contains("moveItem(_:beforeItem:)"))
      #expect(error.description.contains("item nope"))
    }
  }
}

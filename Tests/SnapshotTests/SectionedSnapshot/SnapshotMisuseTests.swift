import Testing

@testable import Snapshot

// Every misuse of DiffableDataSourceSnapshot: for each throwing method and each reason it
// can give, the exact error, and the snapshot left exactly as it was, marks included (see
// `refuses`). The trapping twins stop the program with the same error's description;
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
    #expect(
      refuses(
        SectionedError(.appendSections, .sectionAlreadyInSnapshot("S2")), from: fixture.make
      ) {
        try $0.tryAppendSections(["N", "S2"])
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func appendTheSameSectionTwice(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.appendSections, .duplicateSection("N")), from: fixture.make) {
        try $0.tryAppendSections(["N", "M", "N"])
      })
    // The first bad section in argument order is reported.
    #expect(
      refuses(SectionedError(.appendSections, .duplicateSection("N")), from: fixture.make) {
        try $0.tryAppendSections(["N", "N", "S1"])
      })
    #expect(
      refuses(
        SectionedError(.appendSections, .sectionAlreadyInSnapshot("S1")), from: fixture.make
      ) {
        try $0.tryAppendSections(["N", "S1", "N"])
      })
  }

  // MARK: insertSections(_:beforeSection:) and insertSections(_:afterSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsRelativeToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertSectionsBefore, .unknownDestinationSection("Z")), from: fixture.make
      ) {
        try $0.tryInsertSections(["N"], beforeSection: "Z")
      })
    #expect(
      refuses(
        SectionedError(.insertSectionsAfter, .unknownDestinationSection("Z")), from: fixture.make
      ) {
        try $0.tryInsertSections(["S1", "S1"], afterSection: "Z")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsRelativeToAnInsertedSection(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertSectionsBefore, .destinationInInsertedSections("S2")),
        from: fixture.make
      ) {
        try $0.tryInsertSections(["N", "S2"], beforeSection: "S2")
      })
    #expect(
      refuses(
        SectionedError(.insertSectionsAfter, .destinationInInsertedSections("S3")),
        from: fixture.make
      ) {
        try $0.tryInsertSections(["S3"], afterSection: "S3")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func insertSectionsAlreadyInTheSnapshotOrTwice(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.insertSectionsBefore, .sectionAlreadyInSnapshot("S3")),
        from: fixture.make
      ) {
        try $0.tryInsertSections(["S3", "S1"], beforeSection: "S1")
      })
    #expect(
      refuses(
        SectionedError(.insertSectionsAfter, .duplicateSection("N")), from: fixture.make
      ) {
        try $0.tryInsertSections(["N", "N", "S1"], afterSection: "S1")
      })
    #expect(
      refuses(
        SectionedError(.insertSectionsAfter, .sectionAlreadyInSnapshot("S1")), from: fixture.make
      ) {
        try $0.tryInsertSections(["N", "S1"], afterSection: "S3")
      })
    #expect(
      refuses(
        SectionedError(.insertSectionsBefore, .duplicateSection("M")), from: fixture.make
      ) {
        try $0.tryInsertSections(["M", "N", "M"], beforeSection: "S3")
      })
  }

  // MARK: moveSection(_:beforeSection:) and moveSection(_:afterSection:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveAnUnknownSectionOrToAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.moveSectionBefore, .unknownSection("Z")), from: fixture.make) {
        try $0.tryMoveSection("Z", beforeSection: "S1")
      })
    #expect(
      refuses(
        SectionedError(.moveSectionAfter, .unknownDestinationSection("Z")), from: fixture.make
      ) {
        try $0.tryMoveSection("S1", afterSection: "Z")
      })
    #expect(
      refuses(SectionedError(.moveSectionAfter, .unknownSection("Y")), from: fixture.make) {
        try $0.tryMoveSection("Y", afterSection: "Z")
      })
  }

  @Test(arguments: SectionedMisuseFixture.allCases)
  func moveASectionRelativeToItself(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(
        SectionedError(.moveSectionBefore, .sectionMovedRelativeToItself("S2")),
        from: fixture.make
      ) {
        try $0.tryMoveSection("S2", beforeSection: "S2")
      })
    #expect(
      refuses(
        SectionedError(.moveSectionAfter, .sectionMovedRelativeToItself("S1")),
        from: fixture.make
      ) {
        try $0.tryMoveSection("S1", afterSection: "S1")
      })
  }

  // MARK: reloadSections(_:)

  @Test(arguments: SectionedMisuseFixture.allCases)
  func reloadAnUnknownSectionMarksNothing(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.reloadSections, .unknownSection("Z")), from: fixture.make) {
        try $0.tryReloadSections(["S1", "Z", "S3"])
      })
  }

  // MARK: Queries of unknown sections

  @Test(arguments: SectionedMisuseFixture.allCases)
  func queriesOfAnUnknownSection(_ fixture: SectionedMisuseFixture) {
    #expect(
      refuses(SectionedError(.numberOfItems, .unknownSection("Z")), from: fixture.make) {
        _ = try $0.tryNumberOfItems(inSection: "Z")
      })
    #expect(
      refuses(SectionedError(.itemIdentifiers, .unknownSection("Z")), from: fixture.make) {
        _ = try $0.tryItemIdentifiers(inSection: "Z")
      })
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
}

import Testing

@testable import Snapshot

// Queries of unknown items and of an empty snapshot, and the errors' names and descriptions.

extension SectionSnapshotMisuseTests {
  // MARK: Queries of unknown items

  @Test(arguments: MisuseFixture.allCases)
  func queriesOfAnUnknownItem(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.level, .unknownItem("Z")), from: fixture.make) {
        _ = try $0.tryLevel(of: "Z")
      })
    #expect(
      refuses(OutlineError(.parent, .unknownItem("Z")), from: fixture.make) {
        _ = try $0.tryParent(of: "Z")
      })
    #expect(
      refuses(OutlineError(.isExpanded, .unknownItem("Z")), from: fixture.make) {
        _ = try $0.tryIsExpanded("Z")
      })
    #expect(
      refuses(OutlineError(.isVisible, .unknownItem("Z")), from: fixture.make) {
        _ = try $0.tryIsVisible("Z")
      })
    #expect(
      refuses(OutlineError(.children, .unknownItem("Z")), from: fixture.make) {
        _ = try $0.tryChildren(of: "Z")
      })
    // The non-trapping queries answer instead.
    let outline = fixture.make()
    #expect(outline.index(of: "Z") == nil)
    #expect(!outline.contains("Z"))
  }

  @Test func queriesOfADeletedItem() {
    var outline = makeFixtureOutline()
    outline.delete(["A1"])
    expectThrows(OutlineError(.level, .unknownItem("A1a"))) { _ = try outline.tryLevel(of: "A1a") }
    expectThrows(OutlineError(.parent, .unknownItem("A1"))) { _ = try outline.tryParent(of: "A1") }
    expectThrows(OutlineError(.isExpanded, .unknownItem("A1b"))) {
      _ = try outline.tryIsExpanded("A1b")
    }
    expectThrows(OutlineError(.isVisible, .unknownItem("A1"))) {
      _ = try outline.tryIsVisible("A1")
    }
    expectThrows(OutlineError(.children, .unknownItem("A1"))) {
      _ = try outline.tryChildren(of: "A1")
    }
    #expect(outline.index(of: "A1a") == nil)
  }

  @Test func misuseOfAnEmptySnapshot() {
    #expect(
      refuses(OutlineError(.append, .unknownParent("A")), from: Outline.init) {
        try $0.tryAppend(["X"], to: "A")
      })
    #expect(
      refuses(OutlineError(.insertBefore, .unknownDestination("A")), from: Outline.init) {
        try $0.tryInsert(["X"], before: "A")
      })
    #expect(
      refuses(OutlineError(.delete, .unknownItem("A")), from: Outline.init) {
        try $0.tryDelete(["A"])
      })
    #expect(
      refuses(OutlineError(.moveToParent, .unknownItem("A")), from: Outline.init) {
        try $0.tryMove("A", to: nil)
      })
    #expect(
      refuses(OutlineError(.level, .unknownItem("A")), from: Outline.init) {
        _ = try $0.tryLevel(of: "A")
      })
  }

  // MARK: Error descriptions

  @Test func everyOperationIsNamedAsInTheAPI() {
    let names: [(OutlineError.Operation, String)] = [
      (.append, "append(_:to:)"),
      (.insertBefore, "insert(_:before:)"),
      (.insertAfter, "insert(_:after:)"),
      (.delete, "delete(_:)"),
      (.replaceChildren, "replace(childrenOf:using:)"),
      (.snapshotOfParent, "snapshot(of:includingParent:)"),
      (.moveBefore, "move(_:before:)"),
      (.moveAfter, "move(_:after:)"),
      (.moveToParent, "move(_:to:at:)"),
      (.level, "level(of:)"),
      (.parent, "parent(of:)"),
      (.isExpanded, "isExpanded(_:)"),
      (.isVisible, "isVisible(_:)"),
      (.children, "children(of:)"),
    ]
    for (operation, name) in names {
      #expect(operation.rawValue == name)
    }
  }

  @Test func descriptionsNameTheOperationAndTheIdentifier() {
    let expected: [(OutlineError, String)] = [
      (
        OutlineError(.append, .duplicateItem("X")),
        "DiffableDataSourceSectionSnapshot.append(_:to:): item X appears more than once in the "
          + "argument; identifiers must be unique"
      ),
      (
        OutlineError(.insertBefore, .itemAlreadyInSnapshot("A")),
        "DiffableDataSourceSectionSnapshot.insert(_:before:): item A is already in the section "
          + "snapshot; identifiers must be unique"
      ),
      (
        OutlineError(.delete, .unknownItem("Z")),
        "DiffableDataSourceSectionSnapshot.delete(_:): item Z is not in the section snapshot"
      ),
      (
        OutlineError(.append, .unknownParent("P")),
        "DiffableDataSourceSectionSnapshot.append(_:to:): parent P is not in the section snapshot"
      ),
      (
        OutlineError(.insertAfter, .unknownDestination("D")),
        "DiffableDataSourceSectionSnapshot.insert(_:after:): destination item D is not in the "
          + "section snapshot"
      ),
      (
        OutlineError(.insertAfter, .destinationInInsertedItems("D")),
        "DiffableDataSourceSectionSnapshot.insert(_:after:): destination item D is itself among "
          + "the inserted items"
      ),
      (
        OutlineError(.moveBefore, .moveRelativeToItself("M")),
        "DiffableDataSourceSectionSnapshot.move(_:before:): item M cannot be moved relative to "
          + "itself"
      ),
      (
        OutlineError(.moveAfter, .moveIntoOwnSubtree(item: "M", destination: "M1")),
        "DiffableDataSourceSectionSnapshot.move(_:after:): item M cannot be moved into its own "
          + "subtree (destination M1)"
      ),
      (
        OutlineError(.moveToParent, .childIndexOutOfRange(index: 5, childCount: 2)),
        "DiffableDataSourceSectionSnapshot.move(_:to:at:): child index 5 is out of range for a "
          + "parent with 2 other children"
      ),
      (
        OutlineError(.moveToParent, .childIndexOutOfRange(index: -1, childCount: 1)),
        "DiffableDataSourceSectionSnapshot.move(_:to:at:): child index -1 is out of range for a "
          + "parent with 1 other child"
      ),
      (
        OutlineError(.level, .unknownItem("Q")),
        "DiffableDataSourceSectionSnapshot.level(of:): item Q is not in the section snapshot"
      ),
      (
        OutlineError(.replaceChildren, .itemAlreadyInSnapshot("R")),
        "DiffableDataSourceSectionSnapshot.replace(childrenOf:using:): item R is already in the "
          + "section snapshot; identifiers must be unique"
      ),
      (
        OutlineError(.snapshotOfParent, .unknownParent("S")),
        "DiffableDataSourceSectionSnapshot.snapshot(of:includingParent:): parent S is not in the "
          + "section snapshot"
      ),
    ]
    for (error, description) in expected {
      #expect(error.description == description)
      #expect("\(error)" == description)
    }
  }

  @Test func theThrownErrorsDescriptionNamesTheIdentifier() {
    var outline = makeFixtureOutline()
    do {
      try outline.tryAppend(["X", "B1"], to: "A")
      Issue.record("nothing thrown")
    } catch {
      #expect(error.description.contains("append(_:to:)"))
      #expect(error.description.contains("item B1"))
    }
    do {
      _ = try outline.tryLevel(of: "Nope")
      Issue.record("nothing thrown")
    } catch {
      #expect(error.description.contains("level(of:)"))
      #expect(error.description.contains("Nope"))
    }
  }
}

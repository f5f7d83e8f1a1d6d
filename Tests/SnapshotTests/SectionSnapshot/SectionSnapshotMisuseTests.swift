import Testing

@testable import Snapshot

// Every misuse of DiffableDataSourceSectionSnapshot: for each throwing method and each
// reason it can give, the exact error, and the snapshot left exactly as it was (compared
// with an untouched copy through ==, items, expandedItems, visualDescription, every query,
// and `_checkInvariants()`; see `refuses`). The trapping twins stop the program with
// the same error's description, which cannot be observed in-process; their messages are
// checked through `description`.
//
// Each test runs on two starting points (see `MisuseFixture`): the plain fixture outline,
// and the same outline after edits that left deleted slots behind and expanded items.

enum MisuseFixture: String, CaseIterable, Sendable, CustomStringConvertible {
  case plain
  case edited

  var description: String { rawValue }

  /// The fixture outline (see `makeFixtureOutline()`); `edited` has the same items, with
  /// A, A1 and C expanded, reached through appends and deletions.
  func make() -> Outline {
    var outline = makeFixtureOutline()
    guard self == .edited else { return outline }
    outline.append(["T1", "T2", "T3"], to: "C")
    outline.append(["T4"], to: "T1")
    outline.delete(["T1"])
    outline.delete(["T2", "T3"])
    outline.expand(["A", "A1", "C"])
    return outline
  }
}

@Suite struct SectionSnapshotMisuseTests {
  // MARK: append(_:to:)

  @Test(arguments: MisuseFixture.allCases)
  func appendToAnUnknownParent(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.append, .unknownParent("Z")), from: fixture.make) {
        try $0.tryAppend(["X"], to: "Z")
      })
    // The parent is checked first, even when the items are wrong too.
    #expect(
      refuses(OutlineError(.append, .unknownParent("Z")), from: fixture.make) {
        try $0.tryAppend(["A", "X", "X"], to: "Z")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func appendAnItemAlreadyInTheSnapshot(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A1b")), from: fixture.make) {
        try $0.tryAppend(["X", "A1b", "Y"], to: "B")
      })
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("C")), from: fixture.make) {
        try $0.tryAppend(["C"])
      })
    // Appending an item to itself, or an ancestor below its descendant.
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("B1")), from: fixture.make) {
        try $0.tryAppend(["B1"], to: "B1")
      })
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A")), from: fixture.make) {
        try $0.tryAppend(["A"], to: "A1a")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func appendTheSameItemTwice(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.append, .duplicateItem("X")), from: fixture.make) {
        try $0.tryAppend(["X", "Y", "X"], to: "A")
      })
    #expect(
      refuses(OutlineError(.append, .duplicateItem("X")), from: fixture.make) {
        try $0.tryAppend(["X", "X"])
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func appendReportsTheFirstBadItemInArgumentOrder(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A")), from: fixture.make) {
        try $0.tryAppend(["X", "A", "X"])
      })
    #expect(
      refuses(OutlineError(.append, .duplicateItem("X")), from: fixture.make) {
        try $0.tryAppend(["X", "X", "A"])
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func aLateConflictInALongArgumentIsUndone(_ fixture: MisuseFixture) {
    // Enough new items to grow the hash index before the conflict is found.
    let fresh = (0..<200).map { "N\($0)" }
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("B1")), from: fixture.make) {
        try $0.tryAppend(fresh + ["B1"], to: "A1a")
      })
    #expect(
      refuses(OutlineError(.append, .duplicateItem("N7")), from: fixture.make) {
        try $0.tryAppend(fresh + ["N7"])
      })
    #expect(
      refuses(OutlineError(.insertAfter, .itemAlreadyInSnapshot("C")), from: fixture.make) {
        try $0.tryInsert(fresh + ["C"], after: "A1")
      })
  }

  // MARK: insert(_:before:) and insert(_:after:)

  @Test(arguments: MisuseFixture.allCases)
  func insertRelativeToAnUnknownDestination(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.insertBefore, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryInsert(["X"], before: "Z")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryInsert(["X"], after: "Z")
      })
    // The destination is checked first.
    #expect(
      refuses(OutlineError(.insertBefore, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryInsert(["A", "A"], before: "Z")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertAnItemAlreadyInTheSnapshot(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.insertBefore, .itemAlreadyInSnapshot("B1")), from: fixture.make) {
        try $0.tryInsert(["X", "B1"], before: "A2")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .itemAlreadyInSnapshot("A")), from: fixture.make) {
        try $0.tryInsert(["A"], after: "A1b")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertTheSameItemTwice(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.insertBefore, .duplicateItem("X")), from: fixture.make) {
        try $0.tryInsert(["X", "X"], before: "B")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .duplicateItem("Y")), from: fixture.make) {
        try $0.tryInsert(["X", "Y", "Y", "A"], after: "B")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertRelativeToAnItemThatIsBeingInserted(_ fixture: MisuseFixture) {
    #expect(
      refuses(
        OutlineError(.insertBefore, .destinationInInsertedItems("A2")), from: fixture.make
      ) {
        try $0.tryInsert(["X", "A2"], before: "A2")
      })
    #expect(
      refuses(
        OutlineError(.insertAfter, .destinationInInsertedItems("B")), from: fixture.make
      ) {
        try $0.tryInsert(["B"], after: "B")
      })
    // Whichever bad item comes first in the argument is reported.
    #expect(
      refuses(OutlineError(.insertAfter, .itemAlreadyInSnapshot("C")), from: fixture.make) {
        try $0.tryInsert(["C", "B"], after: "B")
      })
    #expect(
      refuses(OutlineError(.insertBefore, .duplicateItem("X")), from: fixture.make) {
        try $0.tryInsert(["X", "X", "B"], before: "B")
      })
  }

  // MARK: delete(_:)

  @Test(arguments: MisuseFixture.allCases)
  func deleteAnUnknownItemDeletesNothing(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.delete, .unknownItem("Z")), from: fixture.make) {
        try $0.tryDelete(["Z"])
      })
    // Raised before anything is deleted, wherever the unknown item is in the argument.
    #expect(
      refuses(OutlineError(.delete, .unknownItem("Z")), from: fixture.make) {
        try $0.tryDelete(["A", "B1", "Z", "C"])
      })
    #expect(
      refuses(OutlineError(.delete, .unknownItem("Y")), from: fixture.make) {
        try $0.tryDelete(["A1", "Y", "Z"])
      })
  }

  // MARK: Sub-snapshot forms

  @Test(arguments: MisuseFixture.allCases)
  func appendASubSnapshotToAnUnknownParent(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.append, .unknownParent("Z")), from: fixture.make) {
        try $0.tryAppend(makeOutline([("X", nil)]), to: "Z")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func appendASubSnapshotWithAnItemAlreadyInTheSnapshot(_ fixture: MisuseFixture) {
    // The first clash in the sub-snapshot's depth-first order is reported.
    let clashing = makeOutline([("X", nil), ("X1", "X"), ("A1a", "X"), ("B", nil)])
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A1a")), from: fixture.make) {
        try $0.tryAppend(clashing, to: "C")
      })
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A1a")), from: fixture.make) {
        try $0.tryAppend(clashing)
      })
    // A sub-snapshot holding the parent it is appended to.
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("C")), from: fixture.make) {
        try $0.tryAppend(makeOutline([("X", nil), ("C", "X")]), to: "C")
      })
    // The snapshot appended to itself.
    #expect(
      refuses(OutlineError(.append, .itemAlreadyInSnapshot("A")), from: fixture.make) {
        let copy = $0
        try $0.tryAppend(copy, to: "C")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertASubSnapshotRelativeToAnUnknownDestination(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.insertBefore, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryInsert(makeOutline([("X", nil)]), before: "Z")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryInsert(makeOutline([("A", nil)]), after: "Z")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertASubSnapshotWithAnItemAlreadyInTheSnapshot(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.insertBefore, .itemAlreadyInSnapshot("C")), from: fixture.make) {
        try $0.tryInsert(makeOutline([("X", nil), ("C", "X")]), before: "A2")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .itemAlreadyInSnapshot("B1")), from: fixture.make) {
        try $0.tryInsert(makeOutline([("B1", nil)]), after: "A1")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func insertASubSnapshotHoldingTheDestination(_ fixture: MisuseFixture) {
    #expect(
      refuses(
        OutlineError(.insertBefore, .destinationInInsertedItems("A2")), from: fixture.make
      ) {
        try $0.tryInsert(makeOutline([("X", nil), ("A2", "X")]), before: "A2")
      })
    #expect(
      refuses(
        OutlineError(.insertAfter, .destinationInInsertedItems("B")), from: fixture.make
      ) {
        try $0.tryInsert(makeOutline([("B", nil), ("A", nil)]), after: "B")
      })
    #expect(
      refuses(OutlineError(.insertAfter, .itemAlreadyInSnapshot("A")), from: fixture.make) {
        try $0.tryInsert(makeOutline([("A", nil), ("B", nil)]), after: "B")
      })
  }

  // MARK: replace(childrenOf:using:)

  @Test(arguments: MisuseFixture.allCases)
  func replaceChildrenOfAnUnknownParent(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.replaceChildren, .unknownParent("Z")), from: fixture.make) {
        try $0.tryReplace(childrenOf: "Z", using: makeOutline([("X", nil)]))
      })
    #expect(
      refuses(OutlineError(.replaceChildren, .unknownParent("Z")), from: fixture.make) {
        try $0.tryReplace(childrenOf: "Z", using: Outline())
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func replaceWithItemsFromElsewhereInTheTree(_ fixture: MisuseFixture) {
    // Apple leaves a corrupt tree here; we refuse. Items outside the replaced subtree:
    #expect(
      refuses(
        OutlineError(.replaceChildren, .itemAlreadyInSnapshot("B1")), from: fixture.make
      ) {
        try $0.tryReplace(childrenOf: "A", using: makeOutline([("A1", nil), ("B1", "A1")]))
      })
    // The parent itself:
    #expect(
      refuses(
        OutlineError(.replaceChildren, .itemAlreadyInSnapshot("A1")), from: fixture.make
      ) {
        try $0.tryReplace(childrenOf: "A1", using: makeOutline([("X", nil), ("A1", nil)]))
      })
    // An ancestor of the parent:
    #expect(
      refuses(
        OutlineError(.replaceChildren, .itemAlreadyInSnapshot("A")), from: fixture.make
      ) {
        try $0.tryReplace(childrenOf: "A1", using: makeOutline([("A1a", nil), ("A", nil)]))
      })
    // A sibling of the parent:
    #expect(
      refuses(
        OutlineError(.replaceChildren, .itemAlreadyInSnapshot("A2")), from: fixture.make
      ) {
        try $0.tryReplace(childrenOf: "A1", using: makeOutline([("A2", nil)]))
      })
  }

  // MARK: snapshot(of:includingParent:)

  @Test(arguments: MisuseFixture.allCases)
  func snapshotOfAnUnknownItem(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.snapshotOfParent, .unknownParent("Z")), from: fixture.make) {
        _ = try $0.trySnapshot(of: "Z")
      })
    #expect(
      refuses(OutlineError(.snapshotOfParent, .unknownParent("Z")), from: fixture.make) {
        _ = try $0.trySnapshot(of: "Z", includingParent: true)
      })
  }

  // MARK: Silently ignored input

  @Test(arguments: MisuseFixture.allCases)
  func emptyInputIsIgnoredBeforeAnythingIsChecked(_ fixture: MisuseFixture) throws {
    // Apple ignores empty arrays; so does Snapshot, even with an unknown parent or
    // destination, and the same for an empty sub-snapshot.
    var outline = fixture.make()
    try outline.tryAppend([], to: "Z")
    try outline.tryInsert([], before: "Z")
    try outline.tryInsert([], after: "Z")
    try outline.tryAppend(Outline(), to: "Z")
    try outline.tryInsert(Outline(), before: "Z")
    try outline.tryInsert(Outline(), after: "Z")
    try outline.tryDelete([])
    expectSameOutline(outline, fixture.make())
  }

  @Test(arguments: MisuseFixture.allCases)
  func expandingOrCollapsingUnknownItemsChangesNothing(_ fixture: MisuseFixture) {
    var outline = fixture.make()
    outline.expand(["Z"])
    expectSameOutline(outline, fixture.make())
    outline.collapse(["Z", "Y"])
    expectSameOutline(outline, fixture.make())

    // Known items in the same argument are still expanded or collapsed.
    outline.expand(["Z", "B"])
    var expected = fixture.make()
    expected.expand(["B"])
    expectSameOutline(outline, expected)
    outline.collapse(["B", "Z"])
    expectSameOutline(outline, fixture.make())
  }

  @Test(arguments: MisuseFixture.allCases)
  func emptyArgumentsChangeNothing(_ fixture: MisuseFixture) throws {
    let reference = fixture.make()
    var outline = fixture.make()
    outline.expand([])
    outline.collapse([])
    outline.append([])
    outline.append([], to: "A1")
    outline.insert([], before: "B")
    outline.insert([], after: "B")
    outline.delete([])
    outline.append(Outline())
    outline.append(Outline(), to: "A")
    outline.insert(Outline(), before: "A")
    outline.insert(Outline(), after: "A")
    try outline.tryAppend([])
    try outline.tryInsert([], before: "C")
    try outline.tryInsert([], after: "C")
    try outline.tryDelete([])
    try outline.tryAppend(Outline(), to: "C")
    expectSameOutline(outline, reference)
  }

  @Test(arguments: MisuseFixture.allCases)
  func silentlyIgnoredInputLeavesACopyAlone(_ fixture: MisuseFixture) {
    let original = fixture.make()
    var copy = original
    copy.expand(["Z"])
    copy.collapse(["Z"])
    copy.delete([])
    expectSameOutline(copy, original)
    expectSameOutline(original, fixture.make())
  }
}

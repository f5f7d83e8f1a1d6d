import Testing

@testable import Snapshot

// Misuse of move(_:before:), move(_:after:) and move(_:to:at:).

extension SectionSnapshotMisuseTests {
  // MARK: move(_:before:) and move(_:after:)

  @Test(arguments: MisuseFixture.allCases)
  func moveAnUnknownItemOrToAnUnknownDestination(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.moveBefore, .unknownItem("Z")), from: fixture.make) {
        try $0.tryMove("Z", before: "A")
      })
    #expect(
      refuses(OutlineError(.moveAfter, .unknownItem("Z")), from: fixture.make) {
        try $0.tryMove("Z", after: "A")
      })
    #expect(
      refuses(OutlineError(.moveBefore, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryMove("A", before: "Z")
      })
    #expect(
      refuses(OutlineError(.moveAfter, .unknownDestination("Z")), from: fixture.make) {
        try $0.tryMove("A", after: "Z")
      })
    // The moved item is checked first.
    #expect(
      refuses(OutlineError(.moveBefore, .unknownItem("Y")), from: fixture.make) {
        try $0.tryMove("Y", before: "Z")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func moveRelativeToItself(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.moveBefore, .moveRelativeToItself("A1")), from: fixture.make) {
        try $0.tryMove("A1", before: "A1")
      })
    #expect(
      refuses(OutlineError(.moveAfter, .moveRelativeToItself("C")), from: fixture.make) {
        try $0.tryMove("C", after: "C")
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func moveIntoItsOwnSubtree(_ fixture: MisuseFixture) {
    #expect(
      refuses(
        OutlineError(.moveBefore, .moveIntoOwnSubtree(item: "A", destination: "A1b")),
        from: fixture.make
      ) {
        try $0.tryMove("A", before: "A1b")
      })
    #expect(
      refuses(
        OutlineError(.moveAfter, .moveIntoOwnSubtree(item: "A1", destination: "A1a")),
        from: fixture.make
      ) {
        try $0.tryMove("A1", after: "A1a")
      })
  }

  // MARK: move(_:to:at:)

  @Test(arguments: MisuseFixture.allCases)
  func moveToParentWithUnknownItems(_ fixture: MisuseFixture) {
    #expect(
      refuses(OutlineError(.moveToParent, .unknownItem("Z")), from: fixture.make) {
        try $0.tryMove("Z", to: "A", at: 0)
      })
    #expect(
      refuses(OutlineError(.moveToParent, .unknownItem("Z")), from: fixture.make) {
        try $0.tryMove("Z", to: nil)
      })
    #expect(
      refuses(OutlineError(.moveToParent, .unknownParent("Z")), from: fixture.make) {
        try $0.tryMove("A", to: "Z")
      })
    #expect(
      refuses(OutlineError(.moveToParent, .unknownParent("Z")), from: fixture.make) {
        try $0.tryMove("A", to: "Z", at: 99)
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func moveToParentInsideItsOwnSubtree(_ fixture: MisuseFixture) {
    #expect(
      refuses(
        OutlineError(.moveToParent, .moveIntoOwnSubtree(item: "A", destination: "A")),
        from: fixture.make
      ) {
        try $0.tryMove("A", to: "A")
      })
    #expect(
      refuses(
        OutlineError(.moveToParent, .moveIntoOwnSubtree(item: "A", destination: "A1b")),
        from: fixture.make
      ) {
        try $0.tryMove("A", to: "A1b", at: 0)
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func moveToParentPastTheEnd(_ fixture: MisuseFixture) {
    // The index counts the parent's other children: C under A (2 children) at 3.
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: 3, childCount: 2)),
        from: fixture.make
      ) {
        try $0.tryMove("C", to: "A", at: 3)
      })
    // A1 within A: one other child, so 2 is past the end.
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: 2, childCount: 1)),
        from: fixture.make
      ) {
        try $0.tryMove("A1", to: "A", at: 2)
      })
    // A leaf has no children: only index 0 exists.
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: 1, childCount: 0)),
        from: fixture.make
      ) {
        try $0.tryMove("C", to: "B1", at: 1)
      })
    // Among the roots, B has two other siblings.
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: 3, childCount: 2)),
        from: fixture.make
      ) {
        try $0.tryMove("B", to: nil, at: 3)
      })
  }

  @Test(arguments: MisuseFixture.allCases)
  func moveToParentAtANegativeIndex(_ fixture: MisuseFixture) {
    // The reason carries the parent's child count (the other children), as for an index
    // past the end.
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: -1, childCount: 2)),
        from: fixture.make
      ) {
        try $0.tryMove("C", to: "A", at: -1)
      })
    #expect(
      refuses(
        OutlineError(.moveToParent, .childIndexOutOfRange(index: -1, childCount: 1)),
        from: fixture.make
      ) {
        try $0.tryMove("A1", to: "A", at: -1)
      })
  }
}

import Testing

@testable import Snapshot

@Suite("SectionedOutline")
struct SectionedOutlineTests {
  let outline = SectionedOutline<String, String> {
    SnapshotSection("Animals") {
      "Animals"
      SnapshotItem("Dogs", expanded: true) {
        "Shiba"
        "Yorkie"
      }
      SnapshotItem("Cats") { "Calico" }
    }
    SnapshotSection("Empty")
    SnapshotSection("Food") { "Food" }
  }

  @Test func queries() {
    #expect(outline.sectionIdentifiers == ["Animals", "Empty", "Food"])
    #expect(outline.numberOfSections == 3)
    #expect(outline.numberOfItems == 7)
    #expect(outline.snapshot(for: "Empty")?.isEmpty == true)
    #expect(outline.snapshot(for: "Missing") == nil)
    #expect(outline.snapshot(for: "Animals")?.rootItems == ["Animals", "Dogs", "Cats"])
    #expect(outline.sectionIdentifier(containingItem: "Calico") == "Animals")
    #expect(outline.sectionIdentifier(containingItem: "Food") == "Food")
    #expect(outline.sectionIdentifier(containingItem: "Nope") == nil)
    #expect(SectionedOutline<Int, Int>().numberOfSections == 0)
  }

  @Test func flattenedSnapshots() {
    let all = outline.snapshot
    all._checkInvariants()
    #expect(all.sectionIdentifiers == ["Animals", "Empty", "Food"])
    #expect(
      all.itemIdentifiers(inSection: "Animals") == [
        "Animals", "Dogs", "Shiba", "Yorkie", "Cats", "Calico",
      ])
    let visible = outline.visibleSnapshot
    visible._checkInvariants()
    #expect(
      visible.itemIdentifiers(inSection: "Animals") == [
        "Animals", "Dogs", "Shiba", "Yorkie", "Cats",
      ])
    #expect(visible.itemIdentifiers(inSection: "Food") == ["Food"])
    #expect(visible.numberOfItems(inSection: "Empty") == 0)
  }

  @Test func setSnapshotReplacesOrAppends() {
    var edited = outline
    var animals = edited.snapshot(for: "Animals")!
    animals.move("Cats", before: "Dogs")
    animals.delete(["Yorkie"])
    edited.setSnapshot(animals, for: "Animals")
    #expect(edited.snapshot(for: "Animals")?.rootItems == ["Animals", "Cats", "Dogs"])
    #expect(edited.sectionIdentifiers == outline.sectionIdentifiers)
    // An item may move between sections once removed from the first.
    edited.setSnapshot(DiffableDataSourceSectionSnapshot { "Yorkie" }, for: "New")
    #expect(edited.sectionIdentifiers == ["Animals", "Empty", "Food", "New"])
    #expect(edited.sectionIdentifier(containingItem: "Yorkie") == "New")
    #expect(outline.snapshot(for: "Animals")?.contains("Yorkie") == true)  // value semantics
  }

  @Test func setSnapshotRefusesItemsOfOtherSections() {
    var edited = outline
    let intruder = DiffableDataSourceSectionSnapshot<String> {
      "Food"
      SnapshotItem("x") { "Calico" }
    }
    #expect(
      throws: SnapshotBuildError<String, String>.duplicateItem(
        "Calico", first: .init(section: "Animals", path: [2, 0]),
        duplicate: .init(section: "Empty", path: [1, 0]))
    ) {
      try edited.trySetSnapshot(intruder, for: "Empty")
    }
    #expect(edited == outline)
    // A large section probed from the other side names the same item.
    let big = DiffableDataSourceSectionSnapshot<String> {
      for index in 0..<20 { "item \(index)" }
      "Shiba"
    }
    #expect(
      throws: SnapshotBuildError<String, String>.duplicateItem(
        "Shiba", first: .init(section: "Animals", path: [1, 0]),
        duplicate: .init(section: "Food", path: [20]))
    ) {
      try edited.trySetSnapshot(big, for: "Food")
    }
    #expect(edited == outline)
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test func trappingSetSnapshotStopsWithTheErrorMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var outline = SectionedOutline<String, Int> { SnapshotSection("a") { 1 } }
        outline.setSnapshot(DiffableDataSourceSectionSnapshot { 1 }, for: "b")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("item 1 appears twice, in section a at [0] and in section b at [0]"))
    }
  #endif

  @Test func deleteSections() {
    var edited = outline
    edited.deleteSections(["Empty", "Missing"])
    #expect(edited.sectionIdentifiers == ["Animals", "Food"])
    #expect(edited.snapshot(for: "Food")?.items == ["Food"])
    edited.deleteSections(["Missing"])
    #expect(edited.numberOfSections == 2)
    edited.setSnapshot(DiffableDataSourceSectionSnapshot { "Empty" }, for: "Empty")
    #expect(edited.sectionIdentifiers == ["Animals", "Food", "Empty"])
  }

  @Test func equalityAndDescription() {
    var other = outline
    #expect(other == outline)
    var food = other.snapshot(for: "Food")!
    food.expand(["Food"])
    other.setSnapshot(food, for: "Food")
    #expect(other != outline)  // expansion takes part
    let small = SectionedOutline<String, String> {
      SnapshotSection("S") { SnapshotItem("a", expanded: true) { "b" } }
      SnapshotSection("T")
    }
    #expect(small.description == "S:\n  +* a\n    -* b\nT:")
  }

  @Test func invariantsHoldThroughChangesAndCatchCorruption() throws {
    #expect(outline._invariantViolation() == nil)
    var edited = outline
    edited.deleteSections(["Empty"])
    edited.setSnapshot(DiffableDataSourceSectionSnapshot { "Empty" }, for: "Empty")
    #expect(edited._invariantViolation() == nil)
    edited._checkInvariants()

    var twice = outline
    twice.trees[2] = DiffableDataSourceSectionSnapshot { "Shiba" }
    #expect(twice._invariantViolation() == "item Shiba is in sections Animals and Food")

    var misindexed = outline
    misindexed.indexOfSection["Food"] = 0
    #expect(misindexed._invariantViolation() == "section Food at 2 is indexed at 0")

    var unindexed = outline
    unindexed.indexOfSection["Food"] = nil
    #expect(unindexed._invariantViolation() == "section index holds 2 of 3 sections")

    var treeless = outline
    treeless.trees.removeLast()
    #expect(treeless._invariantViolation() == "3 sections but 2 trees")

    var nan = SectionedOutline<Double, Int> { SnapshotSection(1.0) { 1 } }
    nan.sectionIDs[0] = .nan
    #expect(nan._invariantViolation() == "section nan is not equal to itself")

    // A tree whose index lost an entry.
    var brokenTree = SectionedOutline<String, String> { SnapshotSection("Animals") { "Animals" } }
    let label = try #require(
      brokenTree.trees[0].list.find(
        "Animals", hash: SharedLabelIndex.hash("Animals"), countingPosition: false)?.label)
    brokenTree.trees[0].list.labelIndex.remove(label, hash: SharedLabelIndex.hash("Animals"))
    let message = try #require(brokenTree._invariantViolation())
    #expect(message.hasPrefix("tree of section Animals: 0 labels for 1 entries"))
  }
}

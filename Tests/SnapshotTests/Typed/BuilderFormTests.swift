import Testing

@testable import Snapshot

@Suite("Result builders: every form")
struct BuilderFormTests {
  enum Shape { case leaf, parent, expandedParent }

  @Test func nestedChildrenBareIdentifiersAndArrays() {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("Food") {
        SnapshotItem("Meat") {
          "Pork"
          ["Beef", "Horse"]
        }
        "Celery"
      }
      "Drinks"
    }
    snapshot._checkInvariants()
    #expect(snapshot.items == ["Food", "Meat", "Pork", "Beef", "Horse", "Celery", "Drinks"])
    #expect(snapshot.rootItems == ["Food", "Drinks"])
    #expect(snapshot.children(of: "Meat") == ["Pork", "Beef", "Horse"])
    #expect(snapshot.level(of: "Horse") == 2)
    #expect(snapshot.expandedItems.isEmpty)
    #expect(snapshot.visibleItems == ["Food", "Drinks"])
  }

  @Test func emptyBlocks() {
    let empty = DiffableDataSourceSectionSnapshot<Int> {}
    #expect(empty.isEmpty)
    let emptyChildren = DiffableDataSourceSectionSnapshot<Int> { SnapshotItem(1) {} }
    #expect(emptyChildren.items == [1])
    #expect(emptyChildren == DiffableDataSourceSectionSnapshot<Int> { 1 })
  }

  @Test(arguments: [true, false])
  func ifWithoutElse(_ flag: Bool) {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      "a"
      if flag {
        "b"
        "c"
      }
      "d"
    }
    #expect(snapshot.items == (flag ? ["a", "b", "c", "d"] : ["a", "d"]))
  }

  @Test(arguments: [true, false])
  func ifElse(_ flag: Bool) {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("root") {
        if flag {
          SnapshotItem("yes") { "yes.child" }
        } else {
          "no"
        }
      }
    }
    #expect(snapshot.items == (flag ? ["root", "yes", "yes.child"] : ["root", "no"]))
    #expect(snapshot.parent(of: flag ? "yes" : "no") == "root")
  }

  @Test(arguments: [Optional("note"), nil])
  func ifLet(_ note: String?) {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("task") {
        if let note {
          note
        }
      }
    }
    #expect(snapshot.children(of: "task") == (note.map { [$0] } ?? []))
  }

  @Test func forIn() {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      for letter in ["a", "b"] {
        SnapshotItem(letter) {
          for number in 1...2 { "\(letter)\(number)" }
        }
      }
    }
    #expect(snapshot.items == ["a", "a1", "a2", "b", "b1", "b2"])
    #expect(snapshot.children(of: "b") == ["b1", "b2"])
  }

  @Test(arguments: [Shape.leaf, .parent, .expandedParent])
  func switchStatement(_ shape: Shape) {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      switch shape {
      case .leaf:
        "x"
      case .parent:
        SnapshotItem("x") { "y" }
      case .expandedParent:
        SnapshotItem("x", expanded: true) { "y" }
      }
    }
    #expect(snapshot.items == (shape == .leaf ? ["x"] : ["x", "y"]))
    #expect(snapshot.isExpanded("x") == (shape == .expandedParent))
    #expect(snapshot.visibleItems == (shape == .expandedParent ? ["x", "y"] : ["x"]))
  }

  @Test func availability() {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      if #available(macOS 15, iOS 18, *) {
        "available"
      }
    }
    #expect(snapshot.items == ["available"])
  }

  @Test func expandedForms() {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("a", expanded: true) {
        SnapshotItem("b") { "c" }.expanded()
        SnapshotItem("d", expanded: true) { "e" }.expanded(false)
      }
      SnapshotItem("leaf", expanded: true)
      "f"
    }
    #expect(snapshot.expandedItems == ["a", "b", "leaf"])
    #expect(snapshot.visibleItems == ["a", "b", "c", "d", "leaf", "f"])
    #expect(SnapshotItem("x").expanded().isExpanded)
    #expect(!SnapshotItem("x", expanded: true).expanded(false).isExpanded)
  }

  @Test func embeddedSnapshotKeepsTreeAndExpansion() {
    var meat = DiffableDataSourceSectionSnapshot<String>()
    meat.append(["Meat"])
    meat.append(["Pork", "Beef"], to: "Meat")
    meat.expand(["Meat"])
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("Food", expanded: true) { meat }
    }
    #expect(snapshot.items == ["Food", "Meat", "Pork", "Beef"])
    #expect(snapshot.expandedItems == ["Food", "Meat"])
    #expect(snapshot.snapshot(of: "Food") == meat)
  }

  @Test func snapshotItemsDescribeTheTree() {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    snapshot.append([1, 2])
    snapshot.append([3], to: 1)
    snapshot.append([4], to: 3)
    snapshot.expand([3])
    #expect(
      snapshot.snapshotItems == [
        SnapshotItem(1) { SnapshotItem(3, expanded: true) { 4 } },
        SnapshotItem(2),
      ])
    #expect(DiffableDataSourceSectionSnapshot<Int>().snapshotItems.isEmpty)
  }

  @Test func deepDeclarationsAreBuiltWithoutRecursion() {
    // A chain 20,000 deep, declared as values (built without the builder's recursion).
    var chain = SnapshotItem(19_999)
    for item in stride(from: 19_998, through: 0, by: -1) {
      var parent = SnapshotItem(item)
      parent.children = [chain]
      chain = parent
    }
    let snapshot = DiffableDataSourceSectionSnapshot<Int> { chain }
    #expect(snapshot.count == 20_000)
    #expect(snapshot.level(of: 19_999) == 19_999)
    #expect(snapshot.snapshotItems.count == 1)
  }

  @Test func duplicateAtTheRootIsNamedWithBothPaths() {
    #expect(throws: SectionSnapshotBuildError(item: "a", firstPath: [0], duplicatePath: [2])) {
      try DiffableDataSourceSectionSnapshot<String>.tryBuild {
        "a"
        "b"
        "a"
      }
    }
  }

  @Test func nestedDuplicateIsNamedWithBothPaths() throws {
    do {
      _ = try DiffableDataSourceSectionSnapshot<String>.tryBuild {
        SnapshotItem("Food") {
          SnapshotItem("Meat") { "Pork" }
          "Celery"
        }
        SnapshotItem("Drinks") {
          SnapshotItem("Tea") { "Pork" }
        }
      }
      Issue.record("expected a duplicate error")
    } catch {
      #expect(error.item == "Pork")
      #expect(error.firstPath == [0, 0, 0])
      #expect(error.duplicatePath == [1, 0, 0])
      #expect(
        error.description
          == "DiffableDataSourceSectionSnapshot: item Pork appears twice, at [0, 0, 0] and at "
          + "[1, 0, 0]; identifiers must be unique in a section snapshot")
    }
  }

  @Test func duplicateOfAnAncestor() {
    #expect(throws: SectionSnapshotBuildError(item: 1, firstPath: [0], duplicatePath: [0, 0])) {
      try DiffableDataSourceSectionSnapshot<Int>.tryBuild { SnapshotItem(1) { 1 } }
    }
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test func trappingBuilderStopsWithTheErrorMessage() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = DiffableDataSourceSectionSnapshot<String> {
          "a"
          SnapshotItem("b") { "a" }
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("item a appears twice, at [0] and at [1, 0]"))
    }
  #endif
}

@Suite("Result builders: sectioned snapshots")
struct SectionedBuilderTests {
  enum Kind: CaseIterable { case fruit, bread, empty }

  @Test func sectionsForIfSwitchAndNestedItems() {
    let showsBread = true
    let snapshot = DiffableDataSourceSnapshot<Kind, String> {
      for kind in Kind.allCases {
        switch kind {
        case .fruit:
          SnapshotSection(kind) {
            SnapshotItem("Apples", expanded: true) {
              "Fuji"
              "Gala"
            }
            "Pears"
          }
        case .bread:
          if showsBread {
            SnapshotSection(kind) { "Croissant" }
          }
        case .empty:
          SnapshotSection(kind)
        }
      }
    }
    snapshot._checkInvariants()
    #expect(snapshot.sectionIdentifiers == [.fruit, .bread, .empty])
    // Flat: children follow their parent, depth-first.
    #expect(snapshot.itemIdentifiers(inSection: .fruit) == ["Apples", "Fuji", "Gala", "Pears"])
    #expect(snapshot.itemIdentifiers(inSection: .bread) == ["Croissant"])
    #expect(snapshot.numberOfItems(inSection: .empty) == 0)
  }

  @Test func ifElseAndIfLetChooseSections() {
    func make(_ title: String?, _ flag: Bool) -> DiffableDataSourceSnapshot<String, Int> {
      DiffableDataSourceSnapshot {
        if let title {
          SnapshotSection(title) { 1 }
        }
        if flag {
          SnapshotSection("on") { 2 }
        } else {
          SnapshotSection("off") { 3 }
        }
      }
    }
    #expect(make("t", true).sectionIdentifiers == ["t", "on"])
    #expect(make(nil, false).sectionIdentifiers == ["off"])
    #expect(make(nil, false).itemIdentifiers == [3])
  }

  @Test func duplicateSectionIsNamed() {
    #expect(
      throws: SnapshotBuildError<String, Int>.duplicateSection(
        "a", firstIndex: 0, duplicateIndex: 2)
    ) {
      try DiffableDataSourceSnapshot<String, Int>.tryBuild {
        SnapshotSection("a")
        SnapshotSection("b")
        SnapshotSection("a")
      }
    }
  }

  @Test func itemInTwoSectionsIsNamedWithBothPositions() {
    let expected = SnapshotBuildError<String, Int>.duplicateItem(
      7, first: .init(section: "a", path: [0, 1]), duplicate: .init(section: "b", path: [1]))
    #expect(throws: expected) {
      try DiffableDataSourceSnapshot<String, Int>.tryBuild {
        SnapshotSection("a") {
          SnapshotItem(1) {
            2
            7
          }
        }
        SnapshotSection("b") {
          3
          7
        }
      }
    }
    #expect(
      expected.description
        == "Building a snapshot: item 7 appears twice, in section a at [0, 1] and in section b "
        + "at [1]; item identifiers must be unique across sections")
  }

  @Test func itemTwiceInOneSection() {
    #expect(
      throws: SnapshotBuildError<String, Int>.duplicateItem(
        5, first: .init(section: "a", path: [0]), duplicate: .init(section: "a", path: [1]))
    ) {
      try DiffableDataSourceSnapshot<String, Int>.tryBuild {
        SnapshotSection("a") {
          5
          5
        }
      }
    }
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test func trappingSectionedBuilderStopsWithTheErrorMessage() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = DiffableDataSourceSnapshot<String, Int> {
          SnapshotSection("a")
          SnapshotSection("a")
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("section a appears twice, at section index 0 and at 1"))
    }
  #endif
}

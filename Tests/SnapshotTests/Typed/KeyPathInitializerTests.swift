import Testing

@testable import Snapshot

@Suite("Key-path initializers")
struct KeyPathInitializerTests {
  /// Seed 000's `Keyword`: Identifiable, `children` nil for a leaf.
  struct Keyword: Identifiable, Hashable {
    var id: String { name }
    var name: String
    var children: [Keyword]?

    static let samples: [Keyword] = [
      .init(
        name: "1",
        children: [
          .init(
            name: "1-1",
            children: [
              .init(name: "1-1-1", children: nil), .init(name: "1-1-2", children: nil),
              .init(name: "1-1-3", children: nil),
            ]), .init(name: "1-2", children: [.init(name: "1-2-1", children: nil)]),
        ]),
      .init(name: "2", children: [.init(name: "2-1", children: nil)]),
      .init(name: "3", children: [.init(name: "3-1", children: nil)]),
    ]
  }

  /// Not Identifiable: identified through a key path.
  struct Folder {
    var path: String
    var isOpen = false
    var subfolders: [Folder]?
  }

  @Test func identifiableLikeListChildren() {
    let snapshot = DiffableDataSourceSectionSnapshot(Keyword.samples, children: \.children)
    snapshot._checkInvariants()
    #expect(
      snapshot.items == [
        "1", "1-1", "1-1-1", "1-1-2", "1-1-3", "1-2", "1-2-1", "2", "2-1", "3", "3-1",
      ])
    #expect(snapshot.rootItems == ["1", "2", "3"])
    #expect(snapshot.level(of: "1-1-2") == 2)
    #expect(snapshot.parent(of: "1-2-1") == "1-2")
    #expect(snapshot.expandedItems.isEmpty)
  }

  @Test func idKeyPathLikeForEachID() {
    let folders = [
      Folder(
        path: "/a", isOpen: true,
        subfolders: [Folder(path: "/a/b", isOpen: true, subfolders: []), Folder(path: "/a/c")]),
      Folder(path: "/d", isOpen: true),
    ]
    let snapshot = DiffableDataSourceSectionSnapshot(
      folders, id: \.path, children: \.subfolders, isExpanded: \.isOpen)
    #expect(snapshot.items == ["/a", "/a/b", "/a/c", "/d"])
    // "/a/b" is an empty parent ([]), so it may start expanded; "/d" is a leaf (nil): never.
    #expect(snapshot.expandedItems == ["/a", "/a/b"])
    // The element mapped to an identifier of another type: here its path's length, which
    // is not unique.
    #expect(throws: SectionSnapshotBuildError(item: 4, firstPath: [0, 0], duplicatePath: [0, 1])) {
      try DiffableDataSourceSectionSnapshot.tryBuild(
        folders, id: \.path.count, children: \.subfolders)
    }
  }

  @Test func predicateIsAskedAboutParentsOnly() {
    var asked: [String] = []
    let snapshot = DiffableDataSourceSectionSnapshot(
      Keyword.samples, children: \.children,
      isExpanded: {
        asked.append($0.name)
        return true
      })
    #expect(asked == ["1", "1-1", "1-2", "2", "3"])
    #expect(snapshot.expandedItems == ["1", "1-1", "1-2", "2", "3"])
    #expect(snapshot.visibleItems == snapshot.items)
  }

  @Test func anyRandomAccessCollection() {
    struct Node: Identifiable {
      var id: Int
      var children: ArraySlice<Node>?
    }
    let nodes: ArraySlice<Node> = [
      Node(id: 0, children: nil),
      Node(id: 1, children: [Node(id: 2, children: nil)]),
      Node(id: 3, children: nil),
    ][1...]
    let snapshot = DiffableDataSourceSectionSnapshot(nodes, children: \.children)
    #expect(snapshot.items == [1, 2, 3])
    #expect(snapshot.children(of: 1) == [2])
  }

  @Test func deepDataIsWalkedWithoutRecursion() {
    struct Link: Identifiable {
      var id: Int
      var next: [Link]?
    }
    var chain = Link(id: 4_999, next: nil)
    for id in stride(from: 4_998, through: 0, by: -1) { chain = Link(id: id, next: [chain]) }
    let snapshot = DiffableDataSourceSectionSnapshot([chain], children: \.next)
    snapshot._checkInvariants()
    #expect(snapshot.count == 5_000)
    #expect(snapshot.level(of: 4_999) == 4_999)
  }

  @Test func duplicateIdentifiersAreNamedWithBothPaths() {
    let keywords: [Keyword] = [
      .init(name: "x", children: [.init(name: "y", children: nil)]),
      .init(name: "z", children: [.init(name: "w", children: [.init(name: "y", children: nil)])]),
    ]
    #expect(
      throws: SectionSnapshotBuildError(item: "y", firstPath: [0, 0], duplicatePath: [1, 0, 0])
    ) {
      try DiffableDataSourceSectionSnapshot.tryBuild(keywords, children: \.children)
    }
    #expect(
      throws: SectionSnapshotBuildError(item: "y", firstPath: [0, 0], duplicatePath: [1, 0, 0])
    ) {
      try DiffableDataSourceSectionSnapshot.tryBuild(keywords, id: \.name, children: \.children)
    }
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test func trappingInitializerStopsWithTheErrorMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        struct Node: Identifiable {
          var id: Int
          var children: [Node]?
        }
        _ = DiffableDataSourceSectionSnapshot(
          [Node(id: 1, children: [Node(id: 1, children: nil)])], children: \.children)
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("item 1 appears twice, at [0] and at [0, 0]"))
    }
  #endif
}

@Suite("Key-path initializers: sectioned data")
struct SectionedKeyPathInitializerTests {
  struct Dish: Identifiable, Hashable {
    var id: String
  }

  struct Course: Identifiable {
    var id: String
    var dishes: [Dish]
  }

  @Test func identifiableSectionsWithItems() {
    let courses = [
      Course(id: "starters", dishes: [Dish(id: "soup"), Dish(id: "salad")]),
      Course(id: "none", dishes: []),
      Course(id: "mains", dishes: [Dish(id: "stew")]),
    ]
    let snapshot = DiffableDataSourceSnapshot(courses, items: \.dishes)
    snapshot._checkInvariants()
    #expect(snapshot.sectionIdentifiers == ["starters", "none", "mains"])
    #expect(snapshot.itemIdentifiers == ["soup", "salad", "stew"])
    #expect(snapshot.indexOfItem("stew") == 2)
    var expected = DiffableDataSourceSnapshot<String, String>()
    expected.appendSections(["starters", "none", "mains"])
    expected.appendItems(["soup", "salad"], toSection: "starters")
    expected.appendItems(["stew"], toSection: "mains")
    #expect(snapshot == expected)
  }

  @Test func keyPathIdentifiedSectionsWithItems() {
    let menu: [(name: String, dishes: [String])] = [("a", ["1", "2"]), ("b", ["3"])]
    let snapshot = DiffableDataSourceSnapshot(menu, id: \.name, items: \.dishes, itemID: \.self)
    #expect(snapshot.sectionIdentifiers == ["a", "b"])
    #expect(snapshot.itemIdentifiers(inSection: "b") == ["3"])
  }

  @Test func duplicatesInSectionedData() {
    let sameSection = [Course(id: "a", dishes: []), Course(id: "a", dishes: [])]
    #expect(
      throws: SnapshotBuildError<String, String>.duplicateSection(
        "a", firstIndex: 0, duplicateIndex: 1)
    ) {
      try DiffableDataSourceSnapshot.tryBuild(sameSection, items: \.dishes)
    }
    let sameDish = [
      Course(id: "a", dishes: [Dish(id: "x"), Dish(id: "soup")]),
      Course(id: "b", dishes: [Dish(id: "soup")]),
    ]
    #expect(
      throws: SnapshotBuildError<String, String>.duplicateItem(
        "soup", first: .init(section: "a", path: [1]), duplicate: .init(section: "b", path: [0]))
    ) {
      try DiffableDataSourceSnapshot.tryBuild(sameDish, id: \.id, items: \.dishes, itemID: \.id)
    }
  }

  @Test func seed003WithKeyPathsMatchesImperative() {
    let items = Seed003.makeItems()
    let imperative = Seed003.imperative(items)
    let outline = SectionedOutline(
      items, id: \.self, items: \.rows, itemID: \.self, children: \.children)
    #expect(outline.sectionIdentifiers == imperative.snapshot.sectionIdentifiers)
    for (section, expected) in zip(items, imperative.sections) {
      #expect(outline.snapshot(for: section) == expected)
    }
  }

  @Test func outlineFromIdentifiableTrees() {
    struct Shelf: Identifiable {
      var id: String
      var folders: [RandomNode]
    }
    let shelves = [
      Shelf(
        id: "s",
        folders: [
          RandomNode(
            id: 1, expanded: true, children: [RandomNode(id: 2, expanded: false, children: [])])
        ]),
      Shelf(id: "t", folders: [RandomNode(id: 3, expanded: true, children: nil)]),
    ]
    let outline = SectionedOutline(
      shelves, items: \.folders, children: \.children, isExpanded: \.expanded)
    #expect(outline.sectionIdentifiers == ["s", "t"])
    #expect(outline.snapshot(for: "s")?.items == [1, 2])
    #expect(outline.snapshot(for: "s")?.expandedItems == [1])
    // 3 is a leaf (nil children): never expanded.
    #expect(outline.snapshot(for: "t")?.expandedItems == [])
  }

  @Test func outlineDuplicatesAcrossAndWithinSections() {
    struct Shelf: Identifiable {
      var id: String
      var folders: [RandomNode]
    }
    func node(_ id: Int, _ children: [RandomNode]? = nil) -> RandomNode {
      RandomNode(id: id, expanded: false, children: children)
    }
    let across = [
      Shelf(id: "s", folders: [node(1, [node(2)])]),
      Shelf(id: "t", folders: [node(3, [node(4), node(2)])]),
    ]
    #expect(
      throws: SnapshotBuildError<String, Int>.duplicateItem(
        2, first: .init(section: "s", path: [0, 0]), duplicate: .init(section: "t", path: [0, 1]))
    ) {
      try SectionedOutline.tryBuild(across, items: \.folders, children: \.children)
    }
    let within = [Shelf(id: "s", folders: [node(1, [node(1)])])]
    #expect(
      throws: SnapshotBuildError<String, Int>.duplicateItem(
        1, first: .init(section: "s", path: [0]), duplicate: .init(section: "s", path: [0, 0]))
    ) {
      try SectionedOutline.tryBuild(
        within, id: \.id, items: \.folders, itemID: \.id, children: \.children)
    }
    let sections = [Shelf(id: "s", folders: []), Shelf(id: "s", folders: [])]
    #expect(
      throws: SnapshotBuildError<String, Int>.duplicateSection(
        "s", firstIndex: 0, duplicateIndex: 1)
    ) {
      try SectionedOutline.tryBuild(sections, items: \.folders, children: \.children)
    }
  }
}

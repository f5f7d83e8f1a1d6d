import Testing

@testable import Snapshot

@Suite("DiffableDataSource")
struct DataSourceTests {
  typealias Item = Seed003.ListItem
  typealias Path = ListIndexPath

  static func paths(_ section: Int, _ rows: Range<Int>) -> [Path] {
    rows.map { Path(item: $0, section: section) }
  }

  @Test("seed 003 OutlineListWithSection: build, apply, collapse a header, expand it again")
  func seed003EndToEnd() throws {
    let items = Seed003.makeItems()
    let (snapshot, sectionSnapshots) = Seed003.imperative(items)
    let view = RecordingListView<Seed003.SectionHeader, Item>()
    let source = DiffableDataSource<Seed003.SectionHeader, Item>(listView: view)
    source.defaultHeaderMode = .firstItemInSection

    source.apply(snapshot)
    #expect(view.lastBatch == BatchUpdate(insertedSections: [0, 1]))
    for (section, sectionSnapshot) in zip(items, sectionSnapshots) {
      source.apply(sectionSnapshot, to: section, animatingDifferences: false)
    }
    #expect(view.batches.count == 3)
    #expect(view.batches[1] == BatchUpdate(insertedItems: Self.paths(0, 0..<3)))
    #expect(view.batches[2] == BatchUpdate(insertedItems: Self.paths(1, 0..<3)))
    let animals = items[0]
    let dog = Item.header(animals.headers[0])
    #expect(view.rows[0].items == [.sectionHeader(animals), dog, .header(animals.headers[1])])
    source._checkInvariants()

    // Collapse the section's header: the rest of the section goes, the header stays.
    #expect(try source.collapse(.sectionHeader(animals)))
    #expect(
      view.lastBatch
        == BatchUpdate(
          deletedItems: Self.paths(0, 1..<3), reconfiguredItems: [Path(item: 0, section: 0)]))
    #expect(view.rows[0].items == [.sectionHeader(animals)])
    #expect(source.snapshot(for: animals).isExpanded(.sectionHeader(animals)) == false)
    source._checkInvariants()

    // Expand it again.
    #expect(try source.expand(.sectionHeader(animals)))
    #expect(
      view.lastBatch
        == BatchUpdate(
          insertedItems: Self.paths(0, 1..<3), reconfiguredItems: [Path(item: 0, section: 0)]))
    source._checkInvariants()

    // Open a header (dog): its three children appear below it.
    #expect(try source.expand(dog))
    #expect(
      view.lastBatch
        == BatchUpdate(
          insertedItems: Self.paths(0, 2..<5), reconfiguredItems: [Path(item: 1, section: 0)]))
    #expect(
      source.indexPath(for: .children(animals.headers[0].children[2])) == Path(item: 4, section: 0))
    #expect(source.itemIdentifier(for: Path(item: 5, section: 0)) == .header(animals.headers[1]))

    // Folding the section hides the open header's children too, and brings them back.
    try source.collapse(.sectionHeader(animals))
    #expect(
      view.lastBatch
        == BatchUpdate(
          deletedItems: Self.paths(0, 1..<6), reconfiguredItems: [Path(item: 0, section: 0)]))
    try source.expand(.sectionHeader(animals))
    #expect(
      view.lastBatch
        == BatchUpdate(
          insertedItems: Self.paths(0, 1..<6), reconfiguredItems: [Path(item: 0, section: 0)]))
    #expect(view.failures.isEmpty)
    #expect(view.rows == RecordingListView.read(source))
    source._checkInvariants()

    // Re-applying the freshly built snapshot keeps what the user opened.
    let batchCount = view.batches.count
    source.apply(sectionSnapshots[0], to: animals)
    #expect(view.batches.count == batchCount)  // nothing changed: no batch
    #expect(source.snapshot(for: animals).isExpanded(dog))
  }

  @Test("header mode: a header with both children and sibling roots is refused")
  func headerModeRefusal() throws {
    let source = DiffableDataSource<String, Int>()
    try source.setHeaderMode(.firstItemInSection, for: "s")
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([1, 2])
    tree.append([3], to: 1)
    #expect(
      throws: DataSourceError<String, Int>(
        .applyToSection, .headerWithChildrenAndSiblings("s", header: 1))
    ) {
      try source.tryApply(tree, to: "s")
    }
    #expect(source.numberOfSections == 0)
    // The outline shape (the header the only root) is fine.
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1])
    outline.append([2, 3], to: 1)
    try source.tryApply(outline, to: "s")
    #expect(source.numberOfItems(inSection: 0) == 1)
    source._checkInvariants()
  }

  @Test("expansion state survives applies unless the caller takes the snapshot's")
  func expansionSurvivesApply() throws {
    let view = RecordingListView<String, String>()
    let source = DiffableDataSource<String, String>(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["Food", "Drinks"])
    tree.append(["apple", "pear"], to: "Food")
    source.apply(tree, to: "menu")
    try source.expand("Food")
    #expect(view.rows[0].items == ["Food", "apple", "pear", "Drinks"])

    // A fresh tree (everything collapsed) with one more drink: Food stays open.
    var fresh = tree
    fresh.append(["tea"], to: "Drinks")
    fresh.append(["cherry"], to: "Food")
    source.apply(fresh, to: "menu")
    #expect(view.rows[0].items == ["Food", "apple", "pear", "cherry", "Drinks"])
    #expect(view.lastBatch == BatchUpdate(insertedItems: [Path(item: 3, section: 0)]))

    // Taking the snapshot's state collapses it, as Apple's data source does.
    source.apply(fresh, to: "menu", expansion: .useSnapshot)
    #expect(view.rows[0].items == ["Food", "Drinks"])
    #expect(view.failures.isEmpty)
    source._checkInvariants()
  }

  @Test("handlers: should, will, and children loaded lazily on first expand")
  func handlersAndLazyChildren() throws {
    let view = RecordingListView<Int, String>()
    let source = DiffableDataSource<Int, String>(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["a", "b"])
    source.apply(tree, to: 0)
    var events: [String] = []
    var loads = 0
    source.sectionSnapshotHandlers.shouldExpandItem = { $0 != "b" }
    source.sectionSnapshotHandlers.willExpandItem = { events.append("will expand \($0)") }
    source.sectionSnapshotHandlers.willCollapseItem = { events.append("will collapse \($0)") }
    source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
      guard current.isEmpty else { return current }
      loads += 1
      var children = DiffableDataSourceSectionSnapshot<String>()
      children.append(["\(parent)1", "\(parent)2"])
      return children
    }
    #expect(try source.expand("b") == false)
    #expect(view.batches.count == 1)
    #expect(try source.expand("a"))
    #expect(
      view.lastBatch
        == BatchUpdate(
          insertedItems: [Path(item: 1, section: 0), Path(item: 2, section: 0)],
          reconfiguredItems: [Path(item: 0, section: 0)]))
    #expect(view.rows[0].items == ["a", "a1", "a2", "b"])
    try source.collapse("a")
    try source.expand("a")
    #expect(loads == 1)
    #expect(events == ["will expand a", "will collapse a", "will expand a"])
    #expect(throws: DataSourceError<Int, String>(.toggle, .unknownItem("zzz"))) {
      try source.toggle("zzz")
    }
  }

  @Test("unknown items and reentrant updates are typed errors that change nothing")
  func misuse() throws {
    let view = RecordingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([1, 2])
    tree.append([3], to: 1)
    source.apply(tree, to: 0)
    #expect(throws: DataSourceError<Int, Int>(.expand, .unknownItem(9))) { try source.expand(9) }

    // From a handler.
    var inner: DataSourceError<Int, Int>?
    source.sectionSnapshotHandlers.willExpandItem = { _ in
      do throws(DataSourceError<Int, Int>) { try source.tryApply(tree, to: 0) } catch {
        inner = error
      }
    }
    try source.expand(1)
    #expect(inner == DataSourceError(.applyToSection, .reentrantUpdate))
    source.sectionSnapshotHandlers.willExpandItem = nil

    // From the list view's callback.
    inner = nil
    view.duringBatch = {
      do throws(DataSourceError<Int, Int>) { try source.collapse(1) } catch { inner = error }
    }
    try source.collapse(1)
    #expect(inner == DataSourceError(.collapse, .reentrantUpdate))
    #expect(view.rows[0].items == [1, 2])
    view.duringBatch = nil

    // An item already in another section.
    var other = DiffableDataSourceSectionSnapshot<Int>()
    other.append([5, 3])
    #expect(throws: DataSourceError<Int, Int>(.applyToSection, .itemInAnotherSection(3, 0))) {
      try source.tryApply(other, to: 1)
    }
    #expect(source.numberOfSections == 1)
    #expect(view.failures.isEmpty)
    source._checkInvariants()
  }

  @Test("moving rows: within a parent, re-parenting, onto a row, across sections, refusals")
  func reordering() throws {
    let view = RecordingListView<String, String>()
    let source = DiffableDataSource<String, String>(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["A", "B"])
    tree.append(["a1", "a2"], to: "A")
    tree.append(["b1"], to: "B")
    tree.expand(["A", "B"])
    source.apply(tree, to: "s", expansion: .useSnapshot)
    #expect(view.rows[0].items == ["A", "a1", "a2", "B", "b1"])
    #expect(throws: DataSourceError<String, String>(.moveItem, .reorderingDisabled)) {
      try source.moveItem(at: Path(item: 1, section: 0), to: Path(item: 2, section: 0))
    }
    var order: [String] = []
    source.reorderingHandlers.canReorderItem = { $0 != "b1" }
    source.reorderingHandlers.willReorder = { _ in order.append("will") }
    source.reorderingHandlers.didReorder = { _ in order.append("did") }

    // a1 dropped onto b1's place: it becomes B's first child.
    let transaction = try source.moveItem(
      at: Path(item: 1, section: 0), to: Path(item: 3, section: 0))
    #expect(view.rows[0].items == ["A", "a2", "B", "a1", "b1"])
    #expect(source.snapshot(for: "s").parent(of: "a1") == "B")
    #expect(
      view.lastBatch
        == BatchUpdate(
          movedItems: [.init(from: Path(item: 1, section: 0), to: Path(item: 3, section: 0))],
          reconfiguredItems: [Path(item: 0, section: 0), Path(item: 2, section: 0)]))
    #expect(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
        == transaction.finalSnapshot.itemIdentifiers)
    #expect(order == ["will", "did"])

    // B with its subtree moved before A.
    try source.moveItem(at: Path(item: 2, section: 0), to: Path(item: 0, section: 0))
    #expect(view.rows[0].items == ["B", "a1", "b1", "A", "a2"])
    // a2 dropped onto B: its last child.
    try source.moveItem(at: Path(item: 4, section: 0), into: Path(item: 0, section: 0))
    #expect(view.rows[0].items == ["B", "a1", "b1", "a2", "A"])
    #expect(source.snapshot(for: "s").children(of: "B") == ["a1", "b1", "a2"])

    // Refusals change nothing.
    let before = view.rows
    #expect(throws: DataSourceError<String, String>(.moveItemInto, .moveIntoOwnSubtree("B"))) {
      try source.moveItem(at: Path(item: 0, section: 0), into: Path(item: 1, section: 0))
    }
    #expect(throws: DataSourceError<String, String>(.moveItem, .reorderRefused("b1"))) {
      try source.moveItem(at: Path(item: 2, section: 0), to: Path(item: 0, section: 0))
    }
    #expect(
      throws: DataSourceError<String, String>(
        .moveItem, .unknownIndexPath(Path(item: 9, section: 0)))
    ) {
      try source.moveItem(at: Path(item: 9, section: 0), to: Path(item: 0, section: 0))
    }
    #expect(view.rows == before)

    // Across sections.
    var other = DiffableDataSourceSectionSnapshot<String>()
    other.append(["X"])
    source.apply(other, to: "t")
    try source.moveItem(at: Path(item: 4, section: 0), to: Path(item: 1, section: 1))
    #expect(view.rows.map(\.items) == [["B", "a1", "b1", "a2"], ["X", "A"]])
    #expect(source.snapshot(for: "t").items == ["X", "A"])
    #expect(view.failures.isEmpty)
    source._checkInvariants()
  }

  /// Two snapshots built apart from arrays, the second with a section reloaded and its
  /// items changed: the diff of the arrays reloads the section and lists no item edits in
  /// it, and the section's tree must still take the new items (found by the data source's
  /// property test once edits kept a snapshot's arrays).
  @Test("a reloaded section whose items changed, between snapshots that keep their arrays")
  func reloadedSectionBetweenSnapshotsBuiltApart() {
    let view = RecordingListView<String, Int>()
    let source = DiffableDataSource<String, Int>(listView: view)
    var first = DiffableDataSourceSnapshot<String, Int>()
    first.appendSections(["a", "b"])
    first.appendItems([1, 2, 3], toSection: "a")
    first.appendItems([4], toSection: "b")
    source.apply(first)
    var second = DiffableDataSourceSnapshot<String, Int>()
    second.appendSections(["a", "b"])
    second.appendItems([1, 3, 5], toSection: "a")
    second.appendItems([4], toSection: "b")
    second.reloadSections(["a"])
    source.apply(second)
    #expect(view.failures.isEmpty)
    #expect(view.rows.map(\.items) == [[1, 3, 5], [4]])
    #expect(source.snapshot(for: "a").visibleItems == [1, 3, 5])
    #expect(source.snapshot() == second)
  }

  @Test("the staged style delivers stages the view accepts one by one")
  func stagedApply() throws {
    let view = RecordingListView<String, Int>()
    let source = DiffableDataSource<String, Int>(listView: view)
    source.updateStyle = .staged
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4], toSection: "b")
    source.apply(snapshot)
    var next = snapshot
    next.moveItem(3, beforeItem: 1)
    next.reloadItems([3])
    source.apply(next)
    #expect(view.batches.count >= 2)
    #expect(view.failures.isEmpty)
    #expect(view.rows.map(\.items) == [[3, 1, 2], [4]])
  }

  @Test("used from the main actor")
  @MainActor func mainActor() throws {
    let view = RecordingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([1])
    tree.append([2], to: 1)
    source.apply(tree, to: 0)
    try source.toggle(1)
    #expect(view.rows[0].items == [1, 2])
  }

  actor ListActor {
    let view = RecordingListView<Int, Int>()
    let source: DiffableDataSource<Int, Int>

    init() {
      source = DiffableDataSource<Int, Int>(listView: view)
    }

    func run() throws -> [Int] {
      var tree = DiffableDataSourceSectionSnapshot<Int>()
      tree.append([1])
      tree.append([2, 3], to: 1)
      source.apply(tree, to: 0)
      try source.expand(1)
      return view.rows[0].items
    }
  }

  @Test("used from a custom actor")
  func customActor() async throws {
    let list = ListActor()
    #expect(try await list.run() == [1, 2, 3])
  }
}

import SnapshotPropertySupport
import Testing

@testable import Snapshot

/// The data source's filter: the exact batches of setting, narrowing and clearing it, what
/// expanding and collapsing do through it, refusals, and random sequences against the model.
@Suite("DiffableDataSource filter")
struct DataSourceFilterTests {
  typealias Source = DiffableDataSource<String, String>
  typealias Path = ListIndexPath

  /// Section "S": fruits (apple, pear (pear-seed)), veg (leek, pea); only fruits expanded.
  static func make() -> (Source, RecordingListView<String, String>) {
    let view = RecordingListView<String, String>()
    let source = Source(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["fruits", "veg"])
    tree.append(["apple", "pear"], to: "fruits")
    tree.append(["pear-seed"], to: "pear")
    tree.append(["leek", "pea"], to: "veg")
    tree.expand(["fruits"])
    source.apply(tree, to: "S")
    return (source, view)
  }

  static func paths(_ rows: [Int]) -> [Path] { rows.map { Path(item: $0, section: 0) } }

  @Test func filterShowsMatchesAndTheirAncestorsInOneBatchThenClearRestores() throws {
    let (source, view) = Self.make()
    #expect(view.rows[0].items == ["fruits", "apple", "pear", "veg"])
    let before = view.batches.count
    try source.filter { $0 == "pear" || $0 == "pea" }
    // Matches in collapsed subtrees are found, their ancestors opened for the filter.
    #expect(view.rows[0].items == ["fruits", "pear", "veg", "pea"])
    #expect(view.batches.count == before + 1)
    #expect(
      view.lastBatch == BatchUpdate(deletedItems: Self.paths([1]), insertedItems: Self.paths([3])))
    #expect(source.isFiltered("S"))
    // The data and the user's expansion are unchanged.
    #expect(source.snapshot().itemIdentifiers == ["fruits", "apple", "pear", "veg"])
    #expect(source.snapshot(for: "S").expandedItems == ["fruits"])
    #expect(source.indexPath(for: "pea") == Path(item: 3, section: 0))
    #expect(source.indexPath(for: "apple") == nil)
    try source.clearFilter()
    #expect(view.rows[0].items == ["fruits", "apple", "pear", "veg"])
    #expect(
      view.lastBatch == BatchUpdate(deletedItems: Self.paths([3]), insertedItems: Self.paths([1])))
    #expect(!source.isFiltered("S"))
    #expect(view.failures.isEmpty)
  }

  @Test func anExpandedMatchShowsItsChildrenUnfilteredUnlessAsked() throws {
    let (source, view) = Self.make()
    try source.expand("pear")
    try source.filter { $0 == "fruits" }
    #expect(view.rows[0].items == ["fruits", "apple", "pear", "pear-seed"])
    try source.filter(filteringDescendantsOfMatches: true) { $0 == "fruits" || $0 == "pear" }
    #expect(view.rows[0].items == ["fruits", "pear"])
    #expect(view.failures.isEmpty)
  }

  @Test func narrowingAsksOnlyThePreviousMatchesAndOnlyDeletes() throws {
    let (source, view) = Self.make()
    try source.filter { $0.hasPrefix("p") }
    #expect(view.rows[0].items == ["fruits", "pear", "pear-seed", "veg", "pea"])
    var asked: [String] = []
    try source.narrowFilter {
      asked.append($0)
      return $0.hasPrefix("pear")
    }
    #expect(asked == ["pear", "pear-seed", "pea"])
    #expect(view.rows[0].items == ["fruits", "pear", "pear-seed"])
    #expect(view.lastBatch == BatchUpdate(deletedItems: Self.paths([3, 4])))
    #expect(view.failures.isEmpty)
  }

  @Test func collapsingThroughTheFilterHidesMatchesAndClearingKeepsIt() throws {
    let (source, view) = Self.make()
    try source.filter { $0 == "pea" || $0 == "apple" }
    #expect(view.rows[0].items == ["fruits", "apple", "veg", "pea"])
    // veg was opened by the filter: collapsing it closes it.
    #expect(try source.collapse("veg"))
    #expect(view.rows[0].items == ["fruits", "apple", "veg"])
    #expect(try source.collapse("fruits"))
    #expect(view.rows[0].items == ["fruits", "veg"])
    // Expanding veg is real: the user's expansion now has it, and it shows its match.
    #expect(try source.expand("veg"))
    #expect(view.rows[0].items == ["fruits", "veg", "pea"])
    try source.clearFilter()
    #expect(source.snapshot(for: "S").expandedItems == ["veg"])
    #expect(view.rows[0].items == ["fruits", "veg", "leek", "pea"])
    #expect(view.failures.isEmpty)
  }

  @Test func appliesShowNewMatchesAndMovesAreRefused() throws {
    let (source, view) = Self.make()
    source.reorderingHandlers.canReorderItem = { _ in true }
    try source.filter { $0.hasPrefix("pe") }
    var tree = source.snapshot(for: "S")
    tree.append(["pecan"], to: "veg")
    tree.append(["peach"], to: "fruits")
    source.apply(tree, to: "S")
    #expect(
      view.rows[0].items == ["fruits", "pear", "pear-seed", "peach", "veg", "pea", "pecan"])
    #expect(source.snapshot(for: "S").items.contains("pecan"))
    do {
      try source.moveItem(at: Path(item: 1, section: 0), to: Path(item: 2, section: 0))
      Issue.record("a move went through a filter")
    } catch {
      #expect(error.reason == .filtered("S"))
      #expect(error.description.contains("clearFilter"))
    }
    #expect(view.failures.isEmpty)
  }

  @Test func revealThroughTheFilterAndRefusals() throws {
    let (source, view) = Self.make()
    try source.filter { $0 == "pear-seed" || $0 == "leek" }
    try source.collapse("veg")
    #expect(view.rows[0].items == ["fruits", "pear", "pear-seed", "veg"])
    #expect(try source.reveal("leek") == Path(item: 4, section: 0))
    #expect(view.rows[0].items == ["fruits", "pear", "pear-seed", "veg", "leek"])
    let batches = view.batches.count
    do {
      try source.reveal("apple")
      Issue.record("revealed an item the filter hides")
    } catch {
      #expect(error.reason == .filteredOut("apple"))
    }
    #expect(view.batches.count == batches)
    #expect(view.rows[0].items == ["fruits", "pear", "pear-seed", "veg", "leek"])
    do {
      try source.filter(in: "nowhere") { _ in true }
      Issue.record("filtered a section that does not exist")
    } catch {
      #expect(error.reason == .unknownSection("nowhere"))
    }
    #expect(view.failures.isEmpty)
    #expect(source._invariantViolation() == nil)
  }

  @Test("filter, narrow and clear among every other step match the model and keep the view valid")
  func filteringSequences() {
    let done = DataSourceProperty.check(
      "data source, filtering", .filtering, count: 1_600, base: 0xF117_E4ED)
    print("filtering coverage:", done.sorted { $0.key < $1.key })
    for kind in ["filter", "narrowFilter", "clearFilter"] {
      #expect(
        done[kind, default: 0] >= PropertySeeds.scaled(100), "too few \(kind) steps carried out")
    }
    // Steps naming absent items, or items the filter hides from reveal, are refused.
    for kind in ["expand", "collapse", "reveal", "applySection", "expandAll", "collapseAll"] {
      #expect(
        done[kind + " while filtered", default: 0] >= PropertySeeds.scaled(25),
        "too few \(kind) steps carried out while filtered")
    }
    #expect(
      done["reveal refused by the filter", default: 0] >= PropertySeeds.scaled(25),
      "too few reveals of items the filter hides")
  }
}

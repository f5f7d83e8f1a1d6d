import Testing

@testable import Snapshot

/// `reveal(_:)`, `expandAll(_:)` and `collapseAll(_:)`: the exact batches, the handlers, a
/// folded section, and refusals that change nothing.
@Suite("DiffableDataSource reveal, expand all, collapse all")
struct DataSourceRevealTests {
  typealias Source = DiffableDataSource<String, String>
  typealias Path = ListIndexPath

  /// Section "S": a (b (c (d)), e), f; everything collapsed.
  static func make() -> (Source, RecordingListView<String, String>) {
    let view = RecordingListView<String, String>()
    let source = Source(listView: view)
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["a", "f"])
    tree.append(["b", "e"], to: "a")
    tree.append(["c"], to: "b")
    tree.append(["d"], to: "c")
    source.apply(tree, to: "S")
    return (source, view)
  }

  static func paths(_ rows: [Int]) -> [Path] { rows.map { Path(item: $0, section: 0) } }

  @Test func revealOpensEveryCollapsedAncestorInOneBatch() throws {
    let (source, view) = Self.make()
    var asked: [String] = []
    source.sectionSnapshotHandlers.willExpandItem = { asked.append($0) }
    let path = try source.reveal("d")
    #expect(path == Path(item: 3, section: 0))
    #expect(asked == ["a", "b", "c"])
    #expect(view.rows[0].items == ["a", "b", "c", "d", "e", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(insertedItems: Self.paths([1, 2, 3, 4]), reconfiguredItems: Self.paths([0])))
    #expect(view.failures.isEmpty)
    // Shown already: no batch.
    let batches = view.batches.count
    #expect(try source.reveal("e") == Path(item: 4, section: 0))
    #expect(view.batches.count == batches)
  }

  @Test func revealUnfoldsAFoldedSection() throws {
    let view = RecordingListView<String, String>()
    let source = Source(listView: view)
    source.defaultHeaderMode = .firstItemInSection
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["header", "x", "y"])
    tree.append(["z"], to: "y")
    source.apply(tree, to: "S")
    try source.collapse("header")
    #expect(view.rows[0].items == ["header"])
    #expect(try source.reveal("z") == Path(item: 3, section: 0))
    #expect(view.rows[0].items == ["header", "x", "y", "z"])
    #expect(
      view.lastBatch
        == BatchUpdate(insertedItems: Self.paths([1, 2, 3]), reconfiguredItems: Self.paths([0])))
    #expect(view.failures.isEmpty)
  }

  @Test func aRefusedAncestorChangesNothing() throws {
    let (source, view) = Self.make()
    source.sectionSnapshotHandlers.shouldExpandItem = { $0 != "b" }
    let before = view.batches.count
    #expect(throws: Source.Error(.reveal, .expansionRefused("b"))) { try source.reveal("d") }
    #expect(throws: Source.Error(.reveal, .unknownItem("nowhere"))) { try source.reveal("nowhere") }
    #expect(view.batches.count == before)
    #expect(source.snapshot(for: "S").expandedItems.isEmpty)
    #expect(source._invariantViolation() == nil)
  }

  @Test func expandAllAndCollapseAllSendOneBatchEach() throws {
    let (source, view) = Self.make()
    try source.expandAll()
    #expect(view.rows[0].items == ["a", "b", "c", "d", "e", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(insertedItems: Self.paths([1, 2, 3, 4]), reconfiguredItems: Self.paths([0])))
    try source.collapseAll("b")
    #expect(view.rows[0].items == ["a", "b", "e", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(deletedItems: Self.paths([2, 3]), reconfiguredItems: Self.paths([1])))
    try source.expandAll("b")
    #expect(view.rows[0].items == ["a", "b", "c", "d", "e", "f"])
    try source.collapseAll()
    #expect(view.rows[0].items == ["a", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(deletedItems: Self.paths([1, 2, 3, 4]), reconfiguredItems: Self.paths([0])))
    #expect(view.failures.isEmpty)
    #expect(throws: Source.Error(.expandAll, .unknownItem("nowhere"))) {
      try source.expandAll("nowhere")
    }
  }

  @Test func expandToDepthShowsThatManyLevelsInOneBatch() throws {
    let (source, view) = Self.make()
    try source.expand(toDepth: 2)
    // a and b open (levels 0 and 1), c stays closed: a b c e f.
    #expect(view.rows[0].items == ["a", "b", "c", "e", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(insertedItems: Self.paths([1, 2, 3]), reconfiguredItems: Self.paths([0])))
    try source.expandAll()
    try source.expand(toDepth: 1)
    #expect(view.rows[0].items == ["a", "b", "e", "f"])
    #expect(
      view.lastBatch
        == BatchUpdate(deletedItems: Self.paths([2, 3]), reconfiguredItems: Self.paths([1])))
    try source.expand(toDepth: 0)
    #expect(view.rows[0].items == ["a", "f"])
    #expect(view.failures.isEmpty)
  }
}

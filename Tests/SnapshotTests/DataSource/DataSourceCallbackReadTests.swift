import SnapshotTestSupport
import Testing

@testable import Snapshot

/// A read of the data source from inside any callback answers for the state before the change
/// (handlers) or after it (the list view's calls), and leaves every read API answering for
/// the state after the update once it completes.
@Suite("DiffableDataSource reads from callbacks")
struct DataSourceCallbackReadTests {
  typealias Source = DiffableDataSource<Int, Int>

  /// The callbacks that can read the data source during an update.
  enum Callback: String, CaseIterable, CustomStringConvertible {
    case shouldExpandItem, willExpandItem, snapshotForExpandingParent
    case shouldCollapseItem, willCollapseItem
    case canReorderItem, willReorder, didReorder
    case performBatchUpdates, reloadData, contentDuringBatch

    var description: String { rawValue }

    /// Whether the callback runs before the change (it must read the state before it).
    var runsBefore: Bool {
      switch self {
      case .shouldExpandItem, .willExpandItem, .snapshotForExpandingParent, .shouldCollapseItem,
        .willCollapseItem, .canReorderItem, .willReorder:
        return true
      case .didReorder, .performBatchUpdates, .reloadData, .contentDuringBatch:
        return false
      }
    }
  }

  /// A list view that reads the data source through `ListContent` inside its batches.
  final class ContentReadingView: DiffableListView {
    typealias SectionIdentifierType = Int
    typealias ItemIdentifierType = Int
    let inner = RecordingListView<Int, Int>()
    var readRows: [LayoutSection<Int, Int>]?

    func reloadData(_ content: some ListContent<Int, Int>) { inner.reloadData(content) }

    func performBatchUpdates(
      _ batch: BatchUpdate, animated: Bool, content: some ListContent<Int, Int>
    ) {
      inner.performBatchUpdates(batch, animated: animated, content: content)
      // A cell provider's reads: every row of every section, through the content.
      readRows = RecordingListView.read(content)
    }
  }

  /// The issue's list: section 1 holds 28 and 12, section 2 four rows; 12 is collapsed with
  /// no children yet, 21 has children 40 and 41, expanded.
  static func makeSource(_ view: some DiffableListView<Int, Int>) -> Source {
    let source = Source(listView: view)
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([1, 2])
    snapshot.appendItems([28, 12], toSection: 1)
    snapshot.appendItems([21, 29, 30, 18], toSection: 2)
    source.apply(snapshot)
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([21, 29, 30, 18])
    tree.append([40, 41], to: 21)
    tree.expand([21])
    source.apply(tree, to: 2, expansion: .useSnapshot)
    source.reorderingHandlers.canReorderItem = { _ in true }
    return source
  }

  @Test(
    "a read from inside each callback answers for the right state and leaves none stale",
    arguments: Callback.allCases)
  func readsFromCallbacks(_ callback: Callback) throws {
    let contentView = ContentReadingView()
    let view = contentView.inner
    let source = Self.makeSource(contentView)
    var insideFailures: [String] = []
    var reads = 0
    // Reads every read API and checks them against `expected`, or against the content reads
    // when nil (the list view's calls: a staged delivery shows stages, the source its end).
    let read: (String, [LayoutSection<Int, Int>]?) -> Void = { name, expected in
      reads += 1
      let rows = expected ?? RecordingListView.read(source)
      if let failure = DataSourceReads.failure(source, expected: rows) {
        insideFailures.append("\(name): \(failure)")
      }
    }
    let before = { view.rows }
    var handlers = source.sectionSnapshotHandlers
    var reordering = source.reorderingHandlers
    switch callback {
    case .shouldExpandItem:
      handlers.shouldExpandItem = { _ in
        read("shouldExpandItem", before())
        return true
      }
    case .willExpandItem:
      handlers.willExpandItem = { _ in read("willExpandItem", before()) }
    case .snapshotForExpandingParent: break
    case .shouldCollapseItem:
      handlers.shouldCollapseItem = { _ in
        read("shouldCollapseItem", before())
        return true
      }
    case .willCollapseItem:
      handlers.willCollapseItem = { _ in read("willCollapseItem", before()) }
    case .canReorderItem:
      reordering.canReorderItem = { _ in
        read("canReorderItem", before())
        return true
      }
    case .willReorder:
      reordering.willReorder = { _ in read("willReorder", before()) }
    case .didReorder:
      reordering.didReorder = { _ in read("didReorder", view.rows) }
    case .performBatchUpdates:
      view.duringBatch = { read("performBatchUpdates", nil) }
    case .reloadData:
      view.duringReload = { read("reloadData", nil) }
    case .contentDuringBatch: break
    }
    // Expanding 12 loads three children, as in the issue.
    handlers.snapshotForExpandingParent = { item, current in
      if callback == .snapshotForExpandingParent { read("snapshotForExpandingParent", before()) }
      guard item == 12 else { return current }
      var children = DiffableDataSourceSectionSnapshot<Int>()
      children.append([19, 15, 31])
      return children
    }
    source.sectionSnapshotHandlers = handlers
    source.reorderingHandlers = reordering
    // The handlers and the view's hooks hold the source: drop them at the end (no cycle left
    // for LeakSanitizer).
    defer {
      source.sectionSnapshotHandlers = .init()
      source.reorderingHandlers = .init()
      view.duringBatch = nil
      view.duringReload = nil
    }

    // Every kind of update, each followed by a check of every read API against the view.
    let steps: [(String, () throws -> Void)] = [
      ("expand 12", { try source.expand(12) }),
      ("collapse 21", { try source.collapse(21) }),
      (
        "move row 0 of section 1 to the end of section 2",
        {
          try source.moveItem(
            at: ListIndexPath(item: 0, section: 0), to: ListIndexPath(item: 4, section: 1))
        }
      ),
      (
        "move row 1 of section 2 into row 0 of section 1",
        {
          try source.moveItem(
            at: ListIndexPath(item: 1, section: 1), into: ListIndexPath(item: 0, section: 0))
        }
      ),
      ("expand 21", { try source.expand(21) }),
      (
        "apply the rows with one item removed",
        {
          var snapshot = source.snapshot()
          snapshot.deleteItems([30])
          source.apply(snapshot)
        }
      ),
      (
        "apply the rows with reload data",
        {
          var snapshot = source.snapshot()
          snapshot.appendItems([50], toSection: 2)
          source.applySnapshotUsingReloadData(snapshot)
        }
      ),
      (
        "apply the rows staged",
        {
          var snapshot = source.snapshot()
          snapshot.moveItem(50, beforeItem: 29)
          source.updateStyle = .staged
          source.apply(snapshot)
          source.updateStyle = .singleBatch
        }
      ),
    ]
    for (name, step) in steps {
      contentView.readRows = nil
      try step()
      #expect(insideFailures.isEmpty, "during \(name), reads inside \(callback): \(insideFailures)")
      insideFailures = []
      let failure = DataSourceReads.failure(source, expected: view.rows)
      #expect(failure == nil, "after \(name), with \(callback) reading: \(failure ?? "")")
      #expect(view.failures.isEmpty, "after \(name): \(view.failures)")
      // A staged delivery's content is the stage's layout, not the data source.
      if callback == .contentDuringBatch, !name.hasSuffix("staged"), contentView.readRows != nil {
        reads += 1
        #expect(contentView.readRows == RecordingListView.read(source), "during \(name)")
      }
    }
    #expect(reads > 0, "\(callback) never ran")
    #expect(source._invariantViolation() == nil)
  }

  @Test("the issue's case: a willExpandItem that reads snapshot() and a loaded parent")
  func issueCase() throws {
    let view = ListViewSimulator<Int, Int>()
    let source = Source(listView: view)
    var s = DiffableDataSourceSnapshot<Int, Int>()
    s.appendSections([1, 2])
    s.appendItems([28, 12], toSection: 1)
    s.appendItems([21, 29, 30, 18], toSection: 2)
    source.apply(s)
    var handlers = source.sectionSnapshotHandlers
    handlers.willExpandItem = { _ in _ = source.snapshot() }
    handlers.willCollapseItem = { _ in _ = source.snapshot() }
    handlers.snapshotForExpandingParent = { _, _ in
      var children = DiffableDataSourceSectionSnapshot<Int>()
      children.append([19, 15, 31])
      return children
    }
    source.sectionSnapshotHandlers = handlers
    defer { source.sectionSnapshotHandlers = .init() }
    try source.expand(12)
    #expect(source.snapshot().itemIdentifiers == [28, 12, 19, 15, 31, 21, 29, 30, 18])
    #expect(source.numberOfItems(inSection: 0) == 5)
    try source.collapse(12)
    #expect(source.snapshot().itemIdentifiers == [28, 12, 21, 29, 30, 18])
    #expect(view.sections.map(\.items) == [[28, 12], [21, 29, 30, 18]])
    // Apple's workflow after it keeps what the user did.
    try source.expand(12)
    var workflow = source.snapshot()
    workflow.deleteItems([18])
    source.apply(workflow)
    #expect(view.sections.map(\.items) == [[28, 12, 19, 15, 31], [21, 29, 30]])
  }
}

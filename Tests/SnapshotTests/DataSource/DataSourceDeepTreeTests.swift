import Foundation
import Testing

@testable import Snapshot

/// The data source on a chain a million deep, on a thread with the default stack: applying,
/// expanding, collapsing, moving and querying never recurse over the depth of the tree.
@Suite("DiffableDataSource on deep trees")
struct DataSourceDeepTreeTests {
  @Test func chainOfAMillion() async {
    let failures = await withCheckedContinuation { continuation in
      let depth = DeepTesting.depth(1_000_000)
      let thread = Thread { continuation.resume(returning: Self.run(depth: depth)) }
      thread.start()
    }
    #expect(failures == [])
  }

  static func run(depth: Int) -> [String] {
    var failures: [String] = []
    func check(_ condition: Bool, _ message: String) { if !condition { failures.append(message) } }
    // Built at once (a million single appends take minutes in a debug build), every item
    // with children expanded, then appended to and expanded at the bottom.
    let built = depth - 3
    var chain = DiffableDataSourceSectionSnapshot<Int>(
      [ChainLink(id: 0, depth: built)], id: \.id, children: \.children, isExpanded: { _ in true })
    for item in built..<depth { chain.append([item], to: item - 1) }
    chain.expand(Array(built - 1..<depth))
    let source = DiffableDataSource<String, Int>()
    source.reorderingHandlers.canReorderItem = { _ in true }
    do {
      try source.tryApply(chain, to: "deep")
      check(source.numberOfItems(inSection: 0) == depth, "every row shown")
      check(source.indexPath(for: depth - 1) == ListIndexPath(item: depth - 1, section: 0), "leaf")
      try source.collapse(depth / 2)
      check(source.numberOfItems(inSection: 0) == depth / 2 + 1, "collapsed half")
      try source.expand(depth / 2)
      check(source.numberOfItems(inSection: 0) == depth, "expanded again")
      // The leaf moved to the top: it becomes a root.
      try source.moveItem(
        at: ListIndexPath(item: depth - 1, section: 0), to: ListIndexPath(item: 0, section: 0))
      check(source.itemIdentifier(for: ListIndexPath(item: 0, section: 0)) == depth - 1, "moved")
      try source.collapse(0)
      check(source.numberOfItems(inSection: 0) == 2, "all but the moved leaf hidden")
      check(source.snapshot().numberOfItems == 2, "snapshot")
      source.apply(DiffableDataSourceSectionSnapshot<Int>(), to: "deep")
      check(source.numberOfItems(inSection: 0) == 0, "emptied")
    } catch {
      failures.append("\(error)")
    }
    return failures
  }
}

/// One link of a chain whose children are computed on demand, so the test data holds no deep
/// value.
private struct ChainLink {
  var id: Int
  var depth: Int
  var children: [ChainLink]? { id + 1 < depth ? [ChainLink(id: id + 1, depth: depth)] : nil }
}

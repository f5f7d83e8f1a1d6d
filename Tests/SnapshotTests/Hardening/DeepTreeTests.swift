import Foundation
import Testing

@testable import Snapshot

/// Runs `body` on a fresh Foundation `Thread` with its default stack size and returns what it
/// returns.
///
/// Swift Testing runs tests on secondary threads whose stacks are small (about 512 KiB), and
/// the main thread has 8 MiB; a `Thread` with the default `stackSize` is what an app's
/// background work gets. No stack of any of these sizes holds a recursion a million levels
/// deep, so work that passes here does not recurse over the depth of the data.
private func onDefaultStackThread<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.start()
  }
}

/// Collects failed checks made off the test's own thread, where `#expect` cannot report.
private struct Checks: Sendable {
  var failures: [String] = []

  mutating func callAsFunction(
    _ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line
  ) {
    if !condition { failures.append("line \(line): \(message())") }
  }
}

/// The depth of the chain below `roots` (1 for a single item), walked without recursion;
/// -1 if some item has more than one child.
private func chainDepth<Item>(_ roots: [SnapshotItem<Item>]) -> Int {
  var level = roots
  var depth = 0
  while !level.isEmpty {
    guard level.count == 1 else { return -1 }
    depth += 1
    level = level[0].children
  }
  return depth
}

/// A chain `first, first + 1, ...` of `depth` items, built bottom-up by hand.
private func declaredChain(depth: Int, first: Int = 0) -> SnapshotItem<Int> {
  var node = SnapshotItem(first + depth - 1)
  for item in stride(from: first + depth - 2, through: first, by: -1) {
    var parent = SnapshotItem(item, expanded: item % 2 == 0)
    parent.children = [node]
    node = parent
  }
  return node
}

/// An element of hierarchical data whose children are computed on demand: a chain of any
/// depth without a deep value in memory (so the test data itself has nothing to release).
private struct LazyChain: Identifiable {
  var id: Int
  var depth: Int
  var children: [LazyChain]? { id + 1 < depth ? [LazyChain(id: id + 1, depth: depth)] : nil }
}

/// A section of `LazyChain` roots.
private struct LazySection: Identifiable {
  var id: Int
  var roots: [LazyChain]
}

/// Every operation of every type on chains far deeper than any call stack: nothing recurses
/// over the depth of user-shaped data (building, querying, copying, printing, comparing,
/// encoding, decoding, diffing, declared trees, or releasing any of them).
///
/// The main chain is a million levels deep; the other tests use 200,000 levels, deep enough
/// to overflow any stack by recursion, because a million is too slow for them in debug builds.
@Suite("Deep trees never overflow the stack")
struct DeepTreeTests {
  /// A chain of a million levels, built at once and then by appends at its bottom, turned
  /// into declared items (which are then released).
  @Test func sectionSnapshotChainOfAMillion() async {
    let failures = await onDefaultStackThread { () -> [String] in
      var check = Checks()
      let depth = DeepTesting.depth(1_000_000)
      // Built at once (a million single appends take minutes in a debug build), then
      // appended to at the bottom, so that appends below a million ancestors are covered.
      let built = depth - 3
      var chain = DiffableDataSourceSectionSnapshot<Int>(
        [LazyChain(id: 0, depth: built)], id: \.id, children: \.children)
      for item in built..<depth { chain.append([item], to: item - 1) }
      check(chain.count == depth, "count \(chain.count)")
      check(chain.level(of: depth - 1) == depth - 1, "level of the leaf")
      check(chain.parent(of: depth - 1) == depth - 2, "parent of the leaf")
      check(chainDepth(chain.snapshotItems) == depth, "snapshotItems")
      return check.failures
    }
    #expect(failures == [])
  }

  /// Every operation of the section snapshot and of declared items on a deep chain:
  /// queries, copies and mutations, subtree copies, declared items (compared, edited,
  /// printed) and builders embedding the chain, printing, coding.
  @Test func sectionSnapshotAndDeclaredItemsOnADeepChain() async {
    let failures = await onDefaultStackThread { () -> [String] in
      var check = Checks()
      let depth = DeepTesting.depth(200_000)
      // Built at once, then appended to at the bottom (200,000 single appends take half a
      // minute in a debug build).
      let built = depth - 3
      var chain = DiffableDataSourceSectionSnapshot<Int>(
        [LazyChain(id: 0, depth: built)], id: \.id, children: \.children,
        isExpanded: { $0.id % 2 == 0 })
      for item in built..<depth { chain.append([item], to: item - 1) }
      chain.expand(Array(stride(from: built - 1, to: depth, by: 2).filter { $0 % 2 == 0 }))
      chain._checkInvariants()

      // Queries.
      check(chain.index(of: depth - 1) == depth - 1, "index of the leaf")
      check(chain.visibleItems == [0, 1], "visible items")
      check(!chain.isVisible(2) && chain.isExpanded(0), "visibility and expansion")
      check(chain.expandedItems.count == depth / 2, "expanded items")

      // A copy, changed (copy-on-write), moves and subtree copies.
      var copy = chain
      copy.delete([depth / 2])
      copy.move(depth / 2 - 1, to: nil)
      copy._checkInvariants()
      check(copy.rootItems == [0, depth / 2 - 1], "roots after cutting and moving")
      check(chain.count == depth, "the original is untouched")
      check(chain.snapshot(of: 0).level(of: depth - 1) == depth - 2, "subtree copy")

      // Declared items: read back, compared with a chain declared by hand, edited, printed,
      // and embedded in a builder.
      let declared = chain.snapshotItems
      check(declared == [declaredChain(depth: depth)], "snapshotItems")
      var edited = declared[0]
      edited.children[0].children[0].item = -1
      check(edited != declared[0], "an edited copy differs")
      check(declared[0].children[0].children[0].item == 2, "the original keeps its grandchild")
      let printed = String(describing: declared[0])
      check(printed.utf8.count < 20 * depth, "declared items print in linear size")
      check(printed.hasPrefix("0 (expanded) { 1 { 2 (expanded) { 3 {"), "declared items print")
      let rebuilt = DiffableDataSourceSectionSnapshot<Int> { chain }
      check(rebuilt == chain, "a builder embedding the chain rebuilds it")
      check(rebuilt != copy, "equality sees the difference")

      // Printing stays linear in size; coding round-trips.
      let description = chain.visualDescription()
      check(description.utf8.count < 100 * depth, "description size \(description.utf8.count)")
      let last = "\n\(String(repeating: "  ", count: 32))(\(depth - 1)) -  \(depth - 1)"
      check(description.hasSuffix(last), "last line")
      do {
        let data = try JSONEncoder().encode(chain)
        let decoded = try JSONDecoder().decode(
          DiffableDataSourceSectionSnapshot<Int>.self, from: data)
        check(decoded == chain, "JSON round trip")
      } catch {
        check(false, "JSON round trip threw \(error)")
      }
      return check.failures
    }
    #expect(failures == [])
  }

  @Test func declaredItemsPrintTheirTree() {
    let food = SnapshotItem("Food", expanded: true) {
      SnapshotItem("Meat") {
        "Pork"
        "Beef"
      }
      "Celery"
    }
    #expect(String(describing: food) == "Food (expanded) { Meat { Pork, Beef }, Celery }")
    #expect(String(describing: SnapshotItem("Leaf", expanded: true)) == "Leaf (expanded)")
  }

  /// Sectioned snapshots, outlines, the diff, the key-path initializers and the builders'
  /// error paths on deep chains.
  @Test func sectionedTypesAndKeyPathInitializers() async {
    let failures = await onDefaultStackThread { () -> [String] in
      var check = Checks()
      let depth = DeepTesting.depth(200_000)

      // Key-path initializers over data whose children are computed.
      let data = [LazyChain(id: 0, depth: depth)]
      let byKeyPath = DiffableDataSourceSectionSnapshot(
        data, id: \.id, children: \.children, isExpanded: { $0.id % 2 == 0 })
      check(byKeyPath.level(of: depth - 1) == depth - 1, "key-path initializer")
      let sections = [LazySection(id: 0, roots: data), LazySection(id: 1, roots: [])]
      let outline = SectionedOutline(
        sections, items: \.roots, children: \.children, isExpanded: { $0.id % 2 == 0 })
      check(outline.snapshot(for: 0) == byKeyPath, "outline by key paths")

      // A duplicate at the bottom of a deep chain: the error names both index paths.
      let declared = declaredChain(depth: depth)
      do throws(SectionSnapshotBuildError<Int>) {
        _ = try DiffableDataSourceSectionSnapshot<Int>.tryBuild {
          declared
          depth - 1
        }
        check(false, "no error for a duplicate")
      } catch {
        check(error.firstPath.count == depth && error.duplicatePath == [1], "duplicate paths")
      }

      // The outline: flattened, printed, compared (its coding is the section snapshot's,
      // tested above).
      let flat = outline.snapshot
      flat._checkInvariants()
      check(flat.numberOfItems == depth, "flattened outline")
      check(outline.visibleSnapshot.numberOfItems == 2, "visible snapshot")
      check(outline.description.utf8.count < 100 * depth, "outline description size")
      var changed = outline
      changed.deleteSections([1])
      check(changed != outline, "outline equality")

      // A sectioned snapshot declared with a deep tree, and the diff of its flat form.
      let sectioned = DiffableDataSourceSnapshot<Int, Int> { SnapshotSection(0) { declared } }
      check(sectioned.itemIdentifiers == flat.itemIdentifiers, "sectioned snapshot")
      var moved = sectioned
      moved.moveItem(depth - 1, beforeItem: 0)
      moved.deleteItems([depth / 2])
      moved._checkInvariants()
      let batch = moved.batchUpdate(from: sectioned)
      check(batch.movedItems.count == 1 && batch.deletedItems.count == 1, "diff \(batch)")
      check((try? moved.tryBatchUpdate(from: sectioned)) == batch, "checked diff")
      check(moved.stagedBatchUpdate(from: sectioned).moveCount == 1, "staged diff")
      return check.failures
    }
    #expect(failures == [])
  }
}

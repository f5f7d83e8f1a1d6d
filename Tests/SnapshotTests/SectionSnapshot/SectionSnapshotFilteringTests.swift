import Testing

@testable import Snapshot

/// The section snapshot's value-level forms of issue #32: `filtered(_:)` (matches and their
/// ancestors, in one pass) and `expandingAll()` / `expanding(toDepth:)`, checked against a
/// reference computed from the public queries over random trees.
@Suite("Section snapshots: filtered, expanded all, expanded to a depth")
struct SectionSnapshotFilteringTests {
  typealias Tree = DiffableDataSourceSectionSnapshot<Int>

  @Test("a filtered copy keeps each match's path, ancestors expanded")
  func filteredExample() {
    var tree = DiffableDataSourceSectionSnapshot<String>()
    tree.append(["Food", "Drinks"])
    tree.append(["🍏", "🥐"], to: "Food")
    tree.append(["Bread"], to: "🥐")
    tree.append(["🥤"], to: "Drinks")
    tree.expand(["Bread"])
    let found = tree.filtered { $0 == "🥐" || $0 == "Drinks" }
    #expect(found.items == ["Food", "🥐", "Drinks"])
    #expect(found.visibleItems == ["Food", "🥐", "Drinks"])
    #expect(found.isExpanded("Food"))
    #expect(!found.isExpanded("Drinks"))
    #expect(found.level(of: "🥐") == 1)
    #expect(tree.filtered { _ in false }.isEmpty)
    #expect(tree.filtered { _ in true } == tree.expandingAll().expanding(toDepth: 9))
    #expect(found._invariantViolation() == nil)
  }

  @Test("a throwing predicate stops the pass and its error comes out typed")
  func filteredThrows() {
    struct Stop: Error, Equatable {}
    var tree = Tree()
    tree.append([1, 2, 3])
    var asked: [Int] = []
    #expect(throws: Stop()) {
      _ = try tree.filtered { (item: Int) throws(Stop) -> Bool in
        asked.append(item)
        if item == 2 { throw Stop() }
        return true
      }
    }
    #expect(asked == [1, 2])
  }

  @Test("expanding all and to a depth")
  func expandingExample() {
    var tree = Tree()
    tree.append([1, 2])
    tree.append([10, 11], to: 1)
    tree.append([100], to: 10)
    tree.append([20], to: 2)
    #expect(tree.expandingAll().visibleItems == [1, 10, 100, 11, 2, 20])
    #expect(tree.expandingAll().expanding(toDepth: 1).visibleItems == [1, 10, 11, 2, 20])
    #expect(tree.expandingAll().expanding(toDepth: 0).visibleItems == [1, 2])
    #expect(tree.expandingAll().expanding(toDepth: 1).expandedItems == [1, 2])
  }

  /// A random tree of up to 60 items, chains up to 6 deep, random expansion (leaves too).
  static func randomTree(_ random: inout SeededGenerator) -> Tree {
    var tree = Tree(base: 2, bucketCapacity: 2)
    var chain: [Int] = []
    for item in 0..<Int.random(in: 0...60, using: &random) {
      let keep = Int.random(in: 0...chain.count, using: &random)
      chain.removeLast(chain.count - keep)
      tree.append([item], to: chain.last)
      if chain.count < 6 { chain.append(item) }
    }
    tree.expand(tree.items.filter { _ in Bool.random(using: &random) })
    return tree
  }

  /// The first way `filtered` differs from the reference over `tree`, or nil.
  static func filterDifference(_ tree: Tree, modulus: Int, remainder: Int) -> String? {
    let matches = Set(tree.items.filter { $0 % modulus == remainder })
    var kept = matches
    var ancestors: Set<Int> = []
    for item in matches {
      var current = tree.parent(of: item)
      while let parent = current {
        kept.insert(parent)
        ancestors.insert(parent)
        current = tree.parent(of: parent)
      }
    }
    let found = tree.filtered { $0 % modulus == remainder }
    if let broken = found._invariantViolation() { return "invariant: \(broken)" }
    let expected = tree.items.filter(kept.contains)
    guard found.items == expected else { return "items \(found.items), expected \(expected)" }
    for item in expected {
      guard found.level(of: item) == tree.level(of: item) else { return "level of \(item)" }
      let expanded = ancestors.contains(item) || tree.isExpanded(item)
      guard found.isExpanded(item) == expanded else { return "expansion of \(item)" }
    }
    return nil
  }

  /// The first way `expanding(toDepth:)` differs from the reference over `tree`, or nil.
  static func depthDifference(_ tree: Tree, depth: Int) -> String? {
    let expanded = depth < 0 ? tree.expandingAll() : tree.expanding(toDepth: depth)
    if let broken = expanded._invariantViolation() { return "invariant: \(broken)" }
    guard expanded.items == tree.items else { return "items changed" }
    for item in tree.items {
      let isParent = !tree.children(of: item).isEmpty
      let want =
        isParent ? (depth < 0 || tree.level(of: item) < depth) : tree.isExpanded(item)
      guard expanded.isExpanded(item) == want else {
        return "depth \(depth): \(item) expanded \(expanded.isExpanded(item)), want \(want)"
      }
    }
    return nil
  }

  @Test("random trees: filtered equals the reference; expanding to a depth too")
  func randomTrees() {
    checkProperty(
      "filtered and expanding", count: 400, base: 0xF117_E4ED,
      generate: { random in
        [
          (
            Int.random(in: 0..<(1 << 32), using: &random), Int.random(in: 1...5, using: &random),
            Int.random(in: -1...4, using: &random)
          )
        ]
      },
      check: { steps in
        for (seed, modulus, depth) in steps {
          var random = SeededGenerator(seed: UInt64(seed))
          let tree = Self.randomTree(&random)
          if let difference = Self.filterDifference(tree, modulus: modulus, remainder: 0) {
            return difference
          }
          if let difference = Self.depthDifference(tree, depth: depth) { return difference }
        }
        return nil
      })
  }
}

import Foundation
import Testing

@testable import Snapshot

/// The examples of the Trees and Getting Started articles, run, with the results the
/// articles show.
@Suite("Documentation examples")
struct ArticleExamplesTests {
  struct Node: Identifiable, Hashable {
    var id: String
    var children: [Node]?
  }

  let nodes: [Node] = [
    Node(
      id: "1",
      children: [
        Node(id: "1-1", children: [Node(id: "1-1-1"), Node(id: "1-1-2")]),
        Node(id: "1-2", children: []),
      ]),
    Node(id: "2", children: [Node(id: "2-1")]),
  ]

  @SectionSnapshotBuilder<String>
  func declare(_ nodes: [Node]) -> [SnapshotItem<String>] {
    for node in nodes {
      if let children = node.children {
        SnapshotItem(node.id) { declare(children) }
      } else {
        node.id
      }
    }
  }

  @Test func treesBuildAndExpand() {
    var tree = DiffableDataSourceSectionSnapshot(nodes, children: \.children)
    #expect(tree.items == ["1", "1-1", "1-1-1", "1-1-2", "1-2", "2", "2-1"])
    #expect(tree.rootItems == ["1", "2"])
    #expect(DiffableDataSourceSectionSnapshot { declare(nodes) } == tree)

    tree.expand(["1", "1-1"])
    #expect(tree.visibleItems == ["1", "1-1", "1-1-1", "1-1-2", "1-2", "2"])
    #expect(!tree.isVisible("2-1"))
    tree.collapse(["1"])
    #expect(tree.visibleItems == ["1", "2"])
    #expect(tree.isExpanded("1-1"))
    #expect(
      tree.visualDescription()
        == "-* 1\n  +  1-1\n    -  1-1-1\n    -  1-1-2\n  -  1-2\n-* 2\n  -  2-1")

    // Carrying expansion over a rebuild.
    let newNodes = nodes + [Node(id: "3", children: [])]
    let rebuilt = DiffableDataSourceSectionSnapshot(
      newNodes, children: \.children,
      isExpanded: { tree.contains($0.id) && tree.isExpanded($0.id) })
    #expect(rebuilt.expandedItems == ["1-1"])
  }

  @Test func treesEdit() throws {
    var tree = DiffableDataSourceSectionSnapshot(nodes, children: \.children)
    tree.expand(["1"])
    tree.append(["1-2-1"], to: "1-2")
    tree.insert(["0"], before: "1")
    tree.move("2-1", to: "1", at: 0)
    tree.move("1-2", before: "1-1")
    tree.move("2", after: "1")
    tree.delete(["1-1"])
    #expect(tree.items == ["0", "1", "2-1", "1-2", "1-2-1", "2"])
    let contents = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("1-2-a") { "1-2-a-i" }
      "1-2-b"
    }
    tree.replace(childrenOf: "1-2", using: contents)
    #expect(tree.items == ["0", "1", "2-1", "1-2", "1-2-a", "1-2-a-i", "1-2-b", "2"])
    #expect(tree.expandedItems == ["1"])
    tree._checkInvariants()

    do {
      try tree.tryMove("1", to: "1-2", at: 0)
      Issue.record("moved an item into its own subtree")
    } catch {
      #expect(
        error.description
          == "DiffableDataSourceSectionSnapshot.move(_:to:at:): item 1 cannot be moved into its "
          + "own subtree (destination 1-2)")
    }
  }

  @Test func treesPersist() throws {
    var tree = DiffableDataSourceSectionSnapshot(nodes, children: \.children)
    tree.expand(["1", "1-1"])
    let data = try JSONEncoder().encode(tree)
    let restored = try JSONDecoder().decode(
      DiffableDataSourceSectionSnapshot<String>.self, from: data)
    #expect(restored == tree)

    let damaged = Data(#"{"items":["1","1-1","1-1-1"],"levels":[0,1,3],"expanded":[]}"#.utf8)
    do {
      _ = try JSONDecoder().decode(DiffableDataSourceSectionSnapshot<String>.self, from: damaged)
      Issue.record("decoded damaged data")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["levels", "Index 2"])
      #expect(
        context.debugDescription.hasPrefix(
          "item 1-1-1 at index 2 has level 3, but the item before it is at level 1, so its "
            + "parent is missing"))
    }
  }

  @Test func gettingStartedTypedCatch() {
    let items = Seed003.makeItems()
    let twice = items + [items[0]]
    var caught: String?
    do {
      _ = try SectionedOutline.tryBuild(
        twice, id: \.self, items: \.rows, itemID: \.self, children: \.children)
    } catch {
      switch error {  // a SnapshotBuildError: the initializer's typed error
      case .duplicateItem(let item, let first, let duplicate):
        caught = "item \(item) at \(first) and \(duplicate)"
      case .duplicateSection(_, let firstIndex, let duplicateIndex):
        caught = "section at \(firstIndex) and \(duplicateIndex)"
      case .irreflexiveSection(let section, _):
        caught = "section \(section) is not equal to itself"
      case .irreflexiveItem(let item, let position):
        caught = "item \(item) at \(position) is not equal to itself"
      }
    }
    #expect(caught == "section at 0 and 2")
  }
}

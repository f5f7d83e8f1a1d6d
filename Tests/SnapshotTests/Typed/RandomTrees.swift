@testable import Snapshot

/// One step of a random tree: a new node under a node made by an earlier step (or a root).
/// Removing steps (when shrinking) always leaves a valid tree: a step picks its parent among
/// the nodes that exist, by `parentChoice` modulo their count plus one.
struct TreeStep: CustomStringConvertible {
  /// The node's identifier, unique in a generated list (kept when steps are removed).
  var id: Int
  /// 0 picks "a root"; k picks the k-th earlier node (modulo).
  var parentChoice: Int
  /// Whether the node is expanded (parents only: see `RandomNode.isParent`).
  var expanded: Bool
  /// Whether a node without children is an empty parent (`[]`) rather than a leaf (`nil`).
  var emptyParent: Bool
  /// The section the node goes in (sectioned properties only).
  var section: Int
  /// When true the step only declares `section` (so sections may be empty), no node.
  var sectionOnly: Bool

  var description: String {
    sectionOnly
      ? "section \(section)"
      : "node \(id) under choice \(parentChoice) in section \(section)"
        + "\(expanded ? ", expanded" : "")\(emptyParent ? ", empty parent" : "")"
  }

  /// A random list of steps: up to `maxNodes` nodes, in up to `sections` sections.
  static func generate(
    _ generator: inout SeededGenerator, maxNodes: Int = 40, sections: Int = 1
  ) -> [TreeStep] {
    let count = Int.random(in: 0...maxNodes, using: &generator)
    return (0..<count).map { id in
      TreeStep(
        id: id, parentChoice: Int.random(in: 0..<1_000, using: &generator),
        expanded: Bool.random(using: &generator),
        emptyParent: Int.random(in: 0..<4, using: &generator) == 0,
        section: Int.random(in: 0..<sections, using: &generator),
        sectionOnly: sections > 1 && Int.random(in: 0..<8, using: &generator) == 0)
    }
  }
}

/// A node of hierarchical app data, SwiftUI style: `children` is nil for a leaf and `[]` for
/// a parent with no children.
struct RandomNode: Identifiable, Hashable, Sendable {
  var id: Int
  var name: String { "n\(id)" }
  var expanded: Bool
  var children: [RandomNode]?

  var isParent: Bool { children != nil }
}

/// A reference forest, built from steps with plain arrays.
struct RandomForest {
  /// The roots, as app data.
  var roots: [RandomNode]

  init(_ steps: [TreeStep]) {
    // Parent (index into `made`, or -1) of each node, in step order.
    var made: [TreeStep] = []
    var parentOf: [Int] = []
    for step in steps where !step.sectionOnly {
      let choice = step.parentChoice % (made.count + 1)
      parentOf.append(choice - 1)
      made.append(step)
    }
    var childrenOf = [[Int]](repeating: [], count: made.count)
    var rootIndices: [Int] = []
    for (index, parent) in parentOf.enumerated() {
      if parent < 0 { rootIndices.append(index) } else { childrenOf[parent].append(index) }
    }
    func node(_ index: Int) -> RandomNode {
      let step = made[index]
      let kids = childrenOf[index].map(node)
      let isParent = !kids.isEmpty || step.emptyParent
      return RandomNode(
        id: step.id, expanded: step.expanded && isParent, children: isParent ? kids : nil)
    }
    roots = rootIndices.map(node)
  }

  /// Every node, depth-first, with its parent.
  var depthFirst: [(node: RandomNode, parent: Int?)] {
    var result: [(RandomNode, Int?)] = []
    func visit(_ nodes: [RandomNode], parent: Int?) {
      for node in nodes {
        result.append((node, parent))
        visit(node.children ?? [], parent: node.id)
      }
    }
    visit(roots, parent: nil)
    return result
  }

  /// Built imperatively, as an app does with Apple's API: parent by parent, then expand.
  var imperative: DiffableDataSourceSectionSnapshot<Int> {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    func add(_ nodes: [RandomNode], to parent: Int?) {
      snapshot.append(nodes.map(\.id), to: parent)
      for node in nodes { add(node.children ?? [], to: node.id) }
    }
    add(roots, to: nil)
    snapshot.expand(depthFirst.filter { $0.node.expanded }.map(\.node.id))
    return snapshot
  }
}

/// Declares `nodes` with the builder, recursively, using `for`, `if`/`else` and `if let`.
@SectionSnapshotBuilder<Int>
func declareForest(_ nodes: [RandomNode]) -> [SnapshotItem<Int>] {
  for node in nodes {
    if let children = node.children, !children.isEmpty {
      SnapshotItem(node.id, expanded: node.expanded) { declareForest(children) }
    } else if node.expanded {
      SnapshotItem(node.id).expanded()
    } else {
      node.id
    }
  }
}

/// Random sections of random forests: sections in order of first mention.
struct RandomSections {
  var sections: [(id: Int, forest: RandomForest)]

  init(_ steps: [TreeStep]) {
    var order: [Int] = []
    for step in steps where !order.contains(step.section) { order.append(step.section) }
    sections = order.map { section in
      (section, RandomForest(steps.filter { $0.section == section }))
    }
  }
}

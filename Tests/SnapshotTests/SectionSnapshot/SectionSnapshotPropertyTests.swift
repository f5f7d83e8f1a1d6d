import Testing

@testable import Snapshot

// Property-based tests of DiffableDataSourceSectionSnapshot: random sequences of every
// mutating operation, valid and invalid, run against `OutlineModel`, a deliberately simple
// model (the items in depth-first order with their levels; every question is a linear
// scan), and compared after every step: the error thrown (or not), every query for every
// item, the printed outline, equality with a snapshot rebuilt from the model, that a copy
// taken before the step is untouched, and the internal invariants (`_invariantViolation()`, so a
// broken invariant is reported with its seed and shrunk like any other failure).
//
// Identifiers come from a small range, so clashes and misuse happen often. A failure prints
// the seed and the shortest failing sequence found (see `checkProperty`).

typealias IntOutline = DiffableDataSourceSectionSnapshot<Int>
typealias IntOutlineError = SectionSnapshotError<Int>

// MARK: - The model

/// An item of the model: its identifier, its depth, and whether it is expanded.
struct OutlineNode: Equatable {
  var item: Int
  var level: Int
  var expanded: Bool
}

/// Prints a depth-first list of nodes as nested brackets: `1 [2+ [3]] 4` is 1 with child 2
/// (expanded) with child 3, then 4.
func describe(_ nodes: [OutlineNode]) -> String {
  var text = ""
  var level = 0
  for node in nodes {
    while level < node.level {
      text += " ["
      level += 1
    }
    while level > node.level {
      text += "]"
      level -= 1
    }
    if !text.isEmpty && !text.hasSuffix("[") { text += " " }
    text += "\(node.item)\(node.expanded ? "+" : "")"
  }
  text += String(repeating: "]", count: level)
  return "tree(\(text))"
}

/// A section snapshot as the plainest possible data: the nodes in depth-first order. A
/// node's subtree is the run of nodes after it with a greater level; its parent is the
/// nearest node before it with a smaller level.
struct OutlineModel {
  var nodes: [OutlineNode] = []

  var items: [Int] { nodes.map(\.item) }
  var rootItems: [Int] { nodes.filter { $0.level == 0 }.map(\.item) }
  var expandedItems: [Int] { nodes.filter(\.expanded).map(\.item) }
  var visibleItems: [Int] { nodes.indices.filter { isVisible($0) }.map { nodes[$0].item } }

  func position(of item: Int) -> Int? {
    nodes.firstIndex { $0.item == item }
  }

  /// One past the last position of the subtree rooted at `position`.
  func subtreeEnd(_ position: Int) -> Int {
    var end = position + 1
    while end < nodes.count && nodes[end].level > nodes[position].level { end += 1 }
    return end
  }

  func parentPosition(_ position: Int) -> Int? {
    var candidate = position - 1
    while candidate >= 0 {
      if nodes[candidate].level < nodes[position].level { return candidate }
      candidate -= 1
    }
    return nil
  }

  /// The positions of the children of the node at `parent` (of the roots when nil).
  func childPositions(_ parent: Int?) -> [Int] {
    guard let parent else { return nodes.indices.filter { nodes[$0].level == 0 } }
    return (parent + 1..<subtreeEnd(parent)).filter {
      nodes[$0].level == nodes[parent].level + 1
    }
  }

  func isVisible(_ position: Int) -> Bool {
    var ancestor = parentPosition(position)
    while let current = ancestor {
      if !nodes[current].expanded { return false }
      ancestor = parentPosition(current)
    }
    return true
  }

  func isInSubtree(_ position: Int, of ancestor: Int) -> Bool {
    position >= ancestor && position < subtreeEnd(ancestor)
  }

  /// The subtree at `position`, levels restarting at 0.
  func subtree(at position: Int, includingRoot: Bool) -> [OutlineNode] {
    let start = includingRoot ? position : position + 1
    let shift = nodes[position].level + (includingRoot ? 0 : 1)
    return nodes[start..<subtreeEnd(position)].map {
      OutlineNode(item: $0.item, level: $0.level - shift, expanded: $0.expanded)
    }
  }

  mutating func insert(_ tree: [OutlineNode], at position: Int, level: Int) {
    let shifted = tree.map {
      OutlineNode(item: $0.item, level: $0.level + level, expanded: $0.expanded)
    }
    nodes.insert(contentsOf: shifted, at: position)
  }

  /// Removes the subtree at `position` and returns it, levels restarting at 0.
  mutating func removeSubtree(at position: Int) -> [OutlineNode] {
    let tree = subtree(at: position, includingRoot: true)
    nodes.removeSubrange(position..<subtreeEnd(position))
    return tree
  }

  /// Parent, children and visibility of every position, in one pass over the nodes (the
  /// same answers as `parentPosition`, `childPositions` and `isVisible`, which are checked
  /// against this in `theModelAgreesWithHandWrittenExpectations`).
  func derived() -> (parents: [Int?], children: [[Int]], visible: [Bool]) {
    var parents: [Int?] = []
    var children: [[Int]] = []
    var visible: [Bool] = []
    var ancestors: [Int] = []
    for position in nodes.indices {
      while ancestors.count > nodes[position].level { ancestors.removeLast() }
      let parent = ancestors.last
      parents.append(parent)
      children.append([])
      if let parent {
        children[parent].append(nodes[position].item)
        visible.append(visible[parent] && nodes[parent].expanded)
      } else {
        visible.append(true)
      }
      ancestors.append(position)
    }
    return (parents, children, visible)
  }

  func visualDescription() -> String {
    let visible = derived().visible
    var lines: [String] = []
    for position in nodes.indices {
      let node = nodes[position]
      lines.append(
        String(repeating: "  ", count: node.level) + (node.expanded ? "+" : "-")
          + (visible[position] ? "*" : " ") + " \(node.item)")
    }
    return lines.joined(separator: "\n")
  }

  /// The first item of `items` that clashes: repeated in `items`, or already present.
  func clash(_ items: [Int], destination: Int?) -> IntOutlineError.Reason? {
    var seen: [Int] = []
    for item in items {
      if seen.contains(item) { return .duplicateItem(item) }
      if position(of: item) != nil {
        return item == destination
          ? .destinationInInsertedItems(item) : .itemAlreadyInSnapshot(item)
      }
      seen.append(item)
    }
    return nil
  }

  /// Applies `step`, or returns the error the snapshot must throw (and changes nothing).
  mutating func apply(_ step: OutlineStep) -> IntOutlineError? {
    switch step {
    case .append(let items, let parent):
      let leaves = items.map { OutlineNode(item: $0, level: 0, expanded: false) }
      return appendTree(leaves, items: items, to: parent)
    case .appendTree(let tree, let parent):
      return appendTree(tree, items: tree.map(\.item), to: parent)
    case .insertBefore(let items, let destination):
      let leaves = items.map { OutlineNode(item: $0, level: 0, expanded: false) }
      return insertTree(leaves, items: items, relativeTo: destination, after: false)
    case .insertAfter(let items, let destination):
      let leaves = items.map { OutlineNode(item: $0, level: 0, expanded: false) }
      return insertTree(leaves, items: items, relativeTo: destination, after: true)
    case .insertTreeBefore(let tree, let destination):
      return insertTree(tree, items: tree.map(\.item), relativeTo: destination, after: false)
    case .insertTreeAfter(let tree, let destination):
      return insertTree(tree, items: tree.map(\.item), relativeTo: destination, after: true)
    case .delete(let items):
      for item in items where position(of: item) == nil {
        return IntOutlineError(.delete, .unknownItem(item))
      }
      var doomed = [Bool](repeating: false, count: nodes.count)
      for item in items {
        let start = position(of: item)!
        for position in start..<subtreeEnd(start) { doomed[position] = true }
      }
      nodes = nodes.indices.filter { !doomed[$0] }.map { nodes[$0] }
      return nil
    case .deleteAll:
      nodes = []
      return nil
    case .expand(let items):
      for item in items {
        if let position = position(of: item) { nodes[position].expanded = true }
      }
      return nil
    case .collapse(let items):
      for item in items {
        if let position = position(of: item) { nodes[position].expanded = false }
      }
      return nil
    case .replace(let parent, let tree):
      guard let start = position(of: parent) else {
        return IntOutlineError(.replaceChildren, .unknownParent(parent))
      }
      for node in tree {
        if let existing = position(of: node.item),
          existing == start || !isInSubtree(existing, of: start)
        {
          return IntOutlineError(.replaceChildren, .itemAlreadyInSnapshot(node.item))
        }
      }
      nodes.removeSubrange(start + 1..<subtreeEnd(start))
      insert(tree, at: start + 1, level: nodes[start].level + 1)
      return nil
    case .moveBefore(let item, let destination):
      return move(item, relativeTo: destination, after: false)
    case .moveAfter(let item, let destination):
      return move(item, relativeTo: destination, after: true)
    case .moveTo(let item, let parent, let index):
      return move(item, to: parent, at: index)
    case .cut(let parent, let includingParent):
      guard let start = position(of: parent) else {
        return IntOutlineError(.snapshotOfParent, .unknownParent(parent))
      }
      nodes = subtree(at: start, includingRoot: includingParent)
      return nil
    }
  }

  private mutating func appendTree(_ tree: [OutlineNode], items: [Int], to parent: Int?)
    -> IntOutlineError?
  {
    // Empty arrays (and empty sub-snapshots) are ignored, as Apple does, before anything
    // is checked.
    if items.isEmpty { return nil }
    var level = 0
    var end = nodes.count
    if let parent {
      guard let start = position(of: parent) else {
        return IntOutlineError(.append, .unknownParent(parent))
      }
      level = nodes[start].level + 1
      end = subtreeEnd(start)
    }
    if let reason = clash(items, destination: nil) { return IntOutlineError(.append, reason) }
    insert(tree, at: end, level: level)
    return nil
  }

  private mutating func insertTree(
    _ tree: [OutlineNode], items: [Int], relativeTo destination: Int, after: Bool
  ) -> IntOutlineError? {
    if items.isEmpty { return nil }
    let operation: IntOutlineError.Operation = after ? .insertAfter : .insertBefore
    guard let target = position(of: destination) else {
      return IntOutlineError(operation, .unknownDestination(destination))
    }
    if let reason = clash(items, destination: destination) {
      return IntOutlineError(operation, reason)
    }
    insert(tree, at: after ? subtreeEnd(target) : target, level: nodes[target].level)
    return nil
  }

  private mutating func move(_ item: Int, relativeTo destination: Int, after: Bool)
    -> IntOutlineError?
  {
    let operation: IntOutlineError.Operation = after ? .moveAfter : .moveBefore
    guard let source = position(of: item) else {
      return IntOutlineError(operation, .unknownItem(item))
    }
    guard let target = position(of: destination) else {
      return IntOutlineError(operation, .unknownDestination(destination))
    }
    if item == destination { return IntOutlineError(operation, .moveRelativeToItself(item)) }
    if isInSubtree(target, of: source) {
      return IntOutlineError(operation, .moveIntoOwnSubtree(item: item, destination: destination))
    }
    let moved = removeSubtree(at: source)
    let newTarget = position(of: destination)!
    insert(
      moved, at: after ? subtreeEnd(newTarget) : newTarget, level: nodes[newTarget].level)
    return nil
  }

  private mutating func move(_ item: Int, to parent: Int?, at index: Int?) -> IntOutlineError? {
    guard let source = position(of: item) else {
      return IntOutlineError(.moveToParent, .unknownItem(item))
    }
    var parentPosition: Int?
    if let parent {
      guard let found = position(of: parent) else {
        return IntOutlineError(.moveToParent, .unknownParent(parent))
      }
      if isInSubtree(found, of: source) {
        return IntOutlineError(.moveToParent, .moveIntoOwnSubtree(item: item, destination: parent))
      }
      parentPosition = found
    }
    let others = childPositions(parentPosition).map { nodes[$0].item }.filter { $0 != item }
    if let index, index < 0 || index > others.count {
      return IntOutlineError(
        .moveToParent, .childIndexOutOfRange(index: index, childCount: others.count))
    }
    let moved = removeSubtree(at: source)
    let newParent = parent.map { position(of: $0)! }
    let level = newParent.map { nodes[$0].level + 1 } ?? 0
    let insertion: Int
    if let index, index < others.count {
      insertion = position(of: others[index])!
    } else {
      insertion = newParent.map { subtreeEnd($0) } ?? nodes.count
    }
    insert(moved, at: insertion, level: level)
    return nil
  }
}

@Suite struct SectionSnapshotPropertyTests {
  @Test func theModelAgreesWithHandWrittenExpectations() {
    // The model itself, on the fixture outline of the unit tests (A=1, A1=2, A1a=3, A1b=4,
    // A2=5, B=6, B1=7, C=8).
    var model = OutlineModel()
    #expect(model.apply(.append([1, 6, 8], to: nil)) == nil)
    #expect(model.apply(.append([2, 5], to: 1)) == nil)
    #expect(model.apply(.append([3, 4], to: 2)) == nil)
    #expect(model.apply(.append([7], to: 6)) == nil)
    #expect(model.items == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(model.nodes.map(\.level) == [0, 1, 2, 2, 1, 0, 1, 0])
    #expect(model.apply(.expand([1])) == nil)
    #expect(model.visibleItems == [1, 2, 5, 6, 8])
    #expect(model.apply(.insertAfter([9], 2)) == nil)
    #expect(model.items == [1, 2, 3, 4, 9, 5, 6, 7, 8])
    #expect(
      model.apply(.moveTo(1, parent: 3, index: nil))
        == IntOutlineError(.moveToParent, .moveIntoOwnSubtree(item: 1, destination: 3)))
    #expect(model.apply(.moveTo(8, parent: 1, index: 1)) == nil)
    #expect(model.childPositions(0).map { model.nodes[$0].item } == [2, 8, 9, 5])
    #expect(
      model.apply(.replace(childrenOf: 1, [OutlineNode(item: 3, level: 0, expanded: true)])) == nil)
    #expect(model.items == [1, 3, 6, 7])
    #expect(model.expandedItems == [1, 3])
    #expect(
      describe([
        OutlineNode(item: 1, level: 0, expanded: false),
        OutlineNode(item: 2, level: 1, expanded: true),
        OutlineNode(item: 3, level: 2, expanded: false),
        OutlineNode(item: 4, level: 0, expanded: false),
      ]) == "tree(1 [2+ [3]] 4)")
    #expect(makeSnapshot(model.nodes).visualDescription() == model.visualDescription())
  }

  @Test func theModelsOnePassAnswersAgreeWithItsScans() {
    var generator = SeededGenerator(seed: 0x0DE1)
    for _ in 0..<100 {
      var model = OutlineModel()
      for step in generateSteps(.standard, &generator) {
        _ = model.apply(step)
        let derived = model.derived()
        for position in model.nodes.indices {
          #expect(derived.parents[position] == model.parentPosition(position))
          #expect(
            derived.children[position]
              == model.childPositions(position).map {
                model.nodes[$0].item
              })
          #expect(derived.visible[position] == model.isVisible(position))
        }
        #expect(
          model.visibleItems
            == model.nodes.indices.filter { derived.visible[$0] }.map {
              model.nodes[$0].item
            })
      }
    }
  }
}

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

private typealias IntOutline = DiffableDataSourceSectionSnapshot<Int>
private typealias IntOutlineError = SectionSnapshotError<Int>

// MARK: - The model

/// An item of the model: its identifier, its depth, and whether it is expanded.
private struct OutlineNode: Equatable {
  var item: Int
  var level: Int
  var expanded: Bool
}

/// Prints a depth-first list of nodes as nested brackets: `1 [2+ [3]] 4` is 1 with child 2
/// (expanded) with child 3, then 4.
private func describe(_ nodes: [OutlineNode]) -> String {
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
private struct OutlineModel {
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

/// Builds a real snapshot holding the model's tree.
private func makeSnapshot(_ nodes: [OutlineNode]) -> IntOutline {
  var snapshot = IntOutline()
  var ancestors: [Int] = []
  for node in nodes {
    ancestors.removeSubrange(node.level...)
    snapshot.append([node.item], to: ancestors.last)
    ancestors.append(node.item)
  }
  snapshot.expand(nodes.filter(\.expanded).map(\.item))
  return snapshot
}

// MARK: - Steps

/// One operation of a generated sequence; trees are depth-first node lists, levels from 0.
private enum OutlineStep: CustomStringConvertible {
  case append([Int], to: Int?)
  case insertBefore([Int], Int)
  case insertAfter([Int], Int)
  case appendTree([OutlineNode], to: Int?)
  case insertTreeBefore([OutlineNode], Int)
  case insertTreeAfter([OutlineNode], Int)
  case delete([Int])
  case deleteAll
  case expand([Int])
  case collapse([Int])
  case replace(childrenOf: Int, [OutlineNode])
  case moveBefore(Int, Int)
  case moveAfter(Int, Int)
  case moveTo(Int, parent: Int?, index: Int?)
  case cut(Int, includingParent: Bool)

  var description: String {
    func name(_ item: Int?) -> String { item.map { "\($0)" } ?? "nil" }
    switch self {
    case .append(let items, let parent): return "append(\(items), to: \(name(parent)))"
    case .insertBefore(let items, let destination):
      return "insert(\(items), before: \(destination))"
    case .insertAfter(let items, let destination):
      return "insert(\(items), after: \(destination))"
    case .appendTree(let tree, let parent):
      return "append(\(describe(tree)), to: \(name(parent)))"
    case .insertTreeBefore(let tree, let destination):
      return "insert(\(describe(tree)), before: \(destination))"
    case .insertTreeAfter(let tree, let destination):
      return "insert(\(describe(tree)), after: \(destination))"
    case .delete(let items): return "delete(\(items))"
    case .deleteAll: return "deleteAll()"
    case .expand(let items): return "expand(\(items))"
    case .collapse(let items): return "collapse(\(items))"
    case .replace(let parent, let tree):
      return "replace(childrenOf: \(parent), using: \(describe(tree)))"
    case .moveBefore(let item, let destination): return "move(\(item), before: \(destination))"
    case .moveAfter(let item, let destination): return "move(\(item), after: \(destination))"
    case .moveTo(let item, let parent, let index):
      return "move(\(item), to: \(name(parent)), at: \(name(index)))"
    case .cut(let parent, let includingParent):
      return "snapshot = snapshot(of: \(parent), includingParent: \(includingParent))"
    }
  }

  /// Performs the step on the real snapshot with the throwing methods.
  func run(on snapshot: inout IntOutline) -> IntOutlineError? {
    do throws(IntOutlineError) {
      switch self {
      case .append(let items, let parent): try snapshot.tryAppend(items, to: parent)
      case .insertBefore(let items, let destination):
        try snapshot.tryInsert(items, before: destination)
      case .insertAfter(let items, let destination):
        try snapshot.tryInsert(items, after: destination)
      case .appendTree(let tree, let parent): try snapshot.tryAppend(makeSnapshot(tree), to: parent)
      case .insertTreeBefore(let tree, let destination):
        try snapshot.tryInsert(makeSnapshot(tree), before: destination)
      case .insertTreeAfter(let tree, let destination):
        try snapshot.tryInsert(makeSnapshot(tree), after: destination)
      case .delete(let items): try snapshot.tryDelete(items)
      case .deleteAll: snapshot.deleteAll()
      case .expand(let items): snapshot.expand(items)
      case .collapse(let items): snapshot.collapse(items)
      case .replace(let parent, let tree):
        try snapshot.tryReplace(childrenOf: parent, using: makeSnapshot(tree))
      case .moveBefore(let item, let destination): try snapshot.tryMove(item, before: destination)
      case .moveAfter(let item, let destination): try snapshot.tryMove(item, after: destination)
      case .moveTo(let item, let parent, let index):
        try snapshot.tryMove(item, to: parent, at: index)
      case .cut(let parent, let includingParent):
        snapshot = try snapshot.trySnapshot(of: parent, includingParent: includingParent)
      }
      return nil
    } catch {
      return error
    }
  }
}

// MARK: - Generation

/// How a run draws its steps.
private struct OutlineProfile {
  /// Identifiers are drawn from `0..<idCount`.
  var idCount: Int
  var steps: ClosedRange<Int>
  /// Percent weights: append items, insert items, sub-snapshots, delete, expand/collapse,
  /// replace, move, cut, deleteAll (the rest of 100).
  var weights: [Int]

  static let standard = OutlineProfile(
    idCount: 24, steps: 5...45, weights: [22, 12, 10, 12, 14, 7, 18, 2])
  /// Many appends and deletions, so that deleted slots pile up and get compacted.
  static let churn = OutlineProfile(
    idCount: 60, steps: 250...300, weights: [40, 10, 8, 25, 5, 6, 5, 0])
}

/// Draws steps with the model alongside, so that most destinations exist and most new
/// items are new; a tenth of the choices are arbitrary identifiers (usually misuse).
private struct OutlineStepSource {
  var profile: OutlineProfile
  var model = OutlineModel()
  /// The identifiers not in the model, refreshed before each step.
  var absent: [Int] = []

  func anyID(_ generator: inout SeededGenerator) -> Int {
    Int.random(in: 0..<profile.idCount, using: &generator)
  }

  func existing(_ generator: inout SeededGenerator) -> Int {
    if model.nodes.isEmpty || Int.random(in: 0..<10, using: &generator) == 0 {
      return anyID(&generator)
    }
    return model.nodes.randomElement(using: &generator)!.item
  }

  func fresh(_ generator: inout SeededGenerator) -> Int {
    if absent.isEmpty || Int.random(in: 0..<10, using: &generator) == 0 {
      return anyID(&generator)
    }
    return absent.randomElement(using: &generator)!
  }

  func freshList(_ generator: inout SeededGenerator) -> [Int] {
    (0..<Int.random(in: 0...4, using: &generator)).map { _ in fresh(&generator) }
  }

  func existingList(_ generator: inout SeededGenerator) -> [Int] {
    (0..<Int.random(in: 0...3, using: &generator)).map { _ in existing(&generator) }
  }

  /// A parent, or nil (the roots): a quarter of the time, or nearly always when empty.
  func someParent(_ generator: inout SeededGenerator) -> Int? {
    let roots =
      model.nodes.isEmpty
      ? Int.random(in: 0..<10, using: &generator) != 0
      : Int.random(in: 0..<4, using: &generator) == 0
    return roots ? nil : existing(&generator)
  }

  /// A small tree of distinct identifiers, mostly new ones.
  func makeTree(_ generator: inout SeededGenerator) -> [OutlineNode] {
    var nodes: [OutlineNode] = []
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      let item = fresh(&generator)
      if nodes.contains(where: { $0.item == item }) { continue }
      let level = nodes.isEmpty ? 0 : Int.random(in: 0...nodes.last!.level + 1, using: &generator)
      let expanded = Int.random(in: 0..<3, using: &generator) == 0
      nodes.append(OutlineNode(item: item, level: level, expanded: expanded))
    }
    return nodes
  }

  mutating func next(_ generator: inout SeededGenerator) -> OutlineStep {
    var present = [Bool](repeating: false, count: profile.idCount)
    for node in model.nodes { present[node.item] = true }
    absent = (0..<profile.idCount).filter { !present[$0] }
    var roll = Int.random(in: 0..<100, using: &generator)
    var kind = 0
    // An empty snapshot refuses nearly everything: mostly fill it instead.
    if model.nodes.isEmpty && Bool.random(using: &generator) { roll = 0 }
    while kind < profile.weights.count && roll >= profile.weights[kind] {
      roll -= profile.weights[kind]
      kind += 1
    }
    let step: OutlineStep
    let flip = Bool.random(using: &generator)
    switch kind {
    case 0: step = .append(freshList(&generator), to: someParent(&generator))
    case 1:
      let items = freshList(&generator)
      let destination = existing(&generator)
      step = flip ? .insertBefore(items, destination) : .insertAfter(items, destination)
    case 2:
      let tree = makeTree(&generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: step = .appendTree(tree, to: someParent(&generator))
      case 1: step = .insertTreeBefore(tree, existing(&generator))
      default: step = .insertTreeAfter(tree, existing(&generator))
      }
    case 3: step = .delete(existingList(&generator))
    case 4:
      let items = existingList(&generator)
      step = flip ? .expand(items) : .collapse(items)
    case 5:
      // Reuse some of the parent's descendants now and then.
      let parent = existing(&generator)
      var tree = makeTree(&generator)
      if let start = model.position(of: parent), Bool.random(using: &generator),
        let reused = model.subtree(at: start, includingRoot: false).randomElement(
          using: &generator),
        !tree.contains(where: { $0.item == reused.item })
      {
        tree.insert(OutlineNode(item: reused.item, level: 0, expanded: false), at: 0)
      }
      step = .replace(childrenOf: parent, tree)
    case 6:
      let item = existing(&generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: step = .moveBefore(item, existing(&generator))
      case 1: step = .moveAfter(item, existing(&generator))
      default:
        let index: Int? =
          Int.random(in: 0..<3, using: &generator) == 0
          ? nil : Int.random(in: -1...4, using: &generator)
        step = .moveTo(item, parent: someParent(&generator), index: index)
      }
    case 7: step = .cut(existing(&generator), includingParent: flip)
    default: step = .deleteAll
    }
    _ = model.apply(step)
    return step
  }
}

private func generateSteps(_ profile: OutlineProfile, _ generator: inout SeededGenerator)
  -> [OutlineStep]
{
  var source = OutlineStepSource(profile: profile)
  let count = Int.random(in: profile.steps, using: &generator)
  return (0..<count).map { _ in source.next(&generator) }
}

// MARK: - Checking

/// Compares every query of `snapshot` with the model; returns the first difference.
///
/// The errors of queries of an absent item, the printed outline and equality with a rebuilt
/// snapshot are compared when `thorough`.
private func difference(
  _ snapshot: IntOutline, _ model: OutlineModel, idCount: Int, thorough: Bool
) -> String? {
  let derived = model.derived()
  var visibleItems: [Int] = []
  for position in model.nodes.indices where derived.visible[position] {
    visibleItems.append(model.nodes[position].item)
  }
  if snapshot.items != model.items { return "items \(snapshot.items), model \(model.items)" }
  if snapshot.rootItems != model.rootItems {
    return "rootItems \(snapshot.rootItems), model \(model.rootItems)"
  }
  if snapshot.visibleItems != visibleItems {
    return "visibleItems \(snapshot.visibleItems), model \(visibleItems)"
  }
  if snapshot.expandedItems != model.expandedItems {
    return "expandedItems \(snapshot.expandedItems), model \(model.expandedItems)"
  }
  if snapshot.count != model.nodes.count || snapshot.isEmpty != model.nodes.isEmpty {
    return "count \(snapshot.count), model \(model.nodes.count)"
  }
  var present = [Bool](repeating: false, count: idCount)
  for position in model.nodes.indices {
    let node = model.nodes[position]
    present[node.item] = true
    let parent = derived.parents[position].map { model.nodes[$0].item }
    let agrees: Bool
    do {
      agrees =
        try snapshot.index(of: node.item) == position
        && snapshot.tryLevel(of: node.item) == node.level
        && snapshot.tryParent(of: node.item) == parent
        && snapshot.tryChildren(of: node.item) == derived.children[position]
        && snapshot.tryIsExpanded(node.item) == node.expanded
        && snapshot.tryIsVisible(node.item) == derived.visible[position]
        && (!thorough || snapshot.contains(node.item))
    } catch {
      agrees = false
    }
    if agrees { continue }
    let item = node.item
    let actual =
      "index \(result { snapshot.index(of: item) }) "
      + "level \(result { try snapshot.tryLevel(of: item) }) "
      + "parent \(result { try snapshot.tryParent(of: item) }) "
      + "children \(result { try snapshot.tryChildren(of: item) }) "
      + "expanded \(result { try snapshot.tryIsExpanded(item) }) "
      + "visible \(result { try snapshot.tryIsVisible(item) }) "
      + "contains \(snapshot.contains(item))"
    let expected =
      "index \(result { Optional(position) }) "
      + "level \(result { node.level }) "
      + "parent \(result { parent }) "
      + "children \(result { derived.children[position] }) "
      + "expanded \(result { node.expanded }) "
      + "visible \(result { derived.visible[position] }) "
      + "contains true"
    return "item \(item): \(actual); model: \(expected)"
  }
  var firstAbsent: Int?
  for item in 0..<idCount where !present[item] {
    if snapshot.contains(item) || snapshot.index(of: item) != nil {
      return "absent item \(item) is found"
    }
    if firstAbsent == nil { firstAbsent = item }
  }
  guard thorough else { return nil }
  if let item = firstAbsent {
    let errors: [(IntOutlineError?, IntOutlineError.Operation)] = [
      (thrown { _ = try snapshot.tryLevel(of: item) }, .level),
      (thrown { _ = try snapshot.tryParent(of: item) }, .parent),
      (thrown { _ = try snapshot.tryChildren(of: item) }, .children),
      (thrown { _ = try snapshot.tryIsExpanded(item) }, .isExpanded),
      (thrown { _ = try snapshot.tryIsVisible(item) }, .isVisible),
    ]
    for (error, operation) in errors where error != IntOutlineError(operation, .unknownItem(item)) {
      return "\(operation.rawValue) of absent item \(item) threw \(String(describing: error))"
    }
  }
  let printed = snapshot.visualDescription()
  let expectedPrinted = model.visualDescription()
  if printed != expectedPrinted {
    return "visualDescription\n\(printed)\nmodel\n\(expectedPrinted)"
  }
  let rebuilt = makeSnapshot(model.nodes)
  if snapshot != rebuilt || rebuilt != snapshot {
    return "not == to a snapshot rebuilt from the model"
  }
  return nil
}

/// What `body` returns, or the error it throws, as text.
private func result<Value>(_ body: () throws -> Value) -> String {
  do {
    return String(describing: try body())
  } catch {
    return "threw \(error)"
  }
}

/// The error `body` throws, or nil. (Closures do not infer typed throws yet.)
private func thrown(_ body: () throws -> Void) -> IntOutlineError? {
  do {
    try body()
    return nil
  } catch {
    return error as? IntOutlineError
  }
}

/// Counts what the runs went through, to check that the interesting paths were taken.
private struct OutlineRunStats {
  var steps = 0
  var errors = 0
  /// Deletes and replacements that lowered the storage tree (nodes merged up to the root).
  var merges = 0
  /// Failing runs, shrinking included.
  var failures = 0

  /// Whether the counts mean anything: every case ran and passed.
  var isComplete: Bool {
    failures == 0 && PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") == nil
  }
}

/// Runs `steps` on a real snapshot and on the model; returns the first difference.
private func runAndCompare(_ steps: [OutlineStep], idCount: Int, stats: inout OutlineRunStats)
  -> String?
{
  let failure = firstDifference(steps, idCount: idCount, stats: &stats)
  if failure != nil { stats.failures += 1 }
  return failure
}

private func firstDifference(
  _ steps: [OutlineStep], idCount: Int, stats: inout OutlineRunStats
) -> String? {
  // Nodes of 2 to 4 entries and buckets of 2, so that a few dozen items split and merge
  // nodes and burst buckets on every path.
  var snapshot = IntOutline(base: 2, bucketCapacity: 2)
  var model = OutlineModel()
  for (index, step) in steps.enumerated() {
    let before = snapshot
    let modelBefore = model
    let heightBefore = snapshot.list.tree.height
    let expected = model.apply(step)
    let actual = step.run(on: &snapshot)
    stats.steps += 1
    if actual != expected {
      return "step \(index) \(step): threw \(String(describing: actual)), "
        + "model expects \(String(describing: expected))"
    }
    if expected != nil {
      stats.errors += 1
      if snapshot != before { return "step \(index) \(step): failed but changed the snapshot" }
    }
    // Printing, rebuilding and throwing cost most: every fourth step and at the end.
    let thorough = index % 4 == 3 || index == steps.count - 1
    if let difference = difference(snapshot, model, idCount: idCount, thorough: thorough) {
      return "after step \(index) \(step): \(difference)"
    }
    // A copy taken before the step still shows the state before it.
    if before.items != modelBefore.items || before.expandedItems != modelBefore.expandedItems
      || before.rootItems != modelBefore.rootItems
    {
      return "after step \(index) \(step): the copy taken before the step changed"
    }
    let heightAfter = snapshot.list.tree.height
    if case .delete = step, heightAfter < heightBefore { stats.merges += 1 }
    if case .replace = step, heightAfter < heightBefore { stats.merges += 1 }
    if let violation = snapshot._invariantViolation() {
      return "after step \(index) \(step): invariant broken: \(violation)"
    }
  }
  return nil
}

@Suite struct SectionSnapshotPropertyTests {
  @Test func randomSequencesMatchTheModel() {
    var stats = OutlineRunStats()
    let profile = OutlineProfile.standard
    checkProperty(
      "section snapshot matches the model", count: 1000, base: 0x5EC7_0003,
      generate: { generateSteps(profile, &$0) },
      check: { runAndCompare($0, idCount: profile.idCount, stats: &stats) })
    // The runs went through successes and refusals alike.
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(10_000))
    #expect(stats.errors >= stats.steps / 10)
    #expect(stats.errors <= stats.steps / 2)
  }

  @Test func longSequencesMergeNodes() {
    var stats = OutlineRunStats()
    let profile = OutlineProfile.churn
    checkProperty(
      "long section snapshot runs match the model", count: 12, base: 0xC0_4AC7,
      generate: { generateSteps(profile, &$0) },
      check: { runAndCompare($0, idCount: profile.idCount, stats: &stats) })
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(2_000))
    #expect(stats.merges >= PropertySeeds.scaled(5))
  }

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

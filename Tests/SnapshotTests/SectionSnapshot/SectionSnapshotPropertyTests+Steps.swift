import Testing

@testable import Snapshot

// The steps of the random sequences, run on real snapshots, and how they are drawn.

// MARK: - Steps

/// Builds a real snapshot holding the model's tree.
func makeSnapshot(_ nodes: [OutlineNode]) -> IntOutline {
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

/// One operation of a generated sequence; trees are depth-first node lists, levels from 0.
enum OutlineStep: CustomStringConvertible {
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
struct OutlineProfile {
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

func generateSteps(_ profile: OutlineProfile, _ generator: inout SeededGenerator)
  -> [OutlineStep]
{
  var source = OutlineStepSource(profile: profile)
  let count = Int.random(in: profile.steps, using: &generator)
  return (0..<count).map { _ in source.next(&generator) }
}

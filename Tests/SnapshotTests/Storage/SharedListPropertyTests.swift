import Testing

@testable import Snapshot

// Seeded random sequences of edits on SharedList (the shared B+ tree with a tiny base, so
// that every case crosses splits and merges, and the hash trie with tiny buckets, so that
// every case bursts and collapses them) against a plain array, with copies taken and both
// sides edited; invariants and every copy's contents are checked after every step.
@Suite("SharedList properties")
struct SharedListPropertyTests {
  enum Step: CustomStringConvertible {
    /// `shape`: depths relative to the first (each at most one deeper than the one before)
    /// and expansion. `mode` 0: before the anchor, 1: last child of the anchor, 2: at the end.
    case insert(anchor: Int, mode: Int, shape: [(Int, Bool)])
    case insertDuplicate(anchor: Int)
    case remove(anchor: Int)
    case removeRange(anchor: Int, length: Int)
    case move(anchor: Int, target: Int, asChild: Bool)
    case toggle(anchor: Int)
    case copy
    case switchCopy(Int)
    /// `append(_:to:)` of `count` new items under the anchor (`toRoot`: at the end, as roots);
    /// `fault` 1: one item already present, 2: one item twice, 3: a parent not in the list.
    case append(anchor: Int, toRoot: Bool, count: Int, expanded: Bool, fault: Int)
    /// The list rebuilt from the model's pre-order sequence by the bulk initializer.
    case rebuild

    var description: String {
      switch self {
      case .insert(let anchor, let mode, let shape):
        "insert(anchor: \(anchor), mode: \(mode), shape: \(shape))"
      case .insertDuplicate(let anchor): "insertDuplicate(\(anchor))"
      case .remove(let anchor): "remove(\(anchor))"
      case .removeRange(let anchor, let length): "removeRange(\(anchor), \(length))"
      case .move(let anchor, let target, let asChild): "move(\(anchor), \(target), \(asChild))"
      case .toggle(let anchor): "toggle(\(anchor))"
      case .copy: "copy"
      case .switchCopy(let index): "switchCopy(\(index))"
      case .append(let anchor, let toRoot, let count, let expanded, let fault):
        "append(\(anchor), toRoot: \(toRoot), count: \(count), \(expanded), fault: \(fault))"
      case .rebuild: "rebuild"
      }
    }
  }

  static func generate(_ generator: inout SeededGenerator) -> [Step] {
    (0..<Int.random(in: 10...60, using: &generator)).map { _ in
      let anchor = Int.random(in: 0..<1_000, using: &generator)
      let kind = Int.random(in: 0..<118, using: &generator)
      if kind >= 100 { return generateBulk(kind - 100, anchor: anchor, using: &generator) }
      switch kind {
      case 0..<40:
        var shape: [(Int, Bool)] = [(0, Bool.random(using: &generator))]
        for _ in 0..<Int.random(in: 0..<12, using: &generator) {
          let level = Int.random(in: 0...(shape.last!.0 + 1), using: &generator)
          shape.append((level, Bool.random(using: &generator)))
        }
        return .insert(anchor: anchor, mode: Int.random(in: 0..<3, using: &generator), shape: shape)
      case 40..<45: return .insertDuplicate(anchor: anchor)
      case 45..<57: return .remove(anchor: anchor)
      case 57..<62:
        return .removeRange(anchor: anchor, length: Int.random(in: 1..<6, using: &generator))
      case 62..<75:
        return .move(
          anchor: anchor, target: Int.random(in: 0..<1_000, using: &generator),
          asChild: Bool.random(using: &generator))
      case 75..<92: return .toggle(anchor: anchor)
      case 92..<96: return .copy
      default: return .switchCopy(Int.random(in: 0..<4, using: &generator))
      }
    }
  }

  struct State<Item: ModelItem> {
    var list = SharedList<Item>(base: 2, bucketCapacity: 2)
    var model = SharedListModel()
    var copies: [(SharedList<Item>, SharedListModel)] = []
    var nextItem = 0
  }

  /// Applies one step to the state, or describes how the list disagreed with the model.
  static func apply<Item>(_ step: Step, to state: inout State<Item>) -> String? {
    let count = state.model.rows.count
    switch step {
    case .insert(let anchor, let mode, let shape):
      var position = count
      var level = 0
      if count > 0 && mode < 2 {
        let at = anchor % count
        position = mode == 0 ? at : state.model.subtreeEnd(of: at)
        level = state.model.rows[at].level + mode
      }
      let rows = shape.map { relative, expanded in
        state.nextItem += 1
        return SharedListModel.Row(
          item: state.nextItem, level: level + relative, isExpanded: expanded)
      }
      do {
        try state.list.insert(
          rows.map {
            SharedEntry(item: Item(model: $0.item), level: $0.level, isExpanded: $0.isExpanded)
          }, at: position)
      } catch { return "insert refused: \(error)" }
      state.model.rows.insert(contentsOf: rows, at: position)
    case .insertDuplicate(let anchor):
      guard count > 0 else { return nil }
      let existing = state.model.rows[anchor % count]
      let before = state.list
      do {
        try state.list.insert(
          [SharedEntry(item: Item(model: existing.item), level: 0, isExpanded: false)], at: 0)
        return "duplicate \(existing.item) accepted"
      } catch {
        guard error == .duplicate(Item(model: existing.item)) else {
          return "wrong error \(error)"
        }
      }
      guard state.list.tree.root === before.tree.root else { return "refusal changed the tree" }
    case .remove(let anchor):
      guard count > 0 else { return nil }
      let at = anchor % count
      let end = state.model.subtreeEnd(of: at)
      do { try state.list.removeSubtrees(at..<end) } catch { return "remove refused: \(error)" }
      state.model.rows.removeSubrange(at..<end)
    case .removeRange(let anchor, let length):
      guard count > 0 else { return nil }
      let at = anchor % count
      let range = at..<min(count, at + length)
      let expected = state.model.isSubtreeRun(range)
      let before = state.list.tree.root
      do {
        try state.list.removeSubtrees(range)
        guard expected else { return "removal of \(range) accepted" }
        state.model.rows.removeSubrange(range)
      } catch {
        guard !expected else { return "removal of \(range) refused" }
        guard state.list.tree.root === before else { return "refusal changed the tree" }
      }
    case .move(let anchor, let target, let asChild):
      guard count > 1 else { return nil }
      let at = anchor % count
      let end = state.model.subtreeEnd(of: at)
      var rest = state.model.rows
      let moved = Array(rest[at..<end])
      rest.removeSubrange(at..<end)
      guard !rest.isEmpty else { return nil }
      let targetIndex = target % rest.count
      var restModel = SharedListModel(rows: rest)
      let destination = asChild ? restModel.subtreeEnd(of: targetIndex) : targetIndex
      let level = rest[targetIndex].level + (asChild ? 1 : 0)
      do {
        try state.list.moveSubtree(at: at, to: destination, level: level)
      } catch { return "move refused: \(error)" }
      let shift = level - moved[0].level
      restModel.rows.insert(
        contentsOf: moved.map {
          SharedListModel.Row(item: $0.item, level: $0.level + shift, isExpanded: $0.isExpanded)
        }, at: destination)
      state.model = restModel
    case .toggle(let anchor):
      guard count > 0 else { return nil }
      let at = anchor % count
      state.model.rows[at].isExpanded.toggle()
      state.list.setExpanded(state.model.rows[at].isExpanded, at: at)
    case .copy:
      state.copies.append((state.list, state.model))
    case .switchCopy(let index):
      guard !state.copies.isEmpty else { return nil }
      let slot = index % state.copies.count
      let (list, model) = state.copies[slot]
      state.copies[slot] = (state.list, state.model)
      state.list = list
      state.model = model
    case .append, .rebuild:
      return applyBulk(step, to: &state)
    }
    return nil
  }

  /// What the random sequences exercised, so that the test can show it reached every kind of
  /// step and lists deep enough to split and merge nodes.
  final class Coverage {
    var kinds: Set<String> = []
    var largest = 0
  }

  static func check<Item: ModelItem>(
    _ steps: [Step], as _: Item.Type = Int.self, coverage: Coverage? = nil
  ) -> String? {
    var state = State<Item>()
    for (index, step) in steps.enumerated() {
      if let failure = apply(step, to: &state) { return "step \(index): \(failure)" }
      coverage?.kinds.insert(String(step.description.prefix { $0 != "(" }))
      coverage?.largest = max(coverage?.largest ?? 0, state.model.rows.count)
      if let failure = state.model.mismatch(state.list) { return "after step \(index): \(failure)" }
      // The copies are not edited: a write to a node they share would stay in them, so they
      // are checked every eighth step and after the last (and each when it is switched back
      // in, as the list checked above).
      guard index % 8 == 7 || index == steps.count - 1 else { continue }
      for (copyIndex, (list, model)) in state.copies.enumerated() {
        if let failure = model.mismatch(list) {
          return "copy \(copyIndex) after step \(index): \(failure)"
        }
      }
    }
    return nil
  }

  @Test("random edits, copies and expansion changes agree with an array")
  func randomEdits() {
    let coverage = Coverage()
    checkProperty("shared list", count: 300, base: 0x5_4A2E_D000, generate: Self.generate) {
      Self.check($0, coverage: coverage)
    }
    let kinds: Set = [
      "insert", "insertDuplicate", "remove", "removeRange", "move", "toggle", "copy",
      "switchCopy", "append", "rebuild",
    ]
    #expect(coverage.kinds == kinds)
    #expect(coverage.largest >= 100)  // base 2: many levels, so splits and merges at every level
  }

  @Test("the same with items whose hashes all collide: one bucket, every pair resolved")
  func collidingItems() {
    let coverage = Coverage()
    checkProperty("colliding shared list", count: 40, base: 0x5_4A2E_D100, generate: Self.generate)
    {
      Self.check($0, as: CollidingItem.self, coverage: coverage)
    }
    #expect(coverage.kinds.count == 10)
    #expect(coverage.largest >= 60)
  }
}

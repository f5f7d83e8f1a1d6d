import Testing

@testable import Snapshot

// The shared B+ tree on its own: arbitrary range removals, insertions, replacements and
// slices of a flat sequence against an array (base 2, so that every case splits and merges
// at every level), sharing between copies, and a million entries built, copied, edited and
// released on a default-size stack.
@Suite("SharedTree")
struct SharedTreeTests {
  static func flat(_ values: some Sequence<Int>) -> [SharedEntry<Int>] {
    values.map { SharedEntry(item: $0, key: UInt64($0), level: 0, isExpanded: false) }
  }

  enum Step: CustomStringConvertible {
    case replace(at: Int, length: Int, count: Int)
    case slice(at: Int, length: Int)
    case copy

    var description: String {
      switch self {
      case .replace(let at, let length, let count): "replace(\(at), \(length), \(count))"
      case .slice(let at, let length): "slice(\(at), \(length))"
      case .copy: "copy"
      }
    }
  }

  static func generate(_ generator: inout SeededGenerator) -> [Step] {
    (0..<Int.random(in: 5...50, using: &generator)).map { _ in
      let at = Int.random(in: 0..<1_000, using: &generator)
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<7:
        return .replace(
          at: at, length: Int.random(in: 0..<40, using: &generator),
          count: Int.random(in: 0..<60, using: &generator))
      case 7..<9: return .slice(at: at, length: Int.random(in: 0..<80, using: &generator))
      default: return .copy
      }
    }
  }

  /// Items are multiples of 1,000 plus a sequence number; keys are re-spread after every step
  /// so they increase (the tree itself does not allocate keys).
  static func check(_ steps: [Step]) -> String? {
    var tree = SharedTree<Int>(base: 2)
    var model: [Int] = []
    var copies: [(SharedTree<Int>, [Int])] = []
    var next = 0
    for (index, step) in steps.enumerated() {
      switch step {
      case .replace(let at, let length, let count):
        let start = model.isEmpty ? 0 : at % (model.count + 1)
        let range = start..<min(model.count, start + length)
        let new = (0..<count).map { _ in
          next += 1
          return next
        }
        tree.replaceSubrange(range, with: flat(new))
        model.replaceSubrange(range, with: new)
        tree.updateEntries(in: 0..<tree.count) { position, entry in entry.key = UInt64(position) }
      case .slice(let at, let length):
        guard !model.isEmpty else { continue }
        let start = at % model.count
        let range = start..<min(model.count, start + length)
        let slice = tree.slice(range)
        if let violation = slice._invariantViolation() {
          return "step \(index) slice: \(violation)"
        }
        if slice.entries(in: 0..<slice.count).map(\.item) != Array(model[range]) {
          return "step \(index): slice differs"
        }
      case .copy:
        copies.append((tree, model))
      }
      for (candidate, expected) in [(tree, model)] + copies {
        if let violation = candidate._invariantViolation() { return "step \(index): \(violation)" }
        if candidate.entries(in: 0..<candidate.count).map(\.item) != expected {
          return "step \(index): contents differ"
        }
      }
      for position in model.indices where tree.entry(at: position).item != model[position] {
        return "step \(index): entry(at: \(position)) differs"
      }
    }
    return nil
  }

  @Test("range replacements and slices agree with an array, copies untouched")
  func randomReplacements() {
    checkProperty("shared tree", count: 200, base: 0x7_12EE_0001, generate: Self.generate) {
      Self.check($0)
    }
  }

  /// Every node reachable from `tree`.
  static func nodes(of tree: SharedTree<Int>) -> [ObjectIdentifier] {
    var result: [ObjectIdentifier] = []
    var stack = [tree.root]
    while let node = stack.popLast() {
      result.append(ObjectIdentifier(node))
      stack.append(contentsOf: node.children.map(\.node))
    }
    return result
  }

  @Test("editing a copy copies only the path: the original keeps its contents and nodes")
  func sharedCopy() throws {
    var list = SharedList<Int>(base: 4, bucketCapacity: 8)
    try list.insert((0..<10_000).map { SharedEntry(item: $0, level: 0, isExpanded: false) }, at: 0)
    let original = list
    let originalNodes = Set(Self.nodes(of: original.tree))
    var copy = list
    try copy.insert([SharedEntry(item: -1, level: 0, isExpanded: false)], at: 5_000)
    copy.setExpanded(true, at: 42)
    try copy.removeSubtrees(9_000..<9_001)
    // The original is as it was, node for node.
    #expect(Set(Self.nodes(of: original.tree)) == originalNodes)
    #expect(original.tree.entries(in: 0..<original.count).map(\.item) == Array(0..<10_000))
    #expect(original.position(of: -1) == nil && copy.position(of: -1) == 5_000)
    #expect(original.entry(at: 42).isExpanded == false)
    // The copy shares every node but those on the edited paths (three edits, height h,
    // a split or merge at most one more node a level).
    let copyNodes = Self.nodes(of: copy.tree)
    let fresh = copyNodes.filter { !originalNodes.contains($0) }.count
    #expect(fresh <= 3 * 2 * (copy.tree.height + 1) + 2)
    #expect(copyNodes.count - fresh > originalNodes.count - 3 * 2 * (copy.tree.height + 1))
    original._checkInvariants()
    copy._checkInvariants()
  }

  @Test("a chain a million deep builds, copies, edits and is released on a default stack")
  func millionDeepChain() throws {
    let count = DeepTesting.depth(1_000_000)
    var list = SharedList<Int>()
    // Appended in runs, each item the child of the one before.
    var run: [SharedEntry<Int>] = []
    for item in 0..<count {
      run.append(SharedEntry(item: item, level: item, isExpanded: item % 2 == 0))
      if run.count == 10_000 {
        try list.insert(run, at: list.count)
        run.removeAll(keepingCapacity: true)
      }
    }
    #expect(list.count == count)
    let deep = count * 3 / 4 + 15_432 * count / 1_000_000
    #expect(list.position(of: deep) == deep)
    #expect(list.tree.parentPosition(of: deep) == deep - 1)
    #expect(list.tree.visibleCount == 2)  // 0 is expanded, 1 is collapsed
    var copy = list
    copy.setExpanded(true, at: 1)
    #expect(copy.tree.visibleCount == 4 && list.tree.visibleCount == 2)
    try copy.removeSubtrees(count / 2..<count)
    #expect(copy.count == count / 2 && list.count == count)
    copy = SharedList()
    list = SharedList()
    #expect(list.count == 0)
  }
}

extension SharedTreeTests {
  /// The items outside `leaves`, in order.
  static func itemsOutside(
    _ leaves: [SharedTree<Int>.Placed], of tree: SharedTree<Int>
  ) -> [Int] {
    var covered = [Bool](repeating: false, count: tree.count)
    for leaf in leaves {
      for offset in 0..<leaf.node.entries.count { covered[leaf.start + offset] = true }
    }
    return tree.entries(in: 0..<tree.count).enumerated().filter { !covered[$0.offset] }
      .map(\.element.item)
  }

  @Test("related trees differ only in a few unshared leaves; outside them the items agree")
  func unsharedLeaves() throws {
    checkProperty("unshared leaves", count: 100, base: 0x5A7E_D001) { generator in
      (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        (Int.random(in: 0..<3, using: &generator), Int.random(in: 0..<5_000, using: &generator))
      }
    } check: { edits in
      var list = SharedList<Int>(base: 2, bucketCapacity: 4)
      try! list.insert(
        (0..<3_000).map { SharedEntry(item: $0, level: 0, isExpanded: false) }, at: 0)
      let old = list
      var fresh = 10_000
      for (kind, at) in edits {
        let position = at % list.count
        switch kind {
        case 0:
          fresh += 1
          try! list.insert([SharedEntry(item: fresh, level: 0, isExpanded: false)], at: position)
        case 1: try! list.removeSubtrees(position..<position + 1)
        default: try! list.moveSubtree(at: position, to: (at * 7) % list.count, level: 0)
        }
      }
      let (oldLeaves, newLeaves) = SharedTree.unsharedLeaves(from: old.tree, to: list.tree)
      if Self.itemsOutside(oldLeaves, of: old.tree) != Self.itemsOutside(newLeaves, of: list.tree) {
        return "the items outside the unshared leaves differ"
      }
      // Each edit (a move is two, and relabels touch a few more) copies one path; splits
      // and merges add a node or two a level.
      let bound = edits.count * 2 * 4 * (list.tree.height + 2)
      if oldLeaves.count > bound || newLeaves.count > bound {
        return "\(oldLeaves.count) and \(newLeaves.count) unshared leaves for \(edits.count) edits"
      }
      return nil
    }
  }

  @Test("identical trees share everything; separately built ones nothing")
  func unsharedExtremes() {
    let built = SharedTree(Self.flat(0..<1_000), base: 2)
    let again = SharedTree(Self.flat(0..<1_000), base: 2)
    let same = SharedTree.unsharedLeaves(from: built, to: built)
    #expect(same.old.isEmpty && same.new.isEmpty)
    let apart = SharedTree.unsharedLeaves(from: built, to: again)
    #expect(apart.old.map(\.node.entries.count).reduce(0, +) == 1_000)
    #expect(apart.new.map(\.node.entries.count).reduce(0, +) == 1_000)
    #expect(apart.old.map(\.start) == apart.new.map(\.start))
  }
}

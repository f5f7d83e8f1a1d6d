import Snapshot

/// The shared-structure core (`Storage/Shared`, issue 17) on its own, before the snapshot
/// types are wired to it: copy + one edit, seeks, building and memory, on the outline of
/// ``OutlinePlan``, every parent expanded.
enum SharedStructureScenarios {
  static let group = "Shared-structure core (Storage/Shared): copy + one edit, seeks, memory"
  static let sizes = [10_000, 100_000, 1_000_000]

  static let all: [Scenario] =
    Edit.allCases.map(copyEdit) + [
      unshared, seekPosition, seekVisibleRow, build, bulkBuild, memory, bulkMemory,
    ]

  enum Edit: String, CaseIterable {
    case insert, delete, move, collapse

    var detail: String {
      switch self {
      case .insert: "one item inserted before the middle leaf"
      case .delete: "the middle leaf deleted"
      case .move: "a leaf moved from a third of the way down to two thirds"
      case .collapse: "root 1 (100 children, each a parent) collapsed: one range tag"
      }
    }
  }

  /// The outline as a shared list (children appended parent by parent).
  static func list(_ plan: OutlinePlan, expanded: Bool) -> SharedList<Int> {
    var list = SharedList<Int>()
    for call in plan.calls {
      try! list.append(call.items, to: call.parent, isExpanded: expanded)
    }
    return list
  }

  /// The outline's pre-order sequence (items, depths, expansion), what a bulk build takes.
  static func preOrder(_ plan: OutlinePlan, expanded: Bool) -> [SharedEntry<Int>] {
    let held = list(plan, expanded: expanded)
    return held.tree.entries(in: 0..<held.count).map {
      SharedEntry(item: $0.item, level: $0.level, isExpanded: $0.isExpanded)
    }
  }

  /// Copying an array of the items and inserting one in the middle: the cost of a flat
  /// copy-on-write copy's first edit.
  static func arrayBaseline(
    _ items: [Int],
    whenFaster: String = "the shared list copies the O(log n) nodes on the edited path; "
      + "the array copies every item"
  ) -> Baseline {
    Baseline(
      Operation("Array copy + one insert") {
        var copy = items
        copy.insert(-1, at: items.count / 2)
        return copy.count
      },
      whenFaster: whenFaster)
  }

  static func copyEdit(_ edit: Edit) -> Scenario {
    Scenario(
      name: "shared/copy-edit/\(edit.rawValue)",
      group: group,
      summary: "var copy = held; one edit (\(edit.detail)) on a SharedList, against copying "
        + "an array and inserting once",
      sizes: sizes
    ) { size in
      let plan = OutlinePlan(count: size)
      let held = list(plan, expanded: true)
      let items = held.tree.entries(in: 0..<held.count).map(\.item)
      return Trial(
        items: size, detail: edit.detail,
        measured: Operation("copy + \(edit.rawValue)") {
          var copy = held
          switch edit {
          case .insert:
            let at = copy.position(of: size / 2)!
            let level = copy.entry(at: at).level
            try! copy.insert([SharedEntry(item: -1, level: level, isExpanded: false)], at: at)
          case .delete:
            let at = copy.position(of: size / 2)!
            try! copy.removeSubtrees(at..<at + 1)
          case .move:
            let from = copy.position(of: size / 3)!
            let target = copy.position(of: size * 2 / 3)!
            try! copy.moveSubtree(
              at: from, to: target - 1, level: copy.entry(at: target).level)
          case .collapse:
            copy.setExpanded(false, at: copy.position(of: 1)!)
          }
          return copy.count &+ copy.tree.visibleCount
        },
        baselines: [arrayBaseline(items)])
    }
  }

  static let unshared = Scenario(
    name: "shared/unshared-leaves",
    group: group,
    summary: "the leaves two related lists do not share (what a diff of related snapshots "
      + "hashes) after one insert, against comparing the two item arrays",
    sizes: sizes
  ) { size in
    let held = list(OutlinePlan(count: size), expanded: true)
    var edited = held
    let at = edited.position(of: size / 2)!
    try! edited.insert(
      [SharedEntry(item: -1, level: edited.entry(at: at).level, isExpanded: false)], at: at)
    let oldItems = held.tree.entries(in: 0..<held.count).map(\.item)
    let newItems = edited.tree.entries(in: 0..<edited.count).map(\.item)
    var leaves = 0
    return Trial(
      items: size, detail: "one insert in the middle",
      measured: Operation("SharedTree.unsharedLeaves(from:to:)") {
        let (old, new) = SharedTree.unsharedLeaves(from: held.tree, to: edited.tree)
        leaves = old.count + new.count
        return leaves
      },
      baselines: [
        Baseline(
          Operation("common prefix and suffix of the arrays") {
            Self.commonEnds(oldItems, newItems)
          },
          whenFaster: "the walk visits the nodes an edit copied; the scan compares every "
            + "item outside the change, as today's diff does first")
      ],
      verify: { leaves >= 2 && leaves <= 8 ? nil : "\(leaves) unshared leaves for one insert" })
  }

  /// The length of the common prefix and suffix of two arrays. O(n).
  @inline(never)
  static func commonEnds(_ old: [Int], _ new: [Int]) -> Int {
    let shorter = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    return prefix + suffix
  }

  static func randomItems(_ size: Int, count: Int = 1_000) -> [Int] {
    var generator = BenchGenerator(seed: 0x5EE7 &+ UInt64(size))
    return (0..<count).map { _ in generator.below(size) }
  }

  static let seekPosition = Scenario(
    name: "shared/seek/position",
    group: group,
    summary: "1,000 positions of random items (trie lookup + seek by label), against the "
      + "section snapshot's index(of:) with its position cache built",
    sizes: sizes
  ) { size in
    let plan = OutlinePlan(count: size)
    let held = list(plan, expanded: true)
    let snapshot = plan.buildExpanded()
    let lookups = randomItems(size)
    _ = snapshot.index(of: 0)
    return Trial(
      items: lookups.count, detail: "1,000 lookups in \(Format.count(size)) items",
      measured: Operation("SharedList.position(of:)") {
        lookups.reduce(0) { $0 &+ held.position(of: $1)! }
      },
      baselines: [
        Baseline(
          Operation("index(of:), cache built") {
            lookups.reduce(0) { $0 &+ snapshot.index(of: $1)! }
          },
          whenFaster: "never expected: the cache answers in O(1)")
      ],
      verify: {
        lookups.allSatisfy { held.position(of: $0) == snapshot.index(of: $0) }
          ? nil : "positions differ from index(of:)"
      })
  }

  static let seekVisibleRow = Scenario(
    name: "shared/seek/visible-row",
    group: group,
    summary: "1,000 random visible rows to positions (seek by visible count), against "
      + "reading the same rows from an array of visible items",
    sizes: sizes
  ) { size in
    let held = list(OutlinePlan(count: size), expanded: true)
    let rows = randomItems(held.tree.visibleCount)
    let visible = held.tree.entries(in: 0..<held.count).map(\.item)
    return Trial(
      items: rows.count, detail: "1,000 rows of \(Format.count(size))",
      measured: Operation("SharedTree.position(ofVisibleRow:)") {
        rows.reduce(0) { $0 &+ held.tree.position(ofVisibleRow: $1) }
      },
      baselines: [
        Baseline(
          Operation("Array subscript") { rows.reduce(0) { $0 &+ visible[$1] } },
          whenFaster: "never expected: an array answers in O(1)")
      ])
  }

  static let build = Scenario(
    name: "shared/build/append",
    group: group,
    summary: "building the outline parent by parent into a SharedList, against Dictionary "
      + "inserts of the same identifiers",
    sizes: sizes
  ) { size in
    let plan = OutlinePlan(count: size)
    return Trial(
      items: size, detail: "100 roots, 100 children per parent",
      measured: Operation("SharedList inserts") { list(plan, expanded: false).count },
      baselines: [MemoryScenarios.memoryBaseline(plan.calls.flatMap(\.items))])
  }

  static let bulkBuild = Scenario(
    name: "shared/build/bulk",
    group: group,
    summary: "building the outline's whole pre-order sequence into a SharedList at once "
      + "(what Codable, the builders and key paths use), against Dictionary inserts of the "
      + "same identifiers",
    sizes: sizes
  ) { size in
    let entries = preOrder(OutlinePlan(count: size), expanded: false)
    return Trial(
      items: size, detail: "100 roots, 100 children per parent",
      measured: Operation("SharedList(_:) bulk") { try! SharedList(entries).count },
      baselines: [MemoryScenarios.memoryBaseline(entries.map(\.item))])
  }

  static let memory = memoryScenario(
    name: "memory/shared-list",
    summary: "peak memory of building the outline into a SharedList (tree + trie) by "
      + "append(_:to:) parent by parent, against building a Dictionary<Int, Int>",
    operation: "SharedList"
  ) { plan in { list(plan, expanded: false) } }

  static let bulkMemory = memoryScenario(
    name: "memory/shared-list-bulk",
    summary: "peak memory of building the outline's pre-order sequence into a SharedList at "
      + "once, against building a Dictionary<Int, Int>",
    operation: "SharedList(_:) bulk"
  ) { plan in
    let entries = preOrder(plan, expanded: false)
    return { try! SharedList(entries) }
  }

  /// Peak memory at 10^6 of the list `prepare(plan)` returns a way to build, against a
  /// Dictionary of the same identifiers.
  static func memoryScenario(
    name: String, summary: String, operation: String,
    prepare: @escaping @Sendable (OutlinePlan) -> () -> SharedList<Int>
  ) -> Scenario {
    Scenario(
      name: name, group: group, summary: summary,
      sizes: [1_000_000], scales: false, metric: .memory
    ) { size in
      let plan = OutlinePlan(count: size)
      let build = prepare(plan)
      return Trial(
        items: size, detail: "100 roots, 100 children per parent",
        measured: Operation(operation) { build().position(of: size - 1)! },
        baselines: [
          Baseline(
            MemoryScenarios.memoryBaseline(plan.calls.flatMap(\.items)).operation,
            whenFaster: "the tree stores each entry (identifier, label, depth, hidden count) in "
              + "leaves without empty slots, and the trie each identifier with its label in "
              + "buckets grown to what they hold; a Dictionary keeps its buckets at most 3/4 "
              + "full")
        ])
    }
  }
}

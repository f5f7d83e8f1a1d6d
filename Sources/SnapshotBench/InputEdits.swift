/// A change generated from `--seed` for the input diff and apply scenarios: one item
/// inserted, deleted or moved, or a share of the items changed (a third deleted, a third
/// inserted, a third moved). Deletes and moves take leaves (a subtree never goes with them);
/// inserts and moves land just before a random item of the same section, so the tree keeps
/// its shape and no item changes section.
enum InputEdit: CaseIterable, Sendable {
  case insert
  case delete
  case move
  case onePercent
  case tenPercent

  /// The last part of the scenario names.
  var key: String {
    switch self {
    case .insert: "insert"
    case .delete: "delete"
    case .move: "move"
    case .onePercent: "1pct"
    case .tenPercent: "10pct"
    }
  }

  /// In a few words, for `--list`.
  var summary: String {
    switch self {
    case .insert: "one item inserted"
    case .delete: "one leaf deleted"
    case .move: "one leaf moved"
    case .onePercent: "1 % of the items changed"
    case .tenPercent: "10 % of the items changed"
    }
  }

  /// The numbers of deletes, inserts and moves for a tree of `total` items.
  func counts(total: Int) -> (deletes: Int, inserts: Int, moves: Int) {
    switch self {
    case .insert: return (0, 1, 0)
    case .delete: return (1, 0, 0)
    case .move: return (0, 0, 1)
    case .onePercent, .tenPercent:
      let changes = max(1, total * (self == .onePercent ? 1 : 10) / 100)
      return (changes / 3, changes / 3, changes - 2 * (changes / 3))
    }
  }

  /// The edited trees, the sections that changed and what was done.
  struct Outcome<ID: Hashable & Sendable>: Sendable {
    var forests: [InputForest<ID>]
    var changedSections: [Int]
    var detail: String
  }

  /// Generates the edit on `forests` from `seed`. O(n + edits), expected.
  func apply<ID: BenchIdentifier>(to original: [InputForest<ID>], seed: UInt64) -> Outcome<ID> {
    // Each kind of edit draws from its own stream, so that `--seed` alone says all of them.
    let salt = UInt64(Self.allCases.firstIndex(of: self) ?? 0) << 32
    var generator = BenchGenerator(seed: seed ^ salt)
    var source = IdentifierSource<ID>(seed: seed ^ salt ^ 0x1D5)
    var forests = original
    var starts: [Int] = []
    var total = 0
    for forest in forests {
      starts.append(total)
      total += forest.ids.count
      source.seen.formUnion(forest.ids)
    }
    var removed = [Set<Int>](repeating: [], count: forests.count)
    var placed = [[Int: [Int]]](repeating: [:], count: forests.count)
    var touched = [Set<Int>](repeating: [], count: forests.count)
    var rows = [[Int]?](repeating: nil, count: forests.count)

    /// A random item of the original trees: its section and node.
    func pick() -> (section: Int, node: Int)? {
      guard total > 0 else { return nil }
      let index = generator.below(total)
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= index { low = middle } else { high = middle - 1 }
      }
      return (low, index - starts[low])
    }
    /// A random leaf not yet deleted or moved: a few random picks, then (for trees with few
    /// leaves, like a chain) a draw from the list of every leaf.
    var leaves: [(section: Int, node: Int)]?
    func leaf() -> (section: Int, node: Int)? {
      func usable(_ section: Int, _ node: Int) -> Bool {
        forests[section].children[node].isEmpty && !touched[section].contains(node)
      }
      if leaves == nil {
        for _ in 0..<64 {
          guard let (section, node) = pick() else { return nil }
          if usable(section, node) { return (section, node) }
        }
        leaves = original.indices.flatMap { section in
          original[section].children.indices.lazy.filter {
            original[section].children[$0].isEmpty
          }.map { (section, $0) }
        }
      }
      while let count = leaves?.count, count > 0 {
        let index = generator.below(count)
        let candidate = leaves![index]
        leaves!.swapAt(index, count - 1)
        leaves!.removeLast()
        if usable(candidate.section, candidate.node) { return candidate }
      }
      return nil
    }

    let (deletes, inserts, moves) = counts(total: total)
    var done = (deletes: 0, inserts: 0, moves: 0)
    for _ in 0..<deletes {
      guard let (section, node) = leaf() else { break }
      removed[section].insert(node)
      touched[section].insert(node)
      done.deletes += 1
    }
    for _ in 0..<inserts {
      guard let (section, anchor) = pick() else { break }
      let node = forests[section].ids.count
      forests[section].ids.append(source.fresh())
      forests[section].children.append([])
      placed[section][anchor, default: []].append(node)
      done.inserts += 1
    }
    for _ in 0..<moves {
      guard let (section, node) = leaf() else { break }
      if rows[section] == nil { rows[section] = original[section].rows() }
      let row = rows[section]![node]
      let size = original[section].ids.count
      // Not onto itself, and not just before the item that follows it (nothing would move).
      var anchor: Int?
      for _ in 0..<100 {
        let candidate = generator.below(size)
        if candidate != node && rows[section]![candidate] != row + 1 {
          anchor = candidate
          break
        }
      }
      guard let anchor else { continue }
      removed[section].insert(node)
      touched[section].insert(node)
      placed[section][anchor, default: []].append(node)
      done.moves += 1
    }

    var changed: [Int] = []
    for section in forests.indices where !removed[section].isEmpty || !placed[section].isEmpty {
      forests[section] = forests[section].rearranged(
        removed: removed[section], placed: placed[section])
      changed.append(section)
    }
    let parts = [
      done.deletes > 0 ? "\(Format.count(done.deletes)) deleted" : nil,
      done.inserts > 0 ? "\(Format.count(done.inserts)) inserted" : nil,
      done.moves > 0 ? "\(Format.count(done.moves)) moved" : nil,
    ].compactMap { $0 }
    let detail =
      (parts.isEmpty ? "no change possible" : parts.joined(separator: ", "))
      + " (--seed \(seed))"
    return Outcome(forests: forests, changedSections: changed, detail: detail)
  }
}

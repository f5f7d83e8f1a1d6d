import Snapshot

/// Building and querying an outline (`DiffableDataSourceSectionSnapshot`) of 10^3 … 10^6
/// items shaped like a file tree (see ``OutlinePlan``).
enum OutlineScenarios {
  static let all = [build, indexOf, levelOf, visibleItems]

  static let build = Scenario(
    name: "outline/build",
    group: "Building an outline parent by parent with append(_:to:)",
    summary: "append(_:to:) every parent's children into a section snapshot, against "
      + "inserting the same identifiers into a Dictionary",
    sizes: Scenario.decades, charted: true
  ) { size in
    let plan = OutlinePlan(count: size)
    let identifiers = plan.calls.flatMap(\.items)
    let snapshot = plan.build()
    return Trial(
      items: size, detail: "100 roots, 100 children per parent",
      measured: Operation("section snapshot append(_:to:)") { plan.build().count },
      baselines: [dictionaryInsert(identifiers)],
      verify: {
        snapshot.count == size ? nil : "built \(snapshot.count) items, expected \(size)"
      })
  }

  static let indexOf = Scenario(
    name: "outline/index-of",
    group: "Asking an outline for every row's index and level",
    summary: "index(of:) for every item of an expanded outline, just after a mutation (so "
      + "the first call rebuilds the position cache), against a Dictionary lookup per item",
    sizes: Scenario.decades, charted: true
  ) { size in
    queryTrial(size: size, name: "index(of:) every item") { snapshot, item in
      snapshot.index(of: item) ?? -1
    }
  }

  static let levelOf = Scenario(
    name: "outline/level-of",
    group: "Asking an outline for every row's index and level",
    summary: "level(of:) for every item of an expanded outline, just after a mutation (so "
      + "the first call rebuilds the cache), against a Dictionary lookup per item",
    sizes: Scenario.decades
  ) { size in
    queryTrial(size: size, name: "level(of:) every item") { snapshot, item in
      snapshot.level(of: item)
    }
  }

  static let visibleItems = Scenario(
    name: "outline/visible-items",
    group: "Listing an outline's visible rows",
    summary: "visibleItems of a fully expanded outline (every item is a row), against a "
      + "depth-first walk of the same tree held as arrays of children",
    sizes: Scenario.decades, charted: true
  ) { size in
    let plan = OutlinePlan(count: size)
    let snapshot = plan.buildExpanded()
    let (roots, children) = plan.childLists()
    return Trial(
      items: size, detail: "every parent expanded: every item is a row",
      measured: Operation("visibleItems") { snapshot.visibleItems.count },
      baselines: [
        Baseline(
          Operation("walk of [[Int]] children") { walk(roots: roots, children: children).count },
          whenFaster: "visibleItems follows child and sibling links inside one node array; "
            + "the hand-written walk keeps a stack of child arrays, retaining and releasing "
            + "each one it visits")
      ],
      verify: {
        snapshot.visibleItems == walk(roots: roots, children: children)
          ? nil : "visibleItems differs from a depth-first walk of the same tree"
      })
  }

  /// A query of every item, each repeat on a freshly mutated copy so that the first query
  /// rebuilds the caches, as it does in an app after each change.
  static func queryTrial(
    size: Int, name: String,
    query: @escaping (DiffableDataSourceSectionSnapshot<Int>, Int) -> Int
  ) -> Trial {
    queryTrial(
      sections: [OutlinePlan(count: size).buildExpanded()],
      detail: "rows in display order, caches invalid at the start", name: name, query: query)
  }

  /// A query of every item of every section (each fully expanded), each repeat on freshly
  /// mutated copies, against a `Dictionary` lookup of each item's row.
  static func queryTrial<ID: Hashable & Sendable>(
    sections built: [DiffableDataSourceSectionSnapshot<ID>], detail: String, name: String,
    query: @escaping (DiffableDataSourceSectionSnapshot<ID>, ID) -> Int
  ) -> Trial {
    let rows = built.map(\.visibleItems)
    var lookup = [ID: Int](minimumCapacity: rows.reduce(0) { $0 + $1.count })
    for section in rows { for (row, item) in section.enumerated() { lookup[item] = row } }
    var current = built
    return Trial(
      items: lookup.count, detail: detail,
      measured: Operation(
        name,
        reset: {
          // A change and its undo: a new copy with invalid caches, like an app's next snapshot.
          current = built
          for index in current.indices {
            guard let leaf = rows[index].last else { continue }
            current[index].expand([leaf])
            current[index].collapse([leaf])
          }
        },
        body: {
          var sum = 0
          for (index, section) in rows.enumerated() {
            for item in section { sum &+= query(current[index], item) }
          }
          return sum
        }),
      baselines: [
        Baseline(
          Operation("Dictionary lookup") {
            var sum = 0
            for section in rows { for item in section { sum &+= lookup[item]! } }
            return sum
          },
          whenFaster: "the snapshot's index stores 4-byte slots in its buckets and its "
            + "position and level share one 8-byte cache entry, so a query touches less "
            + "memory than a Dictionary<Int, Int> lookup")
      ],
      verify: {
        for (index, section) in rows.enumerated() {
          for row in stride(from: 0, to: section.count, by: max(1, section.count / 1000))
          where built[index].index(of: section[row]) != row {
            return "index(of:) disagrees with the row order of visibleItems"
          }
        }
        return nil
      })
  }

  /// The baseline of builds: the same identifiers inserted one by one into a `Dictionary`
  /// (capacity not reserved: the snapshot does not know the final count either).
  static func dictionaryInsert<ID: Hashable>(_ identifiers: [ID]) -> Baseline {
    Baseline(
      Operation("Dictionary insert") {
        var dictionary: [ID: Int] = [:]
        for (offset, identifier) in identifiers.enumerated() { dictionary[identifier] = offset }
        return dictionary.count
      },
      whenFaster: "the snapshot's own hash index stores a 4-byte slot per bucket (the "
        + "identifiers stay in its node array), so it moves less memory while growing than "
        + "a Dictionary<Int, Int>, which stores keys and values in its buckets")
  }

  /// Depth-first, pre-order, without recursion.
  static func walk(roots: [Int], children: [[Int]]) -> [Int] {
    var rows: [Int] = []
    var stack: [(siblings: [Int], next: Int)] = [(roots, 0)]
    while var top = stack.popLast() {
      guard top.next < top.siblings.count else { continue }
      let item = top.siblings[top.next]
      top.next += 1
      stack.append(top)
      rows.append(item)
      if !children[item].isEmpty { stack.append((children[item], 0)) }
    }
    return rows
  }
}

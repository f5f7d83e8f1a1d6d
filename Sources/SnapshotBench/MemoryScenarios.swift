import Snapshot

/// Peak memory of building a 10^6-item outline and a 10^6-item sectioned list, lookup caches
/// included, against a `Dictionary<Int, Int>` of the same identifiers. First in the
/// registry, and each measurement starts by handing freed heap memory back to the system,
/// so what ran before does not hide new allocations.
enum MemoryScenarios {
  static let all = [outline, sectioned]

  static let group = "Memory of a 10^6-item list (peak growth while building, caches included)"

  static let outline = Scenario(
    name: "memory/outline",
    group: group,
    summary: "peak memory of building a section snapshot with append(_:to:) and answering "
      + "index(of:) and level(of:), against building a Dictionary<Int, Int>",
    sizes: [1_000_000], scales: false, metric: .memory
  ) { size in
    let plan = OutlinePlan(count: size)
    let identifiers = plan.calls.flatMap(\.items)
    return Trial(
      items: size, detail: "100 roots, 100 children per parent",
      measured: Operation("section snapshot") {
        let snapshot = plan.buildExpanded()
        return snapshot.index(of: size - 1)! &+ snapshot.level(of: size - 1)
      },
      baselines: [memoryBaseline(identifiers)])
  }

  static let sectioned = Scenario(
    name: "memory/sectioned",
    group: group,
    summary: "peak memory of building a sectioned snapshot of 100 sections with appendItems "
      + "and answering indexOfItem, against building a Dictionary<Int, Int>",
    sizes: [1_000_000], scales: false, metric: .memory
  ) { size in
    let sections = 100
    let items = (0..<sections).map { section in
      Array(section * size / sections..<(section + 1) * size / sections)
    }
    return Trial(
      items: size, detail: "\(sections) sections",
      measured: Operation("sectioned snapshot") {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections(Array(0..<sections))
        for (section, sectionItems) in items.enumerated() {
          snapshot.appendItems(sectionItems, toSection: section)
        }
        return snapshot.indexOfItem(size - 1)!
      },
      baselines: [memoryBaseline(items.flatMap { $0 })])
  }

  static func memoryBaseline(_ identifiers: [Int]) -> Baseline {
    Baseline(
      Operation("Dictionary<Int, Int>") {
        var dictionary: [Int: Int] = [:]
        for (offset, identifier) in identifiers.enumerated() { dictionary[identifier] = offset }
        return dictionary.count
      },
      whenFaster: "the snapshot keeps each identifier once, in its node array, and indexes it "
        + "with 4-byte buckets; a Dictionary stores key and value in buckets kept at most "
        + "3/4 full, and doubles its storage as it grows")
  }
}

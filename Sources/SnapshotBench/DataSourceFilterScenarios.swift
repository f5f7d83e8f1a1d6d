import Snapshot

/// Filtering a data source's rows: setting a filter that matches 1 % of the items, clearing
/// it, and narrowing one that matches 10,000 items, in a section of n items all shown.
enum DataSourceFilterScenarios {
  static let all = [filter, clear, narrow]

  /// A file-tree-shaped section of `size` items, every parent expanded (all rows shown),
  /// driven by a data source with a counting view.
  static func source(_ size: Int) -> (DiffableDataSource<Int, Int>, CountingListView<Int, Int>) {
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.apply(
      OutlinePlan(count: size).buildExpanded(), to: 0, animatingDifferences: false,
      expansion: .useSnapshot)
    return (source, view)
  }

  /// One item in a hundred: 1 %.
  static func isPercent(_ item: Int) -> Bool { item % 100 == 7 }

  /// The rows shown through the 1 % filter, and all rows.
  static func rows(_ source: DiffableDataSource<Int, Int>) -> [Int] {
    source.itemIdentifiers(in: 0..<source.numberOfItems(inSection: 0), inSection: 0)
  }

  static let filter = Scenario(
    name: "datasource/filter",
    group: "Filtering a data source's rows",
    summary: "filter(_:) matching 1 % of a section of n items, all shown (matches show only "
      + "the matches below them), against a hash pass over the rows before and after",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000, charted: true
  ) { size in
    let (source, view) = source(size)
    let all = rows(source)
    try! source.filter(filteringDescendantsOfMatches: true, isPercent)
    let filtered = rows(source)
    try! source.clearFilter()
    return Trial(
      items: size, detail: "\(Format.count(filtered.count)) rows of \(Format.count(size)) stay",
      measured: Operation("filter", reset: { try! source.clearFilter(animated: false) }) {
        view.rows = 0
        try! source.filter(filteringDescendantsOfMatches: true, isPercent)
        return view.rows
      },
      baselines: [
        Floor.baseline(
          old: all, new: filtered,
          whenFaster: "old and new rows both follow the tree's order: the filter walks the "
            + "tree once and compares identifiers in step, hashing none")
      ],
      notes: ["per item = per item of the section; every item is asked once"],
      verify: {
        try! source.clearFilter()
        try! source.filter(filteringDescendantsOfMatches: true, isPercent)
        return rows(source) == filtered ? nil : "the filter showed other rows"
      })
  }

  static let clear = Scenario(
    name: "datasource/clear-filter",
    group: "Filtering a data source's rows",
    summary: "clearFilter() of a filter matching 1 % of a section of n items, all shown "
      + "again, against a hash pass over the rows before and after",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000
  ) { size in
    let (source, view) = source(size)
    let all = rows(source)
    try! source.filter(filteringDescendantsOfMatches: true, isPercent)
    let filtered = rows(source)
    return Trial(
      items: size, detail: "\(Format.count(filtered.count)) rows of \(Format.count(size)) before",
      measured: Operation(
        "clearFilter",
        reset: { try! source.filter(filteringDescendantsOfMatches: true, isPercent) }
      ) {
        view.rows = 0
        try! source.clearFilter()
        return view.rows
      },
      baselines: [
        Floor.baseline(
          old: filtered, new: all,
          whenFaster: "old and new rows both follow the tree's order: clearing walks the "
            + "tree once and compares identifiers in step, hashing none")
      ],
      notes: ["per item = per item of the section"],
      verify: {
        try! source.filter(filteringDescendantsOfMatches: true, isPercent)
        try! source.clearFilter()
        return rows(source) == all ? nil : "clearing showed other rows"
      })
  }

  static let narrow = Scenario(
    name: "datasource/narrow-filter",
    group: "Filtering a data source's rows",
    summary: "narrowFilter(_:) from 10,000 matches (the top two levels) to 1,000, in a "
      + "section of n items, against a hash pass over the rows before and after",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000, charted: true
  ) { size in
    let (source, view) = source(size)
    // The first 10,000 items are the top two levels at every size (the plan numbers the
    // items level by level): the same rows before and after, whatever the section's size.
    let wide = { (item: Int) in item < 10_000 }
    let narrow = { (item: Int) in item < 10_000 && item % 10 == 7 }
    try! source.filter(filteringDescendantsOfMatches: true, wide)
    let before = rows(source)
    try! source.narrowFilter(narrow)
    let after = rows(source)
    return Trial(
      items: before.count,
      detail: "\(Format.count(before.count)) rows, then \(Format.count(after.count)), "
        + "of \(Format.count(size)) items",
      measured: Operation(
        "narrowFilter",
        reset: { try! source.filter(filteringDescendantsOfMatches: true, wide) }
      ) {
        view.rows = 0
        try! source.narrowFilter(narrow)
        return view.rows
      },
      baselines: [
        Floor.baseline(
          old: before, new: after,
          whenFaster: "narrowing asks only the previous matches and reads only the rows "
            + "shown before")
      ],
      notes: ["per item = per row shown before; the section size grows, the rows do not"],
      verify: {
        try! source.filter(filteringDescendantsOfMatches: true, wide)
        try! source.narrowFilter(narrow)
        return rows(source) == after ? nil : "narrowing showed other rows"
      })
  }
}

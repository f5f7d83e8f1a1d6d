import Snapshot

/// Opening the way to an item, and opening and closing a whole subtree, through the data
/// source: ``DiffableDataSource/reveal(_:animated:)`` and
/// ``DiffableDataSource/expandAll(_:animated:)``, each followed by
/// ``DiffableDataSource/collapseAll(_:animated:)``, with the same rows changed at every size.
enum DataSourceRevealScenarios {
  static let all = [reveal, expandAll]

  /// The chain of parents above the revealed item, and the leaves below each.
  static let depth = 10
  static let leavesPerParent = 100

  /// A section of about `size` rows when collapsed, with a chain of `depth` parents in the
  /// middle, each with `leavesPerParent` leaves after its child parent; all collapsed. Returns
  /// the tree, the same with the chain expanded, the top parent and the deepest leaf.
  static func tree(_ size: Int) -> (
    collapsed: DiffableDataSourceSectionSnapshot<Int>,
    opened: DiffableDataSourceSectionSnapshot<Int>, top: Int, deep: Int
  ) {
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    let roots = max(2, size)
    tree.append(Array(0..<roots / 2))
    let chain = Array(-depth..<0).reversed().map { $0 }
    tree.append([chain[0]])
    tree.append(Array(roots / 2..<roots))
    var next = roots
    for (level, parent) in chain.enumerated() {
      if level + 1 < chain.count { tree.append([chain[level + 1]], to: parent) }
      tree.append(Array(next..<next + leavesPerParent), to: parent)
      next += leavesPerParent
    }
    var opened = tree
    opened.expand(chain)
    return (tree, opened, chain[0], next - 1)
  }

  static let reveal = Scenario(
    name: "datasource/reveal",
    group: "Revealing an item and expanding a subtree through the data source",
    summary: "reveal(_:) of a leaf below 10 collapsed parents (1,009 rows appear), then "
      + "collapseAll(_:) of the top one, in a section of n rows, against applying the whole "
      + "section snapshot twice",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000, charted: true
  ) { size in
    let (collapsed, opened, top, deep) = tree(size)
    return trial(
      size: size, collapsed: collapsed, opened: opened, name: "reveal + collapseAll",
      open: { try $0.reveal(deep) }, close: { try $0.collapseAll(top) })
  }

  static let expandAll = Scenario(
    name: "datasource/expand-all",
    group: "Revealing an item and expanding a subtree through the data source",
    summary: "expandAll(_:) of a parent with 10 levels of parents below it (1,009 rows "
      + "appear), then collapseAll(_:), in a section of n rows, against applying the whole "
      + "section snapshot twice",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000
  ) { size in
    let (collapsed, opened, top, _) = tree(size)
    return trial(
      size: size, collapsed: collapsed, opened: opened, name: "expandAll + collapseAll",
      open: { try $0.expandAll(top) }, close: { try $0.collapseAll(top) })
  }

  /// Opening with `open` and closing with `close` through a data source showing
  /// `collapsed`, against applying `opened` and `collapsed` in turn.
  static func trial(
    size: Int, collapsed: DiffableDataSourceSectionSnapshot<Int>,
    opened: DiffableDataSourceSectionSnapshot<Int>, name: String,
    open: @escaping (DiffableDataSource<Int, Int>) throws -> Void,
    close: @escaping (DiffableDataSource<Int, Int>) throws -> Void
  ) -> Trial {
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.apply(collapsed, to: 0, animatingDifferences: false, expansion: .useSnapshot)
    // One untimed round, so that the data source's tree no longer shares storage with the
    // snapshots the baseline applies.
    try! open(source)
    try! close(source)
    let reapplied = DiffableDataSource<Int, Int>(listView: view)
    reapplied.apply(collapsed, to: 0, animatingDifferences: false, expansion: .useSnapshot)
    let appearing = opened.visibleItems.count - collapsed.visibleItems.count
    return Trial(
      items: appearing, detail: "\(Format.count(size)) rows when closed, the chain in the middle",
      measured: Operation(name) {
        view.rows = 0
        try! open(source)
        try! close(source)
        return view.rows
      },
      baselines: [
        Baseline(
          Operation("apply section snapshot ×2") {
            view.rows = 0
            reapplied.apply(opened, to: 0, expansion: .useSnapshot)
            reapplied.apply(collapsed, to: 0, expansion: .useSnapshot)
            return view.rows
          },
          whenFaster: "the reveal and the subtree's expansion touch only the rows that appear "
            + "and the path to them; a whole apply diffs and rebuilds every row of the section")
      ],
      notes: ["per item = per row that appears and disappears; the section size grows"],
      verify: {
        view.rows = 0
        try! open(source)
        let (inserted, shown) = (view.rows, source.numberOfItems(inSection: 0))
        try! close(source)
        return inserted == appearing && shown == opened.visibleItems.count
          ? nil
          : "opening showed \(inserted) rows (section \(shown)), expected \(appearing) of "
            + "\(opened.visibleItems.count)"
      })
  }
}

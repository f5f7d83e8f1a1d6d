import Snapshot

/// A user opening and closing one row of a long outline through the data source, the way a
/// list app does it: ``DiffableDataSource/expand(_:animated:)`` then `collapse`, each
/// delivering its batch to a list view.
enum DataSourceScenarios {
  static let all = [expandCollapse]

  /// The rows that appear and disappear: the parent's children.
  static let descendants = 1_000

  static let expandCollapse = Scenario(
    name: "datasource/expand-collapse",
    group: "Expanding and collapsing a row through the data source",
    summary: "expand then collapse a parent with 1,000 children in a section of n visible "
      + "rows (batch delivered to a list view), against applying the whole section snapshot "
      + "twice (what an app without O(changed rows) expansion does)",
    sizes: [10_000, 100_000, 1_000_000], smokeSize: 10_000, charted: true
  ) { size in
    let parent = -1
    var collapsed = DiffableDataSourceSectionSnapshot<Int>()
    let roots = max(0, size - descendants - 1)
    collapsed.append(Array(0..<roots / 2))
    collapsed.append([parent])
    collapsed.append(Array(roots / 2..<roots))
    collapsed.append(Array(roots..<roots + descendants), to: parent)
    var expanded = collapsed
    expanded.expand([parent])

    return expandCollapseTrial(
      section: 0, parent: parent, collapsed: collapsed, expanded: expanded,
      descendants: descendants,
      detail: "\(Format.count(size)) rows when open, the parent in the middle",
      notes: ["per item = per row that appears and disappears (1,000); the section size grows"])
  }

  /// Expanding then collapsing `parent` through a data source showing `collapsed` as its
  /// only section, each batch delivered to a list view, against applying `expanded` and
  /// `collapsed` in turn. Per item = per row that appears and disappears.
  static func expandCollapseTrial<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
    section: SectionID, parent: ItemID, collapsed: DiffableDataSourceSectionSnapshot<ItemID>,
    expanded: DiffableDataSourceSectionSnapshot<ItemID>, descendants: Int, detail: String,
    notes: [String]
  ) -> Trial {
    let view = CountingListView<SectionID, ItemID>()
    let source = DiffableDataSource<SectionID, ItemID>(listView: view)
    source.apply(collapsed, to: section, animatingDifferences: false, expansion: .useSnapshot)
    // One untimed round, so that the data source's tree no longer shares storage with the
    // snapshots the baseline applies (the first expand copies it once).
    try! source.expand(parent)
    try! source.collapse(parent)
    let reapplied = DiffableDataSource<SectionID, ItemID>(listView: view)
    reapplied.apply(collapsed, to: section, animatingDifferences: false, expansion: .useSnapshot)
    let open = expanded.visibleItems.count
    return Trial(
      items: descendants, detail: detail,
      measured: Operation("expand + collapse") {
        view.rows = 0
        try! source.expand(parent)
        try! source.collapse(parent)
        return view.rows
      },
      baselines: [
        Baseline(
          Operation("apply section snapshot ×2") {
            view.rows = 0
            reapplied.apply(expanded, to: section, expansion: .useSnapshot)
            reapplied.apply(collapsed, to: section, expansion: .useSnapshot)
            return view.rows
          },
          whenFaster: "expand and collapse touch only the rows that appear or disappear "
            + "(O(k + log n) in the tree of rows); a whole apply diffs and rebuilds every row "
            + "of the section")
      ],
      notes: notes,
      verify: {
        view.rows = 0
        try! source.expand(parent)
        let (inserted, shown) = (view.rows, source.numberOfItems(inSection: 0))
        try! source.collapse(parent)
        return inserted == descendants && shown == open
          ? nil
          : "expanding showed \(inserted) rows (section \(shown)), expected \(descendants) of \(open)"
      })
  }
}

/// A list view that only counts the rows each batch touches.
final class CountingListView<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: DiffableListView {
  /// Rows inserted and deleted.
  var rows = 0
  /// Every change of every batch: inserts, deletes, moves, reloads, reconfigures, of items
  /// and sections.
  var changes = 0
  /// Calls of `reloadData`.
  var reloads = 0

  func reloadData(_ content: some ListContent<SectionIdentifierType, ItemIdentifierType>) {
    reloads += 1
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool,
    content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    rows += batch.insertedItems.count + batch.deletedItems.count
    changes += batch.changeCount
  }
}

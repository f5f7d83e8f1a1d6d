import Snapshot

/// Issue 18's "Apple's workflow" and moves on today's data source: read the snapshot from the
/// data source, make one edit, apply it back; or move rows as a list view reports a drag.
/// Sectioned: one flat section of distinct random `Int` identifiers. Section snapshots: the
/// expanded outline of ``OutlinePlan`` (an expand and a collapse need a hierarchy).
enum DataSourceWorkflowScenarios {
  typealias Edit = RelatedSnapshotScenarios.SectionedEdit
  typealias SectionEdit = RelatedSnapshotScenarios.SectionEdit

  static let group = DataSourceApplyScenarios.group
  static let sizes = DataSourceApplyScenarios.sizes
  static let largeRepeats = DataSourceApplyScenarios.largeRepeats

  static let all: [Scenario] =
    [Edit.insert, .delete, .move, .reload].map(sectioned)
    + [SectionEdit.insert, .delete, .move, .expand, .collapse].map(section)
    + [moveRow, moveSubtree]

  static func sectioned(_ kind: Edit) -> Scenario {
    Scenario(
      name: "datasource/workflow/sectioned/\(kind.rawValue)",
      group: group,
      summary: "var s = dataSource.snapshot(); one \(kind.rawValue); dataSource.apply(s) "
        + "(batch delivered), against the engine's diff of the same pair (target: 1 ms)",
      sizes: sizes, largeRepeats: largeRepeats
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      let held = flatSnapshot(items)
      func edit(_ snapshot: DiffableDataSourceSnapshot<Int, Int>) -> DiffableDataSourceSnapshot<
        Int, Int
      > {
        RelatedSnapshotScenarios.edited(snapshot, kind, items: items, fresh: -1)
      }
      let edited = edit(held)
      let (source, view) = DataSourceApplyScenarios.flatSource(items)
      // A reload leaves the rows as they were: nothing to undo.
      let reset: (() -> Void)? =
        kind == .reload ? nil : { source.applySnapshotUsingReloadData(held) }
      return Trial(
        items: size, detail: "one \(kind.rawValue) in the middle",
        measured: Operation("snapshot() + \(kind.rawValue) + apply", reset: reset) {
          view.changes = 0
          source.apply(edit(source.snapshot()))
          return view.changes
        },
        baselines: [
          DataSourceApplyScenarios.diffBaseline(
            "edited.batchUpdate(from: held)", from: held, to: edited,
            whenFaster: "never expected: the workflow diffs the same pair and also reads and "
              + "updates the data source's state")
        ],
        verify: {
          DataSourceApplyScenarios.check(
            view, source, changes: edited.batchUpdate(from: held).changeCount,
            rows: edited.numberOfItems)
        })
    }
  }

  static func section(_ kind: SectionEdit) -> Scenario {
    Scenario(
      name: "datasource/workflow/section/\(kind.rawValue)",
      group: group,
      summary: "var s = dataSource.snapshot(for: 0); one \(kind.rawValue); "
        + "dataSource.apply(s, to: 0, expansion: .useSnapshot) on the expanded outline "
        + "(batch delivered), against one visibleItems walk of the new tree (target: 1 ms)",
      sizes: sizes, largeRepeats: largeRepeats
    ) { size in
      var held = OutlinePlan(count: size).buildExpanded()
      if kind == .expand { held.collapse([1]) }
      let edited = RelatedSnapshotScenarios.edited(held, kind, size: size)
      let (rowsBefore, rowsAfter) = (held.visibleItems.count, edited.visibleItems.count)
      let view = CountingListView<Int, Int>()
      let source = DiffableDataSource<Int, Int>(listView: view)
      func show(_ tree: DiffableDataSourceSectionSnapshot<Int>, animated: Bool = true) {
        // The snapshot's expansion: with the default (.preserveCurrent) the data source would
        // keep root 1 as it is now and ignore the edit's expand or collapse.
        source.apply(tree, to: 0, animatingDifferences: animated, expansion: .useSnapshot)
      }
      show(held, animated: false)
      let expected =
        kind == .insert || kind == .delete ? 1 : kind == .move ? 1 : abs(rowsAfter - rowsBefore)
      return Trial(
        items: size,
        detail: kind == .expand || kind == .collapse
          ? "root 1 (\(Format.count(abs(rowsAfter - rowsBefore))) rows below it)"
          : "a leaf at half (a third, to two thirds, for the move)",
        measured: Operation(
          "snapshot(for:) + \(kind.rawValue) + apply(_:to:)",
          reset: { show(held, animated: false) }
        ) {
          view.changes = 0
          show(RelatedSnapshotScenarios.edited(source.snapshot(for: 0), kind, size: size))
          return view.changes
        },
        baselines: [
          Baseline(
            Operation("edited.visibleItems") { edited.visibleItems.count },
            whenFaster: "the data source keeps the rows the edit leaves in place, where the "
              + "walk reads every row")
        ],
        verify: {
          DataSourceApplyScenarios.check(view, source, changes: expected, rows: rowsAfter)
        })
    }
  }

  static let moveRow = Scenario(
    name: "datasource/move/row",
    group: group,
    summary: "moveItem(at:to:) of one row from a quarter to three quarters of a flat section "
      + "and back, alternately (batch delivered), against the engine's diff of the same move",
    sizes: sizes, largeRepeats: largeRepeats
  ) { size in
    let items = RelatedSnapshotScenarios.items(size)
    let (low, high) = (size / 4, size * 3 / 4)
    var moved = items
    moved.insert(moved.remove(at: low), at: high)
    let (before, after) = (flatSnapshot(items), flatSnapshot(moved))
    let (source, view) = DataSourceApplyScenarios.flatSource(items)
    source.reorderingHandlers.canReorderItem = { _ in true }
    var forward = true
    return Trial(
      items: size, detail: "one row across half the list",
      measured: Operation("moveItem(at:to:)") {
        view.changes = 0
        let (from, to) = forward ? (low, high) : (high, low)
        try! source.moveItem(
          at: ListIndexPath(item: from, section: 0), to: ListIndexPath(item: to, section: 0))
        forward.toggle()
        return view.changes
      },
      baselines: [
        DataSourceApplyScenarios.diffBaseline(
          "after.batchUpdate(from: before)", from: before, to: after,
          whenFaster: "a move through the data source knows what moved; the diff has to find it")
      ],
      verify: {
        // After an odd number of moves the row is at `high`.
        let row = source.itemIdentifier(for: ListIndexPath(item: forward ? low : high, section: 0))
        return view.changes == 1 && row == items[low]
          ? nil : "delivered \(view.changes) changes; the moved row is not where it should be"
      })
  }

  /// The rows of the moved subtree: its root and its children.
  static let subtreeRows = 1_000

  static let moveSubtree = Scenario(
    name: "datasource/move/subtree",
    group: group,
    summary: "moveItem(at:into:) of a subtree of 1,000 rows (a parent and 999 children) "
      + "between two rows half the list apart, alternately (batch delivered)",
    sizes: sizes, largeRepeats: largeRepeats
  ) { size in
    let roots = RelatedSnapshotScenarios.items(max(4, size - subtreeRows - 2))
    let (first, second) = (roots[roots.count / 4], roots[roots.count * 3 / 4])
    let moving = -1
    var tree = DataSourceApplyScenarios.sectionSnapshot(roots)
    // Each target has a child of its own, so that both stay expanded parents.
    tree.append([-2], to: first)
    tree.append([-3], to: second)
    tree.append([moving], to: first)
    tree.append(Array(-subtreeRows - 2 ..< -3), to: moving)
    tree.expand([first, second, moving])
    let rows = tree.visibleItems.count
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.apply(tree, to: 0, animatingDifferences: false, expansion: .useSnapshot)
    source.reorderingHandlers.canReorderItem = { _ in true }
    var toSecond = true
    return Trial(
      items: size, detail: "k = \(Format.count(subtreeRows)) rows moved half the list away",
      measured: Operation("moveItem(at:into:)") {
        view.changes = 0
        let parent = toSecond ? second : first
        try! source.moveItem(
          at: source.indexPath(for: moving)!, into: source.indexPath(for: parent)!)
        toSecond.toggle()
        return view.changes
      },
      baselines: [],
      verify: {
        let parent = source.snapshot(for: 0).parent(of: moving)
        let shown = source.numberOfItems(inSection: 0)
        return view.changes >= subtreeRows && parent == (toSecond ? first : second)
          && shown == rows
          ? nil
          : "delivered \(view.changes) changes, \(shown) rows shown; the subtree is not where "
            + "it should be"
      })
  }
}

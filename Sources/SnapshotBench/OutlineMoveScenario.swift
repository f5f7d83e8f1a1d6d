import Snapshot

/// Re-parenting 1 % of an outline's items (like moving files between folders) and diffing the
/// rows a list shows before and after.
enum OutlineMoveScenario {
  static let scenario = Scenario(
    name: "outline/move-diff",
    group: "Moving 1 % of an outline's items to other parents, diffed on the visible rows",
    summary: "visibleItems of the edited outline, then the batch from the old rows to the new "
      + "(one section), against the hash-pass floor over the two row lists",
    sizes: Scenario.decades, charted: true
  ) { size in
    let plan = OutlinePlan(count: size)
    let old = plan.buildExpanded()
    var edited = old
    var generator = BenchGenerator(seed: 0x0D1F_F00D &+ UInt64(size))
    let destinations = plan.parents.count >= 2 ? plan.parents : plan.calls[0].items
    let target = max(1, size / 100)
    var moved = 0
    var attempts = 0
    while moved < target && attempts < target * 10 {
      attempts += 1
      let item = generator.below(size)
      let parent = destinations[generator.below(destinations.count)]
      guard parent != item, edited.parent(of: item) != parent else { continue }
      // Refused when `parent` lies in `item`'s subtree; then pick again.
      guard (try? edited.tryMove(item, to: parent)) != nil else { continue }
      moved += 1
    }
    let oldRows = old.visibleItems
    let newRows = edited.visibleItems
    let minimum = Floor.minimumMoves(old: oldRows, new: newRows)
    let batch = diff(oldRows, edited)
    let leaf = oldRows.last!
    var current = edited
    return Trial(
      items: size,
      detail: "1 % of items moved, each with its subtree; every row visible",
      measured: Operation(
        "visibleItems + BatchUpdate",
        reset: {
          // A fresh copy with invalid caches, as the snapshot an app has just edited.
          current = edited
          current.expand([leaf])
          current.collapse([leaf])
        },
        body: { diff(oldRows, current).moveCount }),
      baselines: [Floor.baseline(old: oldRows, new: newRows)],
      notes: [
        "\(Format.count(moved)) items moved; \(Format.count(batch.moveCount)) row moves "
          + "(fewest possible: \(Format.count(minimum)))"
      ],
      verify: {
        if !batch.deletedItems.isEmpty || !batch.insertedItems.isEmpty {
          return "rows only move, yet the batch deletes or inserts"
        }
        return batch.moveCount == minimum
          ? nil : "\(batch.moveCount) moves where \(minimum) suffice"
      })
  }

  /// What a data source does on apply: flatten the new snapshot to its rows and diff them
  /// against the rows on screen.
  static func diff(_ oldRows: [Int], _ new: DiffableDataSourceSectionSnapshot<Int>)
    -> BatchUpdate
  {
    let newRows = new.visibleItems
    return
      (try? BatchUpdate(
        from: [LayoutSection(0, items: oldRows)], to: [LayoutSection(0, items: newRows)]))
      ?? BatchUpdate()
  }
}

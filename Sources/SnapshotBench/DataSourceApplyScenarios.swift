import Snapshot

/// Issue 18's targets for applying snapshots to the data source, measured on today's data
/// source so that the closing `compare` has a before: one flat section of distinct
/// random `Int` identifiers, each batch delivered to a list view that only counts.
enum DataSourceApplyScenarios {
  static let group = "The data source at a million rows (issue 18's targets)"
  static let sizes = [10_000, 100_000, 1_000_000]
  /// Repeats at 10^6 rows: the fewest `compare` can judge (each one takes up to a second).
  static let largeRepeats = 5

  static let all = [applyWhole, applySection, reloadData, memory]

  /// A data source showing `items` as its one section, 0, and the list view it delivers to
  /// (held by the caller: the data source holds its view weakly).
  static func flatSource(_ items: [Int]) -> (
    source: DiffableDataSource<Int, Int>, view: CountingListView<Int, Int>
  ) {
    let view = CountingListView<Int, Int>()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.applySnapshotUsingReloadData(flatSnapshot(items))
    return (source, view)
  }

  /// `items` with -1 (an identifier they do not hold) inserted in the middle.
  static func insertingOne(_ items: [Int]) -> [Int] {
    var copy = items
    copy.insert(-1, at: items.count / 2)
    return copy
  }

  /// A section snapshot of `items` as roots, built by `append`.
  static func sectionSnapshot(_ items: [Int]) -> DiffableDataSourceSectionSnapshot<Int> {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    snapshot.append(items)
    return snapshot
  }

  /// Checks that the last apply delivered exactly `changes` changes and left `rows` rows.
  static func check(
    _ view: CountingListView<Int, Int>, _ source: DiffableDataSource<Int, Int>, changes: Int,
    rows: Int
  ) -> String? {
    let shown = source.numberOfItems(inSection: 0)
    return view.changes == changes && shown == rows
      ? nil
      : "delivered \(view.changes) changes and shows \(shown) rows; expected \(changes) and \(rows)"
  }

  /// The engine's diff of `old` and `new`, as a baseline.
  static func diffBaseline(
    _ name: String, from old: DiffableDataSourceSnapshot<Int, Int>,
    to new: DiffableDataSourceSnapshot<Int, Int>, whenFaster: String
  ) -> Baseline {
    Baseline(Operation(name) { new.batchUpdate(from: old).changeCount }, whenFaster: whenFaster)
  }

  /// A scenario that applies a separately built snapshot with one item inserted (`apply`)
  /// to a data source showing the items, put back before each repeat.
  static func oneInsert(
    _ name: String, summary: String, measured operation: String,
    baseline: @escaping @Sendable (_ before: [Int], _ after: [Int]) -> Baseline,
    apply: @escaping @Sendable (DiffableDataSource<Int, Int>, _ after: [Int]) -> (() -> Void)
  ) -> Scenario {
    Scenario(
      name: name, group: group, summary: summary, sizes: sizes, largeRepeats: largeRepeats
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      let before = flatSnapshot(items)
      let (source, view) = flatSource(items)
      let after = insertingOne(items)
      let applyAfter = apply(source, after)
      return Trial(
        items: size, detail: "one item inserted in the middle",
        measured: Operation(operation, reset: { source.applySnapshotUsingReloadData(before) }) {
          view.changes = 0
          applyAfter()
          return view.changes
        },
        baselines: [baseline(items, after)],
        verify: { check(view, source, changes: 1, rows: size + 1) })
    }
  }

  static let applyWhole = oneInsert(
    "datasource/apply/insert",
    summary: "apply(_:) of a separately built one-section snapshot with one item inserted "
      + "(batch delivered), against the engine's diff of the same pair (target: within 2x)",
    measured: "apply(_:)",
    baseline: { before, after in
      diffBaseline(
        "after.batchUpdate(from: before)", from: flatSnapshot(before), to: flatSnapshot(after),
        whenFaster: "never expected: the apply diffs the same pair and also updates the "
          + "data source's state")
    },
    apply: { source, after in
      let snapshot = flatSnapshot(after)
      return { source.apply(snapshot) }
    })

  static let applySection = oneInsert(
    "datasource/apply-to/insert",
    summary: "apply(_:to:) of a separately built section snapshot with one item inserted "
      + "(batch delivered), against one visibleItems walk of the new tree (target: within 3x)",
    measured: "apply(_:to:)",
    baseline: { _, after in
      let tree = sectionSnapshot(after)
      return Baseline(
        Operation("after.visibleItems") { tree.visibleItems.count },
        whenFaster: "never expected: the apply has to read at least the new tree's rows")
    },
    apply: { source, after in
      let tree = sectionSnapshot(after)
      return { source.apply(tree, to: 0) }
    })

  static let reloadData = Scenario(
    name: "datasource/reload-data",
    group: group,
    summary: "applySnapshotUsingReloadData of a one-section snapshot (alternately n and n + 1 "
      + "items), against building a section snapshot of the same rows by append "
      + "(target: within 1.2x)",
    sizes: sizes, largeRepeats: largeRepeats
  ) { size in
    let items = RelatedSnapshotScenarios.items(size)
    let longer = insertingOne(items)
    let snapshots = [flatSnapshot(items), flatSnapshot(longer)]
    let (source, view) = flatSource(items)
    var turn = 0
    return Trial(
      items: size, detail: "one section, alternately with one more item",
      measured: Operation("applySnapshotUsingReloadData") {
        turn += 1
        source.applySnapshotUsingReloadData(snapshots[turn % 2])
        return source.numberOfItems(inSection: 0)
      },
      baselines: [
        Baseline(
          Operation("section snapshot by append") {
            sectionSnapshot(turn % 2 == 0 ? items : longer).count
          },
          whenFaster: "the data source can take the snapshot's storage as it is, where "
            + "append builds its tree and index")
      ],
      verify: {
        let shown = source.numberOfItems(inSection: 0)
        return view.reloads > 0 && shown == snapshots[turn % 2].numberOfItems
          ? nil : "\(view.reloads) reloads, \(shown) rows shown"
      })
  }

  static let memory = Scenario(
    name: "datasource/memory",
    group: group,
    summary: "peak memory of building a flat section snapshot by append and applying it to "
      + "a data source, which then holds it, against building the section snapshot alone "
      + "(target: within 1.15x); the inputs line gives what each keeps once built",
    sizes: sizes, scales: false, metric: .memory, largeRepeats: 3
  ) { size in
    let items = RelatedSnapshotScenarios.items(size)
    func holding() -> (DiffableDataSource<Int, Int>, CountingListView<Int, Int>) {
      let view = CountingListView<Int, Int>()
      let source = DiffableDataSource<Int, Int>(listView: view)
      source.apply(sectionSnapshot(items), to: 0)
      return (source, view)
    }
    // What stays resident once built (the peak also counts the build's temporaries).
    let retainedSource = retainedBytes { holding() }
    let retainedSnapshot = retainedBytes { sectionSnapshot(items) }
    let perRow = { (bytes: Int) in Format.bytes(bytes / max(size, 1)) }
    return Trial(
      items: size,
      detail: "one flat section; resident once built: data source \(perRow(retainedSource)) "
        + "per row, section snapshot alone \(perRow(retainedSnapshot)) per row",
      measured: Operation("data source holding it") {
        let (source, view) = holding()
        return source.numberOfItems(inSection: 0) &+ view.reloads
      },
      baselines: [
        Baseline(
          Operation("section snapshot alone") { sectionSnapshot(items).count },
          whenFaster: "never expected: the data source holds the section snapshot's tree")
      ])
  }

  /// The resident bytes that `build`'s result keeps, after freed heap memory is handed back.
  static func retainedBytes<Result>(_ build: () -> Result) -> Int {
    let start = Measure.startPeakMeasurement()
    let result = build()
    let held = Measure.startPeakMeasurement() - start
    withExtendedLifetime(result) {}
    return max(0, held)
  }
}

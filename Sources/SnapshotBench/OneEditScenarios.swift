import Snapshot

/// The common case in apps: one item inserted into, or moved within, a long list, and the
/// new snapshot rebuilt from the model (so the two snapshots share no storage).
enum OneEditScenarios {
  enum Edit: String, CaseIterable {
    case insert
    case move

    var detail: String {
      switch self {
      case .insert: "one new item inserted in the middle"
      case .move: "one item moved from a third of the way down to two thirds"
      }
    }
  }

  static let all = Edit.allCases.flatMap { edit in
    [
      snapshots(edit), arrays(edit), treeSnapshots(edit), editedSnapshots(edit),
      builderSnapshots(edit),
    ]
  }

  static let group = "One-item edit in a long list"

  static func snapshots(_ edit: Edit) -> Scenario {
    snapshotDiff(
      edit, kind: "snapshots",
      summary: "new.batchUpdate(from: old) after \(edit.detail), against the hash-pass floor",
      charted: edit == .insert, build: flatSnapshot,
      whenFaster: "the snapshot path compares the common prefix and suffix by position "
        + "and hashes only the changed middle (none for an insert, the third between "
        + "the two positions for a move); the floor hashes every identifier")
  }

  /// The same pair, but each snapshot built by an append of its first half and the rest
  /// inserted in 200 runs, more edits than a snapshot keeps the pieces of its arrays through:
  /// neither keeps arrays, and the diff reads both trees.
  static func treeSnapshots(_ edit: Edit) -> Scenario {
    snapshotDiff(
      edit, kind: "tree-snapshots",
      summary: "new.batchUpdate(from: old) after \(edit.detail), each snapshot built by an "
        + "append and 200 inserts (so read from its tree, not from kept arrays), against the "
        + "hash-pass floor",
      charted: false, build: treeOnlySnapshot,
      whenFaster: "the two trees' alike ends are compared in place and only the middle "
        + "between them is hashed")
  }

  /// The same pair, each snapshot built by an append of its first half and one insert of
  /// the rest: each keeps its arrays cut into two pieces, which the diff compares as arrays.
  static func editedSnapshots(_ edit: Edit) -> Scenario {
    snapshotDiff(
      edit, kind: "edited-snapshots",
      summary: "new.batchUpdate(from: old) after \(edit.detail), each snapshot built by an "
        + "append and one insert (so it keeps its arrays in two pieces), against the "
        + "hash-pass floor",
      charted: false, build: { items in editedSnapshot(items, inserts: 1) },
      whenFaster: "the two snapshots' pieces of arrays are compared from both ends and only "
        + "the middle between them is hashed")
  }

  /// The same pair, each snapshot declared with the result builder (as an app rebuilds its
  /// snapshot from its model), which keeps each section's items as an array: the diff
  /// compares arrays, as for snapshots built by appends.
  static func builderSnapshots(_ edit: Edit) -> Scenario {
    snapshotDiff(
      edit, kind: "builder-snapshots",
      summary: "new.batchUpdate(from: old) after \(edit.detail), each snapshot declared with "
        + "the result builder (which keeps its arrays), against the hash-pass floor",
      charted: false,
      build: { items in DiffableDataSourceSnapshot<Int, Int> { SnapshotSection(0) { items } } },
      whenFaster: "the kept arrays are compared from both ends and only the middle between "
        + "them is hashed")
  }

  /// `new.batchUpdate(from: old)` of the pair after `edit`, each snapshot made by `build`.
  static func snapshotDiff(
    _ edit: Edit, kind: String, summary: String, charted: Bool,
    build: @escaping @Sendable ([Int]) -> DiffableDataSourceSnapshot<Int, Int>, whenFaster: String
  ) -> Scenario {
    Scenario(
      name: "diff/one-edit/\(edit.rawValue)/\(kind)", group: group, summary: summary,
      sizes: Scenario.decades, charted: charted
    ) { size in
      let (old, new) = lists(edit, size: size)
      let oldSnapshot = build(old)
      let newSnapshot = build(new)
      var batch = BatchUpdate()
      return Trial(
        items: size, detail: edit.detail,
        measured: Operation("new.batchUpdate(from: old)") {
          batch = newSnapshot.batchUpdate(from: oldSnapshot)
          return batch.insertedItems.count
        },
        baselines: [Floor.baseline(old: old, new: new, whenFaster: whenFaster)],
        verify: { check(edit, batch) })
    }
  }

  /// A one-section snapshot of `items`: its first half appended, the rest inserted after the
  /// last item of that half. An insert drops the arrays a snapshot keeps (two appends would
  /// keep them), so the snapshot is read from its tree.
  static func treeOnlySnapshot(_ items: [Int]) -> DiffableDataSourceSnapshot<Int, Int> {
    editedSnapshot(items, inserts: 200)
  }

  /// A snapshot of `items` in one section, built by an append of the first half and the
  /// rest inserted after it in `inserts` runs (fewer when there are fewer items).
  static func editedSnapshot(_ items: [Int], inserts: Int) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    guard !items.isEmpty else { return snapshot }
    let half = Swift.max(items.count / 2, 1)
    snapshot.appendItems(Array(items[..<half]), toSection: 0)
    let run = Swift.max(1, (items.count - half + inserts - 1) / inserts)
    var start = half
    while start < items.count {
      let end = Swift.min(start + run, items.count)
      snapshot.insertItems(Array(items[start..<end]), afterItem: items[start - 1])
      start = end
    }
    return snapshot
  }

  static func arrays(_ edit: Edit) -> Scenario {
    Scenario(
      name: "diff/one-edit/\(edit.rawValue)/arrays",
      group: group,
      summary: "BatchUpdate(from:to:) on two arrays after \(edit.detail), against the "
        + "hash-pass floor",
      sizes: Scenario.decades
    ) { size in
      let (old, new) = lists(edit, size: size)
      var batch = BatchUpdate()
      return Trial(
        items: size, detail: edit.detail,
        measured: Operation("BatchUpdate(from:to:)") {
          batch =
            (try? BatchUpdate(
              from: [LayoutSection(0, items: old)], to: [LayoutSection(0, items: new)]))
            ?? BatchUpdate()
          return batch.insertedItems.count
        },
        baselines: [
          Floor.baseline(
            old: old, new: new,
            whenFaster: "the array path hashes every old identifier (to find duplicates) but "
              + "no new one in the common prefix and suffix; the floor probes every new one")
        ],
        verify: { check(edit, batch) })
    }
  }

  static func lists(_ edit: Edit, size: Int) -> (old: [Int], new: [Int]) {
    var source = IdentifierSource<Int>(seed: 0x0E01_0000 &+ UInt64(size))
    let old = source.fresh(size)
    var new = old
    switch edit {
    case .insert:
      new.insert(source.fresh(), at: size / 2)
    case .move:
      let item = new.remove(at: size / 3)
      new.insert(item, at: size * 2 / 3)
    }
    return (old, new)
  }

  static func check(_ edit: Edit, _ batch: BatchUpdate) -> String? {
    switch edit {
    case .insert:
      return batch.insertedItems.count == 1 && batch.moveCount == 0
        && batch.deletedItems.isEmpty ? nil : "expected one insert and nothing else"
    case .move:
      return batch.moveCount == 1 && batch.insertedItems.isEmpty && batch.deletedItems.isEmpty
        ? nil : "expected one move and nothing else"
    }
  }
}

import Snapshot

/// Issue 17's "copy + one edit" and "diff of related snapshots" on today's public snapshot
/// types, per edit kind: the figures the shared-structure storage is to be compared with.
/// One section of distinct `Int` identifiers (sectioned), or the outline of
/// ``OutlinePlan`` with every parent expanded (section snapshot).
enum RelatedSnapshotScenarios {
  static let group = "Copy + one edit, and diffs of related snapshots (issue 17's baseline)"
  static let sizes = [10_000, 100_000, 1_000_000]

  static let all: [Scenario] =
    SectionedEdit.allCases.map(sectionedCopyEdit)
    + SectionEdit.allCases.map(sectionCopyEdit)
    + SectionedEdit.allCases.flatMap { [diff($0, staged: false), diff($0, staged: true)] }

  enum SectionedEdit: String, CaseIterable {
    case insert, delete, move, reload, reconfigure, append
    /// A new, empty section inserted before the one section.
    case insertSection = "insert-section"
  }

  enum SectionEdit: String, CaseIterable {
    case insert, delete, move, expand, collapse, append
  }

  static func items(_ size: Int) -> [Int] {
    var source = IdentifierSource<Int>(seed: 0x0E17_0000 &+ UInt64(size))
    return source.fresh(size)
  }

  /// `snapshot` after one edit of `kind`; `fresh` is an identifier not in it.
  static func edited(
    _ snapshot: DiffableDataSourceSnapshot<Int, Int>, _ kind: SectionedEdit, items: [Int],
    fresh: Int
  ) -> DiffableDataSourceSnapshot<Int, Int> {
    var copy = snapshot
    let middle = items[items.count / 2]
    switch kind {
    case .insert: copy.insertItems([fresh], beforeItem: middle)
    case .delete: copy.deleteItems([middle])
    case .move: copy.moveItem(items[items.count / 3], afterItem: items[items.count * 2 / 3])
    case .reload: copy.reloadItems([middle])
    case .reconfigure: copy.reconfigureItems([middle])
    case .append: copy.appendItems([fresh], toSection: 0)
    case .insertSection: copy.insertSections([fresh], beforeSection: 0)
    }
    return copy
  }

  /// `snapshot`, the outline of ``OutlinePlan`` of `size` items (root 1 collapsed for an
  /// expand), after one edit of `kind`; -1 is the identifier it does not hold.
  static func edited(
    _ snapshot: DiffableDataSourceSectionSnapshot<Int>, _ kind: SectionEdit, size: Int
  ) -> DiffableDataSourceSectionSnapshot<Int> {
    var copy = snapshot
    switch kind {
    case .insert: copy.insert([-1], before: size / 2)
    case .delete: copy.delete([size / 2])
    case .move: copy.move(size / 3, after: size * 2 / 3)
    case .expand: copy.expand([1])
    case .collapse: copy.collapse([1])
    case .append: copy.append([-1], to: 1)
    }
    return copy
  }

  static func arrayBaseline(_ items: [Int]) -> Baseline {
    SharedStructureScenarios.arrayBaseline(
      items,
      whenFaster: "the snapshot's first edit of a copy copies its item array and its index")
  }

  static func sectionedCopyEdit(_ kind: SectionedEdit) -> Scenario {
    Scenario(
      name: "related/copy-edit/sectioned/\(kind.rawValue)",
      group: group,
      summary: "var copy = held; one \(kind.rawValue) on a one-section "
        + "DiffableDataSourceSnapshot, against copying an array and inserting once",
      sizes: sizes
    ) { size in
      let items = items(size)
      let held = flatSnapshot(items)
      return Trial(
        items: size,
        detail: kind == .append || kind == .insertSection
          ? "one \(kind.rawValue)" : "one \(kind.rawValue) in the middle",
        measured: Operation("copy + \(kind.rawValue)") {
          edited(held, kind, items: items, fresh: -1).numberOfItems
        },
        baselines: [arrayBaseline(items)])
    }
  }

  static func sectionCopyEdit(_ kind: SectionEdit) -> Scenario {
    Scenario(
      name: "related/copy-edit/section/\(kind.rawValue)",
      group: group,
      summary: "var copy = held; one \(kind.rawValue) on the expanded outline "
        + "(DiffableDataSourceSectionSnapshot), against copying an array and inserting once",
      sizes: sizes
    ) { size in
      let plan = OutlinePlan(count: size)
      var held = plan.buildExpanded()
      if kind == .expand { held.collapse([1]) }
      let items = Array(0..<size)
      return Trial(
        items: size,
        detail: kind == .expand || kind == .collapse
          ? "root 1 and its descendants" : "leaves at a third, half and two thirds",
        measured: Operation("copy + \(kind.rawValue)") {
          edited(held, kind, size: size).count
        },
        baselines: [arrayBaseline(items)])
    }
  }

  static func diff(_ kind: SectionedEdit, staged: Bool) -> Scenario {
    let form = staged ? "staged" : "batch"
    let call = staged ? "new.stagedBatchUpdate(from: old)" : "new.batchUpdate(from: old)"
    return Scenario(
      name: "related/diff/\(form)/\(kind.rawValue)",
      group: group,
      summary: "\(call) where new is old's copy after one \(kind.rawValue), against the "
        + "hash-pass floor",
      sizes: sizes
    ) { size in
      let items = items(size)
      let old = flatSnapshot(items)
      let new = edited(old, kind, items: items, fresh: -1)
      let newItems = new.itemIdentifiers
      var changes = 0
      return Trial(
        items: size, detail: "one \(kind.rawValue), related snapshots",
        measured: Operation(call) {
          if staged {
            let update = new.stagedBatchUpdate(from: old)
            changes = update.stages.reduce(0) { $0 + $1.batch.changeCount }
          } else {
            changes = new.batchUpdate(from: old).changeCount
          }
          return changes
        },
        baselines: [Floor.baseline(old: items, new: newItems)],
        verify: { changes >= 1 ? nil : "expected a change" })
    }
  }
}

extension BatchUpdate {
  /// Every insert, delete, move, reload and reconfigure, of sections and items.
  var changeCount: Int {
    insertedItems.count + deletedItems.count + moveCount + reloadedItems.count
      + reconfiguredItems.count + insertedSections.count + deletedSections.count
  }
}

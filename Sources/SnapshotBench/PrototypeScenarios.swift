import Snapshot
import SnapshotPrototype

/// Issue 30's gate: the prototype of one generic tree (`SnapshotPrototype`) against main's
/// storage, each scenario timing the prototype with main's operation on the same inputs as
/// its baseline, so that every ratio is prototype ÷ main from one interleaved run.
enum PrototypeScenarios {
  static let group = "Prototype of one structure (issue 30's gate: ratio = prototype ÷ main)"
  static let sizes = [10_000, 1_000_000]

  static let all: [Scenario] =
    [apartInsert]
    + RelatedSnapshotScenarios.SectionedEdit.allCases.filter(diffed).map(relatedDiff)
    + RelatedSnapshotScenarios.SectionedEdit.allCases.filter { $0 != .append }.map(copyEdit)
    + [collapse(expand: false), collapse(expand: true), buildSectioned, buildOutline, indexOf]

  /// The related diffs the prototype's front end covers: one stretch of change (move and
  /// scattered edits need the middle's shared subtrees, which it does not find yet).
  static func diffed(_ kind: RelatedSnapshotScenarios.SectionedEdit) -> Bool {
    kind != .move && kind != .append
  }

  static func main(_ operation: Operation) -> Baseline {
    Baseline(operation, whenFaster: "the prototype is faster than main here")
  }

  static func prototype(
    _ snapshot: ProtoSectionedInt, _ kind: RelatedSnapshotScenarios.SectionedEdit,
    items: [Int], fresh: Int
  ) -> ProtoSectionedInt {
    var copy = snapshot
    let middle = items[items.count / 2]
    switch kind {
    case .insert: copy.insert(fresh, before: middle)
    case .delete: copy.delete(middle)
    case .move: copy.move(items[items.count / 3], after: items[items.count * 2 / 3])
    case .reload: copy.reload(middle)
    case .reconfigure: copy.reconfigure(middle)
    case .append: break
    case .insertSection: copy.insertSection(fresh, before: 0)
    }
    return copy
  }

  static let apartInsert = Scenario(
    name: "prototype/apart/insert", group: group,
    summary: "diff of two one-section snapshots built apart, one item inserted in the middle; "
      + "baselines: main's array path, main's tree path (append + 200 inserts)",
    sizes: sizes
  ) { size in
    let (old, new) = OneEditScenarios.lists(.insert, size: size)
    let a = ProtoSectionedInt(section: 0, items: old)
    let b = ProtoSectionedInt(section: 0, items: new)
    let arrays = (flatSnapshot(old), flatSnapshot(new))
    let trees = (OneEditScenarios.treeOnlySnapshot(old), OneEditScenarios.treeOnlySnapshot(new))
    var changes = 0
    return Trial(
      items: size, detail: "built apart, one insert",
      measured: Operation("prototype") {
        changes = b.changeCount(from: a)
        return changes
      },
      baselines: [
        main(Operation("main, arrays") { arrays.1.batchUpdate(from: arrays.0).changeCount }),
        main(Operation("main, trees") { trees.1.batchUpdate(from: trees.0).changeCount }),
      ],
      verify: { changes == 1 ? nil : "expected one change, got \(changes)" })
  }

  static func relatedDiff(_ kind: RelatedSnapshotScenarios.SectionedEdit) -> Scenario {
    Scenario(
      name: "prototype/related-diff/\(kind.rawValue)", group: group,
      summary: "new.batchUpdate(from: old), new = old's copy after one \(kind.rawValue); "
        + "baseline: main's related/diff/batch",
      sizes: sizes
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      let old = ProtoSectionedInt(section: 0, items: items)
      let new = prototype(old, kind, items: items, fresh: -1)
      let mainOld = flatSnapshot(items)
      let mainNew = RelatedSnapshotScenarios.edited(mainOld, kind, items: items, fresh: -1)
      var changes = (0, 0)
      return Trial(
        items: size, detail: "one \(kind.rawValue), related",
        measured: Operation("prototype") {
          changes.0 = new.changeCount(from: old)
          return changes.0
        },
        baselines: [
          main(
            Operation("main") {
              changes.1 = mainNew.batchUpdate(from: mainOld).changeCount
              return changes.1
            })
        ],
        verify: {
          changes.0 == changes.1 ? nil : "changes: prototype \(changes.0), main \(changes.1)"
        })
    }
  }

  static func copyEdit(_ kind: RelatedSnapshotScenarios.SectionedEdit) -> Scenario {
    Scenario(
      name: "prototype/copy-edit/\(kind.rawValue)", group: group,
      summary:
        "var copy = held; one \(kind.rawValue); baseline: main's related/copy-edit/sectioned",
      sizes: sizes
    ) { size in
      let items = RelatedSnapshotScenarios.items(size)
      let held = ProtoSectionedInt(section: 0, items: items)
      let mainHeld = flatSnapshot(items)
      return Trial(
        items: size, detail: "one \(kind.rawValue)",
        measured: Operation("prototype") {
          prototype(held, kind, items: items, fresh: -1).count
        },
        baselines: [
          main(
            Operation("main") {
              RelatedSnapshotScenarios.edited(mainHeld, kind, items: items, fresh: -1)
                .numberOfItems
            })
        ])
    }
  }

  /// One root over every other item (depth 1), all expanded.
  static func collapse(expand: Bool) -> Scenario {
    let verb = expand ? "expand" : "collapse"
    return Scenario(
      name: "prototype/\(verb)", group: group,
      summary: "var copy = held; copy.\(verb)(root) of a root with n − 1 descendants; baseline: "
        + "main's section snapshot",
      sizes: sizes
    ) { size in
      let items = Array(0..<size)
      var held = ProtoOutlineInt(items) { $0 == 0 ? 0 : 1 }
      var mainHeld = DiffableDataSourceSectionSnapshot<Int>()
      mainHeld.append([0])
      mainHeld.append(Array(1..<size), to: 0)
      mainHeld.expand([0])
      if expand {
        held.collapse(0)
        mainHeld.collapse([0])
      }
      var visible = 0
      return Trial(
        items: size, detail: "\(size - 1) descendants",
        measured: Operation("prototype") {
          var copy = held
          if expand { copy.expand(0) } else { copy.collapse(0) }
          visible = copy.visibleCount
          return visible
        },
        baselines: [
          main(
            Operation("main") {
              var copy = mainHeld
              if expand { copy.expand([0]) } else { copy.collapse([0]) }
              return copy.count
            })
        ],
        verify: { visible == (expand ? size : 1) ? nil : "visible \(visible)" })
    }
  }

  static let buildSectioned = build(
    "sectioned",
    summary: "a one-section snapshot of n Int built at once; baseline: main's "
      + "appendSections + appendItems",
    prototype: { ProtoSectionedInt(section: 0, items: $0).measure($1) },
    main: { flatSnapshot($0).numberOfItems })

  static let buildOutline = build(
    "outline",
    summary: "a flat section snapshot of n Int built at once; baseline: main's append(_:)",
    prototype: { items, bytes in ProtoOutlineInt(items) { _ in 0 }.measure(bytes) },
    main: { items in
      var snapshot = DiffableDataSourceSectionSnapshot<Int>()
      snapshot.append(items)
      return snapshot.count
    })

  /// A bulk build: `prototype(items, bytes)` builds and returns the count, or the structure's
  /// bytes when `bytes` (untimed); `main` builds.
  static func build(
    _ kind: String, summary: String, prototype: @escaping @Sendable ([Int], Bool) -> Int,
    main build: @escaping @Sendable ([Int]) -> Int
  ) -> Scenario {
    Scenario(name: "prototype/build/\(kind)", group: group, summary: summary, sizes: sizes) {
      size in
      let items = RelatedSnapshotScenarios.items(size)
      let bytes = Double(prototype(items, true)) / Double(size)
      return Trial(
        items: size, detail: "bulk; prototype structure \(Format.bytesPerItem(bytes))",
        measured: Operation("prototype") { prototype(items, false) },
        baselines: [main(Operation("main") { build(items) })])
    }
  }

  static let indexOf = Scenario(
    name: "prototype/index-of", group: group,
    summary: "index(of:) of 10,000 items spread over a flat section snapshot; baseline: main's",
    sizes: sizes
  ) { size in
    let items = RelatedSnapshotScenarios.items(size)
    let probes = stride(from: 0, to: size, by: max(1, size / 10_000)).map { items[$0] }
    let prototype = ProtoOutlineInt(items) { _ in 0 }
    var mainSnapshot = DiffableDataSourceSectionSnapshot<Int>()
    mainSnapshot.append(items)
    return Trial(
      items: probes.count, detail: "\(probes.count) lookups",
      measured: Operation("prototype") {
        probes.reduce(0) { $0 &+ (prototype.index(of: $1) ?? -1) }
      },
      baselines: [
        main(Operation("main") { probes.reduce(0) { $0 &+ (mainSnapshot.index(of: $1) ?? -1) } })
      ])
  }
}

extension ProtoSectionedInt {
  /// The count, or the structure's bytes.
  func measure(_ bytes: Bool) -> Int { bytes ? structureBytes : count }
}

extension ProtoOutlineInt {
  /// The count, or the structure's bytes.
  func measure(_ bytes: Bool) -> Int { bytes ? structureBytes : count }
}

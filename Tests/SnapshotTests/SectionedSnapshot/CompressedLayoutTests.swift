import Testing

@testable import Snapshot

// The producer of the diff of related sectioned snapshots: `compressedLayouts(from:)`.
// Seeded random edits of a copy (storage with tiny nodes and buckets, so that every case
// crosses splits and merges) against the original; after every step, each compressed layout
// expands to its snapshot's `layout`, the shared runs are the same runs on both sides, in
// sections of the same identifier, and no item the new snapshot marks lies in a run.

private typealias IntSnapshot = DiffableDataSourceSnapshot<Int, Int>
private typealias CompressedIntLayout = [CompressedSection<Int, Int>]

enum CompressedStep: CustomStringConvertible {
  case insertItems(anchor: Int, count: Int, after: Bool)
  case appendItems(section: Int, count: Int)
  case deleteItems(anchors: [Int])
  case moveItem(anchor: Int, destination: Int, after: Bool)
  case reloadItem(anchor: Int)
  case reconfigureItem(anchor: Int)
  case insertSection(anchor: Int, after: Bool)
  case deleteSection(anchor: Int)
  case moveSection(anchor: Int, destination: Int, after: Bool)
  /// The edited snapshot becomes the old one (the next steps edit a copy of it).
  case settle
  /// The edited snapshot is built again from its layout and marks, sharing no node with the
  /// old one (whose alike ends then stand for shared runs); keeping the arrays it was built
  /// from (when the old one keeps its own too, the two are diffed as arrays) or not.
  case rebuild(keepsArrays: Bool)

  var description: String {
    switch self {
    case .insertItems(let anchor, let count, let after):
      "insertItems(\(anchor), \(count), \(after))"
    case .appendItems(let section, let count): "appendItems(\(section), \(count))"
    case .deleteItems(let anchors): "deleteItems(\(anchors))"
    case .moveItem(let anchor, let destination, let after):
      "moveItem(\(anchor), \(destination), \(after))"
    case .reloadItem(let anchor): "reloadItem(\(anchor))"
    case .reconfigureItem(let anchor): "reconfigureItem(\(anchor))"
    case .insertSection(let anchor, let after): "insertSection(\(anchor), \(after))"
    case .deleteSection(let anchor): "deleteSection(\(anchor))"
    case .moveSection(let anchor, let destination, let after):
      "moveSection(\(anchor), \(destination), \(after))"
    case .settle: "settle"
    case .rebuild(let keepsArrays): "rebuild(keepsArrays: \(keepsArrays))"
    }
  }
}

/// A snapshot of 6 sections of 40 items each, with nodes of 2 to 4 entries.
private func originalSnapshot() -> IntSnapshot {
  var snapshot = IntSnapshot(base: 2, bucketCapacity: 4)
  snapshot.appendSections(Array(0..<6))
  for section in 0..<6 {
    snapshot.appendItems(Array(section * 40..<(section + 1) * 40), toSection: section)
  }
  return snapshot
}

/// Applies `step` to `new` (`old` for `settle`); `fresh` numbers new identifiers.
private func apply(
  _ step: CompressedStep, old: inout IntSnapshot, new: inout IntSnapshot, fresh: inout Int
) {
  let items = new.itemIdentifiers
  let sections = new.sectionIdentifiers
  func item(_ anchor: Int) -> Int? { items.isEmpty ? nil : items[anchor % items.count] }
  func section(_ anchor: Int) -> Int? { sections.isEmpty ? nil : sections[anchor % sections.count] }
  func freshItems(_ count: Int) -> [Int] {
    defer { fresh += count }
    return Array(fresh..<fresh + count)
  }
  switch step {
  case .insertItems(let anchor, let count, let after):
    guard let destination = item(anchor) else { return }
    if after {
      new.insertItems(freshItems(count), afterItem: destination)
    } else {
      new.insertItems(freshItems(count), beforeItem: destination)
    }
  case .appendItems(let anchor, let count):
    guard let target = section(anchor) else { return }
    new.appendItems(freshItems(count), toSection: target)
  case .deleteItems(let anchors):
    new.deleteItems(anchors.compactMap(item))
  case .moveItem(let anchor, let other, let after):
    guard let moving = item(anchor), let destination = item(other), moving != destination else {
      return
    }
    if after {
      new.moveItem(moving, afterItem: destination)
    } else {
      new.moveItem(moving, beforeItem: destination)
    }
  case .reloadItem(let anchor):
    if let marked = item(anchor) { new.reloadItems([marked]) }
  case .reconfigureItem(let anchor):
    if let marked = item(anchor) { new.reconfigureItems([marked]) }
  case .insertSection(let anchor, let after):
    let added = freshItems(1)[0]
    if let destination = section(anchor) {
      if after {
        new.insertSections([added], afterSection: destination)
      } else {
        new.insertSections([added], beforeSection: destination)
      }
    } else {
      new.appendSections([added])
    }
  case .deleteSection(let anchor):
    if let removed = section(anchor) { new.deleteSections([removed]) }
  case .moveSection(let anchor, let other, let after):
    guard let moving = section(anchor), let destination = section(other), moving != destination
    else { return }
    if after {
      new.moveSection(moving, afterSection: destination)
    } else {
      new.moveSection(moving, beforeSection: destination)
    }
  case .settle:
    old = new
  case .rebuild(let keepsArrays):
    new = rebuilt(new)
    if !keepsArrays { new = withoutBuiltArrays(new) }
  }
}

/// `snapshot` built again, section by section, with its marks: equal, sharing no node.
private func rebuilt(_ snapshot: IntSnapshot) -> IntSnapshot {
  var result = IntSnapshot(base: 2, bucketCapacity: 4)
  for section in snapshot.layout {
    result.appendSections([section.id])
    result.appendItems(section.items, toSection: section.id)
  }
  result.reloadItems(snapshot.reloadedItemIdentifiers)
  result.reconfigureItems(snapshot.reconfiguredItemIdentifiers)
  return result
}

/// `snapshot` without the arrays it was built from, as when it was edited since (its layout
/// is then read from its tree).
private func withoutBuiltArrays(_ snapshot: IntSnapshot) -> IntSnapshot {
  var result = snapshot
  result.storage.builtLayout = nil
  result.storage.builtPieces = nil
  return result
}

/// The items a compressed section stands for, in order.
private func expanded(_ section: CompressedSection<Int, Int>) -> [Int] {
  section.pieces.flatMap { piece -> [Int] in
    switch piece {
    case .items(let items): items
    case .shared(_, _, let items): items()
    }
  }
}

/// The first way `compressed` fails to describe the pair, or nil.
private func problem(
  _ compressed: (old: CompressedIntLayout, new: CompressedIntLayout), old: IntSnapshot,
  new: IntSnapshot
) -> String? {
  for (name, layout, snapshot) in [("old", compressed.old, old), ("new", compressed.new, new)] {
    let plain = snapshot.layout
    if layout.map(\.id) != plain.map(\.id) { return "\(name): sections \(layout.map(\.id))" }
    for (section, expected) in zip(layout, plain) {
      if expanded(section) != expected.items {
        return "\(name): section \(section.id) expands wrong"
      }
      if section.count != expected.items.count { return "\(name): section \(section.id) count" }
    }
  }
  // Runs: unique per side, the same on both sides, in sections of the same identifier.
  var runs: [[Int: (section: Int, count: Int, items: [Int])]] = [[:], [:]]
  for (side, layout) in [compressed.old, compressed.new].enumerated() {
    for section in layout {
      for case .shared(let id, let count, let items) in section.pieces {
        if runs[side][id] != nil { return "run \(id) twice on one side" }
        runs[side][id] = (section.id, count, items())
      }
    }
  }
  if Set(runs[0].keys) != Set(runs[1].keys) { return "the runs differ between the sides" }
  for (id, run) in runs[0] {
    guard let other = runs[1][id] else { continue }
    if run.section != other.section {
      return "run \(id) in sections \(run.section), \(other.section)"
    }
    if run.count != other.count || run.items != other.items { return "run \(id) differs" }
    if run.count != run.items.count {
      return "run \(id) count \(run.count) for \(run.items.count) items"
    }
  }
  let marked = Set(new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers)
  for side in runs {
    for run in side.values where run.items.contains(where: marked.contains) {
      return "a marked item lies in a run"
    }
  }
  return nil
}

/// Runs `steps`, checking the pair after each; after a `settle` (the two then equal) only when
/// `checksSettled`.
func check(
  _ steps: [CompressedStep], stats: inout CompressedStats, checksSettled: Bool = true
) -> String? {
  var old = originalSnapshot()
  var new = old
  var fresh = 1_000
  for (index, step) in steps.enumerated() {
    apply(step, old: &old, new: &new, fresh: &fresh)
    if case .settle = step, !checksSettled { continue }
    stats.steps += 1
    // Only `settle` writes `old` (and then it is `new`), so `old` is checked when it changes.
    var oldChanged = index == 0
    if case .settle = step { oldChanged = true }
    let changed = oldChanged ? [("old", old), ("new", new)] : [("new", new)]
    for (name, snapshot) in changed {
      if let violation = snapshot._invariantViolation() {
        return "after step \(index) \(step): \(name) invariant broken: \(violation)"
      }
    }
    let isRelated = old.storage.list.tree.mayShareNodes(with: new.storage.list.tree)
    if isRelated { stats.relatedPairs += 1 }
    if let leaves = new.relatedLeaves(from: old) {
      switch new.narrowChange(from: old, unshared: leaves) {
      case .marks(let reloaded, let reconfigured)?:
        if !reloaded.isEmpty || !reconfigured.isEmpty { stats.narrowMarks += 1 }
      case .inserted?: stats.narrowInserts += 1
      case .deleted?: stats.narrowDeletes += 1
      case .moved?: stats.narrowMoves += 1
      case .insertedSection?, .deletedSection?: stats.narrowSections += 1
      case nil: break
      }
    }
    let bothBuilt = old.storage.builtLayout != nil && new.storage.builtLayout != nil
    if !isRelated && !bothBuilt && old.storage.keptPieces != nil && new.storage.keptPieces != nil {
      stats.apartByPieces += 1
    }
    guard let compressed = new.compressedLayouts(from: old) else {
      if !isRelated && bothBuilt { stats.bothBuilt += 1 }
      // No compressed layouts: the diff is the plain diff of the two layouts.
      let plain = try? BatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
      let plainStages = try? StagedBatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
      if new.batchUpdate(from: old) != plain || new.stagedBatchUpdate(from: old) != plainStages {
        return "after step \(index) \(step): the diff of the layouts differs from the plain one"
      }
      continue
    }
    if bothBuilt && !isRelated {
      return "after step \(index) \(step): snapshots built apart that keep their arrays were "
        + "compressed"
    }
    if isRelated { stats.related += 1 } else { stats.apart += 1 }
    stats.runs += compressed.new.reduce(0) { total, section in
      total + section.pieces.filter { if case .shared = $0 { true } else { false } }.count
    }
    if let problem = problem(compressed, old: old, new: new) {
      return "after step \(index) \(step): \(problem)"
    }
    // The compressed diff of the pair, which batchUpdate(from:) takes for related snapshots,
    // gives the batch of the plain diff of the two layouts.
    let plain = try? BatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
    let batch = BatchUpdate(compressedFrom: compressed.old, to: compressed.new, marks: new.marks)
    if batch != plain || new.batchUpdate(from: old) != plain {
      return "after step \(index) \(step): the compressed diff's batch differs"
    }
    let plainStages = try? StagedBatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
    if new.stagedBatchUpdate(from: old) != plainStages {
      return "after step \(index) \(step): the compressed diff's stages differ"
    }
  }
  return nil
}

@Suite struct CompressedLayoutTests {
  /// Snapshots built apart share no node: their compressed layouts are their alike ends as
  /// runs and the rest as items, when the rest is small; otherwise there are none.
  @Test func snapshotsBuiltApartAreCompressedByTheirAlikeEnds() throws {
    let old = originalSnapshot()
    let same = withoutBuiltArrays(originalSnapshot())
    #expect(!old.storage.list.tree.mayShareNodes(with: same.storage.list.tree))
    #expect(old == same)
    let whole = try #require(same.compressedLayouts(from: old))
    #expect(problem(whole, old: old, new: same) == nil)
    for section in whole.old + whole.new {
      #expect(section.pieces.allSatisfy { if case .shared = $0 { true } else { false } })
    }
    var edited = old
    edited.insertItems([-1], beforeItem: 130)
    edited = rebuilt(edited)
    // Both keep the arrays they were built from: no compressed layouts, the arrays are diffed.
    #expect(edited.storage.builtLayout != nil && old.storage.builtLayout != nil)
    #expect(edited.compressedLayouts(from: old) == nil)
    #expect(
      edited.batchUpdate(from: old)
        == BatchUpdate(insertedItems: [ListIndexPath(item: 10, section: 3)]))
    edited = withoutBuiltArrays(edited)
    let middle = try #require(edited.compressedLayouts(from: old))
    #expect(problem(middle, old: old, new: edited) == nil)
    #expect(
      edited.batchUpdate(from: old)
        == BatchUpdate(insertedItems: [ListIndexPath(item: 10, section: 3)]))
    // Everything between the ends differs: the layouts are diffed instead.
    var reversed = IntSnapshot(base: 2, bucketCapacity: 4)
    reversed.appendSections(Array(0..<6))
    for section in 0..<6 {
      reversed.appendItems(
        Array((section * 40..<(section + 1) * 40).reversed()), toSection: section)
    }
    #expect(withoutBuiltArrays(reversed).compressedLayouts(from: old) == nil)
    #expect(reversed.compressedLayouts(from: old) == nil)
  }

  /// One edit of each kind at 10^5 items in 10 sections: O(log n) pieces besides one run per
  /// section, and a few leaves' worth of items matched one by one.
  @Test(arguments: [
    "insert", "delete", "move", "reload", "reconfigure", "append", "insertSection",
    "deleteSection", "moveSection",
  ])
  func oneEditGivesLogarithmicallyManyPieces(kind: String) throws {
    let size = 100_000
    var old = IntSnapshot()
    old.appendSections(Array(0..<10))
    for section in 0..<10 {
      old.appendItems(Array(section * size / 10..<(section + 1) * size / 10), toSection: section)
    }
    var new = old
    switch kind {
    case "insert": new.insertItems([-1], beforeItem: size / 2 + 7)
    case "delete": new.deleteItems([size / 2 + 7])
    case "move": new.moveItem(size / 3, afterItem: size * 2 / 3)
    case "reload": new.reloadItems([size / 2 + 7])
    case "reconfigure": new.reconfigureItems([size / 2 + 7])
    case "append": new.appendItems([-1], toSection: 4)
    case "insertSection": new.insertSections([-1], afterSection: 4)
    case "deleteSection":
      old.insertSections([-1], afterSection: 4)
      new = old
      new.deleteSections([-1])
    default:
      old.appendSections([-1])
      old.appendItems([-2, -3], toSection: -1)
      new = old
      new.moveSection(-1, beforeSection: 3)
    }
    let compressed = try #require(new.compressedLayouts(from: old))
    #expect(problem(compressed, old: old, new: new) == nil)
    let plain = try BatchUpdate(from: old.layout, to: new.layout, marks: new.marks)
    #expect(
      BatchUpdate(compressedFrom: compressed.old, to: compressed.new, marks: new.marks) == plain)
    #expect(new.batchUpdate(from: old) == plain)
    for layout in [compressed.old, compressed.new] {
      let pieces = layout.reduce(0) { $0 + $1.pieces.count }
      let itemsOneByOne = layout.reduce(0) { total, section in
        total
          + section.pieces.reduce(0) { sum, piece in
            if case .items(let items) = piece { sum + items.count } else { sum }
          }
      }
      // One run per section, split around at most two edited places into a few pieces each.
      #expect(pieces <= layout.count + 8, "\(kind): \(pieces) pieces")
      #expect(itemsOneByOne <= 4 * 64, "\(kind): \(itemsOneByOne) items one by one")
    }
  }
}

@Suite struct CompressedLayoutRunTests {
  @Test func expandingARunListsItsItemsBesideTheNeighbouringItems() {
    var layout: [CompressedSection<Int, Int>] = [
      CompressedSection(
        7,
        pieces: [
          .items([1]), .shared(id: 3, count: 2, items: CompressedRunItems { [2, 3] }), .items([4]),
          .shared(id: 9, count: 1, items: CompressedRunItems { [5] }),
        ])
    ]
    IntSnapshot.expandRuns([3], in: &layout)
    #expect(layout.count == 1)
    #expect(layout[0].pieces.count == 2)
    guard case .items(let items) = layout[0].pieces[0] else {
      Issue.record("expected items first")
      return
    }
    #expect(items == [1, 2, 3, 4])
    guard case .shared(let id, let count, _) = layout[0].pieces[1] else {
      Issue.record("expected the other run kept")
      return
    }
    #expect(id == 9 && count == 1)
  }
}

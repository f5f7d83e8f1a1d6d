import SnapshotTestSupport

@testable import Snapshot

/// The cost the single batch minimises, at one level (sections, or items within the sections
/// that stay): first the unmarked entries *displaced* (moved, or deleted and inserted because
/// the rules forbid their move), then the entries re-created (deleted and inserted, marked or
/// not). Compared lexicographically.
struct PlacementCost: Comparable, CustomStringConvertible {
  var displaced: Int
  var recreated: Int

  static func < (lhs: PlacementCost, rhs: PlacementCost) -> Bool {
    (lhs.displaced, lhs.recreated) < (rhs.displaced, rhs.recreated)
  }

  var description: String { "\(displaced) displaced, \(recreated) re-created" }
}

/// An exhaustive search over the single batches the definition of "fewest moves with reload
/// marks" allows (see `BatchUpdate.init(from:to:marks:)`), each checked by the simulator.
/// Independent of the engine: it knows the rules and the definition, not the algorithm.
///
/// The definition's one constraint beyond the simulator: a reload is for an entry that keeps
/// its place ("never reload an item that also moves"), so the entries that stay and those
/// reloaded keep their relative order (they form the chain).
///
/// - Sections: every subset of the sections present in both layouts is tried as the chain of
///   sections that keep their place. On the chain, an unmarked section stays and a marked one
///   is reloaded; off it, an unmarked section moves when its items are unchanged and holds no
///   reloaded item, and is deleted and inserted otherwise, and a marked one is deleted and
///   inserted. Items are completed in a way that is always valid (no item reloads).
/// - Items, with the sections placed as the engine placed them: every unmarked item that stays
///   in a section that stays either stays or moves; every marked one is reloaded or deleted
///   and inserted. Items changing sections move when both sections stay and their raw numbers
///   differ, and are deleted and inserted otherwise; marked ones are always deleted and
///   inserted.
struct ReloadMoveSearch {
  let old: Layout
  let new: Layout
  let markedSections: Set<Int>
  let markedItems: Set<Int>
  /// Section identifier to its old and new index, for sections in both layouts.
  var oldSectionIndex: [Int: Int] = [:]
  var newSectionIndex: [Int: Int] = [:]
  /// Item identifier to its old and new index path.
  var oldPlace: [Int: ListIndexPath] = [:]
  var newPlace: [Int: ListIndexPath] = [:]

  init(old: Layout, new: Layout, marks: DiffMarks<Int, Int>) {
    self.old = old
    self.new = new
    for (s, section) in old.enumerated() {
      oldSectionIndex[section.id] = s
      for (i, item) in section.items.enumerated() {
        oldPlace[item] = ListIndexPath(item: i, section: s)
      }
    }
    for (t, section) in new.enumerated() {
      newSectionIndex[section.id] = t
      for (j, item) in section.items.enumerated() {
        newPlace[item] = ListIndexPath(item: j, section: t)
      }
    }
    let common = Set(oldSectionIndex.keys).intersection(newSectionIndex.keys)
    markedSections = Set(marks.reloadedSections).intersection(common)
    let (oldPlace, newPlace) = (self.oldPlace, self.newPlace)
    markedItems = Set(
      marks.reloadedItems.filter { item in
        guard let from = oldPlace[item], let to = newPlace[item] else { return false }
        return common.contains(old[from.section].id) && common.contains(new[to.section].id)
      })
  }

  /// The sections present in both layouts, in new order.
  var commonSections: [Int] {
    new.map(\.id).filter { oldSectionIndex[$0] != nil }
  }

  /// Whether a section cannot move: its items change, or one of them is marked for reload.
  func isDirty(_ id: Int) -> Bool {
    let items = new[newSectionIndex[id]!].items
    return old[oldSectionIndex[id]!].items != items || items.contains(where: markedItems.contains)
  }

  /// The sections a batch keeps in place without reloading them (where items are diffed).
  func keptSections(_ batch: BatchUpdate) -> Set<Int> {
    let gone = Set(
      batch.deletedSections + batch.reloadedSections + batch.movedSections.map(\.source))
    return Set(commonSections.filter { !gone.contains(oldSectionIndex[$0]!) })
  }

  // MARK: - Costs of a batch

  func sectionCost(_ batch: BatchUpdate) -> PlacementCost {
    let moved = Set(batch.movedSections.map(\.source))
    let deleted = Set(batch.deletedSections)
    var cost = PlacementCost(displaced: 0, recreated: 0)
    for id in commonSections {
      let s = oldSectionIndex[id]!
      if deleted.contains(s) { cost.recreated += 1 }
      if !markedSections.contains(id) && (moved.contains(s) || deleted.contains(s)) {
        cost.displaced += 1
      }
    }
    return cost
  }

  /// Over the items present in both layouts whose old and new sections both stay.
  func itemCost(_ batch: BatchUpdate) -> PlacementCost {
    let kept = keptSections(batch)
    let moved = Set(batch.movedItems.map(\.source))
    let deleted = Set(batch.deletedItems)
    let inserted = Set(batch.insertedItems)
    var cost = PlacementCost(displaced: 0, recreated: 0)
    for (item, from) in oldPlace {
      guard let to = newPlace[item], kept.contains(old[from.section].id),
        kept.contains(new[to.section].id)
      else { continue }
      let recreated = deleted.contains(from) && inserted.contains(to)
      if recreated { cost.recreated += 1 }
      if !markedItems.contains(item) && (recreated || moved.contains(from)) {
        cost.displaced += 1
      }
    }
    return cost
  }

  // MARK: - Candidates

  /// Whether the simulator accepts `batch` and every marked entry gets a fresh cell.
  func accepts(_ batch: BatchUpdate) -> Bool {
    let outcome = BatchRules.simulate(old: old, batch: batch, new: new)
    return outcome.failure == nil && markedSections.isSubset(of: outcome.freshSections)
      && markedItems.isSubset(of: outcome.freshItems)
  }

  /// Item operations forced by the section placement: items of the sections in `kept` that
  /// leave them, arrive from elsewhere, or change sections; plus the items of those sections
  /// that stay in them, placed by `choose` (nil: every one moves, marked ones re-created).
  func completeItems(
    _ batch: inout BatchUpdate, kept: Set<Int>,
    choose: ((_ item: Int, _ from: ListIndexPath, _ to: ListIndexPath) -> ItemChoice)? = nil
  ) {
    for (s, section) in old.enumerated() where kept.contains(section.id) {
      for (i, item) in section.items.enumerated() {
        if let to = newPlace[item], kept.contains(new[to.section].id) { continue }
        batch.deletedItems.append(ListIndexPath(item: i, section: s))
      }
    }
    for (t, section) in new.enumerated() where kept.contains(section.id) {
      for (j, item) in section.items.enumerated() {
        let to = ListIndexPath(item: j, section: t)
        guard let from = oldPlace[item], kept.contains(old[from.section].id) else {
          batch.insertedItems.append(to)
          continue
        }
        let choice: ItemChoice
        if old[from.section].id != section.id {
          choice = markedItems.contains(item) || from.section == t ? .recreate : .move
        } else if let choose {
          choice = choose(item, from, to)
        } else {
          choice = markedItems.contains(item) ? .recreate : .move
        }
        switch choice {
        case .stay: break
        case .move: batch.movedItems.append(BatchUpdate.ItemMove(from: from, to: to))
        case .reload: batch.reloadedItems.append(from)
        case .recreate:
          batch.deletedItems.append(from)
          batch.insertedItems.append(to)
        }
      }
    }
  }

  enum ItemChoice { case stay, move, reload, recreate }

  /// The least section cost over every section chain, or nil when none is valid.
  func bestSectionCost() -> PlacementCost? {
    let common = commonSections
    let oldOnly = old.indices.filter { newSectionIndex[old[$0].id] == nil }
    let newOnly = new.indices.filter { oldSectionIndex[new[$0].id] == nil }
    var best: PlacementCost?
    for mask in 0..<(1 << common.count) {
      let chain = common.indices.filter { mask & (1 << $0) != 0 }.map {
        oldSectionIndex[common[$0]]!
      }
      guard zip(chain, chain.dropFirst()).allSatisfy({ $0 < $1 }) else { continue }
      var batch = BatchUpdate(deletedSections: oldOnly, insertedSections: newOnly)
      var kept = Set<Int>()
      for (k, id) in common.enumerated() {
        let (s, t) = (oldSectionIndex[id]!, newSectionIndex[id]!)
        let onChain = mask & (1 << k) != 0
        let marked = markedSections.contains(id)
        if onChain && marked {
          batch.reloadedSections.append(s)
        } else if onChain {
          kept.insert(id)
        } else if marked || isDirty(id) {
          batch.deletedSections.append(s)
          batch.insertedSections.append(t)
        } else {
          batch.movedSections.append(BatchUpdate.SectionMove(from: s, to: t))
        }
      }
      completeItems(&batch, kept: kept)
      guard accepts(batch) else { continue }
      let cost = sectionCost(batch)
      if best.map({ cost < $0 }) ?? true { best = cost }
    }
    return best
  }

  /// The items whose placement is a free choice once `kept` sections stay: present in both
  /// layouts, in the same section, which stays.
  func choosableItems(kept: Set<Int>) -> [Int] {
    oldPlace.keys.filter { item in
      guard let to = newPlace[item] else { return false }
      let id = new[to.section].id
      return kept.contains(id) && old[oldPlace[item]!.section].id == id
    }.sorted()
  }

  /// The least item cost over every item placement, with the sections placed as in
  /// `sectionsFrom`; nil when none is valid. Tries 2^k placements for k choosable items.
  func bestItemCost(sectionsFrom engine: BatchUpdate) -> PlacementCost? {
    let kept = keptSections(engine)
    let items = choosableItems(kept: kept)
    let bit = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1, $0) })
    var best: PlacementCost?
    for mask in 0..<(1 << items.count) {
      var batch = BatchUpdate(
        deletedSections: engine.deletedSections, insertedSections: engine.insertedSections,
        movedSections: engine.movedSections, reloadedSections: engine.reloadedSections)
      // The chain of each section: (new index path, old item index) of its stays and reloads.
      var chain: [(ListIndexPath, Int)] = []
      completeItems(&batch, kept: kept) { item, from, to in
        let first = mask & (1 << bit[item]!) != 0
        if first { chain.append((to, from.item)) }
        if self.markedItems.contains(item) { return first ? .reload : .recreate }
        return first ? .stay : .move
      }
      chain.sort { $0.0 < $1.0 }
      let inOrder = zip(chain, chain.dropFirst()).allSatisfy {
        $0.0.section != $1.0.section || $0.1 < $1.1
      }
      guard inOrder, accepts(batch) else { continue }
      let cost = itemCost(batch)
      if best.map({ cost < $0 }) ?? true { best = cost }
    }
    return best
  }
}

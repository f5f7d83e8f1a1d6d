@testable import Snapshot

/// What a list view makes of a batch, following the rules in
/// `shared/docs/batch-update-rules.md` (section 6 lists what is checked).
struct SimulationOutcome<SectionID: Hashable, ItemID: Hashable> {
  /// The first rule the batch breaks, or nil when the view accepts it and ends up showing the
  /// new layout.
  var failure: String?
  /// Sections that got fresh cells: inserted or reloaded.
  var freshSections: Set<SectionID> = []
  /// Items that got fresh cells: inserted, reloaded, or in a fresh section.
  var freshItems: Set<ItemID> = []
  /// Items reconfigured in place.
  var reconfiguredItems: Set<ItemID> = []
  /// Sections moved (by identifier).
  var movedSections: Set<SectionID> = []
  /// Items moved (by identifier).
  var movedItems: Set<ItemID> = []
}

/// A simulator of a list view's batch updates.
enum BatchSimulator {
  /// Applies `batch` to `old` the way a list view does and compares the result with `new`.
  /// Returns a description of the first rule broken, or nil.
  static func check<S: Hashable, I: Hashable>(
    old: [LayoutSection<S, I>], batch: BatchUpdate, new: [LayoutSection<S, I>],
    allowDeletesInMovedSections: Bool = false
  ) -> String? {
    simulate(
      old: old, batch: batch, new: new, allowDeletesInMovedSections: allowDeletesInMovedSections
    ).failure
  }

  /// The index a view gives a reloaded entry: shifted by the batch's deletes, then by its
  /// inserts (ascending), never by its moves.
  static func shifted(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
    var position = index - deletes.filter { $0 < index }.count
    for insert in inserts.sorted() where insert <= position { position += 1 }
    return position
  }

  // The checks below follow the order of section 6 of the rules.
  // swiftlint:disable:next function_body_length cyclomatic_complexity
  static func simulate<S: Hashable, I: Hashable>(
    old: [LayoutSection<S, I>], batch: BatchUpdate, new: [LayoutSection<S, I>],
    allowDeletesInMovedSections: Bool = false
  ) -> SimulationOutcome<S, I> {
    var outcome = SimulationOutcome<S, I>()
    func fail(_ message: String) -> SimulationOutcome<S, I> {
      outcome.failure = message
      return outcome
    }
    let oldCount = old.count
    let newCount = new.count
    let sectionSources = batch.movedSections.map(\.source)
    let sectionDestinations = batch.movedSections.map(\.destination)
    let itemSources = batch.movedItems.map(\.source)
    let itemDestinations = batch.movedItems.map(\.destination)

    // Bounds.
    for (name, list) in [
      ("section delete", batch.deletedSections), ("section reload", batch.reloadedSections),
      ("section move source", sectionSources),
    ] {
      if let bad = list.first(where: { !(0..<oldCount).contains($0) }) {
        return fail("\(name) \(bad) out of bounds of the \(oldCount) old sections")
      }
    }
    for (name, list) in [
      ("section insert", batch.insertedSections), ("section move destination", sectionDestinations),
    ] {
      if let bad = list.first(where: { !(0..<newCount).contains($0) }) {
        return fail("\(name) \(bad) out of bounds of the \(newCount) new sections")
      }
    }
    func inBounds(_ path: ListIndexPath, _ layout: [LayoutSection<S, I>]) -> Bool {
      (0..<layout.count).contains(path.section)
        && (0..<layout[path.section].items.count).contains(path.item)
    }
    for (name, list) in [
      ("item delete", batch.deletedItems), ("item reload", batch.reloadedItems),
      ("item move source", itemSources),
    ] {
      if let bad = list.first(where: { !inBounds($0, old) }) {
        return fail("\(name) \(bad) out of bounds of the old layout")
      }
    }
    for (name, list) in [
      ("item insert", batch.insertedItems), ("item move destination", itemDestinations),
      ("item reconfigure", batch.reconfiguredItems),
    ] {
      if let bad = list.first(where: { !inBounds($0, new) }) {
        return fail("\(name) \(bad) out of bounds of the new layout")
      }
    }

    // Duplicates.
    func duplicate<T: Hashable>(_ list: [T]) -> T? {
      var seen = Set<T>()
      return list.first { !seen.insert($0).inserted }
    }
    for (name, list) in [
      ("section deleted", batch.deletedSections), ("section inserted", batch.insertedSections),
      ("section reloaded", batch.reloadedSections), ("section moved from", sectionSources),
      ("section moved to", sectionDestinations),
    ] {
      if let bad = duplicate(list) { return fail("\(name) twice: \(bad)") }
    }
    for (name, list) in [
      ("item deleted", batch.deletedItems), ("item inserted", batch.insertedItems),
      ("item reloaded", batch.reloadedItems), ("item moved from", itemSources),
      ("item moved to", itemDestinations), ("item reconfigured", batch.reconfiguredItems),
    ] {
      if let bad = duplicate(list) { return fail("\(name) twice: \(bad)") }
    }

    // Illegal combinations: sections.
    let deletedSections = Set(batch.deletedSections)
    let insertedSections = Set(batch.insertedSections)
    let reloadedSections = Set(batch.reloadedSections)
    let sectionSourceSet = Set(sectionSources)
    let sectionDestinationSet = Set(sectionDestinations)
    if let bad = deletedSections.intersection(sectionSourceSet).min() {
      return fail("section \(bad) deleted and moved")
    }
    if let bad = deletedSections.intersection(reloadedSections).min() {
      return fail("section \(bad) deleted and reloaded")
    }
    if let bad = reloadedSections.intersection(sectionSourceSet).min() {
      return fail("section \(bad) reloaded and moved")
    }
    if let bad = insertedSections.intersection(sectionDestinationSet).min() {
      return fail("section \(bad) inserted and moved to")
    }
    var reloadedSectionTargets: [Int: Int] = [:]  // new index -> old index
    for s in batch.reloadedSections {
      let target = shifted(s, deletes: batch.deletedSections, inserts: batch.insertedSections)
      guard target < newCount else {
        return fail("section reload \(s) shifts to \(target), past the new sections")
      }
      if sectionDestinationSet.contains(target) {
        return fail("section reload \(s) shifts to \(target): an insert and a move to one section")
      }
      if insertedSections.contains(target) || reloadedSectionTargets[target] != nil {
        return fail("section reload \(s) shifts to \(target), inserted twice")
      }
      reloadedSectionTargets[target] = s
    }
    let goneSections = deletedSections.union(reloadedSections)
    let freshSectionIndexes = insertedSections.union(reloadedSectionTargets.keys)

    // Illegal combinations: items.
    let deletedItems = Set(batch.deletedItems)
    let insertedItems = Set(batch.insertedItems)
    let reloadedItems = Set(batch.reloadedItems)
    let itemSourceSet = Set(itemSources)
    let itemDestinationSet = Set(itemDestinations)
    if let bad = deletedItems.intersection(itemSourceSet).min() {
      return fail("item \(bad) deleted and moved")
    }
    if let bad = deletedItems.intersection(reloadedItems).min() {
      return fail("item \(bad) deleted and reloaded")
    }
    if let bad = reloadedItems.intersection(itemSourceSet).min() {
      return fail("item \(bad) reloaded and moved")
    }
    if let bad = insertedItems.intersection(itemDestinationSet).min() {
      return fail("item \(bad) inserted and moved to")
    }
    for path in batch.deletedItems where goneSections.contains(path.section) {
      return fail("item delete \(path) inside deleted or reloaded section \(path.section)")
    }
    for path in batch.reloadedItems where goneSections.contains(path.section) {
      return fail("item reload \(path) inside deleted or reloaded section \(path.section)")
    }
    for path in itemSources where goneSections.contains(path.section) {
      return fail("item move from \(path), out of deleted or reloaded section \(path.section)")
    }
    for path in batch.insertedItems where freshSectionIndexes.contains(path.section) {
      return fail("item insert \(path) inside inserted or reloaded section \(path.section)")
    }
    for path in itemDestinations where freshSectionIndexes.contains(path.section) {
      return fail("item move to \(path), into inserted or reloaded section \(path.section)")
    }
    for path in batch.insertedItems where sectionDestinationSet.contains(path.section) {
      return fail("item insert \(path) inside moved section \(path.section)")
    }
    for path in itemDestinations where sectionDestinationSet.contains(path.section) {
      return fail("item move to \(path), inside moved section \(path.section)")
    }
    for path in itemSources where sectionSourceSet.contains(path.section) {
      return fail("item move from \(path), inside moved section \(path.section)")
    }
    for path in batch.reloadedItems where sectionSourceSet.contains(path.section) {
      return fail("item reload \(path) inside moved section \(path.section)")
    }
    if !allowDeletesInMovedSections {
      for path in batch.deletedItems where sectionSourceSet.contains(path.section) {
        return fail("item delete \(path) inside moved section \(path.section) (animates badly)")
      }
    }
    var reloadedItemTargets: [ListIndexPath: ListIndexPath] = [:]  // new path -> old path
    for path in batch.reloadedItems {
      let section = shifted(
        path.section, deletes: batch.deletedSections, inserts: batch.insertedSections)
      let item = shifted(
        path.item,
        deletes: batch.deletedItems.filter { $0.section == path.section }.map(\.item),
        inserts: batch.insertedItems.filter { $0.section == section }.map(\.item))
      let target = ListIndexPath(item: item, section: section)
      guard inBounds(target, new) else {
        return fail("item reload \(path) shifts to \(target), out of bounds")
      }
      if itemDestinationSet.contains(target) {
        return fail("item reload \(path) shifts to \(target): an insert and a move to one path")
      }
      if insertedItems.contains(target) || reloadedItemTargets[target] != nil {
        return fail("item reload \(path) shifts to \(target), inserted twice")
      }
      if freshSectionIndexes.contains(section) || sectionDestinationSet.contains(section) {
        return fail("item reload \(path) shifts into inserted or moved section \(section)")
      }
      reloadedItemTargets[target] = path
    }
    let goneItems = deletedItems.union(reloadedItems)
    let freshItemPaths = insertedItems.union(reloadedItemTargets.keys)

    // Section count.
    let expectedSections = oldCount + freshSectionIndexes.count - goneSections.count
    guard expectedSections == newCount else {
      return fail(
        "invalid number of sections: \(newCount) after the update, \(oldCount) before, "
          + "\(freshSectionIndexes.count) inserted, \(goneSections.count) deleted")
    }

    // Where sections land (rule 2).
    var sectionOrigin = [Int?](repeating: nil, count: newCount)  // old index, nil = fresh
    for move in batch.movedSections { sectionOrigin[move.destination] = move.source }
    var survivors = (0..<oldCount).filter {
      !goneSections.contains($0) && !sectionSourceSet.contains($0)
    }[...]
    for t in 0..<newCount
    where !freshSectionIndexes.contains(t) && !sectionDestinationSet.contains(t) {
      sectionOrigin[t] = survivors.popFirst()
    }
    var carriedSections = Set<S>()
    for t in 0..<newCount {
      if let s = sectionOrigin[t] {
        guard new[t].id == old[s].id else {
          return fail("section \(t) shows old section \(s) (\(old[s].id)), expected \(new[t].id)")
        }
        carriedSections.insert(old[s].id)
      }
    }
    for t in freshSectionIndexes.sorted() {
      if carriedSections.contains(new[t].id) {
        return fail("inserted section \(t) holds \(new[t].id), which was carried over")
      }
      if let s = reloadedSectionTargets[t], new[t].id != old[s].id {
        return fail("reloaded section \(s) lands at \(t), which holds \(new[t].id)")
      }
      outcome.freshSections.insert(new[t].id)
    }
    outcome.movedSections = Set(batch.movedSections.map { old[$0.source].id })

    // Item counts, the way UIKit counts (raw section numbers for moves).
    for t in 0..<newCount {
      guard let s = sectionOrigin[t] else { continue }
      let inserted = freshItemPaths.filter { $0.section == t }.count
      let deleted = goneItems.filter { $0.section == s }.count
      let movedIn = batch.movedItems.filter {
        $0.destination.section == t && $0.source.section != t
      }.count
      let movedOut = batch.movedItems.filter {
        $0.source.section == s && $0.destination.section != s
      }.count
      let expected = old[s].items.count + inserted + movedIn - deleted - movedOut
      guard expected == new[t].items.count else {
        return fail(
          "invalid number of items in section \(t): \(new[t].items.count) after the update, "
            + "\(old[s].items.count) before (section \(s)), \(inserted) inserted, "
            + "\(deleted) deleted, \(movedIn) moved in, \(movedOut) moved out")
      }
    }

    // Carried-over items: those of surviving sections that are not deleted or reloaded.
    var carriedItems = Set<I>()
    for s in 0..<oldCount where !goneSections.contains(s) {
      for (i, item) in old[s].items.enumerated()
      where !goneItems.contains(ListIndexPath(item: i, section: s)) {
        carriedItems.insert(item)
      }
    }

    // Where items land (rule 2), and identities.
    for t in 0..<newCount {
      let items = new[t].items
      guard let s = sectionOrigin[t] else {
        for item in items {
          if carriedItems.contains(item) {
            return fail("item \(item) in fresh section \(t) was carried over")
          }
          outcome.freshItems.insert(item)
        }
        continue
      }
      var origin = [I?](repeating: nil, count: items.count)
      var filled = [Bool](repeating: false, count: items.count)
      for j in 0..<items.count where freshItemPaths.contains(ListIndexPath(item: j, section: t)) {
        filled[j] = true
      }
      for move in batch.movedItems where move.destination.section == t {
        origin[move.destination.item] = old[move.source.section].items[move.source.item]
        filled[move.destination.item] = true
      }
      var stayers = old[s].items.enumerated().filter {
        let path = ListIndexPath(item: $0.offset, section: s)
        return !goneItems.contains(path) && !itemSourceSet.contains(path)
      }.map(\.element)[...]
      for j in 0..<items.count where !filled[j] {
        guard let item = stayers.popFirst() else {
          return fail("section \(t): no surviving item left for slot \(j)")
        }
        origin[j] = item
      }
      if !stayers.isEmpty {
        return fail("section \(t): \(stayers.count) surviving items have no slot")
      }
      for j in 0..<items.count {
        let path = ListIndexPath(item: j, section: t)
        if let item = origin[j] {
          guard item == items[j] else {
            return fail("item slot \(path) shows \(item), expected \(items[j])")
          }
        } else {
          if carriedItems.contains(items[j]) {
            return fail("inserted slot \(path) holds \(items[j]), which was carried over")
          }
          if let from = reloadedItemTargets[path],
            old[from.section].items[from.item] != items[j]
          {
            return fail("item reload \(from) lands at \(path), which holds \(items[j])")
          }
          outcome.freshItems.insert(items[j])
        }
      }
    }
    outcome.movedItems = Set(batch.movedItems.map { old[$0.source.section].items[$0.source.item] })

    // Reconfigures, in the final layout: only cells that were kept.
    for path in batch.reconfiguredItems {
      let item = new[path.section].items[path.item]
      if outcome.freshItems.contains(item) {
        return fail("reconfigure \(path) of a fresh cell (\(item))")
      }
      outcome.reconfiguredItems.insert(item)
    }
    return outcome
  }
}

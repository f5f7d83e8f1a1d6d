import Snapshot

/// One batch applied to one old layout the way a list view applies it, and compared with one
/// new layout: the engine of ``BatchRules/simulate(old:batch:new:allowDeletesInMovedSections:)``.
///
/// The phases run in the order of section 6 of the rules; each throws the first rule it finds
/// broken. A phase relies on the ones before it (bounds before any indexing, duplicates
/// before the section count), so no phase can trap.
struct BatchSimulation<S: Hashable & Sendable, I: Hashable & Sendable> {
  typealias Layout = [LayoutSection<S, I>]
  typealias Rule = BatchRules.Rule

  let old: Layout
  let batch: BatchUpdate
  let new: Layout
  let allowDeletesInMovedSections: Bool
  var outcome = BatchRules.Outcome<S, I>()

  // Filled by the phases, in order.
  private var sectionSources: Set<Int> = []
  private var sectionDestinations: Set<Int> = []
  /// New index -> old index of every section reload.
  private var reloadedSectionTargets: [Int: Int] = [:]
  private var goneSections: Set<Int> = []
  private var freshSectionIndexes: Set<Int> = []
  private var itemSources: Set<ListIndexPath> = []
  /// New index path -> old index path of every item reload.
  private var reloadedItemTargets: [ListIndexPath: ListIndexPath] = [:]
  private var goneItems: Set<ListIndexPath> = []
  private var freshItemPaths: Set<ListIndexPath> = []
  /// For each new section, the old section it continues, or nil for a fresh one.
  private var sectionOrigin: [Int?] = []

  init(old: Layout, batch: BatchUpdate, new: Layout, allowDeletesInMovedSections: Bool) {
    self.old = old
    self.batch = batch
    self.new = new
    self.allowDeletesInMovedSections = allowDeletesInMovedSections
  }

  mutating func run() throws(BatchRules.Violation) {
    try checkBounds()
    try checkDuplicates()
    try checkSectionCombinations()
    try checkItemCombinations()
    try checkSectionCount()
    try placeSections()
    try checkItemCounts()
    try placeItems()
    try checkReconfigures()
  }

  // MARK: - Helpers

  private func invalid(_ rule: Rule, _ message: String) -> BatchRules.Violation {
    BatchRules.Violation(rule: rule, message: "Invalid update: " + message)
  }

  private static func inBounds(_ path: ListIndexPath, _ layout: Layout) -> Bool {
    layout.indices.contains(path.section) && layout[path.section].items.indices.contains(path.item)
  }

  /// Why section `index` is out of a frame of `count` sections.
  private static func sectionRoom(_ index: Int, count: Int, _ when: String) -> String {
    index < 0
      ? "but section numbers start at 0" : "but there are only \(count) sections \(when) the update"
  }

  /// Why `path` is out of `layout`.
  private static func itemRoom(_ path: ListIndexPath, in layout: Layout, _ when: String) -> String {
    guard layout.indices.contains(path.section) else {
      return sectionRoom(path.section, count: layout.count, when)
    }
    if path.item < 0 { return "but item numbers start at 0" }
    return "but there are only \(layout[path.section].items.count) items in section "
      + "\(path.section) \(when) the update"
  }

  private static func firstDuplicate<T: Hashable>(_ list: [T]) -> T? {
    var seen = Set<T>()
    return list.first { !seen.insert($0).inserted }
  }

  /// The number of elements of the ascending `sorted` that are less than `value`.
  private static func countLess(_ sorted: [Int], than value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = low + (high - low) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// ``BatchRules/shifted(_:deletes:inserts:)`` over ascending lists without duplicates.
  private static func shift(_ index: Int, sortedDeletes: [Int], sortedInserts: [Int]) -> Int {
    var position = index - countLess(sortedDeletes, than: index)
    for insert in sortedInserts {
      guard insert <= position else { break }
      position += 1
    }
    return position
  }

  // MARK: - Bounds

  private func checkBounds() throws(BatchRules.Violation) {
    let oldCount = old.count
    let newCount = new.count
    let oldSections = 0..<oldCount
    let newSections = 0..<newCount
    for s in batch.deletedSections where !oldSections.contains(s) {
      throw invalid(
        .sectionOutOfBounds,
        "attempt to delete section \(s), \(Self.sectionRoom(s, count: oldCount, "before"))")
    }
    for s in batch.reloadedSections where !oldSections.contains(s) {
      throw invalid(
        .sectionOutOfBounds,
        "attempt to reload section \(s), \(Self.sectionRoom(s, count: oldCount, "before"))")
    }
    for move in batch.movedSections where !oldSections.contains(move.source) {
      throw invalid(
        .sectionOutOfBounds,
        "attempt to move section \(move.source) to section \(move.destination), "
          + Self.sectionRoom(move.source, count: oldCount, "before"))
    }
    for s in batch.insertedSections where !newSections.contains(s) {
      throw invalid(
        .sectionOutOfBounds,
        "attempt to insert section \(s), \(Self.sectionRoom(s, count: newCount, "after"))")
    }
    for move in batch.movedSections where !newSections.contains(move.destination) {
      throw invalid(
        .sectionOutOfBounds,
        "attempt to move section \(move.source) to section \(move.destination), "
          + Self.sectionRoom(move.destination, count: newCount, "after"))
    }
    for path in batch.deletedItems where !Self.inBounds(path, old) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to delete item \(path.item) from section \(path.section), "
          + Self.itemRoom(path, in: old, "before"))
    }
    for path in batch.reloadedItems where !Self.inBounds(path, old) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to reload item \(path.item) from section \(path.section), "
          + Self.itemRoom(path, in: old, "before"))
    }
    for move in batch.movedItems where !Self.inBounds(move.source, old) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to move index path \(move.source) to index path \(move.destination), "
          + Self.itemRoom(move.source, in: old, "before"))
    }
    for path in batch.insertedItems where !Self.inBounds(path, new) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to insert item \(path.item) into section \(path.section), "
          + Self.itemRoom(path, in: new, "after"))
    }
    for move in batch.movedItems where !Self.inBounds(move.destination, new) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to move index path \(move.source) to index path \(move.destination), "
          + Self.itemRoom(move.destination, in: new, "after"))
    }
    for path in batch.reconfiguredItems where !Self.inBounds(path, new) {
      throw invalid(
        .itemOutOfBounds,
        "attempt to reconfigure item \(path.item) in section \(path.section), "
          + Self.itemRoom(path, in: new, "after"))
    }
  }

  // MARK: - Duplicates

  private func checkDuplicates() throws(BatchRules.Violation) {
    if let s = Self.firstDuplicate(batch.deletedSections) {
      throw invalid(.sectionUpdatedTwice, "attempt to delete the same section twice (\(s))")
    }
    if let s = Self.firstDuplicate(batch.insertedSections) {
      throw invalid(.sectionUpdatedTwice, "attempt to insert the same section twice (\(s))")
    }
    if let s = Self.firstDuplicate(batch.reloadedSections) {
      throw invalid(.sectionUpdatedTwice, "attempt to reload the same section twice (\(s))")
    }
    if let s = Self.firstDuplicate(batch.movedSections.map(\.source)) {
      throw invalid(
        .sectionMovedTwice, "attempt to perform multiple moves from the same section (\(s))")
    }
    if let s = Self.firstDuplicate(batch.movedSections.map(\.destination)) {
      throw invalid(
        .sectionMovedTwice, "attempt to perform multiple moves to the same section (\(s))")
    }
    if let path = Self.firstDuplicate(batch.deletedItems) {
      throw invalid(.itemUpdatedTwice, "attempt to delete the same index path twice (\(path))")
    }
    if let path = Self.firstDuplicate(batch.insertedItems) {
      throw invalid(.itemUpdatedTwice, "attempt to insert the same index path twice (\(path))")
    }
    if let path = Self.firstDuplicate(batch.reloadedItems) {
      throw invalid(.itemUpdatedTwice, "attempt to reload the same index path twice (\(path))")
    }
    if let path = Self.firstDuplicate(batch.movedItems.map(\.source)) {
      throw invalid(
        .itemMovedTwice, "attempt to perform multiple moves from the same index path (\(path))")
    }
    if let path = Self.firstDuplicate(batch.movedItems.map(\.destination)) {
      throw invalid(
        .itemMovedTwice, "attempt to perform multiple moves to the same index path (\(path))")
    }
    if let path = Self.firstDuplicate(batch.reconfiguredItems) {
      throw invalid(
        .itemUpdatedTwice, "attempt to reconfigure the same index path twice (\(path))")
    }
  }

  // MARK: - Illegal combinations

  private mutating func checkSectionCombinations() throws(BatchRules.Violation) {
    let deleted = Set(batch.deletedSections)
    let inserted = Set(batch.insertedSections)
    let reloaded = Set(batch.reloadedSections)
    sectionSources = Set(batch.movedSections.map(\.source))
    sectionDestinations = Set(batch.movedSections.map(\.destination))
    if let s = deleted.intersection(sectionSources).min() {
      throw invalid(
        .sectionDeletedAndMoved,
        "attempt to perform a delete and a move from the same section (\(s))"
      )
    }
    if let s = deleted.intersection(reloaded).min() {
      throw invalid(
        .sectionDeletedAndReloaded, "attempt to delete and reload the same section (\(s))")
    }
    if let s = reloaded.intersection(sectionSources).min() {
      throw invalid(.sectionReloadedAndMoved, "attempt to reload and move the same section (\(s))")
    }
    if let s = inserted.intersection(sectionDestinations).min() {
      throw invalid(
        .sectionInsertedAndMoved,
        "attempt to perform an insert and a move to the same section (\(s))"
      )
    }
    let sortedDeletes = batch.deletedSections.sorted()
    let sortedInserts = batch.insertedSections.sorted()
    for s in batch.reloadedSections {
      let target = Self.shift(s, sortedDeletes: sortedDeletes, sortedInserts: sortedInserts)
      let becomes = "the view turns the reload of section \(s) into an insert of section \(target)"
      guard target < new.count else {
        throw invalid(
          .sectionOutOfBounds,
          "attempt to reload section \(s), which the view turns into an insert of section "
            + "\(target), but there are only \(new.count) sections after the update")
      }
      if sectionDestinations.contains(target) {
        throw invalid(
          .sectionInsertedAndMoved,
          "attempt to perform an insert and a move to the same section (\(target)): \(becomes)")
      }
      if inserted.contains(target) || reloadedSectionTargets[target] != nil {
        throw invalid(
          .sectionUpdatedTwice, "attempt to insert the same section twice (\(target)): \(becomes)")
      }
      reloadedSectionTargets[target] = s
    }
    goneSections = deleted.union(reloaded)
    freshSectionIndexes = inserted.union(reloadedSectionTargets.keys)
  }

  // swiftlint:disable:next function_body_length cyclomatic_complexity
  private mutating func checkItemCombinations() throws(BatchRules.Violation) {
    let deleted = Set(batch.deletedItems)
    let inserted = Set(batch.insertedItems)
    let reloaded = Set(batch.reloadedItems)
    itemSources = Set(batch.movedItems.map(\.source))
    let itemDestinations = Set(batch.movedItems.map(\.destination))
    if let path = deleted.intersection(itemSources).min() {
      throw invalid(
        .itemDeletedAndMoved,
        "attempt to perform a delete and a move from the same index path (\(path))")
    }
    if let path = deleted.intersection(reloaded).min() {
      throw invalid(
        .itemDeletedAndReloaded, "attempt to delete and reload the same index path (\(path))")
    }
    if let path = reloaded.intersection(itemSources).min() {
      throw invalid(
        .itemReloadedAndMoved, "attempt to reload and move the same index path (\(path))")
    }
    if let path = inserted.intersection(itemDestinations).min() {
      throw invalid(
        .itemInsertedAndMoved,
        "attempt to perform an insert and a move to the same index path (\(path))")
    }
    let goneSection = "which is itself deleted or reloaded"
    let freshSection = "which is itself inserted or reloaded"
    for path in batch.deletedItems where goneSections.contains(path.section) {
      throw invalid(
        .itemInDeletedSection,
        "attempt to delete index path \(path) inside section \(path.section), \(goneSection)")
    }
    for path in batch.reloadedItems where goneSections.contains(path.section) {
      throw invalid(
        .itemInDeletedSection,
        "attempt to reload index path \(path) inside section \(path.section), \(goneSection)")
    }
    for move in batch.movedItems where goneSections.contains(move.source.section) {
      throw invalid(
        .itemInDeletedSection,
        "attempt to move index path \(move.source) to index path \(move.destination) out of "
          + "section \(move.source.section), \(goneSection)")
    }
    for path in batch.insertedItems where freshSectionIndexes.contains(path.section) {
      throw invalid(
        .itemInInsertedSection,
        "attempt to insert index path \(path) into section \(path.section), \(freshSection)")
    }
    for move in batch.movedItems where freshSectionIndexes.contains(move.destination.section) {
      throw invalid(
        .itemInInsertedSection,
        "attempt to move index path \(move.source) to index path \(move.destination) into "
          + "section \(move.destination.section), \(freshSection)")
    }
    for path in batch.insertedItems where sectionDestinations.contains(path.section) {
      throw invalid(
        .itemInMovedSection,
        "attempt to insert index path \(path) into section \(path.section), the destination "
          + "of a section move")
    }
    for move in batch.movedItems where sectionDestinations.contains(move.destination.section) {
      throw invalid(
        .itemInMovedSection,
        "attempt to move index path \(move.source) to index path \(move.destination) into "
          + "section \(move.destination.section), the destination of a section move")
    }
    for move in batch.movedItems where sectionSources.contains(move.source.section) {
      throw invalid(
        .itemInMovedSection,
        "attempt to move index path \(move.source) to index path \(move.destination) out of "
          + "section \(move.source.section), the source of a section move")
    }
    for path in batch.reloadedItems where sectionSources.contains(path.section) {
      throw invalid(
        .itemInMovedSection,
        "attempt to reload index path \(path) inside section \(path.section), the source of a "
          + "section move")
    }
    if !allowDeletesInMovedSections {
      for path in batch.deletedItems where sectionSources.contains(path.section) {
        throw invalid(
          .itemInMovedSection,
          "attempt to delete index path \(path) inside section \(path.section), the source of "
            + "a section move (counted right, but animates badly)")
      }
    }

    // Reloads: the view turns each into a delete plus an insert, shifted by the batch's own
    // deletes and inserts but not by its moves.
    let sortedSectionDeletes = batch.deletedSections.sorted()
    let sortedSectionInserts = batch.insertedSections.sorted()
    var deletesBySection: [Int: [Int]] = [:]
    for path in batch.deletedItems { deletesBySection[path.section, default: []].append(path.item) }
    var insertsBySection: [Int: [Int]] = [:]
    for path in batch.insertedItems {
      insertsBySection[path.section, default: []].append(path.item)
    }
    for key in deletesBySection.keys { deletesBySection[key]?.sort() }
    for key in insertsBySection.keys { insertsBySection[key]?.sort() }
    for path in batch.reloadedItems {
      let section = Self.shift(
        path.section, sortedDeletes: sortedSectionDeletes, sortedInserts: sortedSectionInserts)
      let item = Self.shift(
        path.item, sortedDeletes: deletesBySection[path.section] ?? [],
        sortedInserts: insertsBySection[section] ?? [])
      let target = ListIndexPath(item: item, section: section)
      let becomes = "the view turns the reload of index path \(path) into an insert at \(target)"
      guard Self.inBounds(target, new) else {
        throw invalid(
          .itemOutOfBounds,
          "attempt to reload index path \(path), which the view turns into an insert at "
            + "\(target), \(Self.itemRoom(target, in: new, "after"))")
      }
      if itemDestinations.contains(target) {
        throw invalid(
          .itemInsertedAndMoved,
          "attempt to perform an insert and a move to the same index path (\(target)): \(becomes)"
        )
      }
      if inserted.contains(target) || reloadedItemTargets[target] != nil {
        throw invalid(
          .itemUpdatedTwice, "attempt to insert the same index path twice (\(target)): \(becomes)")
      }
      if freshSectionIndexes.contains(section) {
        throw invalid(
          .itemInInsertedSection,
          "attempt to reload index path \(path) into section \(section), \(freshSection): "
            + becomes)
      }
      if sectionDestinations.contains(section) {
        throw invalid(
          .itemInMovedSection,
          "attempt to reload index path \(path) into section \(section), the destination of a "
            + "section move: \(becomes)")
      }
      reloadedItemTargets[target] = path
    }
    goneItems = deleted.union(reloaded)
    freshItemPaths = inserted.union(reloadedItemTargets.keys)
  }

  // MARK: - Counts and placement

  private func checkSectionCount() throws(BatchRules.Violation) {
    let expected = old.count + freshSectionIndexes.count - goneSections.count
    guard expected == new.count else {
      throw invalid(
        .sectionCount,
        "invalid number of sections. The number of sections contained in the collection view "
          + "after the update (\(new.count)) must be equal to the number of sections contained "
          + "in the collection view before the update (\(old.count)), plus or minus the number "
          + "of sections inserted or deleted (\(freshSectionIndexes.count) inserted, "
          + "\(goneSections.count) deleted).")
    }
  }

  /// Rule 2 for sections: moved ones take their destinations, fresh ones their indexes, the
  /// others keep their order in the free slots; then identities.
  private mutating func placeSections() throws(BatchRules.Violation) {
    sectionOrigin = [Int?](repeating: nil, count: new.count)
    for move in batch.movedSections { sectionOrigin[move.destination] = move.source }
    var survivors = old.indices.filter {
      !goneSections.contains($0) && !sectionSources.contains($0)
    }[...]
    // The section count holds, so there are exactly as many survivors as free slots.
    for t in new.indices
    where !freshSectionIndexes.contains(t) && !sectionDestinations.contains(t) {
      sectionOrigin[t] = survivors.popFirst()
    }
    var carriedSections = Set<S>()
    for t in new.indices {
      guard let s = sectionOrigin[t] else { continue }
      guard new[t].id == old[s].id else {
        throw invalid(
          .sectionIdentity,
          "section \(t) after the update shows section \(s) from before the update "
            + "(\(old[s].id)), but the new layout has \(new[t].id) there")
      }
      carriedSections.insert(old[s].id)
    }
    for t in freshSectionIndexes.sorted() {
      if carriedSections.contains(new[t].id) {
        throw invalid(
          .sectionIdentity,
          "inserted section \(t) holds \(new[t].id), which is carried over from before the "
            + "update")
      }
      if let s = reloadedSectionTargets[t], new[t].id != old[s].id {
        throw invalid(
          .sectionIdentity,
          "the reload of section \(s) (\(old[s].id)) lands at section \(t), which holds "
            + "\(new[t].id)")
      }
      outcome.freshSections.insert(new[t].id)
    }
    outcome.movedSections = Set(batch.movedSections.map { old[$0.source].id })
  }

  /// The item count of every continuing section, the way UIKit counts: a move counts as in or
  /// out only when the raw numbers of its source and destination sections differ.
  private func checkItemCounts() throws(BatchRules.Violation) {
    var insertedInto: [Int: Int] = [:]
    for path in freshItemPaths { insertedInto[path.section, default: 0] += 1 }
    var deletedFrom: [Int: Int] = [:]
    for path in goneItems { deletedFrom[path.section, default: 0] += 1 }
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    for move in batch.movedItems where move.source.section != move.destination.section {
      movedIn[move.destination.section, default: 0] += 1
      movedOut[move.source.section, default: 0] += 1
    }
    for t in new.indices {
      guard let s = sectionOrigin[t] else { continue }
      let inserted = insertedInto[t, default: 0]
      let deleted = deletedFrom[s, default: 0]
      let into = movedIn[t, default: 0]
      let outOf = movedOut[s, default: 0]
      let before = old[s].items.count
      let after = new[t].items.count
      guard before + inserted + into - deleted - outOf == after else {
        throw invalid(
          .itemCount,
          "invalid number of items in section \(t). The number of items contained in an "
            + "existing section after the update (\(after)) must be equal to the number of "
            + "items contained in that section before the update (\(before)), plus or minus the "
            + "number of items inserted or deleted from that section (\(inserted) inserted, "
            + "\(deleted) deleted) and plus or minus the number of items moved into or out of "
            + "that section (\(into) moved in, \(outOf) moved out).")
      }
    }
  }

  /// Rule 2 for items, section by section, then identities.
  // swiftlint:disable:next function_body_length cyclomatic_complexity
  private mutating func placeItems() throws(BatchRules.Violation) {
    // Carried-over items: those of surviving sections that are not deleted or reloaded.
    var carriedItems = Set<I>()
    for s in old.indices where !goneSections.contains(s) {
      for (i, item) in old[s].items.enumerated()
      where !goneItems.contains(ListIndexPath(item: i, section: s)) {
        carriedItems.insert(item)
      }
    }
    var movesInto: [Int: [BatchUpdate.ItemMove]] = [:]
    for move in batch.movedItems { movesInto[move.destination.section, default: []].append(move) }

    for t in new.indices {
      let items = new[t].items
      guard let s = sectionOrigin[t] else {
        for item in items {
          if carriedItems.contains(item) {
            throw invalid(
              .itemIdentity,
              "item \(item) in section \(t), which is inserted or reloaded, is carried over "
                + "from before the update")
          }
          outcome.freshItems.insert(item)
        }
        continue
      }
      var origin = [I?](repeating: nil, count: items.count)
      var filled = [Bool](repeating: false, count: items.count)
      for j in items.indices where freshItemPaths.contains(ListIndexPath(item: j, section: t)) {
        filled[j] = true
      }
      for move in movesInto[t, default: []] {
        origin[move.destination.item] = old[move.source.section].items[move.source.item]
        filled[move.destination.item] = true
      }
      var stayers = old[s].items.enumerated().filter {
        let path = ListIndexPath(item: $0.offset, section: s)
        return !goneItems.contains(path) && !itemSources.contains(path)
      }.map(\.element)[...]
      for j in items.indices where !filled[j] {
        guard let item = stayers.popFirst() else {
          throw invalid(
            .itemIdentity,
            "section \(t) after the update has more slots than items: no surviving item of "
              + "section \(s) is left for index path \(ListIndexPath(item: j, section: t))")
        }
        origin[j] = item
      }
      if !stayers.isEmpty {
        throw invalid(
          .itemIdentity,
          "section \(t) after the update has no slot left for \(stayers.count) surviving items "
            + "of section \(s)")
      }
      for j in items.indices {
        let path = ListIndexPath(item: j, section: t)
        if let item = origin[j] {
          guard item == items[j] else {
            throw invalid(
              .itemIdentity,
              "index path \(path) after the update shows \(item), but the new layout has "
                + "\(items[j]) there")
          }
        } else {
          if carriedItems.contains(items[j]) {
            throw invalid(
              .itemIdentity,
              "inserted index path \(path) holds \(items[j]), which is carried over from "
                + "before the update")
          }
          if let from = reloadedItemTargets[path] {
            let reloadedItem = old[from.section].items[from.item]
            if reloadedItem != items[j] {
              throw invalid(
                .itemIdentity,
                "the reload of index path \(from) (\(reloadedItem)) lands at \(path), which "
                  + "holds \(items[j])")
            }
          }
          outcome.freshItems.insert(items[j])
        }
      }
    }
    outcome.movedItems = Set(batch.movedItems.map { old[$0.source.section].items[$0.source.item] })
  }

  /// Reconfigures, in the final layout: only cells that were kept.
  private mutating func checkReconfigures() throws(BatchRules.Violation) {
    for path in batch.reconfiguredItems {
      let item = new[path.section].items[path.item]
      if outcome.freshItems.contains(item) {
        throw invalid(
          .reconfigureOfFreshItem,
          "attempt to reconfigure index path \(path) (\(item)), which gets a fresh cell in "
            + "this update (inserted, reloaded, or in an inserted or reloaded section)")
      }
      outcome.reconfiguredItems.insert(item)
    }
  }
}

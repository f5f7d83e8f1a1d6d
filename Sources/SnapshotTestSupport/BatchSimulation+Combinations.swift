import Snapshot

// The illegal combinations of updates on one section or one index path; they fill in the
// sources, destinations, reload targets and fresh or gone indexes the later phases read.

extension BatchSimulation {
  mutating func checkSectionCombinations() throws(BatchRules.Violation) {
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
  mutating func checkItemCombinations() throws(BatchRules.Violation) {
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
}

// The counts-only mode's check of a batch: UIKit's count rules alone, in O(k log k) when the
// batch leaves the sections as they are, else O(s + k log k). Not UIKit API.

import Foundation
import Snapshot

extension FakeListCore {
  /// Checks `batch` against the counts before it (``countedRows``) and the data source's
  /// after it, and keeps those. A batch that leaves the sections as they are (and the
  /// section count with them) has only the sections its item entries touch read again, a
  /// section it does not touch taken to keep its count: O(k log k) for k entries. Any other
  /// batch has every section read again: O(s + k log k).
  func checkCounts(_ batch: BatchUpdate) {
    guard let owner, owner.fakeHasDataSource else {
      if let violation = countViolation(old: countedRows, batch: batch, new: []) {
        fail(violation)
      }
      countedRows = []
      return
    }
    let keepsSections =
      batch.deletedSections.isEmpty && batch.insertedSections.isEmpty
      && batch.reloadedSections.isEmpty && batch.movedSections.isEmpty
    guard keepsSections, max(0, owner.fakeSectionCount()) == countedRows.count else {
      let counts = readCounts() ?? []
      if let violation = countViolation(old: countedRows, batch: batch, new: counts) {
        fail(violation)
      }
      countedRows = counts
      return
    }
    let violation = itemCountViolation(old: countedRows, batch: batch) {
      max(0, owner.fakeItemCount($0))
    }
    if let violation { fail(violation) }
    for section in touched { countedRows[section.index] = section.new }
  }

  /// A touched section's tally in a batch that keeps the sections.
  struct TouchedSection {
    var index: Int
    var new = 0
    var inserted = 0
    var deleted = 0
    var movedIn = 0
    var movedOut = 0
  }

  /// ``countViolation(old:batch:new:)`` for a batch that keeps the sections, with the new
  /// counts of the sections its item entries touch (`read`; the others keep theirs). Leaves
  /// those sections in ``touched``, sorted (it and ``touchedIndexes`` keep their storage from
  /// one update to the next: no allocation once they are large enough).
  ///
  /// - Complexity: O(k log k) for k entries, plus a `read` per touched section.
  func itemCountViolation(old: [Int], batch: BatchUpdate, read: (Int) -> Int) -> String? {
    touchedIndexes.removeAll(keepingCapacity: true)
    for path in batch.insertedItems { touchedIndexes.append(path.section) }
    for path in batch.deletedItems { touchedIndexes.append(path.section) }
    for move in batch.movedItems where move.source.section != move.destination.section {
      touchedIndexes.append(move.source.section)
      touchedIndexes.append(move.destination.section)
    }
    touchedIndexes.sort()
    touched.removeAll(keepingCapacity: true)
    for section in touchedIndexes
    where touched.last?.index != section && old.indices.contains(section) {
      touched.append(TouchedSection(index: section, new: read(section)))
    }
    if let bad = firstOutOfFrame(batch, old: old) { return bad }
    for path in batch.insertedItems { touched[slot(path.section)!].inserted += 1 }
    for path in batch.deletedItems { touched[slot(path.section)!].deleted += 1 }
    for move in batch.movedItems where move.source.section != move.destination.section {
      touched[slot(move.destination.section)!].movedIn += 1
      touched[slot(move.source.section)!].movedOut += 1
    }
    for t in touched
    where old[t.index] + t.inserted + t.movedIn - t.deleted - t.movedOut != t.new {
      return "invalid number of items in section \(t.index). The number of items contained in an "
        + "existing section after the update (\(t.new)) must be equal to the number of items "
        + "contained in that section before the update (\(old[t.index])), plus or minus the "
        + "number of items inserted or deleted from that section (\(t.inserted) inserted, "
        + "\(t.deleted) deleted) and plus or minus the number of items moved into or out of "
        + "that section (\(t.movedIn) moved in, \(t.movedOut) moved out)."
    }
    return nil
  }

  /// The place of `section` in ``touched``, or nil. O(log t).
  func slot(_ section: Int) -> Int? {
    var (low, high) = (0, touched.count)
    while low < high {
      let middle = (low + high) / 2
      if touched[middle].index < section { low = middle + 1 } else { high = middle }
    }
    return low < touched.count && touched[low].index == section ? low : nil
  }

  /// The first entry of `batch` (keeping its sections) outside its frame, worded as UIKit's
  /// exception: an old index path outside `old`, a new one outside the new counts (the
  /// touched sections' in ``touched``, the others' in `old`). O(k log t).
  func firstOutOfFrame(_ batch: BatchUpdate, old: [Int]) -> String? {
    func inOld(_ path: ListIndexPath) -> Bool {
      old.indices.contains(path.section) && (0..<old[path.section]).contains(path.item)
    }
    func inNew(_ path: ListIndexPath) -> Bool {
      guard old.indices.contains(path.section) else { return false }
      let count = slot(path.section).map { touched[$0].new } ?? old[path.section]
      return (0..<count).contains(path.item)
    }
    let before =
      batch.deletedItems.first { !inOld($0) } ?? batch.reloadedItems.first { !inOld($0) }
      ?? batch.movedItems.first { !inOld($0.source) }?.source
    if let bad = before {
      return "attempt to delete or move item \(bad.item) from section \(bad.section), which "
        + "does not exist before the update"
    }
    let after =
      batch.insertedItems.first { !inNew($0) }
      ?? batch.movedItems.first { !inNew($0.destination) }?.destination
    if let bad = after {
      return "attempt to insert or move to item \(bad.item) in section \(bad.section), which "
        + "does not exist after the update"
    }
    return nil
  }

  /// The first of UIKit's count rules `batch` breaks between sections of `old` and `new` row
  /// counts, worded as UIKit's exception; nil when it keeps them all: every index within
  /// its frame, the section count, and the item count of every continuing section (a move
  /// counted in or out only when the raw numbers of its sections differ).
  ///
  /// - Complexity: O(s + k log k) for s sections and k entries (the position map's).
  func countViolation(old: [Int], batch: BatchUpdate, new: [Int]) -> String? {
    if let bad =
      (batch.deletedSections + batch.reloadedSections + batch.movedSections.map(\.source))
      .first(where: { !old.indices.contains($0) })
    {
      return "attempt to delete or move section \(bad), but there are only \(old.count) "
        + "sections before the update"
    }
    if let bad = (batch.insertedSections + batch.movedSections.map(\.destination))
      .first(where: { !new.indices.contains($0) })
    {
      return "attempt to insert or move to section \(bad), but there are only \(new.count) "
        + "sections after the update"
    }
    let inFrame = { (counts: [Int], path: ListIndexPath) in
      counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.item)
    }
    let oldPaths = batch.deletedItems + batch.reloadedItems + batch.movedItems.map(\.source)
    if let bad = oldPaths.first(where: { !inFrame(old, $0) }) {
      return "attempt to delete or move item \(bad.item) from section \(bad.section), which "
        + "does not exist before the update"
    }
    let newPaths = batch.insertedItems + batch.movedItems.map(\.destination)
    if let bad = newPaths.first(where: { !inFrame(new, $0) }) {
      return "attempt to insert or move to item \(bad.item) in section \(bad.section), which "
        + "does not exist after the update"
    }
    let inserted = batch.insertedSections.count
    let deleted = batch.deletedSections.count
    guard old.count + inserted - deleted == new.count else {
      return "invalid number of sections. The number of sections contained in the collection "
        + "view after the update (\(new.count)) must be equal to the number of sections "
        + "contained in the collection view before the update (\(old.count)), plus or minus "
        + "the number of sections inserted or deleted (\(inserted) inserted, \(deleted) "
        + "deleted)."
    }
    var change: [Int: (inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)] = [:]
    for path in batch.insertedItems { change[path.section, default: (0, 0, 0, 0)].inserted += 1 }
    for path in batch.deletedItems { change[path.section, default: (0, 0, 0, 0)].deleted += 1 }
    for move in batch.movedItems where move.source.section != move.destination.section {
      change[move.destination.section, default: (0, 0, 0, 0)].movedIn += 1
      change[move.source.section, default: (0, 0, 0, 0)].movedOut += 1
    }
    // The sections' map alone (the items' entries play no part in where sections go); none
    // when no section changes, every section then continuing itself.
    let sectionsChange =
      !(batch.deletedSections.isEmpty && batch.insertedSections.isEmpty
      && batch.reloadedSections.isEmpty && batch.movedSections.isEmpty)
    var sections = BatchUpdate()
    if sectionsChange {
      sections.deletedSections = batch.deletedSections
      sections.insertedSections = batch.insertedSections
      sections.reloadedSections = batch.reloadedSections
      sections.movedSections = batch.movedSections
    }
    let map = sectionsChange ? sections.positionMap : nil
    for t in new.indices {
      // The old section that section t continues (itself when no section changes).
      guard let s = map == nil ? t : map?.oldSection(forNew: t) else { continue }
      let into = change[t, default: (0, 0, 0, 0)]
      let from = change[s, default: (0, 0, 0, 0)]
      guard old[s] + into.inserted + into.movedIn - from.deleted - from.movedOut == new[t] else {
        return "invalid number of items in section \(t). The number of items contained in an "
          + "existing section after the update (\(new[t])) must be equal to the number of "
          + "items contained in that section before the update (\(old[s])), plus or minus the "
          + "number of items inserted or deleted from that section (\(into.inserted) "
          + "inserted, \(from.deleted) deleted) and plus or minus the number of items moved "
          + "into or out of that section (\(into.movedIn) moved in, \(from.movedOut) moved "
          + "out)."
      }
    }
    return nil
  }
}

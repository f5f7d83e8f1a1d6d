import Snapshot

// The bounds: every section and index path a batch names lies in the layout it refers to
// (deletes, reloads and move sources in the old one; inserts, move destinations and
// reconfigures in the new one).

extension BatchSimulation {
  func checkBounds() throws(BatchRules.Violation) {
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
}

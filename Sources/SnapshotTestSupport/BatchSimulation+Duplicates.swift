import Snapshot

// The duplicates: no section or index path is deleted, inserted, reloaded, reconfigured,
// moved from or moved to twice.

extension BatchSimulation {
  func checkDuplicates() throws(BatchRules.Violation) {
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
}

import SnapshotTestSupport

@testable import Snapshot

/// The position map of `batch`, checked against what the simulator made of the batch
/// (`outcome`, from ``BatchRules/simulate(old:batch:new:allowDeletesInMovedSections:)``):
/// every old section and row maps to where its identifier is in `new`, or to nil exactly when
/// the batch gives it a fresh cell or drops it; every new one maps back likewise. Returns the
/// first disagreement, or nil.
func verifyPositionMap(
  old: Layout, batch: BatchUpdate, new: Layout, outcome: BatchRules.Outcome<Int, Int>
) -> String? {
  let map = batch.positionMap
  let oldPlaces = places(old)
  let newPlaces = places(new)
  let oldSection = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
  let newSection = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
  for (s, section) in old.enumerated() {
    let expected = outcome.freshSections.contains(section.id) ? nil : newSection[section.id]
    let mapped = map.newSection(forOld: s)
    if mapped != expected { return "section \(s) maps to \(String(describing: mapped))" }
  }
  for (t, section) in new.enumerated() {
    let expected = outcome.freshSections.contains(section.id) ? nil : oldSection[section.id]
    let mapped = map.oldSection(forNew: t)
    if mapped != expected { return "new section \(t) maps back to \(String(describing: mapped))" }
  }
  for (item, path) in oldPlaces {
    let expected = outcome.freshItems.contains(item) ? nil : newPlaces[item]
    let mapped = map.newIndexPath(forOld: path)
    if mapped != expected {
      return "\(path) (\(item)) maps to \(String(describing: mapped)), not "
        + String(describing: expected)
    }
  }
  for (item, path) in newPlaces {
    let expected = outcome.freshItems.contains(item) ? nil : oldPlaces[item]
    let mapped = map.oldIndexPath(forNew: path)
    if mapped != expected {
      return "new \(path) (\(item)) maps back to \(String(describing: mapped)), not "
        + String(describing: expected)
    }
  }
  return nil
}

/// The staged map of `staged` from `old`: every row it maps lands on the same identifier in
/// `new` (and back), and it maps exactly the rows no stage refreshes, drops or brings.
func verifyStagedPositionMap(
  old: Layout, staged: StagedBatchUpdate<Int, Int>, new: Layout, refreshed: Set<Int>
) -> String? {
  let map = staged.positionMap
  let oldPlaces = places(old)
  let newPlaces = places(new)
  for (item, path) in oldPlaces {
    let expected = refreshed.contains(item) ? nil : newPlaces[item]
    let mapped = map.newIndexPath(forOld: path)
    if mapped != expected {
      return "staged: \(path) (\(item)) maps to \(String(describing: mapped))"
    }
    if let mapped, map.oldIndexPath(forNew: mapped) != path {
      return "staged: \(path) does not map back from \(mapped)"
    }
  }
  for (item, path) in newPlaces where refreshed.contains(item) || oldPlaces[item] == nil {
    if let back = map.oldIndexPath(forNew: path) {
      return "staged: new \(path) (\(item)) maps back to \(back)"
    }
  }
  return nil
}

/// Every item's index path.
private func places(_ layout: Layout) -> [Int: ListIndexPath] {
  var places: [Int: ListIndexPath] = [:]
  for (s, section) in layout.enumerated() {
    for (i, item) in section.items.enumerated() {
      places[item] = ListIndexPath(item: i, section: s)
    }
  }
  return places
}

// The fake's performBatchUpdates and reconfigureItems: the "before" counts re-read when the
// layout is stale, the calls collected, the batch checked with BatchRules on the identities,
// the completion on a later main-actor turn. Not UIKit API.

import Foundation
import Snapshot
import SnapshotTestSupport

extension UICollectionView {
  func fakePerformBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    guard fakeAllowsReentry("performBatchUpdates") else { return }
    fakeLog("performBatchUpdates {")
    // A batch interrupts the animations of the ones before it.
    for key in fake.pending.keys { fake.pending[key]?.finished = false }
    guard let dataSource else {
      fakeFail("performBatchUpdates without a data source")
      return
    }
    // UIKit takes "before" from its data source when its layout is stale: the counts only
    // (it has no cells yet), so the rows' identities before the batch are unknown.
    let stale = fake.layoutIsStale
    fakeCount(stale ? "stale batch" : "batch")
    if stale {
      fake.layoutIsStale = false
      let sectionCount = max(0, dataSource.numberOfSections(in: self))
      fake.sectionTokens = (0..<sectionCount).map { _ in fakeToken() }
      fake.rows = (0..<sectionCount).map { s in
        let count = max(0, dataSource.collectionView(self, numberOfItemsInSection: s))
        return (0..<count).map { _ in "(unknown \(fakeToken()))" }
      }
    }
    let old = zip(fake.sectionTokens, fake.rows).map { LayoutSection($0, items: $1) }
    fake.collecting = BatchUpdate()
    updates?()
    let batch = fake.collecting!
    fake.collecting = nil
    fakeLog("}")
    // After the closure: the "after" counts, and every cell (each must hold its row).
    let rows = fakeReadRows(dataSource)
    let map = batch.positionMap
    // A section keeps its token where it lands (a reloaded one where its reload lands).
    var origin: [Int: Int] = [:]
    for s in batch.reloadedSections {
      let t = BatchRules.shifted(s, deletes: batch.deletedSections, inserts: batch.insertedSections)
      origin[t] = s
    }
    let tokens = rows.indices.map { t in
      (map.oldSection(forNew: t) ?? origin[t]).flatMap {
        fake.sectionTokens.indices.contains($0) ? fake.sectionTokens[$0] : nil
      } ?? fakeToken()
    }
    let new = zip(tokens, rows).map { LayoutSection($0, items: $1) }
    if let violation = BatchRules.simulate(old: old, batch: batch, new: new).violation,
      !(stale && [.itemIdentity, .sectionIdentity].contains(violation.rule))
    {
      fakeFail(violation.message)
    }
    fake.rows = rows
    fake.sectionTokens = tokens
    fake.cells = fake.cells.filter {
      $0.key.section < rows.count && $0.key.item < rows[$0.key.section].count
    }
    guard let completion else { return }
    let key = fake.nextCompletion
    fake.nextCompletion += 1
    fake.pending[key] = (completion, true)
    Task { @MainActor in
      if let entry = self.fake.pending.removeValue(forKey: key) { entry.completion(entry.finished) }
    }
  }

  func fakeReconfigure(_ indexPaths: [IndexPath]) {
    fakeLog("reconfigureItems(at: \(indexPaths))")
    fakeCount("reconfigure")
    if fake.collecting != nil {
      fakeFail("reconfigureItems(at:) called inside performBatchUpdates: reconfigure after it")
      return
    }
    fakeLayoutIfStale()
    guard let dataSource else { return }
    for indexPath in indexPaths {
      guard fake.rows.indices.contains(indexPath.section),
        fake.rows[indexPath.section].indices.contains(indexPath.item)
      else {
        fakeFail("attempt to reconfigure item at index path \(indexPath), which does not exist")
        continue
      }
      guard let existing = fake.cells[indexPath] else { continue }
      fake.reconfiguring = indexPath
      let identity = fakeRequestCell(dataSource, indexPath)
      fake.reconfiguring = nil
      if fake.cells[indexPath] !== existing {
        fakeFail("reconfigure of \(indexPath) returned a cell other than the existing one")
      }
      if identity != fake.rows[indexPath.section][indexPath.item] {
        fakeFail("reconfigure of \(indexPath) shows \(identity ?? "nothing"), another row")
      }
    }
  }
}

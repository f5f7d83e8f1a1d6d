// The fake's performBatchUpdates and reconfigure: the "before" counts re-read when the
// layout is stale, the calls collected, the batch checked with BatchRules on the identities,
// the completion on a later main-actor turn. Not UIKit API.

import Foundation
import Snapshot
import SnapshotTestSupport

extension FakeListCore {
  package func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    guard allowsReentry("performBatchUpdates") else { return }
    log("performBatchUpdates {")
    // A batch interrupts the animations of the ones before it.
    batchesStarted += 1
    guard let owner, owner.fakeHasDataSource else {
      fail("performBatchUpdates without a data source")
      return
    }
    // UIKit takes "before" from its data source when its layout is stale: the counts only
    // (it has no cells yet), so the rows' identities before the batch are unknown.
    let stale = layoutIsStale
    count(stale ? Counter.staleBatch : .batch)
    if stale {
      layoutIsStale = false
      let counts = readCounts() ?? []
      sectionTokens = counts.map { _ in token() }
      if mode == .countsOnly {
        countedRows = counts
      } else {
        rows = counts.map { (0..<$0).map { _ in "(unknown \(token()))" } }
      }
    }
    let old = mode == .faithful ? zip(sectionTokens, rows).map { LayoutSection($0, items: $1) } : []
    collecting = freshBatch()
    updates?()
    let batch = collecting.take()!
    log("}")
    if mode == .countsOnly {
      checkCounts(batch)
      // Its storage for the next batch: moved, not copied (its last use).
      spareBatch = batch
    } else {
      check(batch, old: old, stale: stale)
    }
    guard let completion else { return }
    pending.append(PendingCompletion(completion: completion, started: batchesStarted))
    // One later main-actor turn runs every completion waiting by then, in order.
    if pending.count == 1 {
      Task { @MainActor in self.runPendingCompletions() }
    }
  }

  /// An empty batch to collect into: in ``Mode/countsOnly``, the last one's storage, emptied
  /// (no allocation once it is large enough).
  func freshBatch() -> BatchUpdate {
    guard mode == .countsOnly else { return BatchUpdate() }
    var batch = BatchUpdate()
    swap(&batch, &spareBatch)
    // Only the lists the last batch filled (most batches fill one or two).
    func empty<Element>(_ list: inout [Element]) {
      if !list.isEmpty { list.removeAll(keepingCapacity: true) }
    }
    empty(&batch.insertedSections)
    empty(&batch.deletedSections)
    empty(&batch.reloadedSections)
    empty(&batch.movedSections)
    empty(&batch.insertedItems)
    empty(&batch.deletedItems)
    empty(&batch.reloadedItems)
    empty(&batch.movedItems)
    return batch
  }

  /// Runs the waiting completions in the order of their batches, each `finished` unless a
  /// batch started after its own.
  func runPendingCompletions() {
    let entries = pending
    pending = []
    for entry in entries { entry.completion(entry.started == batchesStarted) }
  }

  /// The faithful mode's check of `batch` against the rows as identities, and its cells.
  func check(_ batch: BatchUpdate, old: [LayoutSection<Int, String>], stale: Bool) {
    // A move of the row onto its own index path leaves it in place (a batch may need one).
    if let (identity, move) = interactivelyMoved,
      batch.movedItems.contains(where: {
        $0 == move || ($0.source != $0.destination && identity == old.item(at: $0.source))
      })
    {
      fail("row \(identity) moved twice: the view had already moved it (interactive move)")
    }
    // After the closure: the "after" counts, and every cell (each must hold its row).
    let rows = readRows() ?? []
    let tokens = tokens(after: batch, count: rows.count)
    let new = zip(tokens, rows).map { LayoutSection($0, items: $1) }
    if let violation = BatchRules.simulate(old: old, batch: batch, new: new).violation,
      !(stale && [.itemIdentity, .sectionIdentity].contains(violation.rule))
    {
      fail(violation.message)
    }
    self.rows = rows
    sectionTokens = tokens
    cells = cells.filter { rows.indices.contains($0.key[0]) }
  }

  /// The section tokens after `batch`: a section keeps its token where it lands (a reloaded
  /// one where its reload lands); an inserted one gets a fresh one.
  package func tokens(after batch: BatchUpdate, count: Int) -> [Int] {
    let map = batch.positionMap
    var origin: [Int: Int] = [:]
    for s in batch.reloadedSections {
      let t = BatchRules.shifted(s, deletes: batch.deletedSections, inserts: batch.insertedSections)
      origin[t] = s
    }
    return (0..<count).map { t in
      (map.oldSection(forNew: t) ?? origin[t]).flatMap {
        sectionTokens.indices.contains($0) ? sectionTokens[$0] : nil
      } ?? token()
    }
  }

  package func reconfigure(_ indexPaths: [IndexPath], _ line: String) {
    log(line)
    count("reconfigure")
    if collecting != nil {
      fail("\(line) called inside performBatchUpdates: reconfigure after it")
      return
    }
    layoutIfStale()
    for indexPath in indexPaths {
      guard rows.indices.contains(indexPath[0]),
        rows[indexPath[0]].indices.contains(indexPath[1])
      else {
        fail("attempt to reconfigure item at index path \(indexPath), which does not exist")
        continue
      }
      guard let existing = cells[indexPath] else { continue }
      reconfiguring = indexPath
      let identity = requestCell(indexPath)
      reconfiguring = nil
      if cells[indexPath] !== existing {
        fail("reconfigure of \(indexPath) returned a cell other than the existing one")
      }
      if identity != rows[indexPath[0]][indexPath[1]] {
        fail("reconfigure of \(indexPath) shows \(identity ?? "nothing"), another row")
      }
    }
  }
}

extension Array {
  /// The item at `path` of a layout, or nil out of range.
  func item<S, I>(at path: ListIndexPath) -> I? where Element == LayoutSection<S, I> {
    guard indices.contains(path.section) else { return nil }
    let items = self[path.section].items
    return items.indices.contains(path.item) ? items[path.item] : nil
  }
}

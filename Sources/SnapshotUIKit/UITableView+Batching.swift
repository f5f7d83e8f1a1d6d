import Snapshot
import SnapshotAdapterCore

#if canImport(UIKit)
  import UIKit
#elseif os(Linux)
  import Foundation
  import FakeUIKit
#endif

#if canImport(UIKit) || os(Linux)
  extension UITableView: BatchingListView {
    package var isInWindow: Bool { window != nil }

    package func withoutAnimation(_ body: () -> Void) {
      UIView.performWithoutAnimation(body)
    }

    package func performBatch(_ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void)
    {
      performBatchUpdates(updates, completion: completion)
    }

    /// The batch's structural entries as the table's calls, rows animated with `animation`.
    func send(_ batch: BatchUpdate, with animation: UITableView.RowAnimation) {
      func paths(_ list: [ListIndexPath]) -> [IndexPath] {
        list.map { IndexPath(row: $0.item, section: $0.section) }
      }
      if !batch.deletedSections.isEmpty {
        deleteSections(IndexSet(batch.deletedSections), with: animation)
      }
      if !batch.insertedSections.isEmpty {
        insertSections(IndexSet(batch.insertedSections), with: animation)
      }
      if !batch.reloadedSections.isEmpty {
        reloadSections(IndexSet(batch.reloadedSections), with: animation)
      }
      for move in batch.movedSections { moveSection(move.source, toSection: move.destination) }
      if !batch.deletedItems.isEmpty { deleteRows(at: paths(batch.deletedItems), with: animation) }
      if !batch.insertedItems.isEmpty {
        insertRows(at: paths(batch.insertedItems), with: animation)
      }
      if !batch.reloadedItems.isEmpty {
        reloadRows(at: paths(batch.reloadedItems), with: animation)
      }
      for move in batch.movedItems {
        moveRow(
          at: IndexPath(row: move.source.item, section: move.source.section),
          to: IndexPath(row: move.destination.item, section: move.destination.section))
      }
    }

    package func reconfigure(_ indexPaths: [IndexPath]) {
      reconfigureRows(at: indexPaths)
    }
  }
#endif

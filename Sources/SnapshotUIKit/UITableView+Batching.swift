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
    @usableFromInline package var isInWindow: Bool { window != nil }

    @usableFromInline package func withoutAnimation(_ body: () -> Void) {
      UIView.performWithoutAnimation(body)
    }

    @usableFromInline package func performBatch(
      _ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void
    ) {
      performBatchUpdates(updates, completion: completion)
    }

    /// The batch's structural entries as the table's calls, rows animated with `animation`.
    @usableFromInline func send(
      _ batch: BatchUpdate, with animation: UITableView.RowAnimation,
      reusing buffer: inout [IndexPath]
    ) {
      batch.forEachCall(
        reusing: &buffer,
        sections: { call, sections in
          switch call {
          case .deleteSections: deleteSections(sections, with: animation)
          case .insertSections: insertSections(sections, with: animation)
          default: reloadSections(sections, with: animation)
          }
        },
        items: { call, paths in
          switch call {
          case .deleteItems: deleteRows(at: paths, with: animation)
          case .insertItems: insertRows(at: paths, with: animation)
          default: reloadRows(at: paths, with: animation)
          }
        }, moveSection: moveSection(_:toSection:), moveItem: moveRow(at:to:))
    }

    @usableFromInline package func reconfigure(_ indexPaths: [IndexPath]) {
      reconfigureRows(at: indexPaths)
    }
  }

  extension UITableView: PlaceKeepingView {
    /// The first visible row and how far the content offset is past its top.
    @usableFromInline package func firstVisibleRow() -> (row: IndexPath, past: CGFloat)? {
      guard window != nil, let first = indexPathsForVisibleRows?.min() else { return nil }
      return (first, contentOffset.y - rectForRow(at: first).minY)
    }

    /// Lays out, then sets the content offset `past` points below the row's top.
    @usableFromInline package func scroll(toRow indexPath: IndexPath, past: CGFloat) {
      guard window != nil else { return }
      layoutIfNeeded()
      contentOffset.y = rectForRow(at: indexPath).minY + past
    }
  }
#endif

import Snapshot
import SnapshotTestSupport

/// A list view for the data-source tests: the shipped `ListViewSimulator` (which checks every
/// batch against the rules and what the data source then shows), plus a record of the batches
/// and a hook into the batch callback to test reentrancy.
///
/// With a `forwardingTo` view (another target's own list view, say an adapter's), every call
/// goes on to that view too, after the simulator took it and before the hooks run: the data
/// source drives both, and the simulator still checks every batch.
package final class RecordingListView<S: Hashable & Sendable, I: Hashable & Sendable>:
  DiffableListView
{
  package typealias SectionIdentifierType = S
  package typealias ItemIdentifierType = I

  package let simulator = ListViewSimulator<S, I>()
  package var batches: [BatchUpdate] = []
  /// Called from inside `performBatchUpdates`, to test reentrancy.
  package var duringBatch: (() -> Void)?
  /// Called from inside `reloadData`, after the simulator took the new rows.
  package var duringReload: (() -> Void)?
  /// The view every call goes on to, or nil.
  package let forwarded: (any DiffableListView<S, I>)?

  package init(forwardingTo forwarded: (any DiffableListView<S, I>)? = nil) {
    self.forwarded = forwarded
  }

  package var rows: [LayoutSection<S, I>] { simulator.sections }
  package var failures: [String] { simulator.failures.map(\.description) }
  package var lastBatch: BatchUpdate? { batches.last }

  package static func read(_ content: some ListContent<S, I>) -> [LayoutSection<S, I>] {
    (0..<content.numberOfSections).map { section in
      LayoutSection(
        content.sectionIdentifier(for: section)!,
        items: (0..<content.numberOfItems(inSection: section)).map {
          content.itemIdentifier(for: ListIndexPath(item: $0, section: section))!
        })
    }
  }

  package func reloadData(_ content: some ListContent<S, I>) {
    simulator.reloadData(content)
    forwarded?.reloadData(content)
    duringReload?()
  }

  package func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool, content: some ListContent<S, I>
  ) {
    batches.append(batch)
    simulator.performBatchUpdates(batch, animated: animated, content: content)
    forwarded?.performBatchUpdates(batch, animated: animated, content: content)
    duringBatch?()
  }
}

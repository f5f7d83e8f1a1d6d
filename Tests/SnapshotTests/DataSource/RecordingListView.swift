import SnapshotTestSupport

@testable import Snapshot

/// A list view for the data-source tests: the shipped `ListViewSimulator` (which checks every
/// batch against the rules and what the data source then shows), plus a record of the batches
/// and a hook into the batch callback to test reentrancy.
final class RecordingListView<S: Hashable & Sendable, I: Hashable & Sendable>: DiffableListView {
  typealias SectionIdentifierType = S
  typealias ItemIdentifierType = I

  let simulator = ListViewSimulator<S, I>()
  var batches: [BatchUpdate] = []
  /// Called from inside `performBatchUpdates`, to test reentrancy.
  var duringBatch: (() -> Void)?
  /// Called from inside `reloadData`, after the simulator took the new rows.
  var duringReload: (() -> Void)?

  var rows: [LayoutSection<S, I>] { simulator.sections }
  var failures: [String] { simulator.failures.map(\.description) }
  var lastBatch: BatchUpdate? { batches.last }

  static func read(_ content: some ListContent<S, I>) -> [LayoutSection<S, I>] {
    (0..<content.numberOfSections).map { section in
      LayoutSection(
        content.sectionIdentifier(for: section)!,
        items: (0..<content.numberOfItems(inSection: section)).map {
          content.itemIdentifier(for: ListIndexPath(item: $0, section: section))!
        })
    }
  }

  func reloadData(_ content: some ListContent<S, I>) {
    simulator.reloadData(content)
    duringReload?()
  }

  func performBatchUpdates(_ batch: BatchUpdate, animated: Bool, content: some ListContent<S, I>) {
    batches.append(batch)
    simulator.performBatchUpdates(batch, animated: animated, content: content)
    duringBatch?()
  }
}

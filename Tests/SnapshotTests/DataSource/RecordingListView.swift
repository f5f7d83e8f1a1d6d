@testable import Snapshot

/// A list view for the data-source tests: keeps its rows, checks every batch with the
/// batch-rule simulator against what the data source then shows, and records what it got.
final class RecordingListView<S: Hashable & Sendable, I: Hashable & Sendable>: DiffableListView {
  typealias SectionIdentifierType = S
  typealias ItemIdentifierType = I

  var rows: [LayoutSection<S, I>] = []
  var batches: [BatchUpdate] = []
  var reloads = 0
  var failures: [String] = []
  /// Called from inside `performBatchUpdates`, to test reentrancy.
  var duringBatch: (() -> Void)?

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
    reloads += 1
    rows = Self.read(content)
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool, content: some ListContent<S, I>
  ) {
    batches.append(batch)
    let new = Self.read(content)
    if let failure = BatchSimulator.check(old: rows, batch: batch, new: new) {
      failures.append("\(failure)\nbatch: \(batch)\nold: \(rows)\nnew: \(new)")
    }
    rows = new
    duringBatch?()
  }

  var lastBatch: BatchUpdate? { batches.last }
}

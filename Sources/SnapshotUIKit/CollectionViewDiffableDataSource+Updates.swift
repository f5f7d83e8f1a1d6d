import Snapshot

#if canImport(UIKit)
  import UIKit
#else
  import Foundation
  import FakeUIKit
#endif

extension CollectionViewDiffableDataSource: DiffableListView {
  /// Reloads the view from `content`. Called by ``base`` on the main actor.
  ///
  /// - Complexity: O(s) count reads for s sections; the view then reads what it shows.
  public nonisolated func reloadData(
    _ content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    let box = ContentBox(content: content)
    MainActor.assumeIsolated {
      self.advance(to: box.content)
      self.collectionView?.reloadData()
    }
  }

  /// Sends `batch` to the view, advancing the record inside the `performBatchUpdates`
  /// closure; reloads instead while the view has no window. Called by ``base`` on the main
  /// actor.
  ///
  /// - Complexity: O(s + k log k) for s sections and k entries, plus s count reads.
  public nonisolated func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool,
    content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    let box = ContentBox(content: content)
    MainActor.assumeIsolated {
      self.perform(batch, animated: animated, content: box.content)
    }
  }

  /// Runs `completion` once every batch handed to the view so far has finished (its
  /// `performBatchUpdates` completion ran); at once when none is under way.
  ///
  /// - Complexity: O(1) (the completions wait in a list).
  public nonisolated func whenUpdatesFinish(_ completion: @escaping () -> Void) {
    let box = ContentBox(content: completion)
    MainActor.assumeIsolated {
      if self.batchesInFlight == 0 {
        box.content()
      } else {
        self.waitingCompletions.append(box.content)
      }
    }
  }

  /// A batch's completion ran: the waiting completions run when it was the last one.
  func batchFinished() {
    batchesInFlight -= 1
    guard batchesInFlight == 0 else { return }
    let waiting = waitingCompletions
    waitingCompletions = []
    for completion in waiting { completion() }
  }

  func perform(
    _ batch: BatchUpdate, animated: Bool,
    content: any ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    guard let collectionView else { return advance(to: content) }
    guard collectionView.window != nil else {
      advance(to: content)
      collectionView.reloadData()
      return
    }
    if plantedBug == .recordAdvancedBeforeClosure {
      advance(to: content)
    } else {
      pendingMap = batch.positionMap
    }
    let reconfigured = batch.reconfiguredItems.map { IndexPath(item: $0.item, section: $0.section) }
    let update = {
      self.batchesInFlight += 1
      collectionView.performBatchUpdates {
        self.advance(to: content)
        Self.send(batch, to: collectionView)
        if self.plantedBug == .reconfigureInsideBatch, !reconfigured.isEmpty {
          collectionView.reconfigureItems(at: reconfigured)
        }
      } completion: { _ in
        self.batchFinished()
      }
      if self.plantedBug != .reconfigureInsideBatch, !reconfigured.isEmpty {
        collectionView.reconfigureItems(at: reconfigured)
      }
    }
    if animated || plantedBug == .animatesUnanimatedBatches {
      update()
    } else {
      UIView.performWithoutAnimation(update)
    }
  }

  /// Makes `content` what the record answers with. O(s) count reads.
  func advance(to content: any ListContent<SectionIdentifierType, ItemIdentifierType>) {
    self.content = content
    counts = (0..<content.numberOfSections).map { content.numberOfItems(inSection: $0) }
    pendingMap = nil
    shownItems.removeAll(keepingCapacity: true)
  }

  /// The batch's structural entries as the view's calls. O(k).
  static func send(_ batch: BatchUpdate, to view: UICollectionView) {
    func paths(_ list: [ListIndexPath]) -> [IndexPath] {
      list.map { IndexPath(item: $0.item, section: $0.section) }
    }
    if !batch.deletedSections.isEmpty { view.deleteSections(IndexSet(batch.deletedSections)) }
    if !batch.insertedSections.isEmpty { view.insertSections(IndexSet(batch.insertedSections)) }
    if !batch.reloadedSections.isEmpty { view.reloadSections(IndexSet(batch.reloadedSections)) }
    for move in batch.movedSections { view.moveSection(move.source, toSection: move.destination) }
    if !batch.deletedItems.isEmpty { view.deleteItems(at: paths(batch.deletedItems)) }
    if !batch.insertedItems.isEmpty { view.insertItems(at: paths(batch.insertedItems)) }
    if !batch.reloadedItems.isEmpty { view.reloadItems(at: paths(batch.reloadedItems)) }
    for move in batch.movedItems {
      view.moveItem(
        at: IndexPath(item: move.source.item, section: move.source.section),
        to: IndexPath(item: move.destination.item, section: move.destination.section))
    }
  }
}

/// Carries a list view's content onto the main actor, where the data source (which is used
/// from the main actor with this adapter) already is.
struct ContentBox<Content>: @unchecked Sendable {
  let content: Content
}

// The fake collection view's own state and checks: not UIKit API. Where UIKit raises
// NSInternalInconsistencyException (or corrupts itself), the fake records the message in
// `fakeFailures` and goes on, so that a test can report every broken batch.

import Foundation
import Snapshot
import SnapshotTestSupport

/// What the fake collection view keeps: the rows as identities (each cell's
/// `accessibilityIdentifier`), per section, and its checks' state.
struct FakeCollectionState {
  var cellClasses: [String: UICollectionViewCell.Type] = [:]
  var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
  /// The rows shown, as identities; sections carry tokens (UIKit keeps no section identity).
  var rows: [[String]] = []
  var sectionTokens: [Int] = []
  var nextToken = 0
  var cells: [IndexPath: UICollectionViewCell] = [:]
  var layoutIsStale = true
  /// The batch collected inside a `performBatchUpdates` closure, nil outside one.
  var collecting: BatchUpdate?
  var cellRequestDepth = 0
  var reconfiguring: IndexPath?
  /// Where the running `cellForItemAt` asks for a cell, and the cell dequeued for it.
  var requested: IndexPath?
  var dequeued: UICollectionViewCell?
  var failures: [String] = []
  var calls: [String] = []
  var pending: [Int: (completion: (Bool) -> Void, finished: Bool)] = [:]
  /// What the fake was asked to do, by kind (the tests' measure of their own reach).
  var counters: [String: Int] = [:]
  var nextCompletion = 0
}

extension UICollectionView {
  /// Every broken rule so far, worded as UIKit's exception (not UIKit API).
  public var fakeFailures: [String] { fake.failures }
  /// Every call the adapter made, one line each (not UIKit API): a replayable fixture.
  public var fakeCalls: [String] { fake.calls }
  /// The rows the view shows, by identity (not UIKit API).
  public var fakeRows: [[String]] { fake.rows }
  /// Whether the next read of the data source is a fresh layout pass (not UIKit API).
  public var fakeLayoutIsStale: Bool { fake.layoutIsStale }
  /// Whether a batch's completion has yet to run (not UIKit API).
  public var fakeHasPendingCompletions: Bool { !fake.pending.isEmpty }

  /// How many times each kind of thing happened (not UIKit API): "batch", "stale batch",
  /// "reconfigure", "reloadData", and one per kind of call inside a batch.
  public var fakeCounters: [String: Int] { fake.counters }

  /// Forgets the recorded calls (not UIKit API).
  public func fakeClearCalls() { fake.calls.removeAll() }

  /// Yields to the main actor until every batch's completion has run (not UIKit API).
  public func fakeSettle() async {
    while !fake.pending.isEmpty { await Task.yield() }
  }

  func fakeFail(_ message: String) {
    fake.failures.append(message)
  }

  func fakeCount(_ kind: String) {
    fake.counters[kind, default: 0] += 1
  }

  func fakeLog(_ line: String) {
    let animated = UIView.areAnimationsEnabled ? "" : " [without animation]"
    fake.calls.append(line + animated)
  }

  /// UIKit raises when the view is updated from inside its own update or a cell request.
  func fakeAllowsReentry(_ operation: String) -> Bool {
    if fake.collecting != nil || fake.cellRequestDepth > 0 {
      fakeFail("\(operation) called from inside performBatchUpdates or a cell request")
      return false
    }
    return true
  }

  func fakeCollect(_ line: String, _ add: (inout BatchUpdate) -> Void) {
    fakeLog(line)
    fakeCount(String(line.prefix { $0 != "(" }))
    guard fake.collecting != nil else {
      fakeFail("\(line) outside performBatchUpdates: the fake only takes batched updates")
      return
    }
    add(&fake.collecting!)
  }

  /// A layout pass when the layout is stale: every count and every cell read anew.
  func fakeLayoutIfStale() {
    guard fake.layoutIsStale, let dataSource else { return }
    fake.layoutIsStale = false
    let rows = fakeReadRows(dataSource)
    fake.sectionTokens = rows.indices.map { _ in fakeToken() }
    fake.rows = rows
  }

  func fakeToken() -> Int {
    fake.nextToken += 1
    return fake.nextToken
  }

  /// Every section and row from the data source, each row by the identity of its cell.
  func fakeReadRows(_ dataSource: any UICollectionViewDataSource) -> [[String]] {
    let sectionCount = dataSource.numberOfSections(in: self)
    return (0..<max(0, sectionCount)).map { s in
      let count = dataSource.collectionView(self, numberOfItemsInSection: s)
      return (0..<max(0, count)).map { i in
        fakeRequestCell(dataSource, IndexPath(item: i, section: s))
          ?? "(no identity at [\(s), \(i)])"
      }
    }
  }

  /// Asks for the cell at `indexPath`; it must be dequeued for that index path in this call.
  func fakeRequestCell(_ dataSource: any UICollectionViewDataSource, _ indexPath: IndexPath)
    -> String?
  {
    let outer = (fake.requested, fake.dequeued)
    fake.requested = indexPath
    fake.dequeued = nil
    fake.cellRequestDepth += 1
    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    fake.cellRequestDepth -= 1
    if fake.reconfiguring != indexPath && cell !== fake.dequeued {
      fakeFail(
        "the cell returned from -collectionView:cellForItemAtIndexPath: for \(indexPath) was not "
          + "retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:")
    }
    (fake.requested, fake.dequeued) = outer
    fake.cells[indexPath] = cell
    return cell.accessibilityIdentifier
  }

  func fakeDequeueCell(_ identifier: String, _ indexPath: IndexPath) -> UICollectionViewCell {
    if fake.reconfiguring == indexPath, let existing = fake.cells[indexPath] {
      return existing
    }
    if fake.requested != indexPath {
      fakeFail(
        "attempt to dequeue a cell for a different index path (\(indexPath)) than is being "
          + "requested by the collection view (\(String(describing: fake.requested)))")
    }
    let cell = fakeMakeView(
      fake.cellClasses[identifier], kind: "UICollectionElementKindCell", identifier, indexPath)
    fake.dequeued = cell
    return cell
  }

  /// A fresh view of the registered `type` (UIKit raises when none is registered).
  func fakeMakeView<View: UICollectionReusableView>(
    _ type: View.Type?, kind: String, _ identifier: String, _ indexPath: IndexPath
  ) -> View {
    if type == nil {
      fakeFail(
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must "
          + "register a nib or a class for the identifier or connect a prototype cell in a "
          + "storyboard")
    }
    let view = (type ?? View.self).init(frame: .zero)
    view.reuseIdentifier = identifier
    view.dequeuedFor = indexPath
    return view
  }
}

// The fake list views' shared core: not UIKit API. It keeps the rows as identities (each
// cell's `accessibilityIdentifier`), per section, and checks every update the way UIKit does
// where crashes come from. Where UIKit raises NSInternalInconsistencyException (or corrupts
// itself), the core records the message in `failures` and goes on, so that a test can
// report every broken update.

import Foundation
import Snapshot
import SnapshotTestSupport

/// What the core reads from the view and its data source.
@MainActor package protocol FakeListOwner: AnyObject {
  var fakeHasDataSource: Bool { get }
  /// Whether the framework animates changes now.
  var fakeAnimationsEnabled: Bool { get }
  func fakeSectionCount() -> Int
  func fakeItemCount(_ section: Int) -> Int
  /// Asks the data source for the cell at `indexPath`.
  func fakeCell(at indexPath: IndexPath) -> AnyObject
  /// The row a cell shows.
  func fakeIdentity(of cell: AnyObject) -> String?
  /// Asks the data source whether the row may move.
  func fakeCanMove(at indexPath: IndexPath) -> Bool
  /// Tells the data source the user moved a row.
  func fakeReportMove(from source: IndexPath, to destination: IndexPath)
}

/// The state and checks of a fake list view (UICollectionView, UITableView,
/// NSCollectionView): not the frameworks' API.
///
/// The properties an update reads and writes are `@exclusivity(unchecked)`: the core is
/// used from the main actor only, and no access to them overlaps another (a batch is
/// collected into `collecting` through closures that touch nothing else of the core).
@MainActor public final class FakeListCore {
  /// How much the fake keeps and checks.
  public enum Mode: Sendable {
    /// The default, for tests: the rows as identities, every batch simulated with
    /// `BatchRules` on them, every row's cell asked for after it, every call recorded. An
    /// update costs the fake O(n) for n rows.
    case faithful
    /// For benchmarks, which measure the adapter's cost and not the fake's: the sections' row
    /// counts only (``itemCounts``; ``rows`` stays empty), each batch checked for UIKit's
    /// count rules alone (bounds, the section count, every continuing section's item count
    /// counted UIKit's way; not identities, duplicates or illegal combinations), no cell asked
    /// for, no call recorded and no call's line built (``calls`` stays empty; ``counters``
    /// are kept, the per-update kinds in an array indexed by ``Counter``, not hashed). A
    /// batch that leaves the sections as they are has only the counts of the sections its
    /// item entries touch read again (a section it does not touch is taken to keep its
    /// count): it costs the fake O(k log k) for k calls' entries; any other update
    /// O(s + k log k) for s sections.
    case countsOnly
  }

  /// The kinds of thing the fake counts on every update, counted in an array (the others by
  /// name): the UIKit fakes' batch calls, spelled as the views spell them.
  package enum Counter: Int, CaseIterable, Sendable {
    case batch, staleBatch, insertSections, deleteSections, reloadSections, moveSection
    case insertItems, deleteItems, reloadItems, moveItem, insertRows, deleteRows, reloadRows
    case moveRow

    /// The key of the count in ``FakeListCore/counters``.
    package var name: String {
      switch self {
      case .batch: "batch"
      case .staleBatch: "stale batch"
      case .insertSections: "insertSections"
      case .deleteSections: "deleteSections"
      case .reloadSections: "reloadSections"
      case .moveSection: "moveSection"
      case .insertItems: "insertItems"
      case .deleteItems: "deleteItems"
      case .reloadItems: "reloadItems"
      case .moveItem: "moveItem"
      case .insertRows: "insertRows"
      case .deleteRows: "deleteRows"
      case .reloadRows: "reloadRows"
      case .moveRow: "moveRow"
      }
    }
  }

  /// How much the fake keeps and checks: ``Mode/faithful`` unless a benchmark sets
  /// ``Mode/countsOnly`` before the first update.
  @exclusivity(unchecked) public var mode = Mode.faithful
  /// The row count of every section the view shows (in either mode).
  public var itemCounts: [Int] { mode == .faithful ? rows.map(\.count) : countedRows }
  /// The row counts in ``Mode/countsOnly``.
  @exclusivity(unchecked) var countedRows: [Int] = []
  /// The counts-only check's scratch: the sections a batch touches, with their tallies.
  @exclusivity(unchecked) var touched: [TouchedSection] = []
  @exclusivity(unchecked) var touchedIndexes: [Int] = []
  /// The counts-only mode's last batch, whose storage the next one collects into.
  @exclusivity(unchecked) var spareBatch = BatchUpdate()
  /// Every broken rule so far, worded as UIKit's exception.
  public package(set) var failures: [String] = []
  /// Every call the adapter made, one line each: a replayable fixture.
  public package(set) var calls: [String] = []
  /// How many times each kind of thing happened: "batch", "stale batch", "reconfigure",
  /// "reloadData", and one per kind of call inside a batch.
  public var counters: [String: Int] {
    var counters = namedCounters
    for counter in Counter.allCases where tallies[counter.rawValue] > 0 {
      counters[counter.name, default: 0] += tallies[counter.rawValue]
    }
    return counters
  }
  /// The counters of the kinds ``Counter`` has no case for.
  var namedCounters: [String: Int] = [:]
  /// The counters of ``Counter``'s kinds, by raw value: an update counts without hashing.
  @exclusivity(unchecked) var tallies = [Int](repeating: 0, count: Counter.allCases.count)
  /// The rows the view shows, by identity.
  public package(set) var rows: [[String]] = []
  /// Whether the next read of the data source is a fresh layout pass.
  @exclusivity(unchecked) public package(set) var layoutIsStale = true
  /// Whether a batch's completion has yet to run.
  public var hasPendingCompletions: Bool { !pending.isEmpty }

  package weak var owner: (any FakeListOwner)?
  package var cellClasses: [String: AnyObject.Type] = [:]
  package var supplementaryClasses: [String: AnyObject.Type] = [:]
  /// UIKit keeps no section identity: sections carry tokens.
  var sectionTokens: [Int] = []
  var nextToken = 0
  package var cells: [IndexPath: AnyObject] = [:]
  /// The batch collected inside a `performBatchUpdates` closure, nil outside one.
  @exclusivity(unchecked) var collecting: BatchUpdate?
  @exclusivity(unchecked) var cellRequestDepth = 0
  var reconfiguring: IndexPath?
  /// Where the running cell request asks for a cell, and the cell dequeued for it.
  var requested: IndexPath?
  var dequeued: AnyObject?
  /// Completions waiting for a later main-actor turn, in the order of their batches, each
  /// with the number of batches started when its batch started (another batch since
  /// interrupts it: `finished == false`).
  @exclusivity(unchecked) var pending: [PendingCompletion] = []

  /// A completion waiting for its turn, with the number of batches started when its batch
  /// started. A struct, not a tuple: a closure in a tuple that an array holds is wrapped in
  /// a thunk (one allocation a batch).
  struct PendingCompletion {
    let completion: (Bool) -> Void
    let started: Int
  }
  @exclusivity(unchecked) var batchesStarted = 0
  /// The row the user has just moved and its move, while the data source is told of it.
  var interactivelyMoved: (identity: String, move: BatchUpdate.ItemMove)?

  package init() {}

  /// Forgets the recorded calls.
  public func clearCalls() { calls.removeAll() }

  /// Yields to the main actor until every batch's completion has run.
  public func settle() async {
    while !pending.isEmpty { await Task.yield() }
  }

  package func fail(_ message: String) { failures.append(message) }

  /// The user drags the row at `source` to `destination` (its index path after the move),
  /// as an interactive movement ends: the view moves the row first, then tells its data
  /// source. A batch that moves the row again while the data source is told is a failure.
  public func interactiveMove(from source: IndexPath, to destination: IndexPath) {
    guard mode == .faithful else {
      return fail("an interactive move needs the faithful mode (the rows' identities)")
    }
    layoutIfStale()
    guard let owner else { return }
    log("interactive move \(source) -> \(destination)")
    count("interactive move")
    guard rows.indices.contains(source[0]), rows[source[0]].indices.contains(source[1]),
      owner.fakeCanMove(at: source)
    else { return }
    var moved = rows
    let identity = moved[source[0]].remove(at: source[1])
    guard moved.indices.contains(destination[0]),
      (0...moved[destination[0]].count).contains(destination[1])
    else { return }
    moved[destination[0]].insert(identity, at: destination[1])
    rows = moved
    cells = [:]
    interactivelyMoved = (identity, .init(from: path(source), to: path(destination)))
    owner.fakeReportMove(from: source, to: destination)
    interactivelyMoved = nil
  }

  package func count(_ kind: String) { namedCounters[kind, default: 0] += 1 }

  /// How many times `counter` happened (``counters``' count for its name, without building
  /// them). O(1).
  package func count(of counter: Counter) -> Int { tallies[counter.rawValue] }

  /// Counts one `counter` (``counters`` spells it by its ``Counter/name``).
  package func count(_ counter: Counter) { tallies[counter.rawValue] += 1 }

  package func log(_ line: @autoclosure () -> String) {
    guard mode == .faithful else { return }
    let line = line()
    calls.append(line + (owner?.fakeAnimationsEnabled == false ? " [without animation]" : ""))
  }

  package func token() -> Int {
    nextToken += 1
    return nextToken
  }

  /// UIKit raises when the view is updated from inside its own update or a cell request.
  package func allowsReentry(_ operation: String) -> Bool {
    if collecting != nil || cellRequestDepth > 0 {
      fail("\(operation) called from inside performBatchUpdates or a cell request")
      return false
    }
    return true
  }

  package func reloadData() {
    guard allowsReentry("reloadData") else { return }
    log("reloadData()")
    count("reloadData")
    layoutIsStale = true
    cells = [:]
  }

  /// Collects one call, `counter` the view's name for it (`line`: the call with its
  /// arguments, built only in ``Mode/faithful``).
  package func collect(
    _ counter: Counter, _ line: @autoclosure () -> String, _ add: (inout BatchUpdate) -> Void
  ) {
    log(line())
    count(counter)
    guard collecting != nil else {
      fail("\(line()) outside performBatchUpdates: the fake only takes batched updates")
      return
    }
    add(&collecting!)
  }

  /// A layout pass when the layout is stale: every count and every cell read anew.
  package func layoutIfStale() {
    guard layoutIsStale else { return }
    if mode == .countsOnly, let counts = readCounts() {
      layoutIsStale = false
      sectionTokens = counts.indices.map { _ in token() }
      countedRows = counts
      return
    }
    guard let rows = readRows() else { return }
    layoutIsStale = false
    sectionTokens = rows.indices.map { _ in token() }
    self.rows = rows
  }

  /// Every section's row count from the data source; nil without a data source. O(s).
  package func readCounts() -> [Int]? {
    guard let owner, owner.fakeHasDataSource else { return nil }
    return (0..<max(0, owner.fakeSectionCount())).map { max(0, owner.fakeItemCount($0)) }
  }

  /// Every section and row from the data source, each row by the identity of its cell; nil
  /// without a data source.
  package func readRows() -> [[String]]? {
    guard let owner, owner.fakeHasDataSource else { return nil }
    return (0..<max(0, owner.fakeSectionCount())).map { s in
      (0..<max(0, owner.fakeItemCount(s))).map { i in
        requestCell(IndexPath(indexes: [s, i])) ?? "(no identity at [\(s), \(i)])"
      }
    }
  }

  /// Asks for the cell at `indexPath`; it must be dequeued for that index path in this call.
  package func requestCell(_ indexPath: IndexPath) -> String? {
    guard let owner else { return nil }
    let outer = (requested, dequeued)
    (requested, dequeued) = (indexPath, nil)
    cellRequestDepth += 1
    let cell = owner.fakeCell(at: indexPath)
    cellRequestDepth -= 1
    if reconfiguring != indexPath && cell !== dequeued {
      fail(
        "the cell returned from the data source for \(indexPath) was not retrieved by calling "
          + "the view's dequeue method for that index path")
    }
    (requested, dequeued) = outer
    cells[indexPath] = cell
    return owner.fakeIdentity(of: cell)
  }

  /// A dequeued cell: the existing one while reconfiguring it, else a fresh one of the class
  /// registered for `identifier` (`make` builds it).
  package func dequeueCell<Cell: AnyObject>(
    _ identifier: String, _ indexPath: IndexPath, kind: String, make: (Cell.Type) -> Cell
  ) -> Cell {
    if reconfiguring == indexPath, let existing = cells[indexPath] as? Cell { return existing }
    if requested != indexPath {
      fail(
        "attempt to dequeue a cell for a different index path (\(indexPath)) than is being "
          + "requested (\(String(describing: requested)))")
    }
    let cell = makeView(cellClasses[identifier], kind: kind, identifier, make: make)
    dequeued = cell
    return cell
  }

  /// A fresh view of the registered `type` (UIKit raises when none is registered).
  package func makeView<View: AnyObject>(
    _ type: AnyObject.Type?, kind: String, _ identifier: String, make: (View.Type) -> View
  ) -> View {
    if type == nil {
      fail(
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must "
          + "register a nib or a class for the identifier or connect a prototype cell in a "
          + "storyboard")
    }
    return make((type as? View.Type) ?? View.self)
  }
}

/// The ListIndexPath of a two-index IndexPath (section, then item).
package func path(_ indexPath: IndexPath) -> ListIndexPath {
  ListIndexPath(item: indexPath[1], section: indexPath[0])
}

extension FakeListCore {
  /// Collects a section call (`counter` the view's name for it) into the batch. O(k).
  package func collectSections(_ counter: Counter, _ sections: IndexSet) {
    collect(counter, "\(counter.name)(\(Array(sections)))") { batch in
      switch counter {
      case .insertSections: batch.insertedSections += sections
      case .deleteSections: batch.deletedSections += sections
      default: batch.reloadedSections += sections
      }
    }
  }

  /// Collects an item call (`counter` the view's name for it) into the batch. O(k log k) in
  /// ``Mode/faithful``; O(k) in ``Mode/countsOnly``, which takes the calls' order as it is
  /// (its check sorts what it needs) and converts the index paths without a copy.
  package func collectItems(_ counter: Counter, _ indexPaths: [IndexPath]) {
    let paths = mode == .faithful ? indexPaths.map(path).sorted() : []
    collect(counter, "\(counter.name)(at: \(indexPaths.sorted()))") { batch in
      switch counter {
      case .insertItems, .insertRows: batch.insertedItems.append(paths, or: indexPaths)
      case .deleteItems, .deleteRows: batch.deletedItems.append(paths, or: indexPaths)
      default: batch.reloadedItems.append(paths, or: indexPaths)
      }
    }
  }

  /// Collects a section move. O(1).
  package func collectSectionMove(_ counter: Counter, _ section: Int, _ newSection: Int) {
    collect(counter, "\(counter.name)(\(section), toSection: \(newSection))") {
      $0.movedSections.append(.init(from: section, to: newSection))
    }
  }

  /// Collects an item move. O(1).
  package func collectItemMove(
    _ counter: Counter, _ indexPath: IndexPath, _ newIndexPath: IndexPath
  ) {
    collect(counter, "\(counter.name)(at: \(indexPath), to: \(newIndexPath))") {
      $0.movedItems.append(.init(from: path(indexPath), to: path(newIndexPath)))
    }
  }
}

extension Array where Element == ListIndexPath {
  /// Appends `paths`, or, when empty, `indexPaths` as paths.
  mutating func append(_ paths: [ListIndexPath], or indexPaths: [IndexPath]) {
    if paths.isEmpty {
      append(contentsOf: indexPaths.lazy.map(path))
    } else {
      append(contentsOf: paths)
    }
  }
}

extension Array where Element == Int {
  package static func += (lhs: inout [Int], rhs: IndexSet) { lhs.append(contentsOf: rhs) }
}

extension IndexPath {
  /// https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
  /// (UIKit's and AppKit's addition to Foundation's IndexPath)
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// https://developer.apple.com/documentation/foundation/indexpath/item
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// https://developer.apple.com/documentation/foundation/indexpath/section
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}

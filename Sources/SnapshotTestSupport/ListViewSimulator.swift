import Snapshot

/// A list view for tests: it applies every batch a data source hands it by the rules a real
/// list view enforces, keeps the rows it shows, and records a failure, worded the way UIKit
/// words its crash, for every batch that breaks a rule.
///
/// UIKit's collection view raises `NSInternalInconsistencyException` ("Invalid update:
/// invalid number of items in section 0 ...") when a batch does not add up; on Linux there
/// is no collection view to raise it. Attach a `ListViewSimulator` to a data source in a test
/// and the same mistakes fail the test, with the rule broken, the batch, the rows before it
/// and the rows the data source expected after it.
///
/// ## Attaching it
///
/// Create one with the data source's identifier types, make it the data source's list view,
/// apply snapshots as the app does, and check it at the end. With Swift Testing the shape is
///
///     let view = ListViewSimulator<Section, Item>()
///     dataSource.listView = view
///     // ... apply snapshots, expand and collapse, move rows ...
///     #expect(view.failures.isEmpty)
///     #expect(view.sections == expectedLayout)
///
/// and `try view.verify()` throws the first failure instead (it works with any test
/// framework: the library imports neither Testing nor XCTest). To stop at the first broken
/// batch, pass a handler: `ListViewSimulator<Section, Item> { failure in
/// Issue.record("\(failure)") }`.
///
/// ## What it checks
///
/// On ``reloadData(_:)`` the view reads every section and row from the content. On
/// ``performBatchUpdates(_:animated:content:)`` it reads the new layout from the content,
/// then checks the batch against the rows it showed with
/// ``BatchRules/simulate(old:batch:new:allowDeletesInMovedSections:)``: bounds, duplicates,
/// illegal combinations, the section count, the item count of every continuing section (the
/// way UIKit counts cross-section moves, by raw section numbers), where every entry lands and
/// whether the identities match, and that reconfigured rows are kept rows. Whether the batch
/// passes or not, the rows become the content's layout afterwards (as UIKit's would after a
/// `reloadData()`), so later batches are checked against what the data source says.
///
/// The simulator is not thread-safe: use it from one isolation domain, like a real view.
public final class ListViewSimulator<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: DiffableListView {
  /// A layout: sections and their rows.
  public typealias Layout = [LayoutSection<SectionIdentifierType, ItemIdentifierType>]

  /// A batch (or a reload) the view could not apply.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// The rule broken.
    public var rule: BatchRules.Rule
    /// The message, worded as UIKit's: "Invalid update: ...".
    public var message: String
    /// The batch, or nil for a failure while reloading (``BatchRules/Rule/inconsistentContent``).
    public var batch: BatchUpdate?
    /// The number of the batch among those the view was handed, from 1; 0 for a reload.
    public var batchNumber: Int
    /// The rows the view showed before the batch.
    public var old: Layout
    /// The rows the content describes after the batch: what the data source expected the
    /// view to show (and what the view shows now).
    public var expected: Layout

    /// Creates a failure.
    ///
    /// - Complexity: O(1).
    public init(
      rule: BatchRules.Rule, message: String, batch: BatchUpdate?, batchNumber: Int,
      old: Layout, expected: Layout
    ) {
      self.rule = rule
      self.message = message
      self.batch = batch
      self.batchNumber = batchNumber
      self.old = old
      self.expected = expected
    }

    /// The message, then the batch and both layouts.
    ///
    /// - Complexity: O(*n*) in the size of the batch and the layouts.
    public var description: String {
      let operation = batch.map { "batch \(batchNumber) \($0)" } ?? "reloadData"
      return "\(message)\n  in \(operation)\n  rows before: \(Self.describe(old))"
        + "\n  rows expected after: \(Self.describe(expected))"
    }

    private static func describe(_ layout: Layout) -> String {
      "[" + layout.map { "\($0.id): \($0.items)" }.joined(separator: ", ") + "]"
    }
  }

  /// The rows the view shows: each section's identifier and its rows' identifiers, in order.
  ///
  /// - Complexity: O(1) to read.
  public private(set) var sections: Layout = []

  /// Every failure so far, oldest first.
  ///
  /// - Complexity: O(1) to read.
  public private(set) var failures: [Failure] = []

  /// The number of batches the view was handed, valid or not.
  ///
  /// - Complexity: O(1).
  public private(set) var batchCount = 0

  /// The number of those batches that were to be animated.
  ///
  /// - Complexity: O(1).
  public private(set) var animatedBatchCount = 0

  /// The number of whole reloads (``reloadData(_:)`` calls).
  ///
  /// - Complexity: O(1).
  public private(set) var reloadCount = 0

  /// The last batch the view was handed, or nil before the first.
  ///
  /// - Complexity: O(1).
  public private(set) var lastBatch: BatchUpdate?

  /// What the last batch did: the rule it broke, if any, and which sections and rows got
  /// fresh cells, moved or were reconfigured (by identifier). Nil before the first batch, and
  /// after a batch whose content contradicts itself.
  ///
  /// - Complexity: O(1).
  public private(set) var lastOutcome:
    BatchRules.Outcome<SectionIdentifierType, ItemIdentifierType>?

  /// Whether item deletes inside a moved section are accepted (UIKit counts them right but
  /// animates them badly; rejected by default).
  public let allowsDeletesInMovedSections: Bool

  private let onFailure: ((Failure) -> Void)?

  /// Creates an empty view.
  ///
  /// - Parameters:
  ///   - allowDeletesInMovedSections: whether to accept item deletes inside a moved section.
  ///   - onFailure: called with each failure, after it is recorded in ``failures`` and the
  ///     rows are set to the content's layout; nil to only record failures.
  /// - Complexity: O(1).
  public init(
    allowDeletesInMovedSections: Bool = false, onFailure: ((Failure) -> Void)? = nil
  ) {
    self.allowsDeletesInMovedSections = allowDeletesInMovedSections
    self.onFailure = onFailure
  }

  /// The number of rows in all sections.
  ///
  /// - Complexity: O(*s*), where *s* is the number of sections.
  public var rowCount: Int {
    sections.reduce(0) { $0 + $1.items.count }
  }

  /// Whether no batch or reload has failed so far.
  ///
  /// - Complexity: O(1).
  public var isConsistent: Bool { failures.isEmpty }

  /// Throws the first failure, if any.
  ///
  /// - Complexity: O(1).
  public func verify() throws(Failure) {
    if let first = failures.first { throw first }
  }

  /// Forgets the failures recorded so far (the counters and rows stay).
  ///
  /// - Complexity: O(*f*), where *f* is the number of failures.
  public func removeAllFailures() {
    failures.removeAll()
  }

  /// Throws every row away and reads the whole list anew from `content`.
  ///
  /// Content that contradicts itself (a count with no identifier behind it, or a negative
  /// count) is recorded as a ``BatchRules/Rule/inconsistentContent`` failure; the view keeps
  /// what it could read.
  ///
  /// - Complexity: O(*n*) reads of `content`, where *n* is the number of sections and rows.
  public func reloadData(
    _ content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    reloadCount += 1
    let (layout, problem) = Self.read(content)
    let old = sections
    sections = layout
    if let problem {
      report(
        Failure(
          rule: .inconsistentContent, message: problem, batch: nil, batchNumber: 0, old: old,
          expected: layout))
    }
  }

  /// Applies one batch: reads the new layout from `content`, checks `batch` against the rows
  /// shown by every rule of ``BatchRules``, records a ``Failure`` if one is broken, and shows
  /// the new layout.
  ///
  /// - Complexity: O(*n* + *m* log *m*), where *n* is the number of sections and rows before
  ///   and after the batch and *m* the number of entries of the batch; O(*n*) reads of
  ///   `content`.
  public func performBatchUpdates(
    _ batch: BatchUpdate,
    animated: Bool,
    content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) {
    batchCount += 1
    if animated { animatedBatchCount += 1 }
    lastBatch = batch
    let old = sections
    let (new, problem) = Self.read(content)
    sections = new
    if let problem {
      lastOutcome = nil
      report(
        Failure(
          rule: .inconsistentContent, message: problem, batch: batch, batchNumber: batchCount,
          old: old, expected: new))
      return
    }
    let outcome = BatchRules.simulate(
      old: old, batch: batch, new: new,
      allowDeletesInMovedSections: allowsDeletesInMovedSections)
    lastOutcome = outcome
    if let violation = outcome.violation {
      report(
        Failure(
          rule: violation.rule, message: violation.message, batch: batch,
          batchNumber: batchCount, old: old, expected: new))
    }
  }

  private func report(_ failure: Failure) {
    failures.append(failure)
    onFailure?(failure)
  }

  /// Every section and row of `content`, and the first contradiction found in it, if any.
  private static func read(
    _ content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  ) -> (Layout, problem: String?) {
    var problem: String?
    func note(_ message: String) {
      if problem == nil { problem = "Invalid content: " + message }
    }
    let sectionCount = content.numberOfSections
    if sectionCount < 0 { note("the data source reports \(sectionCount) sections") }
    var layout: Layout = []
    layout.reserveCapacity(max(0, sectionCount))
    for s in 0..<max(0, sectionCount) {
      guard let id = content.sectionIdentifier(for: s) else {
        note("the data source reports \(sectionCount) sections but no identifier for section \(s)")
        continue
      }
      let itemCount = content.numberOfItems(inSection: s)
      if itemCount < 0 {
        note("the data source reports \(itemCount) items in section \(s)")
      }
      var items: [ItemIdentifierType] = []
      items.reserveCapacity(max(0, itemCount))
      for i in 0..<max(0, itemCount) {
        let path = ListIndexPath(item: i, section: s)
        guard let item = content.itemIdentifier(for: path) else {
          note(
            "the data source reports \(itemCount) items in section \(s) but no identifier for "
              + "index path \(path)")
          continue
        }
        items.append(item)
      }
      layout.append(LayoutSection(id, items: items))
    }
    return (layout, problem)
  }
}

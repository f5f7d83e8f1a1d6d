import Snapshot

/// The rules a list view enforces when it applies a batch of updates, as plain functions of
/// the old layout, the batch and the new layout.
///
/// These are the rules of `batch-update-rules.md` (its section 6 lists what is checked): the
/// bounds of every index in its frame, duplicates, illegal combinations, the section count,
/// the item count of every continuing section counted the way UIKit counts (raw section
/// numbers for moves), then where every entry lands and whether the identities match.
/// ``ListViewSimulator`` applies them to every batch a data source hands it; the functions
/// here check one batch without a view.
///
/// ```swift
/// let old = [LayoutSection("a", items: [1, 2, 3])]
/// let new = [LayoutSection("a", items: [1, 3])]
/// let batch = BatchUpdate(deletedItems: [ListIndexPath(item: 1, section: 0)])
/// BatchRules.check(old: old, batch: batch, new: new)  // nil: valid
/// ```
public enum BatchRules {
  /// The rule a batch breaks.
  public enum Rule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A section index outside its frame: a delete, reload or move source past the old
    /// sections, an insert or move destination past the new sections, or a section reload
    /// whose shifted index (the insert the view turns it into) lies past the new sections.
    case sectionOutOfBounds
    /// An index path outside its frame: a delete, reload or move source outside the old
    /// layout, an insert, move destination or reconfigure outside the new layout, or an item
    /// reload whose shifted index path lies outside the new layout.
    case itemOutOfBounds
    /// The same section deleted, inserted or reloaded twice, or a section reload shifted onto
    /// an inserted section or onto another reload.
    case sectionUpdatedTwice
    /// The same index path deleted, inserted, reloaded or reconfigured twice, or an item
    /// reload shifted onto an inserted index path or onto another reload.
    case itemUpdatedTwice
    /// One section moved to two destinations, or two sections moved to one destination.
    case sectionMovedTwice
    /// One index path moved to two destinations, or two index paths moved to one destination.
    case itemMovedTwice
    /// A section both deleted and moved.
    case sectionDeletedAndMoved
    /// A section both deleted and reloaded.
    case sectionDeletedAndReloaded
    /// A section both reloaded and moved.
    case sectionReloadedAndMoved
    /// A section inserted, or a section reload shifted, where a section move lands.
    case sectionInsertedAndMoved
    /// An index path both deleted and moved.
    case itemDeletedAndMoved
    /// An index path both deleted and reloaded.
    case itemDeletedAndReloaded
    /// An index path both reloaded and moved.
    case itemReloadedAndMoved
    /// An index path inserted, or an item reload shifted, where an item move lands.
    case itemInsertedAndMoved
    /// An item deleted, reloaded or moved out of a section that is itself deleted or
    /// reloaded.
    case itemInDeletedSection
    /// An item inserted, moved or reload-shifted into a section that is itself inserted or
    /// reloaded.
    case itemInInsertedSection
    /// An item inserted, moved (either end), reloaded or deleted inside a section that is
    /// itself moved, or an item reload shifted into a moved section.
    case itemInMovedSection
    /// UIKit's "invalid number of sections": new ≠ old + inserted − deleted.
    case sectionCount
    /// UIKit's "invalid number of items in section t", counted UIKit's way.
    case itemCount
    /// A section lands where the new layout holds another identifier, an inserted section
    /// holds an identifier carried over, or a reloaded section lands on another identifier.
    case sectionIdentity
    /// An item lands where the new layout holds another identifier, an inserted slot holds
    /// an identifier carried over, a reloaded slot holds another identifier, or the
    /// surviving items do not fill the free slots exactly.
    case itemIdentity
    /// A reconfigure of an item that gets a fresh cell in the same batch (inserted, reloaded,
    /// or in an inserted or reloaded section).
    case reconfigureOfFreshItem
    /// The content a data source hands the view contradicts itself (a count with no
    /// identifier behind it, or a negative count). Only ``ListViewSimulator`` reports it.
    case inconsistentContent

    /// The case name.
    ///
    /// - Complexity: O(1).
    public var description: String { rawValue }
  }

  /// A broken rule and the message a list view gives for it.
  public struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule broken.
    public var rule: Rule
    /// The message, worded the way UIKit words its `NSInternalInconsistencyException`:
    /// "Invalid update: ...".
    public var message: String

    /// Creates a violation.
    ///
    /// - Complexity: O(1).
    public init(rule: Rule, message: String) {
      self.rule = rule
      self.message = message
    }

    /// The message.
    ///
    /// - Complexity: O(1).
    public var description: String { message }
  }

  /// What a list view makes of a batch: the broken rule, if any, and which identifiers got
  /// fresh cells, moved or were reconfigured.
  ///
  /// When the batch breaks a rule, the sets hold what was found before the check that
  /// failed.
  public struct Outcome<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
    Equatable, Sendable
  {
    /// The first rule the batch breaks, or nil when the view accepts it and ends up showing
    /// the new layout.
    public var violation: Violation?
    /// Sections that got fresh cells: inserted or reloaded.
    public var freshSections: Set<SectionID> = []
    /// Items that got fresh cells: inserted, reloaded, or in a fresh section.
    public var freshItems: Set<ItemID> = []
    /// Items reconfigured in place.
    public var reconfiguredItems: Set<ItemID> = []
    /// Sections moved (by identifier).
    public var movedSections: Set<SectionID> = []
    /// Items moved (by identifier).
    public var movedItems: Set<ItemID> = []

    /// An outcome with no violation and empty sets.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The message of the broken rule, or nil.
    ///
    /// - Complexity: O(1).
    public var failure: String? { violation?.message }
  }

  /// Applies `batch` to `old` the way a list view does and compares the result with `new`.
  /// Returns the message of the first rule broken, or nil when the batch is valid.
  ///
  /// - Parameter allowDeletesInMovedSections: whether item deletes inside a moved section are
  ///   accepted (UIKit counts them right but animates them badly; rejected by default).
  /// - Complexity: O(*n* + *m* log *m*), where *n* is the number of sections and rows of
  ///   both layouts and *m* the number of entries of the batch.
  public static func check<S: Hashable & Sendable, I: Hashable & Sendable>(
    old: [LayoutSection<S, I>], batch: BatchUpdate, new: [LayoutSection<S, I>],
    allowDeletesInMovedSections: Bool = false
  ) -> String? {
    simulate(
      old: old, batch: batch, new: new, allowDeletesInMovedSections: allowDeletesInMovedSections
    ).failure
  }

  /// Applies `batch` to `old` the way a list view does and compares the result with `new`:
  /// the first rule broken, if any, and what got fresh cells, moved or was reconfigured.
  ///
  /// Never traps, whatever the input: an index out of range is a
  /// ``Rule/sectionOutOfBounds`` or ``Rule/itemOutOfBounds`` violation.
  ///
  /// - Parameter allowDeletesInMovedSections: whether item deletes inside a moved section are
  ///   accepted (UIKit counts them right but animates them badly; rejected by default).
  /// - Complexity: O(*n* + *m* log *m*), where *n* is the number of sections and rows of
  ///   both layouts and *m* the number of entries of the batch.
  public static func simulate<S: Hashable & Sendable, I: Hashable & Sendable>(
    old: [LayoutSection<S, I>], batch: BatchUpdate, new: [LayoutSection<S, I>],
    allowDeletesInMovedSections: Bool = false
  ) -> Outcome<S, I> {
    var simulation = BatchSimulation(
      old: old, batch: batch, new: new, allowDeletesInMovedSections: allowDeletesInMovedSections)
    do {
      try simulation.run()
    } catch {
      simulation.outcome.violation = error
    }
    return simulation.outcome
  }

  /// The index a view gives a reloaded entry: `index` shifted by the batch's deletes, then by
  /// its inserts (ascending), never by its moves.
  ///
  /// - Complexity: O(*d* + *k* log *k*), where *d* is the number of deletes and *k* the
  ///   number of inserts.
  public static func shifted(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
    var position = index - deletes.filter { $0 < index }.count
    for insert in inserts.sorted() where insert <= position { position += 1 }
    return position
  }
}

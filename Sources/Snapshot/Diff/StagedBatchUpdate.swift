/// A change between two layouts as a sequence of batches, each valid on its own, each
/// carrying the layout the view shows after it.
///
/// ## Single batch or stages?
/// ``BatchUpdate/init(from:to:marks:)`` produces **one** batch that a list view always
/// accepts. To stay valid in one batch it sometimes rewrites a change: an item that moves
/// and is reloaded, an item moving between sections that UIKit would miscount, or a moved
/// section whose contents changed, become deletes plus inserts (the row fades instead of
/// sliding). Use the single batch for the common case: one animation, one
/// `performBatchUpdates` call.
///
/// The staged form does not rewrite: every move between sections present in both layouts
/// stays a move, and every reload a reload, at the price of several animations in a row. An
/// item moving into an inserted section or out of a deleted one is deleted and inserted, in
/// the staged form as in the single batch: it arrives with its new section or leaves with
/// its old one (no batch may move an item into a section it inserts or out of one it
/// deletes). Use it when sliding rows matter (reordering, drag and drop, a moved section with
/// changes inside), or to follow DifferenceKit's staged-changeset pattern. Apply the stages in order; before each stage, make the data
/// source answer with that stage's ``Stage/layout`` (that is what the view reads back for
/// the stage's new counts and cells), then hand the stage's ``Stage/batch`` to the view.
///
/// The stages, each present only when it has something to do:
/// 1. ``Stage/Kind/itemUpdates``: item reloads and reconfigures, in the old layout;
/// 2. ``Stage/Kind/deletes``: section and item deletes;
/// 3. ``Stage/Kind/sectionInsertsAndMoves``: section inserts and moves;
/// 4. ``Stage/Kind/itemInsertsAndMoves``: item inserts and moves (within and across sections);
/// 5. ``Stage/Kind/sectionReloads``: section reloads, in the new layout.
public struct StagedBatchUpdate<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Equatable, Sendable
{
  /// One batch of the staged form and the layout the view shows after it.
  public struct Stage: Equatable, Sendable {
    /// What a stage does.
    public enum Kind: Hashable, Sendable {
      /// Item reloads and reconfigures in the old layout.
      case itemUpdates
      /// Section and item deletes.
      case deletes
      /// Section inserts and section moves.
      case sectionInsertsAndMoves
      /// Item inserts and item moves.
      case itemInsertsAndMoves
      /// Section reloads in the new layout.
      case sectionReloads
    }

    /// What the stage does.
    public var kind: Kind
    /// The stage's batch, in the frames of ``BatchUpdate``: old frame = the previous stage's
    /// layout, new frame = this stage's ``layout``.
    public var batch: BatchUpdate
    /// The layout, listed or (for a diff of related snapshots) listed on first read.
    @usableFromInline var storedLayout: StageLayout<SectionID, ItemID>

    /// The layout the view shows once the stage is applied.
    ///
    /// - Complexity: O(1), except the first read of a stage of a diff of related snapshots
    ///   (which lists the stage's layout only when asked): O(n) for the n items it holds.
    @inlinable
    public var layout: [LayoutSection<SectionID, ItemID>] {
      get { storedLayout.sections }
      set { storedLayout = .listed(newValue) }
    }

    /// Creates a stage.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(kind: Kind, batch: BatchUpdate, layout: [LayoutSection<SectionID, ItemID>]) {
      self.kind = kind
      self.batch = batch
      self.storedLayout = .listed(layout)
    }

    /// Creates a stage whose layout is listed on first read.
    ///
    /// - Complexity: O(1).
    @inlinable
    init(kind: Kind, batch: BatchUpdate, deferredLayout: DeferredLayout<SectionID, ItemID>) {
      self.kind = kind
      self.batch = batch
      self.storedLayout = .deferred(deferredLayout)
    }

    /// Whether two stages have the same kind, batch and layout.
    ///
    /// - Complexity: O(1) when the batches differ or both layouts are the same deferred one;
    ///   else O(n) to compare the layouts (listing a deferred one first).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
      guard lhs.kind == rhs.kind && lhs.batch == rhs.batch else { return false }
      if case .deferred(let a) = lhs.storedLayout, case .deferred(let b) = rhs.storedLayout,
        a.isIdentical(to: b)
      {
        return true
      }
      return lhs.layout == rhs.layout
    }
  }

  /// The stages, in the order to apply them. Empty when the layouts are equal and nothing
  /// is marked.
  public var stages: [Stage]

  /// Creates a staged update from its stages.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(stages: [Stage]) {
    self.stages = stages
  }

  /// The number of moves over all stages: the fewest that turn the old layout into the new
  /// one when items moving into an inserted section or out of a deleted one are deleted and
  /// inserted.
  ///
  /// - Complexity: O(s) for s stages.
  @inlinable
  public var moveCount: Int {
    stages.reduce(0) { $0 + $1.batch.moveCount }
  }
}

/// One batch of updates for a list view, in the view's own terms: what `performBatchUpdates`
/// (or `beginUpdates`/`endUpdates`) is told.
///
/// Index frames follow the list-view contract:
/// - the **old frame** (positions before the update): ``deletedSections``,
///   ``reloadedSections``, ``deletedItems``, ``reloadedItems``, and the source of every move;
/// - the **new frame** (positions after the update): ``insertedSections``, ``insertedItems``,
///   and the destination of every move;
/// - ``reconfiguredItems`` are addressed in the **final layout** (the new frame) and are meant
///   to be applied *after* the structural updates: a reconfigure changes no layout, and in the
///   final layout its address is unambiguous even for an item that moved. With UIKit:
///
/// ```swift
/// collectionView.performBatchUpdates {
///   collectionView.deleteSections(IndexSet(batch.deletedSections))
///   // ... inserts, moves, reloads, item operations
/// }
/// collectionView.reconfigureItems(at: batch.reconfiguredItems.map {
///   Foundation.IndexPath(item: $0.item, section: $0.section)
/// })
/// ```
///
/// Each list is sorted (deletes and reloads by old position, inserts, moves and reconfigures
/// by new position), so equal changes give equal batches. The order carries no meaning for
/// the view.
public struct BatchUpdate: Equatable, Sendable {
  /// A section moving from an old-frame index to a new-frame index.
  public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The section's index before the update.
    public var source: Int
    /// The section's index after the update.
    public var destination: Int

    /// Creates a section move.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(from source: Int, to destination: Int) {
      self.source = source
      self.destination = destination
    }

    /// `source->destination`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(source)->\(destination)" }
  }

  /// An item moving from an old-frame index path to a new-frame index path.
  public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// The item's index path before the update.
    public var source: ListIndexPath
    /// The item's index path after the update.
    public var destination: ListIndexPath

    /// Creates an item move.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(from source: ListIndexPath, to destination: ListIndexPath) {
      self.source = source
      self.destination = destination
    }

    /// `source->destination`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(source)->\(destination)" }
  }

  /// Sections deleted, by old index. Their items go with them and are not listed.
  public var deletedSections: [Int]
  /// Sections inserted, by new index. Their items come with them and are not listed.
  public var insertedSections: [Int]
  /// Sections moved, old index to new index. A moved section has no item operations.
  public var movedSections: [SectionMove]
  /// Sections reloaded, by old index. The view rebuilds every cell of the section.
  public var reloadedSections: [Int]
  /// Items deleted, by old index path.
  public var deletedItems: [ListIndexPath]
  /// Items inserted, by new index path.
  public var insertedItems: [ListIndexPath]
  /// Items moved, old index path to new index path.
  public var movedItems: [ItemMove]
  /// Items reloaded (cell replaced), by old index path.
  public var reloadedItems: [ListIndexPath]
  /// Items reconfigured (cell refreshed in place), by index path in the final layout; apply
  /// them after the structural updates.
  public var reconfiguredItems: [ListIndexPath]

  /// Creates a batch; every list is empty by default.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(
    deletedSections: [Int] = [],
    insertedSections: [Int] = [],
    movedSections: [SectionMove] = [],
    reloadedSections: [Int] = [],
    deletedItems: [ListIndexPath] = [],
    insertedItems: [ListIndexPath] = [],
    movedItems: [ItemMove] = [],
    reloadedItems: [ListIndexPath] = [],
    reconfiguredItems: [ListIndexPath] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.movedSections = movedSections
    self.reloadedSections = reloadedSections
    self.deletedItems = deletedItems
    self.insertedItems = insertedItems
    self.movedItems = movedItems
    self.reloadedItems = reloadedItems
    self.reconfiguredItems = reconfiguredItems
  }

  /// Whether the batch changes nothing (the two layouts are equal and nothing is marked).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && reloadedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
      && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
  }

  /// The number of moves, sections and items together.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var moveCount: Int {
    movedSections.count + movedItems.count
  }
}

/// What a list shows, as a list view reads it back while it applies an update: the sections
/// and, in each, the rows, by index.
///
/// UIKit's collection view asks its data source for these counts and cells while it performs
/// a batch; a ``DiffableListView`` is handed a `ListContent` for the same purpose. The
/// ``DiffableDataSource`` is one (answering in O(log n) per row), and ``LayoutContent`` wraps
/// a plain array of ``LayoutSection``s (the layout of one stage of a ``StagedBatchUpdate``).
public protocol ListContent<SectionIdentifierType, ItemIdentifierType> {
  /// The type of the section identifiers.
  associatedtype SectionIdentifierType: Hashable & Sendable
  /// The type of the item identifiers.
  associatedtype ItemIdentifierType: Hashable & Sendable

  /// The number of sections.
  var numberOfSections: Int { get }
  /// The number of rows in the section at `section`; 0 for an index out of range.
  func numberOfItems(inSection section: Int) -> Int
  /// The identifier of the section at `index`, or nil for an index out of range.
  func sectionIdentifier(for index: Int) -> SectionIdentifierType?
  /// The identifier of the row at `indexPath`, or nil for an index path out of range.
  func itemIdentifier(for indexPath: ListIndexPath) -> ItemIdentifierType?
  /// The identifiers of the rows at positions `range` of the section at `section`, in order:
  /// what a view that keeps every row's identifier reads after a batch that inserted a run of
  /// rows, in one call. Positions out of range are left out. The default implementation
  /// calls ``itemIdentifier(for:)`` once per position; ``DiffableDataSource`` answers in
  /// O(k + log n) for k rows.
  func itemIdentifiers(in range: Range<Int>, inSection section: Int) -> [ItemIdentifierType]
}

extension ListContent {
  /// The identifiers of the rows at positions `range` of the section at `section`, by one
  /// ``itemIdentifier(for:)`` per position.
  ///
  /// - Complexity: k calls to ``itemIdentifier(for:)`` for k positions.
  @inlinable public func itemIdentifiers(in range: Range<Int>, inSection section: Int)
    -> [ItemIdentifierType]
  {
    range.compactMap { itemIdentifier(for: ListIndexPath(item: $0, section: section)) }
  }
}

/// A list view driven by a ``DiffableDataSource``: it receives whole reloads and batches of
/// updates, and nothing else.
///
/// The same protocol drives a UIKit collection view (an adapter calls `reloadData()` and
/// `performBatchUpdates`), a terminal list, or the list-view simulator of the
/// `SnapshotTestSupport` library, which checks every batch against the rules a real list view
/// enforces.
///
/// The data source calls these methods synchronously, on the isolation it is used from. A
/// list view must not apply a snapshot or expand, collapse or move rows from inside them:
/// the data source refuses such reentrant updates with
/// ``DataSourceError/Reason/reentrantUpdate``.
public protocol DiffableListView<SectionIdentifierType, ItemIdentifierType>: AnyObject {
  /// The type of the section identifiers.
  associatedtype SectionIdentifierType: Hashable & Sendable
  /// The type of the item identifiers.
  associatedtype ItemIdentifierType: Hashable & Sendable

  /// Throw away every row and read the whole list anew from `content`.
  func reloadData(
    _ content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  )

  /// Apply one batch: the rows before it are what the view showed; `content` answers for
  /// the list after it (section and row counts, identifiers of inserted and reloaded rows).
  /// Reconfigured rows (``BatchUpdate/reconfiguredItems``) are refreshed after the batch, in
  /// the new layout.
  func performBatchUpdates(
    _ batch: BatchUpdate,
    animated: Bool,
    content: some ListContent<SectionIdentifierType, ItemIdentifierType>
  )

  /// Runs `completion` once the view has finished every update handed to it so far (after
  /// their animations, where UIKit runs a batch's completion handler). The data source hands
  /// it the `completion` of an apply. The default implementation runs it at once.
  func whenUpdatesFinish(_ completion: @escaping () -> Void)
}

extension DiffableListView {
  /// Runs `completion` at once: a view that shows every update as it is handed one.
  ///
  /// - Complexity: O(1) plus `completion`'s cost.
  public func whenUpdatesFinish(_ completion: @escaping () -> Void) {
    completion()
  }
}

/// A ``ListContent`` over an array of ``LayoutSection``s.
public struct LayoutContent<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: ListContent, Sendable {
  /// The sections and their rows.
  public var sections: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]

  /// Wraps `sections`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(_ sections: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]) {
    self.sections = sections
  }

  /// The number of sections. O(1).
  @inlinable public var numberOfSections: Int { sections.count }

  /// The number of rows in the section at `section`; 0 when out of range. O(1).
  @inlinable public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].items.count : 0
  }

  /// The section at `index`, or nil. O(1).
  @inlinable public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    sections.indices.contains(index) ? sections[index].id : nil
  }

  /// The row at `indexPath`, or nil. O(1).
  @inlinable public func itemIdentifier(for indexPath: ListIndexPath) -> ItemIdentifierType? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let items = sections[indexPath.section].items
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// The rows at positions `range` of the section at `section` (positions out of range left
  /// out). O(k) for k rows.
  @inlinable public func itemIdentifiers(in range: Range<Int>, inSection section: Int)
    -> [ItemIdentifierType]
  {
    guard sections.indices.contains(section) else { return [] }
    let items = sections[section].items
    return Array(items[range.clamped(to: items.indices)])
  }
}

extension DiffableDataSource {
  /// Closures a data source consults when the user expands or collapses a row, as Apple's
  /// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`.
  ///
  /// They run synchronously inside ``DiffableDataSource/expand(_:animated:)`` and
  /// ``DiffableDataSource/collapse(_:animated:)``, before the change. A handler may read the
  /// data source, but an apply, expand, collapse or move from inside one is refused with
  /// ``DataSourceError/Reason/reentrantUpdate``.
  public struct SectionSnapshotHandlers {
    /// Whether the item may expand; nil allows every item.
    public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
    /// Called just before the item expands.
    public var willExpandItem: ((ItemIdentifierType) -> Void)?
    /// Whether the item may collapse; nil allows every item.
    public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
    /// Called just before the item collapses.
    public var willCollapseItem: ((ItemIdentifierType) -> Void)?
    /// The children of a parent that is expanding, given its current children (a snapshot of
    /// its subtree): the place to load children lazily. Return the argument unchanged when the
    /// children are already there; that costs nothing beyond building the argument.
    public var snapshotForExpandingParent:
      (
        (ItemIdentifierType, DiffableDataSourceSectionSnapshot<ItemIdentifierType>) ->
          DiffableDataSourceSectionSnapshot<ItemIdentifierType>
      )?

    /// Creates handlers that allow everything and load nothing. O(1).
    public init() {}
  }

  /// Closures a data source consults when the user moves a row, as Apple's
  /// `UICollectionViewDiffableDataSource.ReorderingHandlers`.
  public struct ReorderingHandlers {
    /// Whether the item may be moved. Reordering is disabled while this is nil, as in
    /// Apple's data source.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// Called before a move is applied, with what it will do.
    public var willReorder:
      ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    /// Called after a move was applied and delivered to the list view.
    public var didReorder:
      ((DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    /// Creates handlers with reordering disabled. O(1).
    public init() {}
  }

  /// How a section snapshot's expansion state combines with the data source's on apply.
  public enum ExpansionPolicy: Sendable, Equatable {
    /// Items present before and after keep the expansion state the list has now (what the
    /// user opened stays open); new items take the snapshot's. The default.
    case preserveCurrent
    /// Every item takes the snapshot's expansion state (Apple's behaviour).
    case useSnapshot
  }

  /// How updates reach the list view.
  public enum UpdateStyle: Sendable, Equatable {
    /// One batch per apply (``BatchUpdate/init(from:to:marks:)``): one animation, with moves
    /// of reloaded rows said as delete + insert.
    case singleBatch
    /// The stages of a ``StagedBatchUpdate``, each with the layout the view shows after it:
    /// every move stays a move and every reload a reload.
    case staged
  }
}

/// Whether a section shows its first item as its header.
public enum SectionHeaderMode: Sendable, Equatable {
  /// No header: every root item is a row like the others.
  case none
  /// UIKit's `.firstItemInSection`: the section's first root item is its header, and
  /// collapsing the header hides the rest of the section while the header row stays.
  ///
  /// The header takes one of two shapes:
  /// - the only root item, with the section's items below it (an outline): it expands and
  ///   collapses like any parent;
  /// - a leaf followed by the other root items (seed 003's layout, and what a flat snapshot
  ///   gives): collapsing it folds the section. A section starts unfolded, and stays folded or
  ///   unfolded across applies whatever the applied snapshot says of the header; the header's
  ///   expansion in ``DiffableDataSource/snapshot(for:)`` mirrors it.
  ///
  /// A header with both children and sibling roots is refused
  /// (``DataSourceError/Reason/headerWithChildrenAndSiblings(_:header:)``).
  case firstItemInSection
}

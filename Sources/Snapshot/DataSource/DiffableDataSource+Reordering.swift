extension DiffableDataSource {
  /// Where a moved row goes in its destination section's tree.
  @usableFromInline enum MoveTarget {
    /// Just before this item, as its previous sibling.
    case before(ItemIdentifierType)
    /// The last child of this item, or the last root item when nil.
    case lastChild(of: ItemIdentifierType?)
  }

  /// Moves the row at `source`, with its subtree, so that it shows at `destination`, as a
  /// list view reports a drag between rows. Returns what the move did.
  ///
  /// `destination` is the row's index path after the move. The row takes the place of the
  /// row it lands on, as that row's previous sibling (so it is re-parented to that row's
  /// parent); dropped past the last row, it becomes the last root item (in a section showing
  /// a header, the header's last child). To drop a row onto another, making it that row's
  /// last child, use ``moveItem(at:into:)``.
  ///
  /// The list view receives one batch: a move for each row of the subtree that is shown (the
  /// rows it already shows moved, as after a drag), with the rows of the old and new parents
  /// reconfigured. ``ReorderingHandlers/willReorder`` is called with the transaction before
  /// the batch is delivered, ``ReorderingHandlers/didReorder`` after.
  ///
  /// - Throws: ``DataSourceError`` without changing anything when reordering is disabled or
  ///   refused for the row, an index path names no row, the row is a section's header or
  ///   would go above one, or during another update.
  /// - Complexity: O((s + k) log n) for s sections and the k items of the moved subtree;
  ///   the transaction's list snapshots cost O(n) when first read.
  @discardableResult
  @inlinable public func moveItem(at source: ListIndexPath, to destination: ListIndexPath)
    throws(Error)
    -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
  {
    try moveItem(at: source, to: destination, viewAlreadyMoved: false)
  }

  /// Moves the row at `source` as ``moveItem(at:to:)`` does, for a list view that may have
  /// moved the row itself already: UIKit's interactive reordering moves the row on screen,
  /// then tells its data source (`collectionView(_:moveItemAt:to:)`,
  /// `tableView(_:moveRowAt:to:)`).
  ///
  /// With `viewAlreadyMoved`, the list view is taken to show the row at `destination`
  /// already, and the batch it receives holds only the rest, addressed from that state: the
  /// rows of the moved row's subtree that follow it, its reconfigure (its level may change)
  /// and its parents', or its delete when it lands below a collapsed row. The view's own move
  /// is never sent again.
  ///
  /// - Throws: as ``moveItem(at:to:)``, without changing anything (the view then shows a row
  ///   the data source did not move: reload it).
  /// - Complexity: as ``moveItem(at:to:)``.
  @discardableResult
  @inlinable public func moveItem(
    at source: ListIndexPath, to destination: ListIndexPath, viewAlreadyMoved: Bool
  ) throws(Error) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
    try performUpdate(.moveItem) { () throws(Error) in
      let (item, block) = try movableRow(at: source, .moveItem)
      let sameSection = destination.section == source.section
      guard sections.indices.contains(destination.section) else {
        throw Error(.moveItem, .unknownIndexPath(destination))
      }
      let remaining = rowCount(inSection: destination.section) - (sameSection ? block : 0)
      guard (0...remaining).contains(destination.item) else {
        throw Error(.moveItem, .unknownIndexPath(destination))
      }
      // The row the moved one lands on, counted without the moved rows.
      var landing = destination.item
      if sameSection && landing >= source.item { landing += block }
      let header = headerItem(ofSection: destination.section)
      let target: MoveTarget
      if landing < rowCount(inSection: destination.section) {
        let below = rowItem(at: landing, inSection: destination.section)
        if below == header { throw Error(.moveItem, .moveAroundHeader(item)) }
        target = .before(below)
      } else if let header,
        header != leafHeader(sections[destination.section].tree, sections[destination.section].id)
      {
        target = .lastChild(of: header)
      } else {
        target = .lastChild(of: nil)
      }
      return try performMove(
        item, at: source, rows: block, to: destination.section, target, .moveItem,
        viewShows: viewAlreadyMoved ? destination : nil)
    }
  }

  /// Moves the row at `source`, with its subtree, to be the last child of the row at `parent`,
  /// as a list view reports a drop onto a row. Returns what the move did.
  ///
  /// When `parent` is collapsed the moved rows disappear (the view receives their deletes),
  /// as they do below any collapsed row. Handlers and batches as ``moveItem(at:to:)``.
  ///
  /// - Throws: ``DataSourceError`` without changing anything when reordering is disabled or
  ///   refused, an index path names no row, the row is a section's header, `parent` is the row
  ///   or lies in its subtree, or during another update.
  /// - Complexity: as ``moveItem(at:to:)``.
  @discardableResult
  @inlinable public func moveItem(at source: ListIndexPath, into parent: ListIndexPath)
    throws(Error)
    -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
  {
    try performUpdate(.moveItemInto) { () throws(Error) in
      let (item, block) = try movableRow(at: source, .moveItemInto)
      guard let parentItem = itemIdentifier(for: parent) else {
        throw Error(.moveItemInto, .unknownIndexPath(parent))
      }
      if parentItem == leafHeader(sections[parent.section].tree, sections[parent.section].id) {
        throw Error(.moveItemInto, .moveAroundHeader(item))
      }
      if parent.section == source.section {
        if sections[source.section].tree.isInSubtree(parentItem, of: item) {
          throw Error(.moveItemInto, .moveIntoOwnSubtree(item))
        }
      }
      return try performMove(
        item, at: source, rows: block, to: parent.section, .lastChild(of: parentItem),
        .moveItemInto)
    }
  }

  /// The item at `source` and the number of rows it and its shown descendants take, after
  /// checking that it may move.
  @inlinable func movableRow(at source: ListIndexPath, _ operation: Error.Operation)
    throws(Error) -> (ItemIdentifierType, Int)
  {
    guard let canReorder = reorderingHandlers.canReorderItem else {
      throw Error(operation, .reorderingDisabled)
    }
    // Rows through a filter are not the trees' rows: a move could not say where it lands.
    if !filters.isEmpty {
      let id = sections.indices.contains(source.section) ? sections[source.section].id : nil
      let named = id.flatMap { filters[$0] != nil ? $0 : nil } ?? filters.keys.first!
      throw Error(operation, .filtered(named))
    }
    guard let item = itemIdentifier(for: source) else {
      throw Error(operation, .unknownIndexPath(source))
    }
    if item == headerItem(ofSection: source.section) {
      throw Error(operation, .headerCannotMove(item))
    }
    guard canReorder(item) else { throw Error(operation, .reorderRefused(item)) }
    let expanded = sections[source.section].tree.expansion(of: item) == true
    return (
      item, 1 + (expanded ? visibleDescendants(of: item, inSection: source.section).count : 0)
    )
  }

  /// The header of the section at `section`, when it shows one. O(1).
  @inlinable func headerItem(ofSection section: Int) -> ItemIdentifierType? {
    guard headerMode(for: sections[section].id) == .firstItemInSection else { return nil }
    return sections[section].tree.firstRoot?.item
  }

  /// Moves `item` (the row at `source` and the `block - 1` rows of its shown subtree). With
  /// `viewShows`, the view already shows the row there (an interactive move): the batch is
  /// addressed from that state.
  @inlinable func performMove(
    _ item: ItemIdentifierType, at source: ListIndexPath, rows block: Int,
    to destination: Int, _ target: MoveTarget, _ operation: Error.Operation,
    viewShows: ListIndexPath? = nil
  ) throws(Error) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
    let initial = shownState
    let moved = rowItems(in: source.item..<source.item + block, inSection: source.section)
    let initialTrees = (sections[source.section].tree, sections[destination].tree)
    let oldParent = (try? sections[source.section].tree.tryParent(of: item)) ?? nil
    // The trees.
    do {
      if source.section == destination {
        switch target {
        case .before(let below): try sections[destination].tree.tryMove(item, before: below)
        case .lastChild(let parent):
          try sections[destination].tree.tryMove(item, to: parent, at: nil)
        }
      } else {
        let subtree = try sections[source.section].tree.trySnapshot(of: item, includingParent: true)
        var destinationTree = sections[destination].tree
        switch target {
        case .before(let below): try destinationTree.tryInsert(subtree, before: below)
        case .lastChild(let parent): try destinationTree.tryAppend(subtree, to: parent)
        }
        var sourceTree = sections[source.section].tree
        try sourceTree.tryDelete([item])
        sections[source.section].tree = sourceTree
        sections[destination].tree = destinationTree
      }
    } catch {
      throw Error(operation, .sectionSnapshot(error))
    }
    // The rows.
    let landing = shownPosition(of: item, inSection: destination)
    // The batch.
    var batch = BatchUpdate()
    /// Where the view shows the old row at `path` before the batch.
    func shown(_ path: ListIndexPath) -> ListIndexPath {
      guard let viewShows else { return path }
      if path == source { return viewShows }
      var shown = path
      if shown.section == source.section && shown.item > source.item { shown.item -= 1 }
      if shown.section == viewShows.section && shown.item >= viewShows.item { shown.item += 1 }
      return shown
    }
    // After a view's own move, the rows it moved and did not (the subtree below the row)
    // no longer keep their relative order: when any of them moves, all of them do, those
    // already in place by a move onto their own index path (the rest keep their order).
    let moveAll =
      viewShows != nil
      && landing.map { landing in
        (0..<block).contains {
          shown(ListIndexPath(item: source.item + $0, section: source.section))
            != ListIndexPath(item: landing + $0, section: destination)
        }
      } == true
    for offset in 0..<block {
      let from = shown(ListIndexPath(item: source.item + offset, section: source.section))
      if let landing {
        let to = ListIndexPath(item: landing + offset, section: destination)
        if from == to && !moveAll {
          batch.reconfiguredItems.append(to)
        } else {
          batch.movedItems.append(.init(from: from, to: to))
          if offset == 0 && viewShows != nil { batch.reconfiguredItems.append(to) }
        }
      } else {
        batch.deletedItems.append(from)
      }
    }
    let newParent = (try? sections[destination].tree.tryParent(of: item)) ?? nil
    for parent in [oldParent, newParent] {
      if let parent, let path = indexPath(for: parent), !batch.reconfiguredItems.contains(path) {
        batch.reconfiguredItems.append(path)
      }
    }
    batch.reconfiguredItems.sort()
    // The transaction.
    let final = shownState
    let transaction = makeTransaction(
      initial: initial, final: final, moved: moved, from: source, to: destination,
      landing: landing, initialTrees: initialTrees)
    if let willReorder = reorderingHandlers.willReorder {
      // Called before the move is applied: it reads the trees as they were (O(1) copies).
      let finalTrees = (sections[source.section].tree, sections[destination].tree)
      sections[source.section].tree = initialTrees.0
      sections[destination].tree = initialTrees.1
      willReorder(transaction)
      sections[source.section].tree = finalTrees.0
      sections[destination].tree = finalTrees.1
    }
    deliver(batch, animated: true)
    reorderingHandlers.didReorder?(transaction)
    return transaction
  }

  /// The row position `item` has in its section's tree as it is now, counting the rows
  /// before it, or nil when a collapsed ancestor hides it. O(log n).
  @inlinable func shownPosition(of item: ItemIdentifierType, inSection section: Int) -> Int? {
    if let header = leafHeader(sections[section].tree, sections[section].id), header != item,
      sections[section].tree.expansion(of: header) != true
    {
      return nil
    }
    return sections[section].tree.visibleRow(of: item)
  }

  /// What a move of the rows `moved` (the first one the moved item) did: the whole list's
  /// difference over its rows, and each section's over its tree's visible items.
  ///
  /// The two differ where a leaf header folds a section: its tree's visible items still hold
  /// the rows the fold hides, so a row moved into a folded section is inserted in the
  /// section's difference (where its tree shows it) but not in the list's. O(s + k log n)
  /// for s sections and k moved rows; the snapshots are listed, and the differences made,
  /// when read.
  @inlinable func makeTransaction(
    initial: ShownState, final: ShownState, moved: [ItemIdentifierType],
    from source: ListIndexPath,
    to destination: Int, landing: Int?, initialTrees: (SectionSnapshot, SectionSnapshot)
  ) -> DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType> {
    typealias Difference = CollectionDifference<ItemIdentifierType>
    /// The moved rows removed at offsets from `removedAt` and inserted at offsets from
    /// `insertedAt` (nil: not removed, or not inserted), each removal associated with its
    /// insertion when there are both; made when first read (the standard library's
    /// validation of a difference costs far more than the move).
    func difference(_ removedAt: Int?, _ insertedAt: Int?) -> @Sendable () -> Difference {
      { [moved] in
        var changes: [Difference.Change] = []
        changes.reserveCapacity(moved.count * 2)
        for (index, item) in moved.enumerated() {
          let removal = removedAt.map { $0 + index }
          let insertion = insertedAt.map { $0 + index }
          if let removal {
            changes.append(.remove(offset: removal, element: item, associatedWith: insertion))
          }
          if let insertion {
            changes.append(.insert(offset: insertion, element: item, associatedWith: removal))
          }
        }
        return Difference(changes)!
      }
    }
    /// Where the moved item is among `tree`'s visible items, or nil when a collapsed
    /// ancestor hides it (a folded leaf header does not).
    func visibleOffset(in tree: SectionSnapshot) -> Int? {
      moved.first.flatMap { tree.visibleRow(of: $0) }
    }
    let sourceID = sections[source.section].id
    let whole = difference(
      initial.rowOffset(ofSection: source.section) + source.item,
      landing.map { final.rowOffset(ofSection: destination) + $0 })
    let removedAt = visibleOffset(in: initialTrees.0)
    let insertedAt = visibleOffset(in: sections[destination].tree)
    let sectionTransactions:
      [DiffableDataSourceSectionTransaction<
        SectionIdentifierType, ItemIdentifierType
      >]
    if source.section == destination {
      sectionTransactions = [
        .init(
          sectionIdentifier: sourceID, initialSnapshot: initialTrees.0,
          finalSnapshot: sections[destination].tree, difference: difference(removedAt, insertedAt))
      ]
    } else {
      sectionTransactions = [
        .init(
          sectionIdentifier: sourceID, initialSnapshot: initialTrees.0,
          finalSnapshot: sections[source.section].tree, difference: difference(removedAt, nil)),
        .init(
          sectionIdentifier: sections[destination].id, initialSnapshot: initialTrees.1,
          finalSnapshot: sections[destination].tree, difference: difference(nil, insertedAt)),
      ]
    }
    return DiffableDataSourceTransaction(
      initialSnapshot: { initial.snapshot }, finalSnapshot: { final.snapshot }, difference: whole,
      sectionTransactions: sectionTransactions)
  }
}

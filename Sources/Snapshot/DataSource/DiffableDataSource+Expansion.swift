extension DiffableDataSource {
  /// Expands `item`, as a user opening a row: consults ``SectionSnapshotHandlers/shouldExpandItem``,
  /// calls ``SectionSnapshotHandlers/willExpandItem``, loads children through
  /// ``SectionSnapshotHandlers/snapshotForExpandingParent`` when set, and sends the list view
  /// the inserts of exactly the rows that appear, with the item's own row reconfigured (its
  /// disclosure state changed).
  ///
  /// An item below a collapsed parent is expanded too (its rows appear once its ancestors
  /// open); the view receives nothing then.
  ///
  /// - Returns: false when the item was already expanded or a handler refused.
  /// - Throws: ``DataSourceError`` when `item` is in no section, when lazily loaded children
  ///   are refused, or during another update; nothing changes then.
  /// - Complexity: O(k + log n) expected for the k rows that appear in a list of n rows
  ///   (independent of the list's size), plus O(subtree of `item`) when
  ///   `snapshotForExpandingParent` is set.
  @discardableResult
  @inlinable public func expand(_ item: ItemIdentifierType, animated: Bool = true) throws(Error)
    -> Bool
  {
    try performUpdate(.expand) { () throws(Error) in try setExpanded(true, item, .expand, animated)
    }
  }

  /// Collapses `item`, as a user closing a row: consults ``SectionSnapshotHandlers/shouldCollapseItem``,
  /// calls ``SectionSnapshotHandlers/willCollapseItem``, and sends the list view the deletes
  /// of exactly the rows that disappear, with the item's own row reconfigured.
  ///
  /// - Returns: false when the item was already collapsed or a handler refused.
  /// - Throws: ``DataSourceError`` when `item` is in no section or during another update.
  /// - Complexity: O(k + log n) expected for the k rows that disappear in a list of n rows.
  @discardableResult
  @inlinable public func collapse(_ item: ItemIdentifierType, animated: Bool = true) throws(Error)
    -> Bool
  {
    try performUpdate(.collapse) { () throws(Error) in
      try setExpanded(false, item, .collapse, animated)
    }
  }

  /// Collapses `item` if it is expanded, else expands it (see ``expand(_:animated:)`` and
  /// ``collapse(_:animated:)``).
  ///
  /// - Returns: false when a handler refused.
  /// - Complexity: as ``expand(_:animated:)`` or ``collapse(_:animated:)``.
  @discardableResult
  @inlinable public func toggle(_ item: ItemIdentifierType, animated: Bool = true) throws(Error)
    -> Bool
  {
    try performUpdate(.toggle) { () throws(Error) in try setExpanded(nil, item, .toggle, animated) }
  }

  /// Expands or collapses `item` (toggles it when `target` is nil).
  @inlinable func setExpanded(
    _ target: Bool?, _ item: ItemIdentifierType, _ operation: Error.Operation, _ animated: Bool
  ) throws(Error) -> Bool {
    // Found once: handlers cannot move rows (they cannot update the data source), and
    // loading children below a collapsed item shows no row.
    let location = rowLocation(of: item)
    guard let section = location?.section ?? sections.firstIndex(where: { $0.tree.contains(item) })
    else {
      throw Error(operation, .unknownItem(item))
    }
    guard let current = sections[section].tree.expansion(of: item) else {
      throw Error(operation, .unknownItem(item))
    }
    // Through a filter, a parent may be shown open while the user's expansion says
    // collapsed (the filter opened it): collapsing it closes it for the filter.
    let shownOpen =
      current || filter(ofSection: section).map { $0.rows.showsChildren(item) } == true
    let expanded = target ?? !shownOpen
    if expanded ? current : !shownOpen { return false }
    let handlers = sectionSnapshotHandlers
    if expanded {
      if let should = handlers.shouldExpandItem, !should(item) { return false }
      handlers.willExpandItem?(item)
      let foldsSection = leafHeader(sections[section].tree, sections[section].id) == item
      if let load = handlers.snapshotForExpandingParent, !foldsSection {
        try loadChildren(of: item, in: section, with: load, operation)
      }
    } else {
      if let should = handlers.shouldCollapseItem, !should(item) { return false }
      handlers.willCollapseItem?(item)
    }
    if let (_, row) = location {
      let shown = visibleDescendants(of: item, inSection: section)
      if expanded {
        sections[section].tree.expand([item])
      } else {
        sections[section].tree.collapse([item])
      }
      let first = row + 1
      let paths = (first..<first + shown.count).map { ListIndexPath(item: $0, section: section) }
      let own = [ListIndexPath(item: row, section: section)]
      deliver(
        expanded
          ? BatchUpdate(insertedItems: paths, reconfiguredItems: own)
          : BatchUpdate(deletedItems: paths, reconfiguredItems: own),
        animated: animated)
    } else if expanded {
      sections[section].tree.expand([item])
    } else {
      sections[section].tree.collapse([item])
    }
    changeFilterCollapsed(inSection: section) {
      if expanded { $0.remove(item) } else { $0.insert(item) }
    }
    return true
  }

  /// The rows below `item` that its expansion shows: its descendants whose ancestors up to
  /// `item` are expanded (for a leaf header, every other row of the section). O(k) for k
  /// such rows. (A function, so that no copy of the tree's
  /// arrays outlives it and the next mutation stays in place.)
  @inlinable func visibleDescendants(of item: ItemIdentifierType, inSection section: Int)
    -> [ItemIdentifierType]
  {
    if leafHeader(sections[section].tree, sections[section].id) == item {
      // A leaf header folds the whole section: every row after it.
      return Array(sections[section].tree.visibleItems.dropFirst())
    }
    return sections[section].tree.shownDescendants(of: item)
  }

  /// Asks `load` for the children of `item` and makes them its children, checking that they
  /// are in no other section and nowhere else in this one. O(subtree + m·s).
  @inlinable func loadChildren(
    of item: ItemIdentifierType, in section: Int,
    with load: (ItemIdentifierType, SectionSnapshot) -> SectionSnapshot,
    _ operation: Error.Operation
  ) throws(Error) {
    let current: SectionSnapshot
    do {
      current = try sections[section].tree.trySnapshot(of: item, includingParent: false)
    } catch {
      throw Error(operation, .sectionSnapshot(error))
    }
    let children = load(item, current)
    if children.isIdentical(to: current) { return }
    var conflict: (ItemIdentifierType, SectionIdentifierType)?
    children.forEachItem { child, _ in
      guard conflict == nil else { return }
      for (index, other) in sections.enumerated() where index != section {
        if other.tree.contains(child) { conflict = (child, other.id) }
      }
    }
    if let (child, other) = conflict { throw Error(operation, .itemInAnotherSection(child, other)) }
    // Rows below `item` that are shown now (it is collapsed, so none) stay as they are: the
    // replaced subtree is hidden until `item` expands.
    do {
      try sections[section].tree.tryReplace(childrenOf: item, using: children)
    } catch {
      throw Error(operation, .sectionSnapshot(error))
    }
  }
}

// Opening the way to an item, and expanding or collapsing whole subtrees and sections: each
// one batch of the rows that appear or disappear.

extension DiffableDataSource {
  /// Expands every collapsed ancestor of `item`, and unfolds its section when a leaf header
  /// folds it, so that the item is shown; sends the list view the rows that appear in one
  /// batch, with the row that opened reconfigured. Returns where the item is shown.
  ///
  /// Each ancestor expanded is asked as ``expand(_:animated:)`` asks, from the root down:
  /// ``SectionSnapshotHandlers/shouldExpandItem`` first for all of them, then
  /// ``SectionSnapshotHandlers/willExpandItem`` and, when set,
  /// ``SectionSnapshotHandlers/snapshotForExpandingParent`` for each (loading lazy children
  /// along the path). The item itself is not expanded.
  ///
  /// - Throws: ``DataSourceError`` when `item` is in no section, a handler refuses an
  ///   ancestor (``DataSourceError/Reason/expansionRefused(_:)``), loaded children are
  ///   refused, or during another update; nothing changes then.
  /// - Complexity: O(k + d log n) for the k rows that appear and the item's depth d, in a list
  ///   of n rows (independent of the list's size), plus the subtrees of the ancestors
  ///   expanded when `snapshotForExpandingParent` is set.
  @discardableResult
  @inlinable public func reveal(_ item: ItemIdentifierType, animated: Bool = true) throws(Error)
    -> ListIndexPath
  {
    // Through a filter, the item must be shown once its ancestors are open.
    let isShown: () throws(Error) -> Void = { () throws(Error) in
      if self.indexPath(for: item) == nil { throw Error(.reveal, .filteredOut(item)) }
    }
    let unfiltered = try performUpdate(.reveal, filterCheck: isShown) { () throws(Error) in
      guard let section = sections.firstIndex(where: { $0.tree.contains(item) }) else {
        throw Error(.reveal, .unknownItem(item))
      }
      let tree = sections[section].tree
      var closed: [ItemIdentifierType] = []
      var ancestor = try? tree.tryParent(of: item)
      while let next = ancestor {
        if tree.expansion(of: next) != true { closed.append(next) }
        ancestor = try? tree.tryParent(of: next)
      }
      closed.reverse()
      let folding = foldingHeader(ofSection: section).flatMap { $0 == item ? nil : $0 }
      guard let opening = folding ?? closed.first else {
        guard let (_, row) = rowLocation(of: item) else { throw Error(.reveal, .unknownItem(item)) }
        return ListIndexPath(item: row, section: section)
      }
      let handlers = sectionSnapshotHandlers
      if let should = handlers.shouldExpandItem {
        for parent in closed where !should(parent) {
          throw Error(.reveal, .expansionRefused(parent))
        }
      }
      for parent in closed {
        handlers.willExpandItem?(parent)
        if let load = handlers.snapshotForExpandingParent {
          do throws(Error) {
            try loadChildren(of: parent, in: section, with: load, .reveal)
          } catch {
            sections[section].tree = tree
            throw error
          }
        }
      }
      // The row that opens is shown now: the first closed ancestor, or the folding header.
      guard let (_, row) = rowLocation(of: opening) else {
        sections[section].tree = tree
        throw Error(.reveal, .unknownItem(item))
      }
      sections[section].tree.expand(closed + (folding.map { [$0] } ?? []))
      changeFilterCollapsed(inSection: section) { collapsed in
        for parent in closed + (folding.map { [$0] } ?? []) { collapsed.remove(parent) }
      }
      let shown = visibleDescendants(of: opening, inSection: section).count
      deliver(
        BatchUpdate(
          insertedItems: (row + 1..<row + 1 + shown).map {
            ListIndexPath(item: $0, section: section)
          },
          reconfiguredItems: [ListIndexPath(item: row, section: section)]),
        animated: animated)
      guard let (_, shownRow) = rowLocation(of: item) else {
        preconditionFailure("a revealed item is shown")
      }
      return ListIndexPath(item: shownRow, section: section)
    }
    // Through a filter, the row is where the filtered rows show it (the check made sure).
    return filters.isEmpty ? unfiltered : indexPath(for: item) ?? unfiltered
  }

  /// Expands `item` and every parent below it, or, with nil, every parent of every section
  /// (and unfolds sections that a leaf header folds); sends the rows that appear in one batch,
  /// with the shown rows that opened reconfigured. A leaf header given as `item` stands for
  /// its whole section. Handlers are not consulted and no children are loaded: what is
  /// loaded opens.
  ///
  /// - Throws: ``DataSourceError`` when `item` is in no section or during another update.
  /// - Complexity: O(s + log n) for the s items below `item` (the section's items for a
  ///   header, all items for nil), plus O(k) for the k rows that appear.
  @inlinable public func expandAll(_ item: ItemIdentifierType? = nil, animated: Bool = true)
    throws(Error)
  {
    try performUpdate(.expandAll) { () throws(Error) in
      try setAllExpanded(true, below: item, .expandAll, animated)
    }
  }

  /// Collapses `item` and every item below it, or, with nil, every item of every section;
  /// sends the rows that disappear in one batch, with the shown rows that closed
  /// reconfigured. A leaf header given as `item` stands for its whole section; a header's
  /// fold is left as it is (``collapse(_:animated:)`` folds a section). Handlers are not
  /// consulted.
  ///
  /// - Throws: ``DataSourceError`` when `item` is in no section or during another update.
  /// - Complexity: O(s + log n) for the s items below `item` (the section's items for a
  ///   header, all items for nil), plus O(k) for the k rows that disappear.
  @inlinable public func collapseAll(_ item: ItemIdentifierType? = nil, animated: Bool = true)
    throws(Error)
  {
    try performUpdate(.collapseAll) { () throws(Error) in
      try setAllExpanded(false, below: item, .collapseAll, animated)
    }
  }

  /// Shows the root items of every section and `depth` levels below them: every parent at a
  /// level below `depth` expands and every deeper parent collapses (see
  /// ``DiffableDataSourceSectionSnapshot/expanding(toDepth:)``); sends the rows that appear
  /// and disappear in one batch, with the shown rows whose state changed reconfigured. A
  /// folded section stays folded. Handlers are not consulted and no children are loaded.
  ///
  /// - Throws: ``DataSourceError`` during another update.
  /// - Complexity: O(n + k log n) for the n items of the sections and the k rows shown before
  ///   and after.
  @inlinable public func expand(toDepth depth: Int, animated: Bool = true) throws(Error) {
    try performUpdate(.expandToDepth) { () throws(Error) in
      var batch = BatchUpdate()
      for section in sections.indices {
        let old = sections[section].tree
        let before = rowItems(inSection: section)
        sections[section].tree = old.expanding(toDepth: depth)
        // Through a filter, the parents deeper than `depth` close for it too.
        changeFilterCollapsed(inSection: section) { collapsed in
          collapsed = []
          old.forEachEntry(in: 0..<old.count) { _, entry in
            if entry.level >= depth { collapsed.insert(entry.item) }
          }
        }
        let after = rowItems(inSection: section)
        let new = sections[section].tree
        // Both lists of rows follow the tree's order: merge them by position in it.
        var (i, j) = (0, 0)
        while i < before.count || j < after.count {
          let here = i < before.count ? old.index(of: before[i]) ?? Int.max : Int.max
          let there = j < after.count ? new.index(of: after[j]) ?? Int.max : Int.max
          if here == there {
            if old.isExpanded(before[i]) != new.isExpanded(after[j]) {
              batch.reconfiguredItems.append(ListIndexPath(item: j, section: section))
            }
            (i, j) = (i + 1, j + 1)
          } else if here < there {
            batch.deletedItems.append(ListIndexPath(item: i, section: section))
            i += 1
          } else {
            batch.insertedItems.append(ListIndexPath(item: j, section: section))
            j += 1
          }
        }
      }
      deliver(batch, animated: animated)
    }
  }

  /// Sets the expansion of `item` and its subtree (or of every section) and delivers the rows
  /// that change, in one batch.
  @inlinable func setAllExpanded(
    _ expanded: Bool, below item: ItemIdentifierType?, _ operation: Error.Operation,
    _ animated: Bool
  ) throws(Error) {
    var regions: [(section: Int, below: ItemIdentifierType?)] = []
    if let item {
      guard let section = sections.firstIndex(where: { $0.tree.contains(item) }) else {
        throw Error(operation, .unknownItem(item))
      }
      let header = leafHeader(sections[section].tree, sections[section].id)
      regions = [(section, header == item ? nil : item)]
    } else {
      regions = sections.indices.map { ($0, nil) }
    }
    var batch = BatchUpdate()
    for (section, below) in regions {
      // Through a filter, collapsing closes what the filter opened, and expanding reopens it.
      changeFilterCollapsed(inSection: section) { collapsed in
        let tree = sections[section].tree
        var members = below.map { [$0] + tree.snapshot(of: $0).items } ?? tree.items
        if expanded {
          if below == nil { collapsed = [] } else { collapsed.subtract(members) }
        } else {
          // A header's fold is left as it is, as the collapse itself leaves it.
          if let header = leafHeader(tree, sections[section].id) {
            members.removeAll { $0 == header }
          }
          collapsed.formUnion(members)
        }
      }
      let edit = setExpanded(expanded, inSection: section, below: below)
      batch.insertedItems += edit.insertedItems
      batch.deletedItems += edit.deletedItems
      batch.reconfiguredItems += edit.reconfiguredItems
    }
    deliver(batch, animated: animated)
  }

  /// Sets the expansion of `item` and its subtree, or of the whole section at `section` when
  /// `item` is nil (unfolding it when expanding), and returns the batch of the rows that
  /// change. O(s + log n) for the s items concerned.
  @inlinable func setExpanded(
    _ expanded: Bool, inSection section: Int, below item: ItemIdentifierType?
  ) -> BatchUpdate {
    let id = sections[section].id
    var changed = sections[section].tree.itemsToSetExpanded(expanded, from: item)
    let header = leafHeader(sections[section].tree, id)
    if let header {
      // A header's fold is kept on collapse and opened on expand of the whole section.
      changed.removeAll { $0 == header }
      if expanded, item == nil, sections[section].tree.expansion(of: header) != true {
        changed.append(header)
      }
    }
    guard !changed.isEmpty else { return BatchUpdate() }
    // The rows that can change: the section's, or those below the item when it is shown.
    let base: Int
    let shownBefore: [ItemIdentifierType]
    if let item {
      guard let (_, row) = rowLocation(of: item) else {
        setExpanded(expanded, changed, inSection: section)
        return BatchUpdate()
      }
      base = row + 1
      shownBefore = rows(below: item, inSection: section)
    } else {
      base = 0
      shownBefore = rowItems(inSection: section)
    }
    setExpanded(expanded, changed, inSection: section)
    let shownAfter =
      item.map { rows(below: $0, inSection: section) } ?? rowItems(inSection: section)
    var batch = BatchUpdate()
    var kept: [ItemIdentifierType: Int] = [:]
    var (old, new) = (0, 0)
    while old < shownBefore.count || new < shownAfter.count {
      if old < shownBefore.count, new < shownAfter.count, shownBefore[old] == shownAfter[new] {
        kept[shownAfter[new]] = base + new
        (old, new) = (old + 1, new + 1)
      } else if expanded {
        batch.insertedItems.append(ListIndexPath(item: base + new, section: section))
        new += 1
      } else {
        batch.deletedItems.append(ListIndexPath(item: base + old, section: section))
        old += 1
      }
    }
    var reconfigured = changed.compactMap { kept[$0] }
    if let item, changed.first == item, let (_, row) = rowLocation(of: item) {
      reconfigured.append(row)
    }
    batch.reconfiguredItems = reconfigured.sorted().map {
      ListIndexPath(item: $0, section: section)
    }
    return batch
  }

  /// The rows shown below `item` (not a folding header) while it is shown: none while it is
  /// collapsed. O(k + log n) for k rows.
  @inlinable func rows(below item: ItemIdentifierType, inSection section: Int)
    -> [ItemIdentifierType]
  {
    sections[section].tree.expansion(of: item) == true
      ? visibleDescendants(of: item, inSection: section) : []
  }

  /// Expands or collapses `items` in the tree of the section at `section`. O(k log n).
  @inlinable func setExpanded(
    _ expanded: Bool, _ items: [ItemIdentifierType], inSection section: Int
  ) {
    if expanded {
      sections[section].tree.expand(items)
    } else {
      sections[section].tree.collapse(items)
    }
  }
}

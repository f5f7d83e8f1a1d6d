import Snapshot

/// Every read API of a data source, checked against the rows it should answer for: the
/// section identifiers and indexes, the counts, `itemIdentifier(for:)`, `itemIdentifiers(in:)`,
/// `indexPath(for:)`, `snapshot()` and `snapshot(for:)` (whose visible items are the rows, or
/// a folded section's header alone).
package enum DataSourceReads {
  /// What the first read that disagrees with `expected` answered, or nil when every read does.
  package static func failure<S: Hashable & Sendable, I: Hashable & Sendable>(
    _ source: DiffableDataSource<S, I>, expected: [LayoutSection<S, I>]
  ) -> String? {
    if source.numberOfSections != expected.count {
      return "numberOfSections is \(source.numberOfSections), expected \(expected.count)"
    }
    let snapshot = source.snapshot()
    if snapshot.sectionIdentifiers != expected.map(\.id) {
      return "snapshot() has sections \(snapshot.sectionIdentifiers), "
        + "expected \(expected.map(\.id))"
    }
    for (index, section) in expected.enumerated() {
      if source.sectionIdentifier(for: index) != section.id {
        return
          "sectionIdentifier(for: \(index)) is \(String(describing: source.sectionIdentifier(for: index)))"
      }
      if source.index(for: section.id) != index {
        return "index(for: \(section.id)) is \(String(describing: source.index(for: section.id)))"
      }
      let items = section.items
      if source.numberOfItems(inSection: index) != items.count {
        return "numberOfItems(inSection: \(index)) is \(source.numberOfItems(inSection: index)), "
          + "expected \(items.count)"
      }
      let shown = snapshot.itemIdentifiers(inSection: section.id)
      // Through a filter, `snapshot()` answers for the rows the user's expansion shows.
      let unfiltered = source.isFiltered(section.id) ? unfilteredRows(source, section.id) : items
      if shown != unfiltered {
        return "snapshot() shows \(shown) in section \(section.id), expected \(unfiltered)"
      }
      let visible = source.snapshot(for: section.id).visibleItems
      if visible != unfiltered && !(unfiltered.count == 1 && visible.first == unfiltered.first) {
        return "snapshot(for: \(section.id)) shows \(visible), expected \(unfiltered)"
      }
      let bulk = source.itemIdentifiers(in: 0..<items.count, inSection: index)
      if bulk != items {
        return "itemIdentifiers(in:inSection: \(index)) is \(bulk), expected \(items)"
      }
      for (row, item) in items.enumerated() {
        let path = ListIndexPath(item: row, section: index)
        if source.itemIdentifier(for: path) != item {
          return
            "itemIdentifier(for: \(path)) is \(String(describing: source.itemIdentifier(for: path))), expected \(item)"
        }
        if source.indexPath(for: item) != path {
          return
            "indexPath(for: \(item)) is \(String(describing: source.indexPath(for: item))), expected \(path)"
        }
      }
    }
    return nil
  }

  /// The rows `section` shows without its filter: its tree's visible items, or its leaf
  /// header alone while it folds the section.
  package static func unfilteredRows<S: Hashable & Sendable, I: Hashable & Sendable>(
    _ source: DiffableDataSource<S, I>, _ section: S
  ) -> [I] {
    let tree = source.snapshot(for: section)
    if source.headerMode(for: section) == .firstItemInSection, let first = tree.rootItems.first,
      tree.snapshot(of: first).items.isEmpty, !tree.isExpanded(first)
    {
      return [first]
    }
    return tree.visibleItems
  }
}

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
      if shown != items {
        return "snapshot() shows \(shown) in section \(section.id), expected \(items)"
      }
      let visible = source.snapshot(for: section.id).visibleItems
      if visible != items && !(items.count == 1 && visible.first == items.first) {
        return "snapshot(for: \(section.id)) shows \(visible), expected \(items)"
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
}

import Snapshot
import Testing

/// Random sequences of everything a data source is asked to do, with the batch-rule simulator
/// as its list view: after every step the view's rows equal what the data source shows, every
/// batch is valid, the data source's invariants hold, a refused step changed nothing, and
/// every section has the header mode it was given (its own, else the default when it was
/// added). After every move, the transaction's differences give its final states.
///
/// Any test target can run the sequences through a list view of its own (see
/// ``run(_:through:checkView:coverage:)``): the simulator still checks every batch, and the
/// caller's check compares its view with the data source after every step.
package enum DataSourceProperty {
  package typealias Source = DiffableDataSource<String, Int>
  package typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  /// Everything the data source shows and holds, to check that a refused step changed nothing.
  package struct State: Equatable {
    package var rows: [LayoutSection<String, Int>]
    package var trees: [String]
    package var expanded: [[Int]]
    package var headerModes: [SectionHeaderMode]
  }

  package static func state(_ source: Source) -> State {
    let ids = source.snapshot().sectionIdentifiers
    return State(
      rows: RecordingListView<String, Int>.read(source),
      trees: ids.map { source.snapshot(for: $0).visualDescription() },
      expanded: ids.map { source.snapshot(for: $0).expandedItems },
      headerModes: ids.map { source.headerMode(for: $0) })
  }

  /// What is wrong with the transaction of a move from `initial`, or nil: its difference must
  /// turn its initial rows into its final ones, and each section transaction's its section's
  /// initial visible items into its final ones (the trees', which a folded header does not
  /// hide); its snapshots must be what the source showed and shows.
  package static func transactionFailure(
    _ transaction: DiffableDataSourceTransaction<String, Int>, from initial: Snapshot,
    _ source: Source
  ) -> String? {
    if transaction.initialSnapshot != initial {
      return "the transaction's initial snapshot is not what the source showed"
    }
    if transaction.finalSnapshot != source.snapshot() {
      return "the transaction's final snapshot is not what the source shows"
    }
    if transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      != transaction.finalSnapshot.itemIdentifiers
    {
      return "the transaction's difference does not give its final snapshot"
    }
    for section in transaction.sectionTransactions {
      let id = section.sectionIdentifier
      if section.finalSnapshot != source.snapshot(for: id) {
        return "section \(id)'s transaction: the final snapshot is not the section's tree"
      }
      let applied = section.initialSnapshot.visibleItems.applying(section.difference)
      if applied != section.finalSnapshot.visibleItems {
        return
          "section \(id)'s transaction: the difference gives \(applied.map { "\($0)" } ?? "nil"), "
          + "the final visible items are \(section.finalSnapshot.visibleItems)"
      }
    }
    return nil
  }

  /// The header modes every present section must have: its own (set with `setHeaderMode`),
  /// else the default when it was added.
  package struct HeaderModeModel {
    package var defaultMode = SectionHeaderMode.none
    package var own: [String: SectionHeaderMode] = [:]
    package var whenAdded: [String: SectionHeaderMode] = [:]

    package init() {}

    /// Records the sections `source` has now; returns the first whose mode is wrong.
    package mutating func check(_ source: Source) -> String? {
      let present = (0..<source.numberOfSections).map { source.sectionIdentifier(for: $0)! }
      whenAdded = whenAdded.filter { present.contains($0.key) }
      for section in present {
        let expected = own[section] ?? whenAdded[section, default: defaultMode]
        whenAdded[section] = whenAdded[section] ?? defaultMode
        if source.headerMode(for: section) != expected {
          return "section \(section) has header mode \(source.headerMode(for: section)), "
            + "expected \(expected)"
        }
      }
      return nil
    }
  }

  /// How many steps of each kind were carried out (not refused), so that the test can show it
  /// exercised every kind.
  package final class Coverage {
    package var done: [String: Int] = [:]

    package init() {}
  }

  /// An index path from raw numbers: below 12 they are taken modulo the sections and rows the
  /// source has (plus `past` rows past the end), so that most moves name real rows; 12 and 13
  /// are used as they are, so that some name none.
  package static func path(_ source: Source, _ section: Int, _ row: Int, past: Int = 0)
    -> ListIndexPath
  {
    guard section < 12, row < 12, source.numberOfSections > 0 else {
      return ListIndexPath(item: row, section: section)
    }
    let mapped = section % source.numberOfSections
    let rows = source.numberOfItems(inSection: mapped) + past
    return ListIndexPath(item: rows > 0 ? row % rows : row, section: mapped)
  }

  /// What is wrong after `expand(toDepth: depth)`, or nil: every parent above `depth` is
  /// expanded and every other parent collapsed, in every section.
  package static func depthFailure(_ source: Source, _ depth: Int) -> String? {
    for section in 0..<source.numberOfSections {
      let id = source.sectionIdentifier(for: section)!
      let tree = source.snapshot(for: id)
      for item in tree.items where !tree.snapshot(of: item).items.isEmpty {
        if tree.isExpanded(item) != (tree.level(of: item) < depth) {
          return "after expand(toDepth: \(depth)), \(item) at level \(tree.level(of: item)) "
            + "in section \(id) is \(tree.isExpanded(item) ? "expanded" : "collapsed")"
        }
      }
    }
    return nil
  }

  /// What is wrong after `expandAll(_:)` (`expanded`) or `collapseAll(_:)` below `item` (nil:
  /// everywhere), or nil: every parent concerned is expanded (and no section folded), or
  /// every item concerned collapsed but a leaf header, whose fold is kept.
  package static func allExpandedFailure(_ source: Source, _ expanded: Bool, below item: Int?)
    -> String?
  {
    for section in 0..<source.numberOfSections {
      let id = source.sectionIdentifier(for: section)!
      let tree = source.snapshot(for: id)
      let concerned: [Int]
      if let item {
        guard tree.contains(item) else { continue }
        let isHeader =
          source.headerMode(for: id) == .firstItemInSection && tree.rootItems.first == item
          && tree.snapshot(of: item).items.isEmpty
        concerned = isHeader ? tree.items : [item] + tree.snapshot(of: item).items
      } else {
        concerned = tree.items
      }
      let leafHeader =
        source.headerMode(for: id) == .firstItemInSection
          && tree.rootItems.first.map { tree.snapshot(of: $0).items.isEmpty } == true
        ? tree.rootItems.first : nil
      for member in concerned where member != leafHeader {
        let isParent = !tree.snapshot(of: member).items.isEmpty
        if expanded && isParent && !tree.isExpanded(member) {
          return "after expandAll, \(member) in section \(id) is collapsed"
        }
        if !expanded && tree.isExpanded(member) {
          return "after collapseAll, \(member) in section \(id) is expanded"
        }
      }
      if expanded, item == nil || concerned.count == tree.items.count,
        isFolded(source, section: section)
      {
        return "after expandAll, section \(id) is folded"
      }
    }
    return nil
  }

  /// Whether a leaf header folds the section at `section`: it shows one row, its tree more.
  package static func isFolded(_ source: Source, section: Int) -> Bool {
    guard let id = source.sectionIdentifier(for: section) else { return false }
    // Through a filter, the rows are not the fold's: read the rows without it.
    let rows =
      source.isFiltered(id)
      ? DataSourceReads.unfilteredRows(source, id).count : source.numberOfItems(inSection: section)
    return rows == 1 && source.snapshot(for: id).visibleItems.count > 1
  }

  /// Runs `count` sequences of `mix` from `base`; returns how many steps of each kind were
  /// carried out.
  package static func check(
    _ name: String, _ mix: Mix, count: Int, base: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String: Int] {
    let coverage = Coverage()
    checkProperty(
      name, count: count, base: base, generate: { Self.generate(mix, &$0) },
      check: { Self.run($0, coverage: coverage) }, sourceLocation: sourceLocation)
    return coverage.done
  }

  /// ``check(_:_:count:base:sourceLocation:)`` through a list view of the caller's: each
  /// sequence gets a fresh view from `listView`, and `checkView` compares it with the data
  /// source after every step (see ``run(_:through:checkView:coverage:)``).
  package static func check<View: DiffableListView<String, Int>>(
    _ name: String, _ mix: Mix, count: Int, base: UInt64, through listView: () -> View,
    checkView: (View, Source) -> String? = { _, _ in nil },
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String: Int] {
    let coverage = Coverage()
    checkProperty(
      name, count: count, base: base, generate: { Self.generate(mix, &$0) },
      check: { Self.run($0, through: listView, checkView: checkView, coverage: coverage) },
      sourceLocation: sourceLocation)
    return coverage.done
  }
}

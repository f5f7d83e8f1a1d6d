import Snapshot

/// The filter's policy, written as a model: which rows a filtered section shows, worked out
/// item by item from the section's tree, and what the user closed while filtering.
extension DataSourceProperty {
  /// A test of the model's filters: an item matches when it is `remainder` modulo `modulus`.
  package struct Residue: Equatable, CustomStringConvertible {
    package var modulus: Int
    package var remainder: Int

    package func passes(_ item: Int) -> Bool { item % modulus == remainder % modulus }

    package var description: String { "\(remainder)%\(modulus)" }
  }

  /// What the model knows of one section's filter.
  package struct SectionFilterModel {
    package var tests: [Residue]
    package var filtersDescendants: Bool
    package var collapsed: Set<Int> = []

    package func passes(_ item: Int) -> Bool { tests.allSatisfy { $0.passes(item) } }
  }

  /// The filters the data source should have, and the rows each shows.
  package struct FilterModel {
    package var sections: [String: SectionFilterModel] = [:]
    package var forNewSections: SectionFilterModel?

    package init() {}

    /// The items below which a match lies, in `tree`.
    static func ancestorsOfMatches(
      _ tree: DiffableDataSourceSectionSnapshot<Int>, _ filter: SectionFilterModel
    ) -> Set<Int> {
      var result: Set<Int> = []
      for item in tree.items where filter.passes(item) {
        var parent = tree.parent(of: item)
        while let next = parent {
          result.insert(next)
          parent = tree.parent(of: next)
        }
      }
      return result
    }

    /// The first root when it is the section's header.
    static func header(_ source: Source, _ section: String) -> Int? {
      source.headerMode(for: section) == .firstItemInSection
        ? source.snapshot(for: section).rootItems.first : nil
    }

    /// The rows `section` must show through `filter`.
    package static func rows(_ source: Source, _ section: String, _ filter: SectionFilterModel)
      -> [Int]
    {
      let tree = source.snapshot(for: section)
      let above = ancestorsOfMatches(tree, filter)
      let anyMatch = tree.items.contains { filter.passes($0) }
      let header = header(source, section)
      if let header, tree.snapshot(of: header).items.isEmpty, !tree.isExpanded(header),
        !(anyMatch && !filter.collapsed.contains(header))
      {
        return [header]
      }
      var shown: [Int: (open: Bool, unfiltered: Bool)] = [:]
      var rows: [Int] = []
      for item in tree.items {
        let parent = tree.parent(of: item)
        let parentState = parent.map { shown[$0] } ?? (open: true, unfiltered: false)
        guard let parentState, parentState.open else { continue }
        let isMatch = filter.passes(item)
        guard item == header || parentState.unfiltered || isMatch || above.contains(item) else {
          continue
        }
        let expanded = tree.isExpanded(item)
        rows.append(item)
        shown[item] = (
          open: expanded || (above.contains(item) && !filter.collapsed.contains(item)),
          unfiltered: expanded
            && (parentState.unfiltered || (isMatch && !filter.filtersDescendants))
        )
      }
      return rows
    }

    /// Whether `item` is shown open through the filter of its section.
    package func isShownOpen(_ source: Source, _ item: Int) -> Bool? {
      for (section, filter) in sections where source.snapshot(for: section).contains(item) {
        let tree = source.snapshot(for: section)
        return tree.isExpanded(item)
          || (Self.ancestorsOfMatches(tree, filter).contains(item)
            && !filter.collapsed.contains(item))
      }
      return nil
    }

    /// The section whose tree holds `item`, when it is filtered.
    package func filteredSection(_ source: Source, of item: Int) -> String? {
      sections.keys.first { source.snapshot(for: $0).contains(item) }
    }

    /// Follows an update that may have added and removed sections and items: filters of
    /// sections gone go, sections added get the filter in every section, and what the user
    /// closed keeps only items still present.
    package mutating func follow(_ source: Source, sectionsBefore: [String]) {
      let present = (0..<source.numberOfSections).map { source.sectionIdentifier(for: $0)! }
      sections = sections.filter { present.contains($0.key) }
      if let forNewSections {
        for section in present where !sectionsBefore.contains(section) {
          sections[section] = forNewSections
        }
      }
      for (section, filter) in sections {
        let tree = source.snapshot(for: section)
        sections[section]?.collapsed = filter.collapsed.filter { tree.contains($0) }
      }
    }

    /// What is wrong with the rows `source` shows, or nil.
    package func failure(_ source: Source) -> String? {
      for index in 0..<source.numberOfSections {
        let section = source.sectionIdentifier(for: index)!
        let filter = sections[section]
        if source.isFiltered(section) != (filter != nil) {
          return "section \(section) is \(source.isFiltered(section) ? "" : "not ")filtered"
        }
        guard let filter else { continue }
        let expected = Self.rows(source, section, filter)
        let rows = source.itemIdentifiers(
          in: 0..<source.numberOfItems(inSection: index), inSection: index)
        if rows != expected {
          return "section \(section) filtered by \(filter.tests) "
            + "(collapsed while filtering: \(filter.collapsed.sorted())) shows \(rows), "
            + "the model \(expected)"
        }
      }
      return nil
    }
  }

  /// Runs a filter step and follows it in `model`; returns what is wrong, or nil. A filter
  /// step changes no tree and no expansion.
  static func runFilterStep(
    _ step: Step, _ source: Source, _ model: inout FilterModel, _ refused: inout Bool
  ) -> String? {
    let before = state(source)
    let present = (0..<source.numberOfSections).map { source.sectionIdentifier(for: $0)! }
    let targets = { (section: String?) in section.map { [$0] } ?? present }
    do {
      switch step {
      case .filter(let section, let residue, let descendants):
        try source.filter(in: section, filteringDescendantsOfMatches: descendants) {
          residue.passes($0)
        }
        let fresh = SectionFilterModel(tests: [residue], filtersDescendants: descendants)
        for target in targets(section) { model.sections[target] = fresh }
        if section == nil { model.forNewSections = fresh }
      case .narrowFilter(let section, let residue):
        try source.narrowFilter(in: section) { residue.passes($0) }
        for target in targets(section) {
          if model.sections[target] == nil {
            model.sections[target] = SectionFilterModel(tests: [residue], filtersDescendants: false)
          } else {
            model.sections[target]?.tests.append(residue)
          }
        }
        if section == nil {
          if model.forNewSections == nil {
            model.forNewSections = SectionFilterModel(tests: [], filtersDescendants: false)
          }
          model.forNewSections?.tests.append(residue)
        }
      case .clearFilter(let section):
        try source.clearFilter(in: section)
        for target in targets(section) { model.sections[target] = nil }
        if section == nil { model.forNewSections = nil }
      default:
        return "not a filter step"
      }
    } catch {
      if case .unknownSection = error.reason, let section = stepSection(step),
        !present.contains(section)
      {
        refused = true
        return nil
      }
      return "\(step) refused: \(error)"
    }
    let after = state(source)
    if after.trees != before.trees || after.expanded != before.expanded {
      return "\(step) changed a tree or an expansion"
    }
    return nil
  }

  static func stepSection(_ step: Step) -> String? {
    switch step {
    case .filter(let section, _, _), .narrowFilter(let section, _), .clearFilter(let section):
      return section
    default: return nil
    }
  }
}

extension DataSourceProperty.FilterModel {
  /// `item` was expanded (`open`) or collapsed by the user.
  package mutating func opened(_ item: Int, _ open: Bool, _ source: DataSourceProperty.Source) {
    guard let section = filteredSection(source, of: item) else { return }
    if open {
      sections[section]?.collapsed.remove(item)
    } else {
      sections[section]?.collapsed.insert(item)
    }
  }

  /// `item` was revealed: its ancestors, and a header that folded its section, are open.
  package mutating func revealed(_ item: Int, _ source: DataSourceProperty.Source) {
    guard let section = filteredSection(source, of: item) else { return }
    let tree = source.snapshot(for: section)
    var parent = tree.parent(of: item)
    while let next = parent {
      sections[section]?.collapsed.remove(next)
      parent = tree.parent(of: next)
    }
    if let header = Self.header(source, section), tree.snapshot(of: header).items.isEmpty {
      sections[section]?.collapsed.remove(header)
    }
  }

  /// Every section was shown to `depth`: every deeper item is closed for the filter.
  package mutating func expanded(toDepth depth: Int, _ source: DataSourceProperty.Source) {
    for section in sections.keys {
      let tree = source.snapshot(for: section)
      sections[section]?.collapsed = Set(tree.items.filter { tree.level(of: $0) >= depth })
    }
  }

  /// Everything below `item` (nil: everywhere) was expanded or collapsed.
  package mutating func setAll(
    _ expanded: Bool, below item: Int?, _ source: DataSourceProperty.Source
  ) {
    let concerned: [String]
    if let item {
      guard let section = filteredSection(source, of: item) else { return }
      concerned = [section]
    } else {
      concerned = Array(sections.keys)
    }
    for section in concerned {
      let tree = source.snapshot(for: section)
      let leafHeader = Self.header(source, section).flatMap {
        tree.snapshot(of: $0).items.isEmpty ? $0 : nil
      }
      let below = item == leafHeader ? nil : item
      var members = below.map { [$0] + tree.snapshot(of: $0).items } ?? tree.items
      if expanded {
        if below == nil {
          sections[section]?.collapsed = []
        } else {
          sections[section]?.collapsed.subtract(members)
        }
      } else {
        members.removeAll { $0 == leafHeader }
        sections[section]?.collapsed.formUnion(members)
      }
    }
  }
}

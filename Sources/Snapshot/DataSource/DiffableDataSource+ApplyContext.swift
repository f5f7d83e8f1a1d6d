// What a whole apply reads of a data source, as one Sendable value: the section trees (O(1)
// copies), their indexes and the header modes. Taken in O(1) on the caller's actor, it lets a
// background apply list the rows and build the new sections off it.

extension DiffableDataSource {
  /// The state a whole apply reads (see the file's comment).
  @usableFromInline struct ApplyContext: Sendable {
    @usableFromInline var sections: [SectionState]
    @usableFromInline var sectionIndexes: [SectionIdentifierType: Int]
    @usableFromInline var headerModes: [SectionIdentifierType: SectionHeaderMode]
    @usableFromInline var defaultHeaderMode: SectionHeaderMode

    @inlinable init(
      sections: [SectionState], sectionIndexes: [SectionIdentifierType: Int],
      headerModes: [SectionIdentifierType: SectionHeaderMode],
      defaultHeaderMode: SectionHeaderMode
    ) {
      self.sections = sections
      self.sectionIndexes = sectionIndexes
      self.headerModes = headerModes
      self.defaultHeaderMode = defaultHeaderMode
    }

    /// The header mode of `section`. O(1) expected.
    @inlinable func headerMode(for section: SectionIdentifierType) -> SectionHeaderMode {
      headerModes[section] ?? defaultHeaderMode
    }

    /// The header of `tree` when the section shows a leaf header (one that folds the
    /// section), else nil. O(log n).
    @inlinable func leafHeader(_ tree: SectionSnapshot, _ section: SectionIdentifierType)
      -> ItemIdentifierType?
    {
      guard headerMode(for: section) == .firstItemInSection else { return nil }
      guard let first = tree.firstRoot, !first.hasChildren else { return nil }
      return first.item
    }

    /// The rows `tree` shows as section `section`: its visible items, or only its header
    /// when a leaf header folds the section. O(rows + log n).
    @inlinable func shownRows(_ tree: SectionSnapshot, _ section: SectionIdentifierType)
      -> [ItemIdentifierType]
    {
      if let header = leafHeader(tree, section), tree.expansion(of: header) != true {
        return [header]
      }
      return tree.visibleItems
    }

    /// The rows of every section, as layout sections. O(n).
    @inlinable var layout: [LayoutSection<SectionIdentifierType, ItemIdentifierType>] {
      sections.map { LayoutSection($0.id, items: shownRows($0.tree, $0.id)) }
    }

    /// Gives a leaf header of `tree` the fold state its section has now (unfolded for a new
    /// section), whatever the tree says. O(log n).
    @inlinable func keepFold(of tree: inout SectionSnapshot, _ section: SectionIdentifierType) {
      guard let header = leafHeader(tree, section) else { return }
      var folded = false
      if let index = sectionIndexes[section],
        let current = leafHeader(sections[index].tree, section)
      {
        folded = sections[index].tree.expansion(of: current) != true
      }
      if folded { tree.collapse([header]) } else { tree.expand([header]) }
    }

    /// The section states and rows that show `snapshot`, keeping trees whose rows are
    /// unchanged. O(n + m).
    @inlinable func sectionsShowing(
      _ snapshot: Snapshot,
      rows: [LayoutSection<SectionIdentifierType, ItemIdentifierType>]? = nil
    ) -> ([SectionState], [[ItemIdentifierType]]) {
      var newSections: [SectionState] = []
      var newRows: [[ItemIdentifierType]] = []
      for section in snapshot.sectionIdentifiers {
        let items = snapshot.itemIdentifiers(inSection: section)
        // The rows shown now: read once (or handed over by the caller, who read them too).
        let current = sectionIndexes[section].map {
          rows?[$0].items ?? shownRows(sections[$0].tree, sections[$0].id)
        }
        if let index = sectionIndexes[section], current == items {
          // Same rows: keep the tree. Hidden items that the snapshot puts in another section
          // have moved there; they leave this tree. (A tree with no more items than rows has
          // no hidden ones: skip asking the snapshot about each item, O(log n) apiece.)
          var tree = sections[index].tree
          var moved: [ItemIdentifierType] = []
          if tree.count > items.count {
            tree.forEachItem { item, _ in
              if let owner = snapshot.sectionIdentifier(containingItem: item), owner != section {
                moved.append(item)
              }
            }
          }
          if !moved.isEmpty { try? tree.tryDelete(moved) }
          newSections.append(
            SectionState(
              id: section, tree: tree, isPlainList: sections[index].isPlainList && moved.isEmpty))
          newRows.append(items)
          continue
        }
        let isPlain = headerMode(for: section) == .none
        if isPlain, let index = sectionIndexes[section], let current, sections[index].isPlainList,
          let tree = sections[index].tree.editedList(from: current, to: items)
        {
          // A plain list stays one: edited in place of being built again.
          newRows.append(items)
          newSections.append(SectionState(id: section, tree: tree, isPlainList: true))
          continue
        }
        var tree = SectionSnapshot()
        if (try? tree.tryAppend(items)) == nil {
          // Only identifiers with a broken `Hashable` conformance get here: keep what fits.
          for item in items { try? tree.tryAppend([item]) }
        }
        keepFold(of: &tree, section)
        newRows.append(shownRows(tree, section))
        newSections.append(SectionState(id: section, tree: tree, isPlainList: isPlain))
      }
      return (newSections, newRows)
    }
  }

  /// What a whole apply reads, taken in O(1).
  @inlinable var applyContext: ApplyContext {
    ApplyContext(
      sections: sections, sectionIndexes: sectionIndexes, headerModes: headerModes,
      defaultHeaderMode: defaultHeaderMode)
  }
}

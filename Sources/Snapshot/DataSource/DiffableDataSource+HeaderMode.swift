extension DiffableDataSource {
  /// The header mode of `section`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable public func headerMode(for section: SectionIdentifierType) -> SectionHeaderMode {
    headerModes[section] ?? defaultHeaderMode
  }

  /// Sets the header mode of `section`, present or future; the section no longer follows
  /// ``defaultHeaderMode``. A section that now shows a leaf header starts unfolded; a folded
  /// section whose header mode ends shows its rows again, and the list view receives them.
  /// Throws without changing anything when the section's current tree breaks the mode, or
  /// during another update.
  ///
  /// - Complexity: O(1) expected when the section is absent, else O(rows of the section).
  @inlinable public func setHeaderMode(
    _ mode: SectionHeaderMode, for section: SectionIdentifierType
  )
    throws(Error)
  {
    try performUpdate(.setHeaderMode) { () throws(Error) in
      guard let index = sectionIndexes[section] else {
        headerModes[section] = mode
        return
      }
      var tree = sections[index].tree
      try Self.checkHeaderMode(mode, tree, section, .setHeaderMode)
      // The rows shown under the mode in force, before it changes.
      let oldRows = rowItems(inSection: index)
      let previous = headerModes[section]
      let wasPinned = pinnedHeaderModes.remove(section) != nil
      headerModes[section] = mode
      if let header = leafHeader(tree, section) { tree.expand([header]) }
      do throws(Error) {
        try show(tree, inSection: index, animated: true, .setHeaderMode, oldRows: oldRows)
      } catch {
        headerModes[section] = previous
        if wasPinned { pinnedHeaderModes.insert(section) }
        throw error
      }
    }
  }

  /// Keeps every present section's mode after ``defaultHeaderMode`` changed from `old`: pins
  /// the sections that followed the default at `old`, and drops the pins that now equal the
  /// default. O(s) expected for s sections.
  @inlinable
  func pinHeaderModes(at old: SectionHeaderMode) {
    guard old != defaultHeaderMode else { return }
    for section in sections {
      if pinnedHeaderModes.contains(section.id) {
        if headerModes[section.id] == defaultHeaderMode {
          headerModes[section.id] = nil
          pinnedHeaderModes.remove(section.id)
        }
      } else if headerModes[section.id] == nil {
        headerModes[section.id] = old
        pinnedHeaderModes.insert(section.id)
      }
    }
  }

  /// Drops the pins of sections the data source no longer has, so that a section added again
  /// takes the default. O(pins).
  @inlinable func dropPinsOfRemovedSections() {
    guard !pinnedHeaderModes.isEmpty else { return }
    for section in pinnedHeaderModes where sectionIndexes[section] == nil {
      headerModes[section] = nil
      pinnedHeaderModes.remove(section)
    }
  }

  @inlinable static func checkHeaderMode(
    _ mode: SectionHeaderMode, _ tree: SectionSnapshot, _ section: SectionIdentifierType,
    _ operation: Error.Operation
  ) throws(Error) {
    guard mode == .firstItemInSection else { return }
    guard let first = tree.firstRoot else { return }
    if first.hasChildren && first.hasSiblings {
      throw Error(operation, .headerWithChildrenAndSiblings(section, header: first.item))
    }
  }

  /// The header of `tree` when the section shows a leaf header (one that folds the section),
  /// else nil. O(1).
  @inlinable func leafHeader(_ tree: SectionSnapshot, _ section: SectionIdentifierType)
    -> ItemIdentifierType?
  {
    applyContext.leafHeader(tree, section)
  }
}

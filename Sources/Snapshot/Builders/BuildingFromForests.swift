// The one-pass engines behind every builder block and key-path initializer: a forest (or
// sections of forests) walked depth-first straight into fresh storage.

extension DiffableDataSourceSectionSnapshot {
  /// Builds a section snapshot from the forest `roots`, depth-first, in O(n) for n elements.
  /// `isExpanded` is asked with each element and whether it is a parent (non-nil children).
  /// On a duplicate identifier, names both places; on one not equal to itself, its place.
  @inlinable
  static func build<Roots: RandomAccessCollection>(
    _ roots: Roots, children: (Roots.Element) -> Roots?,
    item: (Roots.Element) -> ItemIdentifierType,
    isExpanded: (Roots.Element, _ isParent: Bool) -> Bool
  ) throws(BuildError) -> Self {
    var builder = TreeBuilder<ItemIdentifierType>()
    var conflict: (first: Int, duplicate: Int)?
    var irreflexive: (item: ItemIdentifierType, index: Int)?
    try? forEachDepthFirst(roots, children: children) {
      (element, depth, isParent) throws(StopWalk) in
      let identifier = item(element)
      let first = builder.append(identifier, depth: depth, expanded: isExpanded(element, isParent))
      if first == TreeBuilder<ItemIdentifierType>.irreflexive {
        irreflexive = (identifier, builder.count)
        throw StopWalk()
      }
      if first >= 0 {
        conflict = (first, builder.count)
        throw StopWalk()
      }
    }
    if let irreflexive {
      let path = depthFirstPaths(roots, children: children, at: [irreflexive.index])[0]
      throw BuildError(irreflexiveItem: irreflexive.item, at: path)
    }
    if let conflict {
      let paths = depthFirstPaths(
        roots, children: children, at: [conflict.first, conflict.duplicate])
      throw BuildError(
        item: builder.tree.nodes[conflict.first].item, firstPath: paths[0],
        duplicatePath: paths[1])
    }
    return builder.snapshot
  }
}

/// Where a duplicate was met while building sections: both occurrences, as (section
/// ordinal, depth-first index in that section); or where an item not equal to itself was.
@usableFromInline
struct SectionedConflict {
  @usableFromInline var firstSection: Int
  @usableFromInline var firstIndex: Int
  @usableFromInline var duplicateSection: Int
  @usableFromInline var duplicateIndex: Int
  @usableFromInline var isIrreflexive: Bool

  @inlinable
  init(firstSection: Int, firstIndex: Int, duplicateSection: Int, duplicateIndex: Int) {
    self.firstSection = firstSection
    self.firstIndex = firstIndex
    self.duplicateSection = duplicateSection
    self.duplicateIndex = duplicateIndex
    self.isIrreflexive = false
  }

  /// An item not equal to itself, at depth-first `index` of section ordinal `section`.
  @inlinable
  init(irreflexiveIn section: Int, at index: Int) {
    self.init(
      firstSection: section, firstIndex: index, duplicateSection: section,
      duplicateIndex: index)
    isIrreflexive = true
  }

  /// The error naming both places, their index paths found by walking the two sections'
  /// forests again (failure path only).
  @usableFromInline
  func error<Sections: RandomAccessCollection, Roots: RandomAccessCollection, S, I>(
    item: I, sections: Sections, section: (Sections.Element) -> S,
    roots: (Sections.Element) -> Roots, children: (Roots.Element) -> Roots?
  ) -> SnapshotBuildError<S, I> {
    func position(_ ordinal: Int, _ index: Int) -> SnapshotBuildError<S, I>.Position {
      let element = sections[sections.index(sections.startIndex, offsetBy: ordinal)]
      let path = depthFirstPaths(roots(element), children: children, at: [index])[0]
      return .init(section: section(element), path: path)
    }
    if isIrreflexive { return .irreflexiveItem(item, at: position(firstSection, firstIndex)) }
    return .duplicateItem(
      item, first: position(firstSection, firstIndex),
      duplicate: position(duplicateSection, duplicateIndex))
  }
}

extension DiffableDataSourceSnapshot {
  /// Builds a sectioned snapshot from `sections`, each with a forest of items listed
  /// depth-first, in O(s + n) for s sections and n items.
  @inlinable
  static func build<SectionList: RandomAccessCollection, Roots: RandomAccessCollection>(
    _ sections: SectionList, section: (SectionList.Element) -> SectionIdentifierType,
    roots: (SectionList.Element) -> Roots, children: (Roots.Element) -> Roots?,
    item: (Roots.Element) -> ItemIdentifierType
  ) throws(BuildError) -> Self {
    var state = Sections<SectionIdentifierType, ItemIdentifierType>()
    var conflict: SectionedConflict?
    var conflictItem: ItemIdentifierType?
    for (ordinal, element) in sections.enumerated() {
      let id = section(element)
      guard id == id else { throw .irreflexiveSection(id, index: ordinal) }
      if let first = state.slotOfSection[id] {
        throw .duplicateSection(
          id, firstIndex: Int(state.position[Int(first)]), duplicateIndex: ordinal)
      }
      let slot = state.allocateSlot(for: id)
      state.place([slot], at: ordinal)
      var items: [ItemIdentifierType] = []
      try? forEachDepthFirst(roots(element), children: children) {
        (node, _, _) throws(StopWalk) in
        let identifier = item(node)
        guard identifier == identifier else {
          conflict = SectionedConflict(irreflexiveIn: ordinal, at: items.count)
          conflictItem = identifier
          throw StopWalk()
        }
        let location = ItemLocation(slot: slot, index: Int32(truncatingIfNeeded: items.count))
        if let existing = state.locationOfItem.updateValueGrowingFirst(
          location, forKey: identifier)
        {
          conflict = SectionedConflict(
            firstSection: Int(state.position[Int(existing.slot)]),
            firstIndex: Int(existing.index), duplicateSection: ordinal,
            duplicateIndex: items.count)
          conflictItem = identifier
          throw StopWalk()
        }
        items.append(identifier)
      }
      if let conflict, let conflictItem {
        throw conflict.error(
          item: conflictItem, sections: sections, section: section, roots: roots,
          children: children)
      }
      state.sectionItems[Int(slot)] = items
    }
    var snapshot = Self()
    snapshot.storage = SectionedStorage(state: state)
    return snapshot
  }

  /// A snapshot of `sections` with `items` (parallel arrays), all known to be unique.
  /// O(s + n).
  @inlinable
  init(
    uniqueSections sections: [SectionIdentifierType], items: [[ItemIdentifierType]]
  ) {
    var state = Sections<SectionIdentifierType, ItemIdentifierType>()
    state.locationOfItem = .init(minimumCapacity: items.reduce(0) { $0 + $1.count })
    for (ordinal, section) in sections.enumerated() {
      let slot = state.allocateSlot(for: section)
      state.place([slot], at: ordinal)
      state.sectionItems[Int(slot)] = items[ordinal]
      state.recordItems(of: slot)
    }
    self.init()
    storage = SectionedStorage(state: state)
  }
}

extension SectionedOutline {
  /// Builds an outline from `sections`, each with a forest of items, in O(s + n) for s
  /// sections and n items.
  @inlinable
  static func build<Sections: RandomAccessCollection, Roots: RandomAccessCollection>(
    _ sections: Sections, section: (Sections.Element) -> SectionIdentifierType,
    roots: (Sections.Element) -> Roots, children: (Roots.Element) -> Roots?,
    item: (Roots.Element) -> ItemIdentifierType,
    isExpanded: (Roots.Element, _ isParent: Bool) -> Bool
  ) throws(BuildError) -> Self {
    var outline = Self()
    // The section ordinal of every item, to refuse an item in two sections.
    var owner: [ItemIdentifierType: Int] = [:]
    var conflict: SectionedConflict?
    var conflictItem: ItemIdentifierType?
    for (ordinal, element) in sections.enumerated() {
      let id = section(element)
      guard id == id else { throw .irreflexiveSection(id, index: ordinal) }
      if let first = outline.indexOfSection.updateValueGrowingFirst(ordinal, forKey: id) {
        throw .duplicateSection(id, firstIndex: first, duplicateIndex: ordinal)
      }
      var builder = TreeBuilder<ItemIdentifierType>()
      try? forEachDepthFirst(roots(element), children: children) {
        (node, depth, isParent) throws(StopWalk) in
        let identifier = item(node)
        guard identifier == identifier else {
          conflict = SectionedConflict(irreflexiveIn: ordinal, at: builder.count)
          conflictItem = identifier
          throw StopWalk()
        }
        if let firstOrdinal = owner.updateValueGrowingFirst(ordinal, forKey: identifier) {
          let firstSlot =
            firstOrdinal == ordinal
            ? builder.tree.slot(of: identifier)
            : Int32(outline.trees[firstOrdinal].index(of: identifier) ?? -1)
          conflict = SectionedConflict(
            firstSection: firstOrdinal, firstIndex: Int(firstSlot),
            duplicateSection: ordinal, duplicateIndex: builder.count)
          conflictItem = identifier
          throw StopWalk()
        }
        _ = builder.append(identifier, depth: depth, expanded: isExpanded(node, isParent))
      }
      if let conflict, let conflictItem {
        throw conflict.error(
          item: conflictItem, sections: sections, section: section, roots: roots,
          children: children)
      }
      outline.sectionIDs.append(id)
      outline.trees.append(builder.snapshot)
    }
    return outline
  }
}

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
    // Counted first (a walk without hashing), so that the builder's table never grows: each
    // growth inserts every key again.
    var count = 0
    forEachDepthFirst(roots, children: children) { _, _, _ in count += 1 }
    var builder = TreeBuilder<ItemIdentifierType>(capacity: count)
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
        item: builder.item(at: conflict.first), firstPath: paths[0],
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
  @usableFromInline typealias OutlineEntry = SharedEntry<
    SectionedEntry<SectionIdentifierType, ItemIdentifierType>
  >

  /// Builds a sectioned snapshot from `sections`, each with a forest of items listed
  /// depth-first: the whole outline collected, then built at once, in O(s + n log₁₆ n) for s
  /// sections and n items. The snapshot keeps each section's items as an array beside its
  /// tree (``SectionedStorage/builtLayout``), so that two built this way diff as arrays.
  @inlinable
  static func build<SectionList: RandomAccessCollection, Roots: RandomAccessCollection>(
    _ sections: SectionList, section: (SectionList.Element) -> SectionIdentifierType,
    roots: (SectionList.Element) -> Roots, children: (Roots.Element) -> Roots?,
    item: (Roots.Element) -> ItemIdentifierType
  ) throws(BuildError) -> Self {
    var entries: [OutlineEntry] = []
    // The position in `entries` of each section's entry.
    var starts: [Int] = []
    // Each section's items, kept by the snapshot.
    var layout: [LayoutSection<SectionIdentifierType, ItemIdentifierType>] = []
    var ordinals: [SectionIdentifierType: Int] = [:]
    var irreflexive: (item: ItemIdentifierType, at: Int)?
    /// The error naming the first item found twice among `entries`, if there is one.
    func repeated() -> BuildError? {
      guard let (first, duplicate) = firstRepeat(in: entries) else { return nil }
      return conflict(first, duplicate, in: entries, starts: starts).error(
        item: itemOf(entries[duplicate]), sections: sections, section: section, roots: roots,
        children: children)
    }
    for (ordinal, element) in sections.enumerated() {
      let id = section(element)
      guard id == id else { throw repeated() ?? .irreflexiveSection(id, index: ordinal) }
      if let first = ordinals.updateValueGrowingFirst(ordinal, forKey: id) {
        throw repeated() ?? .duplicateSection(id, firstIndex: first, duplicateIndex: ordinal)
      }
      starts.append(entries.count)
      entries.append(SharedEntry(item: .section(id), level: 0, isExpanded: false))
      var items: [ItemIdentifierType] = []
      try? forEachDepthFirst(roots(element), children: children) {
        (node, _, _) throws(StopWalk) in
        let identifier = item(node)
        guard identifier == identifier else {
          irreflexive = (identifier, entries.count)
          throw StopWalk()
        }
        entries.append(SharedEntry(item: .item(identifier), level: 1, isExpanded: false))
        items.append(identifier)
      }
      layout.append(LayoutSection(id, items: items))
      if let irreflexive {
        if let error = repeated() { throw error }
        throw SectionedConflict(
          irreflexiveIn: ordinal, at: irreflexive.at - starts[ordinal] - 1
        ).error(
          item: irreflexive.item, sections: sections, section: section, roots: roots,
          children: children)
      }
    }
    do {
      var storage = SectionedStorage(list: try SharedList(entries))
      storage.builtLayout = BuiltLayout(layout)
      return Self(storage: storage)
    } catch {
      if let error = repeated() { throw error }
      // Only identifiers whose hashing is broken get here: the trie met two equal items
      // that a dictionary did not. Name the pair by comparison.
      guard case .duplicate(let found) = error,
        let first = entries.firstIndex(where: { $0.item == found })
      else { throw .irreflexiveSection(section(sections[sections.startIndex]), index: 0) }
      let duplicate = entries[(first + 1)...].firstIndex { $0.item == found } ?? first
      throw conflict(first, duplicate, in: entries, starts: starts).error(
        item: itemOf(entries[duplicate]), sections: sections, section: section, roots: roots,
        children: children)
    }
  }

  /// The first entry of `entries` holding an item equal to an earlier one's: both
  /// positions. O(n) expected, through a dictionary sized up front.
  @inlinable
  static func firstRepeat(in entries: [OutlineEntry]) -> (first: Int, duplicate: Int)? {
    var seen = [ItemIdentifierType: Int](minimumCapacity: entries.count)
    for (index, entry) in entries.enumerated() {
      guard case .item(let item) = entry.item else { continue }
      if let first = seen.updateValue(index, forKey: item) { return (first, index) }
    }
    return nil
  }

  /// The conflict between the items at `first` and `duplicate` of `entries`, as (section
  /// ordinal, index in section) pairs, `starts` being the positions of the sections'
  /// entries. O(log s).
  @inlinable
  static func conflict(
    _ first: Int, _ duplicate: Int, in entries: [OutlineEntry], starts: [Int]
  ) -> SectionedConflict {
    func place(_ position: Int) -> (section: Int, index: Int) {
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if starts[middle] <= position { low = middle } else { high = middle }
      }
      return (low, position - starts[low] - 1)
    }
    let (a, b) = (place(first), place(duplicate))
    return SectionedConflict(
      firstSection: a.section, firstIndex: a.index, duplicateSection: b.section,
      duplicateIndex: b.index)
  }

  /// The item of an item entry. O(1).
  @inlinable
  static func itemOf(_ entry: OutlineEntry) -> ItemIdentifierType {
    guard case .item(let item) = entry.item else { preconditionFailure("not an item entry") }
    return item
  }

  @inlinable
  init(storage: SectionedStorage<SectionIdentifierType, ItemIdentifierType>) {
    self.storage = storage
  }

  /// A snapshot of `sections` with `items` (parallel arrays), all known to be unique,
  /// built at once, which keeps the arrays beside its tree (``SectionedStorage/builtLayout``,
  /// as `appendItems(_:toSection:)` of whole arrays does): a diff of two snapshots made this
  /// way (decoded, an outline's rows, a data source's rows) compares arrays. O(s + n log₁₆ n).
  @inlinable
  init(
    uniqueSections sections: [SectionIdentifierType], items: [[ItemIdentifierType]],
    base: Int = 32, bucketCapacity: Int = SharedLabelIndex.defaultBucketCapacity
  ) {
    var entries: [OutlineEntry] = []
    entries.reserveCapacity(sections.count + items.reduce(0) { $0 + $1.count })
    for (section, sectionItems) in zip(sections, items) {
      entries.append(SharedEntry(item: .section(section), level: 0, isExpanded: false))
      for item in sectionItems {
        entries.append(SharedEntry(item: .item(item), level: 1, isExpanded: false))
      }
    }
    if let list = try? SharedList(entries, base: base, bucketCapacity: bucketCapacity) {
      var storage = SectionedStorage(list: list)
      storage.builtLayout = BuiltLayout(
        zip(sections, items).map { LayoutSection($0, items: $1) })
      self.init(storage: storage)
      return
    }
    // Only identifiers whose hashing is broken get here (the trie met two equal identifiers
    // that the caller's checks did not): insert one by one, leaving out what is refused.
    self.init(base: base, bucketCapacity: bucketCapacity)
    for (section, sectionItems) in zip(sections, items) {
      guard (try? tryAppendSections([section])) != nil else { continue }
      for item in sectionItems { try? tryAppendItems([item], toSection: section) }
    }
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
            ? builder.index(of: identifier) ?? -1
            : outline.trees[firstOrdinal].index(of: identifier) ?? -1
          conflict = SectionedConflict(
            firstSection: firstOrdinal, firstIndex: firstSlot,
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

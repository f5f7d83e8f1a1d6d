/// One entry of a sectioned snapshot's outline: a section (depth 0) or one of its items
/// (depth 1, right after its section and the items before it).
///
/// Equality and hashing are written out (and inlinable) rather than synthesized, so that they
/// are specialized in the client: a synthesized conformance of a generic enum runs generic
/// code, looking up type metadata on every comparison.
@usableFromInline
enum SectionedEntry<Section: Hashable & Sendable, Item: Hashable & Sendable>: Hashable, Sendable {
  case section(Section)
  case item(Item)

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.section(let left), .section(let right)): left == right
    case (.item(let left), .item(let right)): left == right
    default: false
    }
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    switch self {
    case .section(let section):
      hasher.combine(0 as UInt8)
      hasher.combine(section)
    case .item(let item):
      hasher.combine(1 as UInt8)
      hasher.combine(item)
    }
  }
}

/// The sections and items of a sectioned snapshot, on the shared core (see the article
/// "Snapshots that share structure"): one ``SharedList`` of a two-level outline, each section
/// an entry at depth 0 followed by its items at depth 1. Every section entry is collapsed, so
/// the visible entries are exactly the sections: the visible count is the number of sections,
/// a section's index is the visible entries before it, and the i-th section is the i-th
/// visible row. An item's section is the nearest earlier entry at depth 0.
///
/// Copying is O(1) and an edit copies O(log n) nodes. The marks stay small ordered sets.
///
/// The trie finds entries by hash, so identifiers whose `Hashable` conformance is broken can
/// leave stale labels in it (a removal that does not find its key). Nothing trusts a label
/// blindly: ``SharedList/locate(_:)`` checks the entry it finds, and a stale label counts as
/// absent. The marks' dictionaries make room before inserting (see `GrowingFirst.swift`), so
/// no such identifier can stop the program.
@usableFromInline
struct SectionedStorage<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  @usableFromInline typealias Entry = SectionedEntry<Section, Item>
  @usableFromInline typealias EditError = SharedList<Entry>.EditError

  /// The outline. Every write to it drops ``builtLayout`` and ``builtPieces``: the edits
  /// that keep them write `_list` and edit them alike (see `SectionedStorage+BuiltLayout.swift`
  /// and `SectionedStorage+BuiltPieces.swift`).
  @inlinable var list: SharedList<Entry> {
    get { _list }
    _modify {
      kept = nil
      yield &_list
    }
  }
  @usableFromInline var _list: SharedList<Entry>
  /// The arrays this storage was built from, whole or in pieces (``builtLayout``,
  /// ``builtPieces``): one stored reference, so that a snapshot is no bigger for it.
  @usableFromInline var kept: KeptArrays<Section, Item>?
  @usableFromInline var reloadedSections = OrderedMarks<Section>()
  @usableFromInline var reloadedItems = OrderedMarks<Item>()
  @usableFromInline var reconfiguredItems = OrderedMarks<Item>()

  /// An empty storage whose tree nodes hold `base` to `2 × base` entries and whose trie
  /// buckets hold up to `bucketCapacity` pairs (small values let tests cross splits; the
  /// default is the section snapshot's and the bulk build's).
  @inlinable
  init(base: Int = 32, bucketCapacity: Int = SharedLabelIndex.defaultBucketCapacity) {
    _list = SharedList(base: base, bucketCapacity: bucketCapacity)
  }

  @inlinable
  init(list: SharedList<Entry>) {
    _list = list
  }

  /// An empty storage with the same node sizes. O(1).
  @inlinable
  var emptied: Self {
    Self(base: list.tree.base, bucketCapacity: list.labelIndex.bucketCapacity)
  }

  // MARK: Counts and places

  /// O(1).
  @inlinable var numberOfSections: Int { list.tree.visibleCount }

  /// O(1).
  @inlinable var numberOfItems: Int { list.count - numberOfSections }

  /// The position of `section`'s entry and the section's index, or nil. O(b log n).
  @inlinable
  func place(of section: Section) -> (position: Int, index: Int)? {
    guard let found = list.locate(.section(section)) else { return nil }
    return (found.position, found.visibleBefore)
  }

  /// The position of `item`'s entry and the number of sections up to it, or nil.
  /// O(b log n).
  @inlinable
  func place(of item: Item) -> (position: Int, sections: Int)? {
    guard let found = list.locate(.item(item)) else { return nil }
    return (found.position, found.visibleBefore)
  }

  /// The position after the last item of the section whose entry is at `position`.
  /// O(b log n).
  @inlinable
  func sectionEnd(of position: Int) -> Int {
    list.tree.firstPosition(from: position + 1, levelAtMost: 0) ?? list.count
  }

  /// The section whose entry is at `position`. O(b log n).
  @inlinable
  func section(at position: Int) -> Section {
    guard case .section(let section) = list.tree.entry(at: position).item else {
      preconditionFailure("no section entry at \(position)")
    }
    return section
  }

  /// The section holding the item whose entry is at `position`. O(b log n).
  @inlinable
  func section(containing position: Int) -> Section {
    section(at: list.tree.lastPosition(before: position, levelAtMost: 0) ?? 0)
  }

  // MARK: Reading runs

  /// The sections in order, with the positions of their entries. O(s b log n) for s sections,
  /// visiting only the leaves that hold section entries.
  @inlinable
  var sectionEntries: [(position: Int, section: Section)] {
    var result: [(position: Int, section: Section)] = []
    result.reserveCapacity(numberOfSections)
    list.tree.forEachShallowEntry(in: 0..<list.count, levelAtMost: 0) { position, entry in
      if case .section(let section) = entry.item { result.append((position, section)) }
    }
    return result
  }

  /// The items in `range`, section entries left out, written straight into an array of
  /// `range.count` places. O(k + (k / b + 1) log n).
  @inlinable
  func items(in range: Range<Int>) -> [Item] {
    Self.items(in: range, of: list.tree)
  }

  /// The items in `range` of `tree`, section entries left out. O(k + (k / b + 1) log n).
  @inlinable
  static func items(in range: Range<Int>, of tree: SharedTree<Entry>) -> [Item] {
    // With no capacity the standard library hands out its one shared empty storage and
    // still writes the count into it: a data race between threads (ThreadSanitizer).
    guard !range.isEmpty else { return [] }
    return Array(unsafeUninitializedCapacity: range.count) { buffer, initialized in
      var next = 0
      tree.forEachRun(in: range) { _, entries in
        for entry in entries {
          guard case .item(let item) = entry.item, next < buffer.count else { continue }
          (buffer.baseAddress! + next).initialize(to: item)
          next += 1
        }
      }
      initialized = next
    }
  }

  /// Every section with its items: the arrays the storage was built from (O(1)) while it
  /// keeps them (``builtLayout``); made of its pieces while it keeps those (``builtPieces``,
  /// O(n) copied as arrays copy); else each section's array reserved at its size and filled
  /// leaf by leaf, O(n + b s log n).
  @inlinable
  var layout: [LayoutSection<Section, Item>] {
    if let builtLayout { return builtLayout.sections }
    if let builtPieces { return builtPieces.layout }
    let sections = sectionEntries
    var result: [LayoutSection<Section, Item>] = []
    result.reserveCapacity(sections.count)
    for (index, (position, section)) in sections.enumerated() {
      let end = index + 1 < sections.count ? sections[index + 1].position : list.count
      result.append(LayoutSection(section, items: items(in: position + 1..<end)))
    }
    return result
  }

  // MARK: Marks

  /// Whether any item is marked. O(1).
  @inlinable var hasItemMarks: Bool { !reloadedItems.isEmpty || !reconfiguredItems.isEmpty }

  /// Drops the marks of the items in `range` (and of the sections there), before they are
  /// removed. O(k + (k / b + 1) log n) when there are marks, O(1) otherwise.
  @inlinable
  mutating func forgetMarks(in range: Range<Int>) {
    guard hasItemMarks || !reloadedSections.isEmpty else { return }
    var marks = (reloadedSections, reloadedItems, reconfiguredItems)
    list.tree.forEachRun(in: range) { _, entries in
      for entry in entries {
        switch entry.item {
        case .section(let section):
          if !marks.0.isEmpty { marks.0.remove(section) }
        case .item(let item):
          if !marks.1.isEmpty { marks.1.remove(item) }
          if !marks.2.isEmpty { marks.2.remove(item) }
        }
      }
    }
    (reloadedSections, reloadedItems, reconfiguredItems) = marks
  }
}

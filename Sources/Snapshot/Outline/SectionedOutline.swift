/// The sections of a list, each with a tree of items: what an outline list with sections
/// shows, in one value.
///
/// UIKit spreads this over two kinds of snapshot: an `NSDiffableDataSourceSnapshot` for the
/// sections, then one `NSDiffableDataSourceSectionSnapshot` applied to each section. A
/// sectioned outline keeps them together: the section identifiers in order and, for each,
/// a ``DiffableDataSourceSectionSnapshot`` with its tree and expansion state. Like Apple's,
/// item identifiers are unique across the whole outline.
///
/// ```swift
/// let outline = SectionedOutline<Kind, String> {
///   SnapshotSection(.animal) {
///     SnapshotItem("Animals")  // drawn as the section's header
///     SnapshotItem("Dogs", expanded: true) { "Shiba"; "Yorkie" }
///   }
/// }
/// outline.snapshot(for: .animal)?.visibleItems  // ["Animals", "Dogs", "Shiba", "Yorkie"]
/// ```
///
/// Build one with a ``SnapshotBuilder`` block, from sectioned data with key paths, or by
/// decoding; change a section's tree with ``setSnapshot(_:for:)``. ``snapshot`` and
/// ``visibleSnapshot`` flatten it into a ``DiffableDataSourceSnapshot``.
///
/// A value type; copies are O(sections) (each section's tree is itself copy-on-write).
public struct SectionedOutline<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The tree of one section.
  public typealias SectionSnapshot = DiffableDataSourceSectionSnapshot<ItemIdentifierType>
  /// The error of the throwing builders and of ``trySetSnapshot(_:for:)``.
  public typealias BuildError = SnapshotBuildError<SectionIdentifierType, ItemIdentifierType>

  @usableFromInline var sectionIDs: [SectionIdentifierType]
  /// The tree of each section, parallel to `sectionIDs`.
  @usableFromInline var trees: [SectionSnapshot]
  @usableFromInline var indexOfSection: [SectionIdentifierType: Int]

  /// Creates an outline with no sections. O(1).
  @inlinable
  public init() {
    sectionIDs = []
    trees = []
    indexOfSection = [:]
  }
}

// MARK: - Queries

extension SectionedOutline {
  /// The section identifiers, in order. O(1).
  @inlinable public var sectionIdentifiers: [SectionIdentifierType] { sectionIDs }

  /// The number of sections. O(1).
  @inlinable public var numberOfSections: Int { sectionIDs.count }

  /// The number of items in all sections. O(sections).
  @inlinable public var numberOfItems: Int { trees.reduce(0) { $0 + $1.count } }

  /// The tree of `section`, with its expansion state, or nil if the section is absent
  /// (the counterpart of the data source's `snapshot(for:)`). O(1).
  @inlinable
  public func snapshot(for section: SectionIdentifierType) -> SectionSnapshot? {
    indexOfSection[section].map { trees[$0] }
  }

  /// The section holding `item`, or nil if no section does. O(sections).
  @inlinable
  public func sectionIdentifier(containingItem item: ItemIdentifierType) -> SectionIdentifierType? {
    trees.firstIndex { $0.contains(item) }.map { sectionIDs[$0] }
  }

  /// The sections, each with every item of its tree, depth-first (each parent before its
  /// children), whether expanded or not. O(n log₁₆ n) (the snapshot is built at once).
  @inlinable
  public var snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    DiffableDataSourceSnapshot(uniqueSections: sectionIDs, items: trees.map(\.items))
  }

  /// The sections, each with the items of its tree whose ancestors are all expanded: the
  /// rows an outline list shows. O(s + v log₁₆ v) for s sections and v visible items.
  @inlinable
  public var visibleSnapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  {
    DiffableDataSourceSnapshot(uniqueSections: sectionIDs, items: trees.map(\.visibleItems))
  }
}

// MARK: - Changes

extension SectionedOutline {
  /// Makes `snapshot` the tree of `section`, replacing its current tree; appends the
  /// section after the last one when absent (as UIKit's `apply(_:to:)` does).
  ///
  /// Stops the program if an item of `snapshot` is already in another section, or if
  /// `section` is not equal to itself;
  /// ``trySetSnapshot(_:for:)`` throws instead.
  ///
  /// - Complexity: O(Σ min(m, tᵢ)) for the m items of `snapshot` and the tᵢ items of each
  ///   other section: at most O(n).
  @inlinable
  public mutating func setSnapshot(_ snapshot: SectionSnapshot, for section: SectionIdentifierType)
  {
    trap { () throws(BuildError) in try trySetSnapshot(snapshot, for: section) }
  }

  /// Makes `snapshot` the tree of `section` (appending the section when absent), or throws
  /// without changing the outline: ``SnapshotBuildError/duplicateItem(_:first:duplicate:)``
  /// if one of its items is already in another section,
  /// ``SnapshotBuildError/irreflexiveSection(_:index:)`` if `section` is not equal to
  /// itself.
  ///
  /// - Complexity: O(Σ min(m, tᵢ)), at most O(n).
  @inlinable
  public mutating func trySetSnapshot(
    _ snapshot: SectionSnapshot, for section: SectionIdentifierType
  ) throws(BuildError) {
    guard section == section else { throw .irreflexiveSection(section, index: sectionIDs.count) }
    let target = indexOfSection[section]
    for (ordinal, other) in trees.enumerated() where ordinal != target {
      // Probe the smaller tree's items in the larger tree's index.
      let (probe, index) = other.count <= snapshot.count ? (other, snapshot) : (snapshot, other)
      var shared: ItemIdentifierType? = nil
      probe.forEachEntry(in: 0..<probe.count) { _, entry in
        if shared == nil && index.contains(entry.item) { shared = entry.item }
      }
      if let item = shared {
        throw .duplicateItem(
          item,
          first: .init(section: sectionIDs[ordinal], path: other.indexPath(of: item) ?? []),
          duplicate: .init(section: section, path: snapshot.indexPath(of: item) ?? []))
      }
    }
    if let target {
      trees[target] = snapshot
    } else {
      indexOfSection.updateValueGrowingFirst(sectionIDs.count, forKey: section)
      sectionIDs.append(section)
      trees.append(snapshot)
    }
  }

  /// Removes `sections` with their trees. Unknown sections are ignored, as Apple does.
  ///
  /// - Complexity: O(k + s) for k sections named and s sections in the outline.
  @inlinable
  public mutating func deleteSections(_ sections: [SectionIdentifierType]) {
    let doomed = Set(sections.compactMap { indexOfSection[$0] })
    guard !doomed.isEmpty else { return }
    var keptIDs: [SectionIdentifierType] = []
    var keptTrees: [SectionSnapshot] = []
    for ordinal in sectionIDs.indices where !doomed.contains(ordinal) {
      keptIDs.append(sectionIDs[ordinal])
      keptTrees.append(trees[ordinal])
    }
    sectionIDs = keptIDs
    trees = keptTrees
    // Sized for every key (see `GrowingFirst.swift`); not `uniqueKeysWithValues`, which
    // stops the program if identifiers with broken hashing ever made two keys equal.
    indexOfSection = Dictionary(minimumCapacity: keptIDs.count)
    for (ordinal, section) in keptIDs.enumerated() { indexOfSection[section] = ordinal }
  }
}

// MARK: - Comparing and printing

extension SectionedOutline: Equatable {
  /// Equal when the sections are equal in order and each section's tree is equal (items,
  /// structure, order and expansion). O(n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionIDs == rhs.sectionIDs && lhs.trees == rhs.trees
  }
}

extension SectionedOutline: CustomStringConvertible {
  /// Each section identifier followed by its tree's ``DiffableDataSourceSectionSnapshot/visualDescription()``,
  /// indented by two spaces. O(n).
  public var description: String {
    var lines: [String] = []
    for (section, tree) in zip(sectionIDs, trees) {
      lines.append("\(section):")
      tree.appendDescriptionLines(to: &lines, indentedBy: "  ")
    }
    return lines.joined(separator: "\n")
  }
}

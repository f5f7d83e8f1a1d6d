/// The error the engine throws when a layout holds an identifier twice, or one that is not
/// equal to itself.
///
/// A list view cannot tell two rows with the same identifier apart, so no correct batch
/// exists; Apple's diffable data source crashes here ("supplied item identifiers are not
/// unique"). An identifier not equal to itself (such as `Double.nan`) cannot be matched
/// with anything, itself included, so it cannot name a row either. The engine names every
/// such identifier instead: duplicates each once, in order of first appearance; identifiers
/// not equal to themselves at each appearance, in order. Section and item identifiers are
/// separate spaces: a section and an item may share an identifier.
public struct DuplicateIdentifierError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Error, Equatable, CustomStringConvertible
{
  /// Section identifiers that occur more than once in the old layout.
  public var oldSections: [SectionID]
  /// Item identifiers that occur more than once in the old layout (in any sections).
  public var oldItems: [ItemID]
  /// Section identifiers that occur more than once in the new layout.
  public var newSections: [SectionID]
  /// Item identifiers that occur more than once in the new layout (in any sections).
  public var newItems: [ItemID]
  /// Section identifiers of the old layout that are not equal to themselves.
  public var oldIrreflexiveSections: [SectionID]
  /// Item identifiers of the old layout that are not equal to themselves.
  public var oldIrreflexiveItems: [ItemID]
  /// Section identifiers of the new layout that are not equal to themselves.
  public var newIrreflexiveSections: [SectionID]
  /// Item identifiers of the new layout that are not equal to themselves.
  public var newIrreflexiveItems: [ItemID]

  /// Creates the error from its lists.
  ///
  /// - Complexity: O(1).
  public init(
    oldSections: [SectionID] = [],
    oldItems: [ItemID] = [],
    newSections: [SectionID] = [],
    newItems: [ItemID] = [],
    oldIrreflexiveSections: [SectionID] = [],
    oldIrreflexiveItems: [ItemID] = [],
    newIrreflexiveSections: [SectionID] = [],
    newIrreflexiveItems: [ItemID] = []
  ) {
    self.oldSections = oldSections
    self.oldItems = oldItems
    self.newSections = newSections
    self.newItems = newItems
    self.oldIrreflexiveSections = oldIrreflexiveSections
    self.oldIrreflexiveItems = oldIrreflexiveItems
    self.newIrreflexiveSections = newIrreflexiveSections
    self.newIrreflexiveItems = newIrreflexiveItems
  }

  /// Finds every duplicate, and every identifier not equal to itself, in two layouts.
  ///
  /// - Complexity: O(n + m) expected for n old and m new items and sections.
  @usableFromInline
  init(old: [LayoutSection<SectionID, ItemID>], new: [LayoutSection<SectionID, ItemID>]) {
    let (oldSections, oldItems) = (old.map(\.id), old.flatMap(\.items))
    let (newSections, newItems) = (new.map(\.id), new.flatMap(\.items))
    self.init(
      oldSections: Self.duplicates(in: oldSections),
      oldItems: Self.duplicates(in: oldItems),
      newSections: Self.duplicates(in: newSections),
      newItems: Self.duplicates(in: newItems),
      oldIrreflexiveSections: oldSections.filter { $0 != $0 },
      oldIrreflexiveItems: oldItems.filter { $0 != $0 },
      newIrreflexiveSections: newSections.filter { $0 != $0 },
      newIrreflexiveItems: newItems.filter { $0 != $0 }
    )
  }

  /// The elements that occur more than once, each once, in order of first appearance.
  ///
  /// The table is sized for every element up front, so that inserting never rehashes and
  /// identifiers with broken hashing cannot stop the program (see `GrowingFirst.swift`).
  private static func duplicates<Element: Hashable>(in elements: [Element]) -> [Element] {
    var firstIndex = [Element: Int](minimumCapacity: elements.count)
    var repeated = [Bool](repeating: false, count: elements.count)
    for (index, element) in elements.enumerated() {
      if let first = firstIndex[element] {
        repeated[first] = true
      } else {
        firstIndex[element] = index
      }
    }
    return elements.indices.compactMap { repeated[$0] ? elements[$0] : nil }
  }

  /// Names the duplicates, side by side, then the identifiers not equal to themselves.
  ///
  /// - Complexity: O(d) for d identifiers named.
  public var description: String {
    var parts: [String] = []
    if !oldSections.isEmpty { parts.append("old sections \(oldSections)") }
    if !oldItems.isEmpty { parts.append("old items \(oldItems)") }
    if !newSections.isEmpty { parts.append("new sections \(newSections)") }
    if !newItems.isEmpty { parts.append("new items \(newItems)") }
    var result = parts.isEmpty ? "" : "duplicate identifiers: " + parts.joined(separator: "; ")
    var irreflexive: [String] = []
    if !oldIrreflexiveSections.isEmpty {
      irreflexive.append("old sections \(oldIrreflexiveSections)")
    }
    if !oldIrreflexiveItems.isEmpty { irreflexive.append("old items \(oldIrreflexiveItems)") }
    if !newIrreflexiveSections.isEmpty {
      irreflexive.append("new sections \(newIrreflexiveSections)")
    }
    if !newIrreflexiveItems.isEmpty { irreflexive.append("new items \(newIrreflexiveItems)") }
    if !irreflexive.isEmpty {
      if !result.isEmpty { result += "; " }
      result += "identifiers not equal to themselves: " + irreflexive.joined(separator: "; ")
    }
    return result.isEmpty ? "duplicate identifiers: " : result
  }
}

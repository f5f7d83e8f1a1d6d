/// The error the engine throws when a layout holds an identifier twice.
///
/// A list view cannot tell two rows with the same identifier apart, so no correct batch
/// exists; Apple's diffable data source crashes here ("supplied item identifiers are not
/// unique"). The engine names every duplicate instead, each once, in order of first
/// appearance. Section and item identifiers are separate spaces: a section and an item may
/// share an identifier.
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

  /// Creates the error from its lists of duplicates.
  ///
  /// - Complexity: O(1).
  public init(
    oldSections: [SectionID] = [],
    oldItems: [ItemID] = [],
    newSections: [SectionID] = [],
    newItems: [ItemID] = []
  ) {
    self.oldSections = oldSections
    self.oldItems = oldItems
    self.newSections = newSections
    self.newItems = newItems
  }

  /// Finds every duplicate in two layouts.
  ///
  /// - Complexity: O(n + m) expected for n old and m new items and sections.
  @usableFromInline
  init(old: [LayoutSection<SectionID, ItemID>], new: [LayoutSection<SectionID, ItemID>]) {
    self.init(
      oldSections: Self.duplicates(in: old.map(\.id)),
      oldItems: Self.duplicates(in: old.flatMap(\.items)),
      newSections: Self.duplicates(in: new.map(\.id)),
      newItems: Self.duplicates(in: new.flatMap(\.items))
    )
  }

  /// The elements that occur more than once, each once, in order of first appearance.
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

  /// Names the duplicates, side by side.
  ///
  /// - Complexity: O(d) for d duplicates.
  public var description: String {
    var parts: [String] = []
    if !oldSections.isEmpty { parts.append("old sections \(oldSections)") }
    if !oldItems.isEmpty { parts.append("old items \(oldItems)") }
    if !newSections.isEmpty { parts.append("new sections \(newSections)") }
    if !newItems.isEmpty { parts.append("new items \(newItems)") }
    return "duplicate identifiers: " + parts.joined(separator: "; ")
  }
}

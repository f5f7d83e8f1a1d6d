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
      oldSections: Self.duplicates(in: old.lazy.map(\.id)),
      oldItems: Self.duplicates(in: old.lazy.flatMap(\.items)),
      newSections: Self.duplicates(in: new.lazy.map(\.id)),
      newItems: Self.duplicates(in: new.lazy.flatMap(\.items))
    )
  }

  private static func duplicates<C: Sequence>(in elements: C) -> [C.Element]
  where C.Element: Hashable {
    var seen = Set<C.Element>()
    var reported = Set<C.Element>()
    var result: [C.Element] = []
    for element in elements where !seen.insert(element).inserted {
      if reported.insert(element).inserted { result.append(element) }
    }
    return result
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

// Why a sectioned snapshot or outline could not be built, or a section's tree not set.

/// Why a ``DiffableDataSourceSnapshot`` or a ``SectionedOutline`` could not be built from a
/// ``SnapshotBuilder`` block or from sectioned data, or why
/// ``SectionedOutline/trySetSnapshot(_:for:)`` refused a tree: an identifier appears twice,
/// or is not equal to itself.
///
/// The building initializers (and ``SectionedOutline/setSnapshot(_:for:)``) stop the program
/// with this error's ``description``; their `try` twins throw it instead, for data that may
/// hold duplicates.
public enum SnapshotBuildError<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Error, Equatable, CustomStringConvertible {
  /// Where an item is: its section, and its index path in that section's tree (the position
  /// among the section's items, then among each parent's children; `[3]` is the fourth item
  /// of a flat section).
  public struct Position: Sendable, Equatable, CustomStringConvertible {
    /// The section holding the item.
    public let section: SectionIdentifierType
    /// The item's index path within the section.
    public let path: [Int]

    /// Creates a position: `path` within `section`. O(1).
    public init(section: SectionIdentifierType, path: [Int]) {
      self.section = section
      self.path = path
    }

    /// `section <section> at <path>`. O(depth).
    public var description: String { "section \(section) at \(path)" }
  }

  /// The section identifier is declared twice: at display position `firstIndex` and again at
  /// `duplicateIndex` (section identifiers must be unique).
  case duplicateSection(SectionIdentifierType, firstIndex: Int, duplicateIndex: Int)
  /// The item identifier appears twice, in the same section or in two (item identifiers
  /// must be unique across the whole snapshot).
  case duplicateItem(ItemIdentifierType, first: Position, duplicate: Position)
  /// The section identifier at display position `index` is not equal to itself (as
  /// `Double.nan` is not), so no lookup could ever find it.
  case irreflexiveSection(SectionIdentifierType, index: Int)
  /// The item identifier at `position` is not equal to itself (as `Double.nan` is not), so
  /// no lookup could ever find it.
  case irreflexiveItem(ItemIdentifierType, at: Position)

  /// A sentence naming the identifier and its places, as printed when a building
  /// initializer stops the program. O(depth).
  public var description: String {
    switch self {
    case .duplicateSection(let section, let firstIndex, let duplicateIndex):
      return "Building a snapshot: section \(section) appears twice, at section index "
        + "\(firstIndex) and at \(duplicateIndex); section identifiers must be unique"
    case .duplicateItem(let item, let first, let duplicate):
      return "Building a snapshot: item \(item) appears twice, in \(first) and in "
        + "\(duplicate); item identifiers must be unique across sections"
    case .irreflexiveSection(let section, let index):
      return "Building a snapshot: section \(section) at section index \(index) "
        + irreflexiveExplanation
    case .irreflexiveItem(let item, let position):
      return "Building a snapshot: item \(item) in \(position) " + irreflexiveExplanation
    }
  }
}

// Why a section snapshot could not be built from a declaration or from hierarchical data.

/// Why a ``DiffableDataSourceSectionSnapshot`` could not be built from a
/// ``SectionSnapshotBuilder`` block or from hierarchical data: an identifier appears twice,
/// or is not equal to itself.
///
/// The places are index paths: the position among the roots, then among each parent's
/// children. For example `[1, 0]` is the first child of the second root.
///
/// The building initializers stop the program with this error's ``description``;
/// their `tryBuild` twins throw it instead, for data that may hold duplicates.
public struct SectionSnapshotBuildError<ItemIdentifierType: Hashable & Sendable>: Error,
  Equatable, CustomStringConvertible
{
  /// What is wrong with the identifier.
  public enum Kind: Sendable, Equatable {
    /// It appears twice: at ``SectionSnapshotBuildError/firstPath`` and again at
    /// ``SectionSnapshotBuildError/duplicatePath``.
    case duplicate
    /// It is not equal to itself (as `Double.nan` is not), so no lookup could ever find it:
    /// it is at ``SectionSnapshotBuildError/firstPath`` (``SectionSnapshotBuildError/duplicatePath``
    /// is the same path).
    case irreflexive
  }

  /// What is wrong with the identifier.
  public let kind: Kind
  /// The identifier.
  public let item: ItemIdentifierType
  /// Where it appears first, depth-first.
  public let firstPath: [Int]
  /// Where it appears again.
  public let duplicatePath: [Int]

  /// Creates an error for `item` appearing at `firstPath` and again at `duplicatePath`. O(1).
  public init(item: ItemIdentifierType, firstPath: [Int], duplicatePath: [Int]) {
    self.kind = .duplicate
    self.item = item
    self.firstPath = firstPath
    self.duplicatePath = duplicatePath
  }

  /// Creates an error for `item`, at `path`, not being equal to itself. O(1).
  public init(irreflexiveItem item: ItemIdentifierType, at path: [Int]) {
    self.kind = .irreflexive
    self.item = item
    self.firstPath = path
    self.duplicatePath = path
  }

  /// A sentence naming the identifier and its places, as printed when a building
  /// initializer stops the program. O(depth).
  public var description: String {
    switch kind {
    case .duplicate:
      return "DiffableDataSourceSectionSnapshot: item \(item) appears twice, at \(firstPath) and "
        + "at \(duplicatePath); identifiers must be unique in a section snapshot"
    case .irreflexive:
      return "DiffableDataSourceSectionSnapshot: item \(item) at \(firstPath) "
        + irreflexiveExplanation
    }
  }
}

// Why a section snapshot could not be built from a declaration or from hierarchical data.

/// Why a ``DiffableDataSourceSectionSnapshot`` could not be built from a
/// ``SectionSnapshotBuilder`` block or from hierarchical data: an identifier appears twice.
///
/// The two places are index paths: the position among the roots, then among each parent's
/// children. For example `[1, 0]` is the first child of the second root.
///
/// The building initializers stop the program with this error's ``description``;
/// their `tryBuild` twins throw it instead, for data that may hold duplicates.
public struct SectionSnapshotBuildError<ItemIdentifierType: Hashable & Sendable>: Error,
  Equatable, CustomStringConvertible
{
  /// The identifier that appears twice.
  public let item: ItemIdentifierType
  /// Where it appears first, depth-first.
  public let firstPath: [Int]
  /// Where it appears again.
  public let duplicatePath: [Int]

  /// Creates an error for `item` appearing at `firstPath` and again at `duplicatePath`. O(1).
  public init(item: ItemIdentifierType, firstPath: [Int], duplicatePath: [Int]) {
    self.item = item
    self.firstPath = firstPath
    self.duplicatePath = duplicatePath
  }

  /// A sentence naming the identifier and both places, as printed when a building
  /// initializer stops the program. O(depth).
  public var description: String {
    "DiffableDataSourceSectionSnapshot: item \(item) appears twice, at \(firstPath) and at "
      + "\(duplicatePath); identifiers must be unique in a section snapshot"
  }
}

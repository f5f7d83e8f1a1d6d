/// The position of an item in a sectioned list: a section number and an item number within it.
///
/// This is the module's own small index path, so that the engine needs no Foundation. UIKit and
/// AppKit take `Foundation.IndexPath`; the conversion is one line:
///
/// ```swift
/// let uiKitPath = Foundation.IndexPath(item: path.item, section: path.section)
/// ```
///
/// When both Foundation and this module are imported, spell this type `Snapshot.IndexPath`.
/// Index paths order by section, then by item.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section number.
  public var section: Int
  /// The item number within the section.
  public var item: Int

  /// Creates an index path, with the argument order of `Foundation.IndexPath(item:section:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then by item.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// `[section, item]`, as `Foundation.IndexPath` prints itself.
  ///
  /// - Complexity: O(1).
  public var description: String {
    "[\(section), \(item)]"
  }
}

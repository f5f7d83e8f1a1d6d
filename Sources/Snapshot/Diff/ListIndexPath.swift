/// The position of an item in a sectioned list: a section number and an item number within it.
///
/// This is the module's own small index path, so that the engine needs no Foundation. Its
/// name differs from Foundation's `IndexPath` so that an app importing both modules spells
/// either type unqualified. UIKit and AppKit take `IndexPath`; the conversion is one line:
///
/// ```swift
/// let uiKitPath = IndexPath(item: path.item, section: path.section)
/// ```
///
/// and back: `ListIndexPath(item: uiKitPath.item, section: uiKitPath.section)`. (Foundation
/// without UIKit spells it `IndexPath(indexes: [path.section, path.item])`.)
/// Index paths order by section, then by item.
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
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
  public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// `[section, item]`, as `Foundation.IndexPath` prints itself.
  ///
  /// - Complexity: O(1).
  public var description: String {
    "[\(section), \(item)]"
  }
}

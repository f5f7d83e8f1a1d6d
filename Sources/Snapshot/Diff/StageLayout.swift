import Synchronization

/// A stage's layout: listed, or listed on first read (the staged diff of related snapshots
/// holds its layouts as tokens, and a stage nobody reads costs nothing to list).
@usableFromInline
enum StageLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  case listed([LayoutSection<SectionID, ItemID>])
  case deferred(DeferredLayout<SectionID, ItemID>)

  /// The layout, listing a deferred one on first read.
  ///
  /// - Complexity: O(1) once listed; O(n) on the first read of a deferred layout.
  @inlinable
  var sections: [LayoutSection<SectionID, ItemID>] {
    switch self {
    case .listed(let sections): sections
    case .deferred(let deferred): deferred.sections
    }
  }
}

/// A layout listed on first read, once, whichever thread reads it (later reads share the
/// listed arrays).
@usableFromInline
final class DeferredLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Sendable
{
  @usableFromInline let list: @Sendable () -> [LayoutSection<SectionID, ItemID>]
  @usableFromInline let listed = Mutex<[LayoutSection<SectionID, ItemID>]?>(nil)

  /// A layout that `list` produces when first read.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(_ list: @escaping @Sendable () -> [LayoutSection<SectionID, ItemID>]) {
    self.list = list
  }

  /// The layout, listed on the first read.
  ///
  /// - Complexity: O(1) once listed; O(n) on the first read.
  @inlinable
  var sections: [LayoutSection<SectionID, ItemID>] {
    listed.withLock { listed in
      if let sections = listed { return sections }
      let sections = list()
      listed = sections
      return sections
    }
  }
}

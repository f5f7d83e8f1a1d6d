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
    case .deferred(let deferred): deferred.value
    }
  }
}

/// A layout listed on first read.
@usableFromInline
typealias DeferredLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> =
  LazyValue<[LayoutSection<SectionID, ItemID>]>

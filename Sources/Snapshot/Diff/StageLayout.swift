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
    case .deferred(let deferred): deferred.value
    }
  }
}

/// A layout listed on first read.
@usableFromInline
typealias DeferredLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> =
  LazyValue<[LayoutSection<SectionID, ItemID>]>

/// A value made on first read, once, whichever thread reads it; later reads share it.
@usableFromInline
final class LazyValue<Value: Sendable>: Sendable {
  @usableFromInline let make: @Sendable () -> Value
  @usableFromInline let made = Mutex<Value?>(nil)

  /// A value that `make` produces when first read.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  /// The value, made on the first read.
  ///
  /// - Complexity: O(1) once made; what `make` costs on the first read.
  @inlinable
  var value: Value {
    made.withLock { made in
      if let value = made { return value }
      let value = make()
      made = value
      return value
    }
  }
}

import Synchronization

/// Guards a storage object's lazily rebuilt lookup caches.
///
/// Snapshots are `Sendable` values, and several threads may read one snapshot at once. Reads
/// that need the caches (positions, levels, visibility) call ``ensureValid(_:)``: when the
/// caches are current this is a single acquiring atomic load; otherwise one reader rebuilds
/// them under a lock while the others wait. Mutations only happen on uniquely referenced
/// storage (copy-on-write), so they mark the caches stale with a plain store.
@usableFromInline
final class CacheGate: Sendable {
  @usableFromInline let isValid = Atomic<Bool>(false)
  @usableFromInline let lock = Mutex(())

  @usableFromInline
  init() {}

  /// Runs `rebuild` unless the caches are already valid. O(1) when valid.
  @inlinable @inline(__always)
  func ensureValid(_ rebuild: () -> Void) {
    if isValid.load(ordering: .acquiring) { return }
    slowEnsureValid(rebuild)
  }

  @usableFromInline
  func slowEnsureValid(_ rebuild: () -> Void) {
    lock.withLock { _ in
      // Acquiring, not relaxed: pairs with the rebuilder's releasing store by itself,
      // without relying on the lock's ordering (which ThreadSanitizer cannot see).
      if isValid.load(ordering: .acquiring) { return }
      rebuild()
      isValid.store(true, ordering: .releasing)
    }
  }

  /// Marks the caches stale. Call only while the storage is uniquely referenced.
  @inlinable @inline(__always)
  func invalidate() {
    isValid.store(false, ordering: .relaxed)
  }
}

// The library's lock, on the platform's own primitive, so that the library needs no OS release
// newer than its floor (`Synchronization`'s `Mutex` needs macOS 15 and iOS 18). The platform
// module is imported here alone, internally, and reached only through entry points that are
// not inlinable: no client inherits the import. A locked value keeps the primitive inside its
// own allocation (a `ManagedBuffer`'s tail), so locking costs no allocation of its own.

#if canImport(Darwin)
  internal import Darwin
#elseif canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Synchronization)
  // Windows and WASI: `Mutex` has no OS floor there.
  internal import Synchronization
#else
  #error("no lock for this platform")
#endif

/// The platform's mutual-exclusion primitive, in memory its owner provides:
/// `os_unfair_lock` on Darwin, `pthread_mutex_t` on Glibc and Musl, `Synchronization.Mutex`
/// elsewhere. Not recursive. Each call is O(1) and, without contention, makes no system call.
@usableFromInline
package enum LockPrimitive {
  #if canImport(Darwin)
    typealias Primitive = os_unfair_lock
  #elseif canImport(Glibc) || canImport(Musl)
    typealias Primitive = pthread_mutex_t
  #else
    typealias Primitive = Mutex<Void>
  #endif

  /// How many 8-byte words the primitive takes (its alignment is at most 8).
  @usableFromInline
  package static var wordCount: Int {
    precondition(MemoryLayout<Primitive>.alignment <= 8, "the lock needs a larger alignment")
    return (MemoryLayout<Primitive>.size + 7) / 8
  }

  /// Makes an unlocked primitive at `memory`, which must stay at that address until
  /// ``deinitialize(_:)``.
  @usableFromInline
  package static func initialize(_ memory: UnsafeMutableRawPointer) {
    let primitive = memory.bindMemory(to: Primitive.self, capacity: 1)
    #if canImport(Darwin)
      primitive.initialize(to: os_unfair_lock())
    #elseif canImport(Glibc) || canImport(Musl)
      primitive.initialize(to: pthread_mutex_t())
      let result = pthread_mutex_init(primitive, nil)
      precondition(result == 0, "pthread_mutex_init failed: \(result)")
    #else
      primitive.initialize(to: Mutex(()))
    #endif
  }

  /// Ends the unlocked primitive at `memory`.
  @usableFromInline
  package static func deinitialize(_ memory: UnsafeMutableRawPointer) {
    let primitive = memory.assumingMemoryBound(to: Primitive.self)
    #if canImport(Glibc) || canImport(Musl)
      pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
  }

  /// Waits until the primitive at `memory` is free and takes it.
  @usableFromInline
  package static func lock(_ memory: UnsafeMutableRawPointer) {
    let primitive = memory.assumingMemoryBound(to: Primitive.self)
    #if canImport(Darwin)
      os_unfair_lock_lock(primitive)
    #elseif canImport(Glibc) || canImport(Musl)
      pthread_mutex_lock(primitive)
    #else
      primitive.pointee._unsafeLock()
    #endif
  }

  /// Frees the primitive at `memory`, which the caller holds.
  @usableFromInline
  package static func unlock(_ memory: UnsafeMutableRawPointer) {
    let primitive = memory.assumingMemoryBound(to: Primitive.self)
    #if canImport(Darwin)
      os_unfair_lock_unlock(primitive)
    #elseif canImport(Glibc) || canImport(Musl)
      pthread_mutex_unlock(primitive)
    #else
      primitive.pointee._unsafeUnlock()
    #endif
  }
}

/// The allocation behind a ``Locked`` value: the value in the header, the primitive in the
/// tail, where it stays at one address for the buffer's whole life.
@usableFromInline
package final class LockBuffer<Value>: ManagedBuffer<Value, UInt64> {
  @inlinable
  deinit {
    withUnsafeMutablePointerToElements { LockPrimitive.deinitialize($0) }
  }
}

/// A value that many threads may read and write, each access holding a lock kept in the same
/// allocation. Copies share the value and the lock.
@usableFromInline
package struct Locked<Value> {
  @usableFromInline let buffer: LockBuffer<Value>

  /// A lock around `value`. O(1): one allocation.
  @inlinable
  package init(_ value: Value) {
    let buffer = LockBuffer<Value>.create(minimumCapacity: LockPrimitive.wordCount) { _ in value }
    buffer.withUnsafeMutablePointerToElements { LockPrimitive.initialize($0) }
    self.buffer = unsafeDowncast(buffer, to: LockBuffer<Value>.self)
  }

  /// Runs `body` on the value, holding the lock. O(1) plus `body`.
  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { value, primitive in
      LockPrimitive.lock(primitive)
      defer { LockPrimitive.unlock(primitive) }
      return try body(&value.pointee)
    }
  }

  /// Whether `self` and `other` are copies of one locked value. O(1).
  @inlinable
  package func isIdentical(to other: Self) -> Bool {
    buffer === other.buffer
  }
}

// Unchecked: the value is read and written only inside `withLock`, which holds the lock, and
// the buffer is never handed out.
extension Locked: @unchecked Sendable where Value: Sendable {}

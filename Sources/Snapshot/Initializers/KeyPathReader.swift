// Reading a key path on the hot path of the key-path initializers.

/// Reads `keyPath` from values, straight from memory when it names a stored property held
/// inline in a struct (`MemoryLayout.offset(of:)` gives its offset), else through the key
/// path. Applying a key path that the optimizer cannot fold goes through the runtime on
/// every call; the initializers read two or three key paths per element, so this matters.
@usableFromInline
struct KeyPathReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// The byte offset of the stored property in `Root`, or -1.
  @usableFromInline let offset: Int

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  /// The value at the key path in `root`. O(1).
  @inlinable @inline(__always)
  func read(_ root: Root) -> Value {
    guard offset >= 0 else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }
}

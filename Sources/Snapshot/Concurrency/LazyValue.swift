/// A value made on first read, once, whichever thread reads it; later reads share it, and so
/// do copies.
@usableFromInline
struct LazyValue<Value: Sendable>: Sendable {
  /// How to make the value, and the value once made.
  @usableFromInline
  struct State: Sendable {
    @usableFromInline let make: @Sendable () -> Value
    @usableFromInline var made: Value?

    @inlinable init(make: @escaping @Sendable () -> Value) {
      self.make = make
      self.made = nil
    }
  }

  @usableFromInline let state: Locked<State>

  /// A value that `make` produces when first read.
  ///
  /// - Complexity: O(1): one allocation, the lock included.
  @inlinable
  init(_ make: @escaping @Sendable () -> Value) {
    state = Locked(State(make: make))
  }

  /// The value, made on the first read.
  ///
  /// - Complexity: O(1) once made; what `make` costs on the first read.
  @inlinable
  var value: Value {
    state.withLock { state in
      if let made = state.made { return made }
      let value = state.make()
      state.made = value
      return value
    }
  }

  /// Whether `self` and `other` are copies of one lazy value. O(1).
  @inlinable
  func isIdentical(to other: Self) -> Bool {
    state.isIdentical(to: other.state)
  }
}

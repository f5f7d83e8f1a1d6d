// Freeing what a background apply's commit replaces, off the caller's actor: a section tree
// built apart shares no node with the one it replaces, and freeing all of its nodes (and the
// identifiers they hold) is O(n). The commit moves the last references into a box in O(1)
// and starts a task that empties the box on the global concurrent executor, where the
// freeing then runs.

/// Frees values in a task of their own on the global concurrent executor. Pass the last
/// references, with `consume` for a binding (so that the caller keeps no copy whose release
/// could come last): the freeing then runs in that task. A value with other owners is only
/// released there, in O(1). Each call is O(1) on the caller's side: one box and one task.
@usableFromInline enum OffActorRelease {
  @inlinable static func release<A: Sendable, B: Sendable>(_ a: consuming A, _ b: consuming B) {
    let box = OffActorReleaseBox((consume a, consume b))
    Task.detached { box.empty() }
  }

  @inlinable static func release<A: Sendable, B: Sendable, C: Sendable>(
    _ a: consuming A, _ b: consuming B, _ c: consuming C
  ) {
    let box = OffActorReleaseBox((consume a, consume b, consume c))
    Task.detached { box.empty() }
  }
}

/// Holds values until a task takes them out and drops them: the box is emptied only there,
/// so whichever of the caller and the task lets go of the box last, its values are freed in
/// the task.
@usableFromInline final class OffActorReleaseBox<Value: Sendable>: @unchecked Sendable {
  // Unchecked, and needs no lock: `value` is written once, by the initializer, before the
  // task that empties it is created (creating a task orders what came before it), and after
  // that only that task touches it, once. The caller keeps no access to it.
  @usableFromInline var value: Value?

  @inlinable init(_ value: consuming Value) {
    self.value = value
  }

  /// Takes the values out and drops them here. O(what they free).
  @inlinable func empty() {
    value = nil
  }
}

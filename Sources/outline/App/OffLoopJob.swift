import Snapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work done off the run loop, on a thread of its own, whose result the loop takes when it
/// is there. The newest work wins: starting work cancels the work running, and only the
/// newest work's result is ever handed back. Used from the run loop only; the thread shares
/// nothing with it but the sendable values its work captures and the locked slot for its
/// result.
final class OffLoopJob<Output: Sendable> {
  /// The newest work's number, and its result once there.
  private let slot = Locked<(newest: Int, result: Output?)>((0, nil))
  /// Whether work is being done (its result not taken yet).
  private(set) var isRunning = false

  /// Starts `work` on a thread of its own, cancelling the work before it (whose result will
  /// never be handed back). `work` is given a test that says whether it was cancelled
  /// meanwhile (it then returns nil). A thread, not a task: the loop may block waiting for
  /// the result on a thread of the concurrency pool (as tests do). O(1) here.
  func start(_ work: @escaping @Sendable (_ cancelled: () -> Bool) -> Output?) {
    let slot = slot
    let number = slot.withLock { state in
      state.newest += 1
      state.result = nil
      return state.newest
    }
    isRunning = true
    OffLoopThread.spawn {
      let superseded = { slot.withLock { $0.newest != number } }
      guard let result = work(superseded), !superseded() else { return }
      slot.withLock { state in
        if state.newest == number { state.result = result }
      }
    }
  }

  /// Cancels the work running, if any; its result will never be handed back. O(1).
  func cancel() {
    isRunning = false
    slot.withLock { state in
      state.newest += 1
      state.result = nil
    }
  }

  /// The newest work's result, once there (handed back once). O(1).
  func take() -> Output? {
    let result = slot.withLock { state in
      defer { state.result = nil }
      return state.result
    }
    if result != nil { isRunning = false }
    return result
  }

  /// Waits for the newest work's result (sleeping a millisecond at a time); nil when no
  /// work runs.
  func wait() -> Output? {
    while isRunning {
      if let result = take() { return result }
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      nanosleep(&pause, nil)
    }
    return nil
  }
}

/// Detached threads (not generic: a C function pointer cannot capture a generic context).
enum OffLoopThread {
  /// The body of a thread.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Runs `body` on a new detached thread.
  static func spawn(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
      let status = pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
          return nil
        }, context)
      precondition(status == 0, "pthread_create failed: \(status)")
      if let thread { pthread_detach(thread) }
    #else
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          if let raw { Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run() }
          return nil
        }, context)
      precondition(status == 0, "pthread_create failed: \(status)")
      pthread_detach(thread)
    #endif
  }
}

import Snapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Works out a filter's matches off the run loop (for large documents), from a copy of the
/// model's nodes, on a thread.
/// The newest request wins: a request cancels the one running, and only the newest
/// request's result is ever handed back. Used from the run loop only; the thread shares
/// nothing with it but the sendable values it is given and the locked slot for its result.
final class FilterWorker {
  /// What to work out.
  struct Request: Sendable {
    /// The query as typed.
    var text: String
    /// The nodes and where they come from: a copy of the model's (O(1), shared storage).
    var nodes: [OutlineNode]
    var source: OutlineModel.Source
    /// The model's generation the nodes are from.
    var generation: Int
    /// The matches of the query, when known (from the typing history).
    var known: [NodeID]?
    /// The nodes to test (every node when nil).
    var candidates: [NodeID]?
  }

  /// What came out.
  struct Result: Sendable {
    var text: String
    var generation: Int
    var matches: [NodeID]
  }

  /// The newest request's number, and its result once there.
  private let slot = Locked<(newest: Int, result: Result?)>((0, nil))
  /// Whether a request is being worked on (its result not taken yet).
  private(set) var isRunning = false

  /// Starts working on `request` on a thread of its own, cancelling the request before it
  /// (whose result will never be handed back). A thread, not a task: the loop may block
  /// waiting for the result on a thread of the concurrency pool (as tests do). O(1) here.
  func start(_ request: Request) {
    let slot = slot
    let number = slot.withLock { state in
      state.newest += 1
      state.result = nil
      return state.newest
    }
    isRunning = true
    Self.spawn {
      let superseded = { slot.withLock { $0.newest != number } }
      guard let result = Self.work(request, cancelled: superseded) else { return }
      slot.withLock { state in
        if state.newest == number { state.result = result }
      }
    }
  }

  /// Cancels the request running, if any; its result will never be handed back. O(1).
  func cancel() {
    isRunning = false
    slot.withLock { state in
      state.newest += 1
      state.result = nil
    }
  }

  /// The newest request's result, once there (handed back once). O(1).
  func take() -> Result? {
    let result = slot.withLock { state in
      defer { state.result = nil }
      return state.result
    }
    if result != nil { isRunning = false }
    return result
  }

  /// Waits for the newest request's result (sleeping a millisecond at a time); nil when no
  /// request runs.
  func wait() -> Result? {
    while isRunning {
      if let result = take() { return result }
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      nanosleep(&pause, nil)
    }
    return nil
  }

  /// The body of a thread.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Runs `body` on a new detached thread.
  private static func spawn(_ body: @escaping @Sendable () -> Void) {
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

  /// The matches of `request`; nil when `cancelled` returned true meanwhile.
  /// O(candidates × match).
  private static func work(_ request: Request, cancelled: () -> Bool) -> Result? {
    let model = OutlineModel(source: request.source, nodes: request.nodes)
    let query = SearchQuery(request.text)
    guard
      let matches = request.known
        ?? model.matching(query, among: request.candidates, shouldStop: cancelled),
      !cancelled()
    else { return nil }
    return Result(text: request.text, generation: request.generation, matches: matches)
  }
}

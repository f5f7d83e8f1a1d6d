/// Works out a filter's matches off the run loop (for large documents), from a copy of the
/// model's nodes, on a thread (``OffLoopJob``): the newest request wins, a request
/// cancelling the one running. Used from the run loop only.
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

  /// The thread's work and its result.
  private let job = OffLoopJob<Result>()

  /// Whether a request is being worked on (its result not taken yet).
  var isRunning: Bool { job.isRunning }

  /// Starts working on `request`, cancelling the request before it (whose result will never
  /// be handed back). O(1) here.
  func start(_ request: Request) {
    job.start { cancelled in Self.work(request, cancelled: cancelled) }
  }

  /// Cancels the request running, if any; its result will never be handed back. O(1).
  func cancel() { job.cancel() }

  /// The newest request's result, once there (handed back once). O(1).
  func take() -> Result? { job.take() }

  /// Waits for the newest request's result; nil when no request runs.
  func wait() -> Result? { job.wait() }

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

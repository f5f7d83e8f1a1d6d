import OutlineCore

/// The filter over a large document: each key hands the query to ``FilterWorker``, which
/// works out the matches off the run loop while keys keep coming; a new key cancels the
/// query being worked on, and the screen keeps the rows it shows ("searching…") until the
/// newest query's matches come, shown through the data source's filter in one batch.
extension OutlineController {
  /// The fewest nodes for which the filter works off the run loop.
  static let offLoopFilterNodes = 250_000

  /// Hands the query `text` (not empty) to the worker, with what it can start from: the
  /// matches of the query shown when `text` narrows it, else of a shorter query typed on
  /// the way. O(history) here.
  func requestFilter(_ text: String) {
    guard let current = filter else { return }
    filter?.typed = text
    let query = SearchQuery(text)
    var request = FilterWorker.Request(
      text: text, nodes: model.nodes, source: model.source, generation: model.generation)
    if query.narrows(current.query) {
      request.candidates = current.matches
    } else if let last = current.history.last(where: {
      $0.query == query || query.narrows($0.query)
    }) {
      if last.query == query {
        request.known = last.matches
      } else {
        request.candidates = last.matches
      }
    }
    filterWorker.start(request)
  }

  /// Shows the worker's result if it came (the rows of the newest query typed). Returns
  /// whether it did.
  ///
  /// - Throws: ``OutlineError`` only with `--check`, when the screen and the data source
  ///   disagree after the result, or after every node was put into the trees.
  @discardableResult
  func pollFilter() throws(OutlineError) -> Bool {
    // Every node must be in the trees before the data source's filter searches them.
    if everyNodeLoader.isRunning {
      guard applyEveryNodeLoad() else { return false }
      if checking { try verify(after: "every node put into the data source's trees") }
    }
    guard let result = filterWorker.take() else { return false }
    show(result)
    refreshStatus()
    if checking { try verify(after: "the filter's rows for \(Self.quoted(result.text))") }
    return true
  }

  /// Waits for every node to be in the trees, if they are being built, and for the worker's
  /// result, if a query is being worked on, and shows it.
  func waitForFilter() {
    applyEveryNodeLoad(waiting: true)
    if let result = filterWorker.wait() {
      show(result)
      refreshStatus()
    }
  }

  /// Shows `result` when it is the query typed now, as the filter on the loop shows its
  /// matches (``showFilter(_:narrowing:related:)``), the typing history as the filter on the loop
  /// leaves it.
  private func show(_ result: FilterWorker.Result) {
    guard var current = filter, result.text == current.typed,
      result.generation == model.generation
    else { return }
    let query = SearchQuery(result.text)
    let narrows = query.narrows(current.query)
    let related = narrows || current.query.narrows(query) ? current.matches.count : nil
    if narrows {
      current.history.append((current.query, current.matches))
    } else {
      while let last = current.history.popLast() {
        if last.query == query { break }
        if query.narrows(last.query) {
          current.history.append(last)
          break
        }
      }
    }
    current.query = query
    current.matches = result.matches
    filter = current
    showFilter(current, narrowing: narrows, related: related)
  }
}

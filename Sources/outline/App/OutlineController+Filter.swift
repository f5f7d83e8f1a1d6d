import OutlineCore
import Snapshot

/// The filter, `f`, on the data source's own filter: typed in the status line, each key shows
/// the matches, their ancestors (opened for the filter) and the header rows in one batch (a
/// key that narrows the query asks only the previous matches, `narrowFilter`); Enter accepts
/// (the filter cleared, the row under the cursor revealed and kept under it); Esc cancels
/// (the filter cleared: the rows and expansion from before come back, with the cursor and
/// status line). Tab leaves the query to browse the filtered rows, where `w` writes the whole
/// document and `y` copies a path. A matching parent shows its children as the user left it
/// (the data source's rule): collapsed, or expanded and unfiltered.
extension OutlineController {
  /// The filter being typed or browsed, and what Esc restores.
  struct Filter {
    /// The query whose matches are shown (empty: every row as before).
    var query = SearchQuery("")
    /// The query as typed: ahead of `query` while the screen still shows an earlier result
    /// (a search given up because more keys were waiting).
    var typed = ""
    /// Whether keys go to the query (else they browse the filtered rows).
    var isTyping = true
    /// The matches of `query`, in document order.
    var matches: [NodeID] = []
    /// The shorter queries typed on the way to this one, with their matches, so that a
    /// backspace finds its matches again without a search.
    var history: [(query: SearchQuery, matches: [NodeID])] = []
    /// The cursor and the first row shown before the filter.
    var savedCursor: Int
    var savedTop: Int
    /// The status line's parts before the filter.
    var savedLastUpdate: (stats: OutlineScreen.BatchStats, milliseconds: Double)?
    var savedMessage: String
  }

  /// `f`: starts a filter, saving what Esc restores (`shownMessage`: the message the status
  /// line showed), and puts every node the model has read into the data source's trees
  /// (collapsed where not shown), since its filter searches only the children it holds; over
  /// a large document the trees are built off the loop (``startLoadingEveryNode()``) while
  /// the query is typed. O(n) for n nodes the first time, O(n) set look-ups after (O(1) on
  /// the loop when off it).
  func beginFilter(restoring shownMessage: String) {
    filter = Filter(
      savedCursor: screen.cursor, savedTop: screen.top, savedLastUpdate: lastUpdate,
      savedMessage: shownMessage)
    if filtersOffLoop {
      startLoadingEveryNode()
    } else {
      loadEveryNode()
    }
  }

  /// A key while the query is typed.
  func filterKey(_ key: Key) {
    guard let current = filter else { return }
    if filtersOffLoop && key != .escape && !key.isTyping {
      // The rows this key acts on are those of the query typed.
      waitForFilter()
    } else if current.typed != current.query.text && key != .escape && !key.isTyping {
      // Searches given up for this key: the rows it acts on are those of the query typed.
      updateFilter(to: current.typed, waiting: true)
    }
    switch key {
    case .escape: cancelFilter()
    case .enter: acceptFilter()
    case .tab: filter?.isTyping = false
    case .backspace:
      var text = current.typed
      if !text.isEmpty { text.removeLast() }
      updateFilter(to: text)
    case .character(let character): updateFilter(to: current.typed + String(character))
    default: _ = moveCursor(key, letters: false)
    }
  }

  /// A key while the filtered rows are browsed.
  func filteredKey(_ key: Key) {
    if moveCursor(key) { return }
    switch key {
    case .escape: cancelFilter()
    case .enter: acceptFilter()
    case .character("f"), .tab: filter?.isTyping = true
    case .character("w"): write()
    case .character("y"): copyPath()
    case .character("?"): showHelp()
    case .character("q"): quit()
    default:
      message = "filtered: Enter keeps this row, Esc restores the rows, f edits the filter"
    }
  }

  /// The status line while the query is typed: the query, the number of matches, the keys.
  /// O(1).
  func filterStatus(_ filter: Filter) -> String {
    var status = "Filter: " + filter.typed + "▏  "
    if filter.typed != filter.query.text {
      status += "searching…  "
    } else if everyNodeLoader.isRunning {
      status += "reading every node…  "
    } else if !filter.query.text.isEmpty {
      status += Self.grouped(filter.matches.count) + " matching" + readFoldersNote + "  "
    }
    return status + "(Enter: keep row, Esc: restore, Tab: browse)"
  }

  /// The status line's part while the filtered rows are browsed. O(1).
  func filterSummary(_ filter: Filter) -> String {
    "filter " + Self.quoted(filter.query.text) + ": " + Self.grouped(filter.matches.count)
      + " matching" + readFoldersNote + " (f edits, Enter keeps row, Esc restores)"
  }

  /// Shows the matches of `text` and their ancestors, in one batch
  /// (``showFilter(_:narrowing:related:)``). A query that only grew looks among the previous
  /// matches only. Gives up, the screen unchanged, when keys arrive meanwhile (unless
  /// `waiting`).
  ///
  /// - Complexity: O(n) matches tested for n nodes (O(m) when narrowing from m matches),
  ///   plus ``showFilter(_:narrowing:related:)``.
  func updateFilter(to text: String, waiting: Bool = false) {
    let keysPending = inputPending
    if waiting { inputPending = { false } }
    defer { inputPending = keysPending }
    guard var current = filter else { return }
    if filtersOffLoop {
      guard text.isEmpty else { return requestFilter(text) }
      filterWorker.cancel()
    }
    filter?.typed = text
    current.typed = text
    let query = SearchQuery(text)
    var matches: [NodeID]?
    var history = current.history
    if text.isEmpty {
      matches = []
      history = []
    } else if query.narrows(current.query) {
      guard let narrowed = matching(query, among: current.matches) else { return }
      matches = narrowed
      history.append((current.query, current.matches))
    } else {
      // A backspace: the query typed before this one, or one it narrows, is in the history.
      while let last = history.popLast() {
        if last.query == query {
          matches = last.matches
          break
        }
        if query.narrows(last.query) {
          guard let narrowed = matching(query, among: last.matches) else { return }
          matches = narrowed
          history.append(last)
          break
        }
      }
    }
    guard let found = matches ?? matching(query, among: nil), !inputPending() else { return }
    let narrows = query.narrows(current.query)
    // The matches shown are a subset or a superset of the new ones.
    let related = narrows || current.query.narrows(query) ? current.matches.count : nil
    current.history = history
    current.query = query
    current.matches = found
    filter = current
    showFilter(current, narrowing: narrows, related: related)
  }

  /// Shows the matches of `filter`'s query through the data source's filter, in one batch;
  /// `narrowing`: whether the query narrows the one shown; `related`: the number of matches
  /// shown when either query narrows the other. A key that keeps the same matches (a subset
  /// or superset of the same size) sends nothing; a narrowing key that starts from few rows
  /// (at most one per 16 nodes) narrows the data source's filter, asking only the previous
  /// matches; any other key sets the filter anew, one walk of the tree (narrowing costs about
  /// 2 µs a row shown, a walk about 0.1 µs a node: measured over 10^6 nodes). An empty query
  /// clears the filter (the rows, expansion and cursor from before come back). The cursor
  /// stays on its row while that matches, else goes to the first match.
  ///
  /// - Complexity: O(n) for n nodes (a mark each) plus the data source's filter: O(n), or
  ///   O(m + r log n) narrowing from m matches shown on r rows.
  func showFilter(_ filter: Filter, narrowing: Bool, related: Int?) {
    let query = filter.query
    let kept = selected?.node.flatMap { model.node($0, matches: query) ? $0 : nil }
    measure {
      do {
        if query.text.isEmpty {
          try dataSource.clearFilter()
        } else if let previous = related, isFiltered, previous == filter.matches.count {
          // The same matches (a subset or superset of the same size): the rows stay.
        } else {
          // A constant captured, not a variable: the data source asks about every node, and
          // a captured variable is boxed, each read checked for exclusive access.
          let marks = {
            var marks = [Bool](repeating: false, count: model.nodes.count)
            for id in filter.matches { marks[Int(id.index)] = true }
            return marks
          }()
          let isMatch = { (item: OutlineItem) in item.node.map { marks[Int($0.index)] } ?? false }
          if narrowing && isFiltered && screen.rows.count <= model.nodes.count / 16 {
            try dataSource.narrowFilter(isMatch)
          } else {
            try dataSource.filter(isMatch)
          }
        }
      } catch {
        message = "\(error)"
      }
    }
    // Rows opened or closed for the filter show another disclosure triangle: the cells
    // kept (one per line drawn) are drawn anew.
    screen.forgetCells { _ in true }
    if query.text.isEmpty {
      screen.restore(cursor: filter.savedCursor, top: filter.savedTop)
    } else if let row = kept ?? filter.matches.first {
      select(.node(row))
    }
  }

  /// Whether the data source shows its rows through a filter. O(sections).
  var isFiltered: Bool { model.sections.contains { dataSource.isFiltered($0) } }

  /// The nodes among `candidates` (every node when nil) that match `query`, in document
  /// order; nil when keys arrived meanwhile (``inputPending``, asked every 4,096 nodes), so
  /// that the newest query is searched instead and the screen keeps the result it shows.
  /// O(candidates × match).
  func matching(_ query: SearchQuery, among candidates: [NodeID]?) -> [NodeID]? {
    model.matching(query, among: candidates, shouldStop: inputPending)
  }

  /// Enter: clears the filter, the rows and expansion from before coming back with the row
  /// under the cursor revealed and the cursor on it; the query becomes the search, for `n`.
  /// Two batches: the reveal's (the rows that opened reconfigured; the filter shows the way
  /// already) and the clear's.
  func acceptFilter() {
    filterWorker.cancel()
    everyNodeLoader.cancel()
    guard let current = filter else { return }
    filter = nil
    let target = selected?.node
    measure {
      do {
        // Revealed while filtered, its ancestors are shown already: clearing then sends the
        // rows from before with the way to the target open.
        if let target { try dataSource.reveal(.node(target)) }
        try dataSource.clearFilter()
      } catch {
        message = "\(error)"
        try? dataSource.clearFilter()
      }
    }
    screen.forgetCells { _ in true }
    if let target { select(.node(target)) }
    if !current.query.text.isEmpty {
      // The query becomes the search, for n / N; the status says where the row is among its
      // matches.
      search = Search(
        query: current.query, matches: current.matches, generation: model.generation,
        current: target.flatMap { current.matches.firstIndex(of: $0) })
      if let index = search?.current {
        message =
          "\(Self.grouped(index + 1)) of \(Self.grouped(current.matches.count))" + readFoldersNote
      }
    }
  }

  /// Esc: clears the filter; the rows, expansion, cursor, first row shown and status line
  /// from before `f` come back (the filtered rows offer no expanding or collapsing, so the
  /// expansion is the one from before).
  func cancelFilter() {
    filterWorker.cancel()
    everyNodeLoader.cancel()
    guard let current = filter else { return }
    filter = nil
    do {
      try dataSource.clearFilter()
    } catch {
      message = "\(error)"
    }
    screen.forgetCells { _ in true }
    screen.restore(cursor: current.savedCursor, top: current.savedTop)
    lastUpdate = current.savedLastUpdate
    message = current.savedMessage
  }
}

extension Key {
  /// Whether the key edits a filter's query (a character or a backspace). O(1).
  fileprivate var isTyping: Bool {
    switch self {
    case .character, .backspace: true
    default: false
    }
  }
}

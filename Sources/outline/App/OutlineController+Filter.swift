import OutlineCore
import Snapshot

/// The filter, `f`: typed in the status line, each key shows the matches and their ancestors
/// (expanded) in one batch per section; Enter accepts (the rows and expansion from before
/// come back, with the row under the cursor revealed and kept under it); Esc cancels (the
/// rows, expansion, cursor and status line from before come back). Tab leaves the query to
/// browse the filtered rows, where `w` writes the whole document and `y` copies a path.
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
    /// Marks per node, all false between keys.
    var scratch = FilterScratch()
    /// Each section's tree of every node the filter can show, all collapsed (built at the
    /// first key that matches many nodes).
    var everyNode: [(OutlineSection, DataSource.SectionSnapshot)]?
    /// Each section's tree before the filter.
    var saved: [(OutlineSection, DataSource.SectionSnapshot)]
    /// ``OutlineController/loadedIntoSnapshot`` before the filter.
    var savedLoaded: Set<NodeID>
    /// The cursor and the first row shown before the filter.
    var savedCursor: Int
    var savedTop: Int
    /// The status line's parts before the filter.
    var savedLastUpdate: (stats: OutlineScreen.BatchStats, milliseconds: Double)?
    var savedMessage: String
  }

  /// `f`: starts a filter, saving what Esc restores (`shownMessage`: the message the status
  /// line showed). O(sections).
  func beginFilter(restoring shownMessage: String) {
    filter = Filter(
      saved: model.sections.map { ($0, dataSource.snapshot(for: $0)) },
      savedLoaded: loadedIntoSnapshot, savedCursor: screen.cursor, savedTop: screen.top,
      savedLastUpdate: lastUpdate, savedMessage: shownMessage)
    // Built now where that is quick (about 30 ms for 10^5 nodes), so that the keys typed
    // next do not pay for it; a larger tree builds it at the first key that needs it.
    if model.nodes.count <= Self.eagerFilterNodes { filter?.everyNode = model.everyNodeTrees() }
  }

  /// The most nodes for which `f` builds the tree of every node at once.
  static let eagerFilterNodes = 250_000

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

  /// Shows the matches of `text` and their ancestors, in one batch per section. A query that
  /// only grew looks among the previous matches only. Gives up, the screen unchanged, when
  /// keys arrive meanwhile (unless `waiting`).
  ///
  /// - Complexity: O(n) matches tested for n nodes (O(m) when narrowing from m matches),
  ///   plus O(r log r) to build the r rows shown and the section applies' cost.
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
    // The rows shown are the previous query's: when this one narrows it, its rows are found
    // by deleting those that go.
    let narrowed = query.narrows(current.query) ? current.matches : nil
    current.history = history
    current.query = query
    current.matches = found
    let kept = selected?.node.flatMap { model.node($0, matches: query) ? $0 : nil }
    measure {
      if text.isEmpty {
        apply(current.saved)
      } else if let narrowed,
        let trees = model.narrowedTrees(
          from: narrowed, to: found, shown: shownTrees, scratch: &current.scratch)
      {
        apply(trees)
      } else {
        apply(
          model.filteredTrees(found, everyNode: &current.everyNode, scratch: &current.scratch))
      }
    }
    filter = current
    if text.isEmpty {
      screen.restore(cursor: current.savedCursor, top: current.savedTop)
    } else if let row = kept ?? found.first {
      // The row under the cursor while it matches, else the first match.
      select(.node(row))
    }
  }

  /// The nodes among `candidates` (every node when nil) that match `query`, in document
  /// order; nil when keys arrived meanwhile (``inputPending``, asked every 4,096 nodes), so
  /// that the newest query is searched instead and the screen keeps the result it shows.
  /// O(candidates × match).
  func matching(_ query: SearchQuery, among candidates: [NodeID]?) -> [NodeID]? {
    model.matching(query, among: candidates, shouldStop: inputPending)
  }

  /// Each section's tree as the data source has it. O(sections).
  var shownTrees: [(OutlineSection, DataSource.SectionSnapshot)] {
    model.sections.map { ($0, dataSource.snapshot(for: $0)) }
  }

  /// Enter: clears the filter, the rows and expansion from before coming back with the row
  /// under the cursor revealed and the cursor on it; the query becomes the search, for `n`.
  func acceptFilter() {
    filterWorker.cancel()
    guard let current = filter else { return }
    filter = nil
    loadedIntoSnapshot = current.savedLoaded
    let target = selected?.node
    var trees = current.saved
    measure {
      if let target {
        let section = model.section(of: target)
        unfold(section)
        if let index = trees.firstIndex(where: { $0.0 == section }) {
          revealing(target, in: &trees[index].1)
        }
      }
      apply(trees)
    }
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
  /// from before `f` come back.
  func cancelFilter() {
    filterWorker.cancel()
    guard let current = filter else { return }
    filter = nil
    loadedIntoSnapshot = current.savedLoaded
    apply(current.saved)
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

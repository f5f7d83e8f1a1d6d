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
    /// One mark per node, all false between keys (a filter's scratch space).
    var marks: [Bool] = []
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
    if model.nodes.count <= Self.eagerFilterNodes { filter?.everyNode = everyNodeTrees() }
  }

  /// The most nodes for which `f` builds the tree of every node at once.
  static let eagerFilterNodes = 250_000

  /// Waits until the filter shows the rows of the query typed (the bench's way to time a
  /// key to its rows). O(1) while the filter runs on the loop.
  func waitForFilter() {}

  /// A key while the query is typed.
  func filterKey(_ key: Key) {
    guard let current = filter else { return }
    if current.typed != current.query.text && key != .escape && !key.isTyping {
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
    current.history = history
    current.query = query
    current.matches = found
    let kept = selected?.node.flatMap { model.node($0, matches: query) ? $0 : nil }
    measure {
      apply(text.isEmpty ? current.saved : filteredTrees(found, in: &current))
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
    var found: [NodeID] = []
    var seen = 0
    var givenUp = false
    func test(_ id: NodeID) -> Bool {
      seen &+= 1
      if seen & 4095 == 0 && inputPending() {
        givenUp = true
        return false
      }
      if model.node(id, matches: query) { found.append(id) }
      return true
    }
    if let candidates {
      for id in candidates where !test(id) { break }
    } else {
      model.forEachInDocumentOrder { _, id in id.map(test) ?? true }
    }
    return givenUp ? nil : found
  }

  /// Each section's tree showing `matches` and their ancestors (expanded), headers kept,
  /// in document order. Few matches: O(r) for the r rows, built in one pass by the section
  /// snapshot's hierarchical-data initializer; many (over an eighth of the nodes): the
  /// section snapshot's `filtered(_:)` of every node's tree (built once per filter), O(n)
  /// with no nested arrays.
  func filteredTrees(_ matches: [NodeID], in filter: inout Filter)
    -> [(OutlineSection, DataSource.SectionSnapshot)]
  {
    let count = model.nodes.count
    if filter.marks.count < count { filter.marks = [Bool](repeating: false, count: count) }
    guard matches.count > count / 8 else {
      return trees(ofRowsInOrder: rowsInOrder(matches, marks: &filter.marks))
    }
    if filter.everyNode == nil { filter.everyNode = everyNodeTrees() }
    for id in matches { filter.marks[Int(id.index)] = true }
    let trees = (filter.everyNode ?? []).map { section, tree in
      (section, tree.filtered { $0.node.map { filter.marks[Int($0.index)] } ?? true })
    }
    for id in matches { filter.marks[Int(id.index)] = false }
    return trees
  }

  /// Each section's tree of every node the filter can show, all collapsed. O(n).
  func everyNodeTrees() -> [(OutlineSection, DataSource.SectionSnapshot)] {
    var every: [NodeID] = []
    model.forEachInDocumentOrder { _, id in
      if let id { every.append(id) }
      return true
    }
    return trees(ofRowsInOrder: every, expanded: false)
  }

  /// The rows that show `matches` and their ancestors, in document order: each match after
  /// those of its ancestors not yet listed (a match's new ancestors come after every earlier
  /// match, since subtrees are contiguous). `kept` has a false mark per node, as it is left.
  /// O(r) for the r rows.
  func rowsInOrder(_ matches: [NodeID], marks kept: inout [Bool]) -> [NodeID] {
    var order: [NodeID] = []
    defer {
      for id in order { kept[Int(id.index)] = false }
    }
    order.reserveCapacity(matches.count)
    var chain: [NodeID] = []
    for match in matches {
      chain.removeAll(keepingCapacity: true)
      var current = match
      while !kept[Int(current.index)] {
        kept[Int(current.index)] = true
        chain.append(current)
        guard let parent = model.parent(of: current), parent != model.root else { break }
        current = parent
      }
      order.append(contentsOf: chain.reversed())
    }
    return order
  }

  /// Each section's tree of the rows `order` (in document order, each row's ancestors among
  /// them), every parent expanded or every one collapsed, headers first. O(r), iterative.
  func trees(ofRowsInOrder order: [NodeID], expanded: Bool = true)
    -> [(OutlineSection, DataSource.SectionSnapshot)]
  {
    // Built bottom-up, in reverse document order: when a row is met, its descendants were
    // all met, and its children wait in `pending[depth + 1]` (in reverse).
    var pending: [[FilterRow]] = []
    var roots: [OutlineSection: [FilterRow]] = [:]
    for id in order.reversed() {
      let depth = Int(max(model[id].depth, 0))
      while pending.count < depth + 2 { pending.append([]) }
      var children: [FilterRow]?
      if !pending[depth + 1].isEmpty {
        children = pending[depth + 1].reversed()
        pending[depth + 1].removeAll()
      }
      let row = FilterRow(item: .node(id), children: children)
      if depth == 0 {
        roots[model.section(ofTopLevel: id), default: []].append(row)
      } else {
        pending[depth].append(row)
      }
    }
    return model.sections.map { section in
      let rows =
        [FilterRow(item: .header(section), children: nil)]
        + (roots[section] ?? []).reversed()
      return (
        section,
        DataSource.SectionSnapshot(
          rows, id: \.item, children: \.children, isExpanded: { _ in expanded })
      )
    }
  }

  /// A row of a filtered tree, for the section snapshot's hierarchical-data initializer.
  struct FilterRow {
    var item: OutlineItem
    /// The rows kept below it (nil when none: it shows as a leaf).
    var children: [FilterRow]?
  }

  /// Enter: clears the filter, the rows and expansion from before coming back with the row
  /// under the cursor revealed and the cursor on it; the query becomes the search, for `n`.
  func acceptFilter() {
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

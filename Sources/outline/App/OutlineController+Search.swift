import OutlineCore
import Snapshot

/// Search, as in jless: `/` types a query in the status line, Enter jumps to the first match
/// after the cursor in document order (revealed inside collapsed nodes), `n` / `N` step to
/// the next and previous match, `*` / `#` search for the key under the cursor. Matches are
/// highlighted on screen; in a directory only folders already read are searched.
extension OutlineController {
  /// The last search: its query and its matches in document order.
  struct Search {
    var query: SearchQuery
    /// The matches, in document order, as of the model's `generation`.
    var matches: [NodeID] = []
    /// The model's generation when `matches` were found (-1: not yet).
    var generation = -1
    /// The match the cursor was last put on.
    var current: Int?
  }

  /// Enter on the `/` prompt: searches for `text` (the last query again when empty).
  func runSearch(_ text: String) {
    if text.isEmpty {
      guard search != nil else {
        message = "nothing to search for"
        return
      }
    } else {
      search = Search(query: SearchQuery(text))
    }
    step(forward: true)
  }

  /// `*` / `#`: searches for the key (or the name) under the cursor, forward or backward.
  func searchKeyUnderCursor(forward: Bool) {
    guard let id = selected?.node, let name = model[id].name, !name.isEmpty else {
      message = "no key under the cursor"
      return
    }
    search = Search(query: SearchQuery(name))
    step(forward: forward)
  }

  /// `n` / `N`: puts the cursor on the next (previous) match after (before) the cursor in
  /// document order, wrapping at the end, and reveals it.
  ///
  /// - Complexity: O(n) for n nodes when the model changed since the last step or the cursor
  ///   left the last match (the matches are found again, or the cursor's place among them);
  ///   else O(1); plus revealing the match.
  func step(forward: Bool) {
    guard var current = search else {
      message = "no search yet: / searches"
      return
    }
    if current.generation != model.generation {
      current.matches = model.matches(of: current.query)
      current.generation = model.generation
      current.current = nil
    }
    search = current
    let count = current.matches.count
    guard count > 0 else {
      message = "no match for " + Self.quoted(current.query.text) + readFoldersNote
      return
    }
    let (before, onMatch) = place(in: current)
    var index = forward ? before + (onMatch ? 1 : 0) : before - 1
    var wrapped = false
    if index >= count {
      index = 0
      wrapped = true
    } else if index < 0 {
      index = count - 1
      wrapped = true
    }
    search?.current = index
    let id = current.matches[index]
    reveal(id)
    select(.node(id))
    message =
      "\(Self.grouped(index + 1)) of \(Self.grouped(count))" + (wrapped ? " (wrapped)" : "")
      + readFoldersNote
  }

  /// " (only folders already read are searched)" in a directory, else "". O(1).
  var readFoldersNote: String {
    model.isDirectory ? " (only folders already read are searched)" : ""
  }

  /// How many of `search`'s matches come before the cursor in document order, and whether
  /// the cursor is on one. O(1) when the cursor is on the last match stepped to, else O(n).
  private func place(in search: Search) -> (before: Int, onMatch: Bool) {
    guard let item = selected else { return (0, false) }
    if let index = search.current, search.matches.indices.contains(index),
      item == .node(search.matches[index])
    {
      return (index, true)
    }
    var before = 0
    var found: (Int, Bool)?
    let matches = search.matches
    model.forEachInDocumentOrder { section, id in
      if let section {
        if item == .header(section) {
          found = (before, false)
          return false
        }
        return true
      }
      guard let id else { return true }
      let isMatch = before < matches.count && matches[before] == id
      if item == .node(id) {
        found = (before, isMatch)
        return false
      }
      if isMatch { before += 1 }
      return true
    }
    return found ?? (before, false)
  }

  /// Whether `item`'s row matches the filter being typed, or else the last search (drawn
  /// highlighted). O(label).
  func isHighlighted(_ item: OutlineItem) -> Bool {
    guard let id = item.node, model.isLive(id) else { return false }
    let query: SearchQuery
    if let filter, !filter.query.text.isEmpty {
      query = filter.query
    } else if let search {
      query = search.query
    } else {
      return false
    }
    return model.node(id, matches: query)
  }

  /// `count` with a comma between thousands: "1,204". O(digits).
  static func grouped(_ count: Int) -> String {
    let digits = Array(String(count.magnitude))
    var out = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }
}

import OutlineCore
import Snapshot

extension OutlineController {
  /// The keys, one per line, shown over the list by `?`.
  static let helpLines = [
    "Keys (any key closes this list)",
    "  j k ↑ ↓         move; g G Home End: top, bottom; PgUp PgDn: a page",
    "  l →  h ←        open, close; Enter or space: toggle",
    "  a r e d         add, rename, edit a value, delete",
    "  J K             move the row among its siblings",
    "  w  q            write (JSON), quit",
    "  /  n N          search (smart case, keys and values); next, previous match",
    "  *  #            search for the key under the cursor, forward, backward",
    "  f               filter as you type: Enter keeps the row, Esc restores, Tab browses",
    "  E  C            expand, collapse everything below the cursor (header: everything)",
    "  1 … 9           show that many levels",
    "  y               copy the node's path (JSON path or file path) to the clipboard",
    "  ?               this list",
  ]

  /// Handles one key: moves the cursor, expands, collapses, edits, or quits.
  ///
  /// - Throws: ``OutlineError`` only with `--check`, when the screen and the data source
  ///   disagree after the key.
  /// - Complexity: O(1) for cursor keys; expanding or collapsing k rows O(k + log n) in the
  ///   data source plus the screen's O(n) batch application; edits O(n).
  func handle(_ key: Key) throws(OutlineError) {
    if key == .control("c") {
      wantsQuit = true
      interrupted = true
      return
    }
    if screen.overlay != nil {
      // The list of keys is shown: any key closes it.
      screen.overlay = nil
      message = ""
    } else if filter?.isTyping == true {
      filterKey(key)
    } else if prompt != nil {
      edit(with: key)
    } else if filter != nil {
      if key != .character("q") { quitPending = false }
      message = ""
      filteredKey(key)
    } else {
      if key != .character("q") { quitPending = false }
      let shown = message
      message = ""
      if key == .character("f") { beginFilter(restoring: shown) } else { command(key) }
    }
    refreshStatus()
    if checking { try verify(after: "key \(key.name)") }
  }

  /// Moves the cursor for a cursor key (arrows, `j`/`k`, `g`/`G`, pages); returns whether
  /// `key` was one. O(1).
  func moveCursor(_ key: Key, letters: Bool = true) -> Bool {
    let page = max(1, screen.listHeight - 1)
    switch key {
    case .up: screen.select(screen.cursor - 1)
    case .down: screen.select(screen.cursor + 1)
    case .home: screen.select(0)
    case .end: screen.select(screen.rows.count - 1)
    case .pageUp: screen.select(screen.cursor - page)
    case .pageDown: screen.select(screen.cursor + page)
    case .character("k") where letters: screen.select(screen.cursor - 1)
    case .character("j") where letters: screen.select(screen.cursor + 1)
    case .character("g") where letters: screen.select(0)
    case .character("G") where letters: screen.select(screen.rows.count - 1)
    default: return false
    }
    return true
  }

  /// `?`: shows the keys over the list until the next key.
  func showHelp() {
    screen.overlay = Self.helpLines
    message = "any key closes the list of keys"
  }

  /// Quits, or asks first when a JSON document has unsaved changes.
  func quit() {
    if model.isModified && !model.isDirectory && !quitPending {
      quitPending = true
      message = "unsaved changes: w writes them, q again quits without writing"
    } else {
      wantsQuit = true
    }
  }

  private func command(_ key: Key) {
    if moveCursor(key) { return }
    switch key {
    case .right, .character("l"): open()
    case .left, .character("h"): close()
    case .enter, .character(" "): toggle()
    case .character("a"): beginAdding()
    case .character("r"): beginRenaming()
    case .character("e"): beginEditingValue()
    case .character("d"): deleteSelected()
    case .character("J"): moveSelected(down: true)
    case .character("K"): moveSelected(down: false)
    case .character("w"): write()
    case .character("?"): showHelp()
    case .character("q"): quit()
    case .character("/"): prompt = Prompt(label: "Search: ", text: "", action: .search)
    case .character("n"): step(forward: true)
    case .character("N"): step(forward: false)
    case .character("*"): searchKeyUnderCursor(forward: true)
    case .character("#"): searchKeyUnderCursor(forward: false)
    case .character("E"): expandAll()
    case .character("C"): collapseAll()
    case .character(let digit) where ("1"..."9").contains(digit):
      collapse(toDepth: Int(String(digit)) ?? 1)
    case .character("y"): copyPath()
    default: break
    }
  }

  /// The item under the cursor. O(sections).
  var selected: OutlineItem? { screen.selectedItem }

  /// Whether `item` can show children. O(1).
  func isParent(_ item: OutlineItem) -> Bool {
    guard let id = item.node else { return true }
    return model[id].isContainer
  }

  /// `→`: expands a collapsed parent; on an expanded one, goes to its first child.
  private func open() {
    guard let item = selected else { return }
    guard isParent(item) else {
      message = "no children to show"
      return
    }
    if isExpanded(item) {
      if let next = screen.rows.item(atFlat: screen.cursor + 1), parentRow(of: next) == item {
        screen.select(screen.cursor + 1)
      }
      return
    }
    expand(item)
  }

  /// `←`: collapses an expanded parent; elsewhere goes to the parent's row.
  private func close() {
    guard let item = selected else { return }
    if isParent(item) && isExpanded(item) {
      collapse(item)
    } else if let parent = parentRow(of: item) {
      select(parent)
    }
  }

  /// Enter: expands or collapses.
  private func toggle() {
    guard let item = selected else { return }
    guard isParent(item) else {
      message = "no children to show"
      return
    }
    if isExpanded(item) { collapse(item) } else { expand(item) }
  }

  /// Expands `item` through the data source (which loads children on first expand); a
  /// refusal goes to the status line.
  func expand(_ item: OutlineItem) {
    measure {
      do {
        try dataSource.expand(item)
      } catch {
        message = "\(error)"
      }
    }
  }

  /// Collapses `item` through the data source; a refusal goes to the status line.
  func collapse(_ item: OutlineItem) {
    measure {
      do {
        try dataSource.collapse(item)
      } catch {
        message = "\(error)"
      }
    }
  }

  /// The row above `item` in the tree: its parent node, or its section's header. O(depth).
  func parentRow(of item: OutlineItem) -> OutlineItem? {
    guard let id = item.node else { return nil }
    if let parent = model.parent(of: id), parent != model.root { return .node(parent) }
    return .header(model.section(of: id))
  }

  /// Moves the cursor to `item`'s row, if it is shown. O(log n).
  func select(_ item: OutlineItem) {
    if let path = dataSource.indexPath(for: item) {
      screen.select(screen.rows.flatIndex(of: path))
    }
  }

  /// Applies a new size. O(1).
  func resize(columns: Int, lines: Int) {
    screen.resize(columns: columns, lines: lines)
  }
}

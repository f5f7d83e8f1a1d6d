import Snapshot

/// The terminal list: a ``DiffableListView`` that keeps its own rows (``RowModel``), changes
/// them only by the batches the data source delivers, and redraws only the lines whose text
/// changed since the last frame (kilo's way: a row buffer compared line by line).
///
/// Layout: a title line, the list, and a status line. Cells (a row's text) are configured
/// lazily by ``cellProvider`` for the rows on screen, as UIKit asks for cells of visible rows
/// only; a reload, reconfigure or insert of a row drops its cell so it is configured anew.
final class OutlineScreen: DiffableListView {
  typealias SectionIdentifierType = OutlineSection
  typealias ItemIdentifierType = OutlineItem

  /// A configured row: its text without the cursor gutter, and whether it is a header.
  struct Cell: Equatable {
    var text: String
    var isHeader: Bool
  }

  /// One line of the terminal.
  struct Line: Equatable {
    enum Style: Equatable { case plain, header, match, cursor, title, status }
    var text: String
    var style: Style
  }

  /// What the batches of one user action did.
  struct BatchStats: Equatable {
    var batches = 0
    var inserts = 0
    var deletes = 0
    var moves = 0
    var reloads = 0
  }

  /// The rows, as the batches left them.
  private(set) var rows = RowModel()
  /// Configures the cell of a row.
  var cellProvider: (OutlineItem) -> Cell = { Cell(text: "\($0)", isHeader: false) }
  /// Whether a row is a search or filter match (drawn underlined); asked for the rows on
  /// screen at each frame.
  var isHighlighted: (OutlineItem) -> Bool = { _ in false }
  /// Configured cells of the rows shown last.
  private(set) var cells: [OutlineItem: Cell] = [:]
  /// The terminal's size.
  private(set) var columns: Int
  private(set) var lines: Int
  /// The first row shown.
  private(set) var top = 0
  /// The selected row (flat position).
  private(set) var cursor = 0
  /// The title line's text.
  var title = ""
  /// The status line's text.
  var status = ""
  /// Lines shown instead of the rows (the list of keys), while set.
  var overlay: [String]?
  /// What was delivered since ``resetStats()``.
  private(set) var stats = BatchStats()
  /// Batches that did not fit the rows (each made the screen reload its rows).
  private(set) var failures: [String] = []
  /// Whether every batch is followed by a comparison of the rows with the content.
  var checksEveryBatch = false
  /// The lines the terminal shows now (empty before the first frame or after a resize).
  private(set) var shown: [Line] = []

  /// A screen of `columns` × `lines` (at least 1 × 3). O(1).
  init(columns: Int, lines: Int) {
    self.columns = max(columns, 1)
    self.lines = max(lines, 3)
  }

  /// The number of list lines. O(1).
  var listHeight: Int { lines - 2 }

  // MARK: DiffableListView

  /// Reads every row anew. O(n log n).
  func reloadData(_ content: some ListContent<OutlineSection, OutlineItem>) {
    rows.reload(from: content)
    cells.removeAll()
    stats.reloads += 1
    clampCursor()
    if checksEveryBatch { compare(with: content, after: "a reload") }
  }

  /// Applies `batch` to the rows; the cursor follows its row. O(n + k log n).
  func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool, content: some ListContent<OutlineSection, OutlineItem>
  ) {
    stats.batches += 1
    stats.inserts += batch.insertedItems.count
    stats.deletes += batch.deletedItems.count
    stats.moves += batch.movedItems.count
    let tracked = rows.indexPath(ofFlat: cursor)
    let reloaded = cells.isEmpty ? [] : batch.reloadedItems.compactMap { rowItem(at: $0) }
    do {
      let followed = try rows.apply(batch, content: content, tracking: tracked)
      if let followed { cursor = rows.flatIndex(of: followed) }
      if batch.insertedItems.count + batch.reconfiguredItems.count > cells.count {
        // More rows changed than cells are kept: dropping every cell costs less (only the
        // rows on screen are configured again).
        cells.removeAll()
      } else if !cells.isEmpty {
        // The rows are the content's now: read the affected identifiers from them.
        for path in batch.insertedItems { forget(rowItem(at: path)) }
        for path in batch.reconfiguredItems { forget(rowItem(at: path)) }
        for item in reloaded { forget(item) }
      }
    } catch {
      failures.append("batch \(stats.batches) does not fit the rows shown: \(error)")
      rows.reload(from: content)
      cells.removeAll()
    }
    clampCursor()
    if checksEveryBatch { compare(with: content, after: "batch \(stats.batches)") }
  }

  /// Drops the configured cells of the rows for which `shouldForget` holds, so that they are
  /// configured anew (the owner's reconfigure of rows whose look changed outside any batch,
  /// such as a disclosure triangle after a section apply). O(rows on screen).
  func forgetCells(where shouldForget: (OutlineItem) -> Bool) {
    for item in cells.keys where shouldForget(item) { cells[item] = nil }
  }

  private func forget(_ item: OutlineItem?) {
    if let item, !cells.isEmpty { cells[item] = nil }
  }

  private func rowItem(at path: ListIndexPath) -> OutlineItem? {
    guard rows.sections.indices.contains(path.section) else { return nil }
    let section = rows.sections[path.section].rows
    return section.indices.contains(path.item) ? section[path.item] : nil
  }

  /// Records a failure when the rows differ from `content`. O(n log n).
  private func compare(with content: some ListContent<OutlineSection, OutlineItem>, after: String) {
    let expected = (0..<content.numberOfSections).map { index in
      RowModel.Section(
        id: content.sectionIdentifier(for: index) ?? .document,
        rows: RowModel.read(content, section: index))
    }
    if let difference = Self.difference(rows.sections, expected) {
      failures.append("after \(after): \(difference)")
    }
  }

  /// The first difference between the rows shown and `expected`, in words, or nil. O(n).
  static func difference(_ shown: [RowModel.Section], _ expected: [RowModel.Section]) -> String? {
    guard shown.count == expected.count else {
      return "the screen shows \(shown.count) sections, the data source \(expected.count)"
    }
    for (index, (mine, theirs)) in zip(shown, expected).enumerated() {
      guard mine.id == theirs.id else {
        return "section \(index) is \(mine.id) on screen but \(theirs.id) in the data source"
      }
      if mine.rows == theirs.rows { continue }
      guard mine.rows.count == theirs.rows.count else {
        return "section \(mine.id) shows \(mine.rows.count) rows, the data source "
          + "\(theirs.rows.count)"
      }
      let row = mine.rows.indices.first { mine.rows[$0] != theirs.rows[$0] } ?? 0
      return "row \(row) of section \(mine.id) shows \(mine.rows[row]) but the data source "
        + "has \(theirs.rows[row])"
    }
    return nil
  }

  // MARK: Cursor and viewport

  /// Zeroes the batch statistics. O(1).
  func resetStats() { stats = BatchStats() }

  /// Selects flat position `index` (clamped). O(1).
  func select(_ index: Int) {
    cursor = index
    clampCursor()
  }

  /// Puts the cursor and the first row shown back where they were (clamped). O(1).
  func restore(cursor: Int, top: Int) {
    self.top = top
    self.cursor = cursor
    clampCursor()
  }

  /// Changes the size; the next frame redraws every line. O(1).
  func resize(columns: Int, lines: Int) {
    self.columns = max(columns, 1)
    self.lines = max(lines, 3)
    shown = []
    clampCursor()
  }

  private func clampCursor() {
    cursor = max(0, min(cursor, rows.count - 1))
    if cursor < top { top = cursor }
    if cursor >= top + listHeight { top = cursor - listHeight + 1 }
    top = max(0, min(top, max(0, rows.count - listHeight)))
  }

  /// The selected row. O(sections).
  var selectedItem: OutlineItem? { rows.item(atFlat: cursor) }

  // MARK: Frames

  /// Re-runs the cell provider for the rows on screen and reports those whose cell differs
  /// (a row whose update was never delivered). O(lines).
  func staleCells() -> [String] {
    var stale: [String] = []
    rows.forEach(in: top..<top + listHeight) { flat, item in
      if let cell = cells[item], cell != cellProvider(item) {
        stale.append(
          "row \(flat) (\(item)) shows \"\(cell.text)\" but is now "
            + "\"\(cellProvider(item).text)\"")
      }
    }
    return stale
  }

  /// The lines of the next frame (the overlay instead of the rows while it is set);
  /// configures the cells of rows that come on screen and drops those of rows that left.
  /// O(lines + sections).
  func frame() -> [Line] {
    var out: [Line] = [Line(text: DisplayWidth.fit(title, width: columns), style: .title)]
    var kept: [OutlineItem: Cell] = [:]
    if let overlay {
      for line in overlay.prefix(listHeight) {
        out.append(Line(text: DisplayWidth.fit(line, width: columns), style: .plain))
      }
    } else {
      rows.forEach(in: top..<top + listHeight) { flat, item in
        let cell = cells[item] ?? cellProvider(item)
        kept[item] = cell
        let selected = flat == cursor
        let text = DisplayWidth.fit((selected ? ">" : " ") + cell.text, width: columns)
        let style: Line.Style =
          selected ? .cursor : cell.isHeader ? .header : isHighlighted(item) ? .match : .plain
        out.append(Line(text: text, style: style))
      }
    }
    cells = kept
    while out.count < lines - 1 { out.append(Line(text: "", style: .plain)) }
    out.append(Line(text: DisplayWidth.fit(status, width: columns), style: .status))
    return out
  }

  /// The terminal output that turns the shown lines into the next frame: only lines whose
  /// text or style changed are written. O(lines + columns × changed lines).
  func render() -> [UInt8] {
    let next = frame()
    var out: [UInt8] = []
    for (number, line) in next.enumerated() {
      if shown.indices.contains(number) && shown[number] == line { continue }
      out += Array("\u{1B}[\(number + 1);1H".utf8)
      switch line.style {
      case .plain: break
      case .header: out += Array("\u{1B}[1m".utf8)
      case .match: out += Array("\u{1B}[4;33m".utf8)
      case .cursor, .title, .status: out += Array("\u{1B}[7m".utf8)
      }
      out += Array(line.text.utf8)
      if line.style == .cursor || line.style == .title || line.style == .status {
        // The last line stops one column short, so no terminal scrolls.
        let pad = columns - DisplayWidth.of(line.text) - (number == next.count - 1 ? 1 : 0)
        if pad > 0 { out += [UInt8](repeating: 0x20, count: pad) }
      }
      out += Array("\u{1B}[0m\u{1B}[K".utf8)
    }
    shown = next
    return out
  }

  /// The frame as plain text, one line each, trailing spaces removed (the `--script` output).
  /// O(lines × columns).
  func plainText() -> String {
    frame().map { line in
      var text = Substring(line.text)
      while text.last == " " { text.removeLast() }
      return String(text)
    }.joined(separator: "\n")
  }
}

@testable import Snapshot

/// The reference model of a ``SharedList``: the pre-order sequence as a plain array.
struct SharedListModel: Equatable {
  struct Row: Equatable {
    var item: Int
    var level: Int
    var isExpanded: Bool
  }

  var rows: [Row] = []

  func subtreeEnd(of position: Int) -> Int {
    var end = position + 1
    while end < rows.count && rows[end].level > rows[position].level { end += 1 }
    return end
  }

  func parent(of position: Int) -> Int? {
    var index = position - 1
    while index >= 0 {
      if rows[index].level < rows[position].level { return index }
      index -= 1
    }
    return nil
  }

  /// Per row, whether every ancestor is expanded.
  var visibility: [Bool] {
    var expandedAbove: [Bool] = []  // per depth: whether that row and all its ancestors are open
    return rows.map { row in
      expandedAbove.removeSubrange(row.level...)
      let visible = row.level == 0 || expandedAbove[row.level - 1]
      expandedAbove.append(visible && row.isExpanded)
      return visible
    }
  }

  /// Whether `range` is a run of whole subtrees (what removal accepts).
  func isSubtreeRun(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= rows.count else {
      return range.isEmpty
    }
    let level = rows[range.lowerBound].level
    guard rows[range].allSatisfy({ $0.level >= level }) else { return false }
    return range.upperBound == rows.count || rows[range.upperBound].level <= level
  }

  /// The first difference between `list` and this model, or an invariant violation.
  func mismatch(_ list: SharedList<Int>) -> String? {
    if let violation = list._invariantViolation() { return violation }
    guard list.count == rows.count else { return "count \(list.count), model \(rows.count)" }
    let entries = list.tree.entries(in: 0..<list.count)
    let visibility = self.visibility
    for (position, row) in rows.enumerated() {
      let entry = entries[position]
      guard entry.item == row.item, entry.level == row.level,
        entry.isExpanded == row.isExpanded
      else { return "row \(position): \(entry) vs \(row)" }
      if (entry.hidden == 0) != visibility[position] {
        return "row \(position) visibility \(entry.hidden == 0), model \(visibility[position])"
      }
      if list.position(of: row.item) != position { return "position of \(row.item) wrong" }
      if list.tree.parentPosition(of: position) != parent(of: position) {
        return "parent of row \(position) wrong"
      }
      if list.tree.subtreeEnd(of: position) != subtreeEnd(of: position) {
        return "subtree end of row \(position) wrong"
      }
    }
    let visibleRows = visibility.indices.filter { visibility[$0] }
    if list.tree.visibleCount != visibleRows.count { return "visible count wrong" }
    for (row, position) in visibleRows.enumerated() {
      if list.tree.position(ofVisibleRow: row) != position { return "visible row \(row) wrong" }
      if list.tree.visibleRows(before: position) != row { return "rows before \(position) wrong" }
    }
    var listed: [Int] = []
    list.tree.forEach(in: 0..<list.count, visibleOnly: true) { position, _ in
      listed.append(position)
      return true
    }
    if listed != visibleRows { return "visible walk \(listed), model \(visibleRows)" }
    return nil
  }
}

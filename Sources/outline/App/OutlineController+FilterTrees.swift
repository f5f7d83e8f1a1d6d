import Snapshot

/// A filter's scratch space: marks per node, all false between uses.
struct FilterScratch: Sendable {
  /// One mark per node.
  var marks: [Bool] = []
  /// One more mark per node (the parents of rows kept).
  var parentMarks: [Bool] = []

  /// Makes room for `count` nodes. O(count) when it grows.
  mutating func fit(_ count: Int) {
    if marks.count < count { marks = [Bool](repeating: false, count: count) }
    if parentMarks.count < count { parentMarks = [Bool](repeating: false, count: count) }
  }
}

/// The filter's rows: each section's tree of the matches and their ancestors, built anew or
/// narrowed from the tree shown. On the model alone, so that a copy of it can work them out
/// off the loop.
extension OutlineModel {
  /// A section's tree.
  typealias SectionTree = DiffableDataSourceSectionSnapshot<OutlineItem>

  /// The nodes among `candidates` (every node when nil) that match `query`, in document
  /// order; nil when `shouldStop` (asked every 4,096 nodes) returned true.
  /// O(candidates × match).
  func matching(
    _ query: SearchQuery, among candidates: [NodeID]?, shouldStop: () -> Bool
  ) -> [NodeID]? {
    var found: [NodeID] = []
    var seen = 0
    var givenUp = false
    func test(_ id: NodeID) -> Bool {
      seen &+= 1
      if seen & 4095 == 0 && shouldStop() {
        givenUp = true
        return false
      }
      if node(id, matches: query) { found.append(id) }
      return true
    }
    if let candidates {
      for id in candidates where !test(id) { break }
    } else {
      forEachInDocumentOrder { _, id in id.map(test) ?? true }
    }
    return givenUp ? nil : found
  }

  /// Each section's tree showing `matches` and their ancestors (expanded), headers kept,
  /// in document order. Few matches: O(r) for the r rows, built in one pass by the section
  /// snapshot's hierarchical-data initializer; many (over an eighth of the nodes): the
  /// section snapshot's `filtered(_:)` of every node's tree (built once per filter), O(n)
  /// with no nested arrays.
  func filteredTrees(
    _ matches: [NodeID], everyNode: inout [(OutlineSection, SectionTree)]?,
    scratch: inout FilterScratch
  ) -> [(OutlineSection, SectionTree)] {
    let count = nodes.count
    scratch.fit(count)
    guard matches.count > count / 8 else {
      return trees(ofRowsInOrder: rowsInOrder(matches, marks: &scratch.marks))
    }
    if everyNode == nil { everyNode = everyNodeTrees() }
    for id in matches { scratch.marks[Int(id.index)] = true }
    let marks = scratch.marks
    let trees = (everyNode ?? []).map { section, tree in
      (section, tree.filtered { $0.node.map { marks[Int($0.index)] } ?? true })
    }
    for id in matches { scratch.marks[Int(id.index)] = false }
    return trees
  }

  /// Each section's tree as `shown` (the data source's), the rows of `old` matches (and their
  /// ancestors) narrowed to those of `new` (a subset): the rows that go deleted, the rows
  /// left without a row below them collapsed, as a tree built for `new` has them; nil when
  /// most rows go, where building the trees anew and diffing them is quicker (measured over
  /// 10^5 nodes: about 1.4 µs a row deleted, 0.4 µs a row built or diffed). O(r) for the r
  /// rows of `old`, plus O(d log n) for the d rows deleted.
  func narrowedTrees(
    from old: [NodeID], to new: [NodeID], shown: [(OutlineSection, SectionTree)],
    scratch filter: inout FilterScratch
  ) -> [(OutlineSection, SectionTree)]? {
    filter.fit(nodes.count)
    let oldRows = rowsInOrder(old, marks: &filter.marks)
    let newRows = rowsInOrder(new, marks: &filter.marks)
    guard (oldRows.count - newRows.count) * 3 <= oldRows.count + newRows.count else { return nil }
    for id in newRows {
      filter.marks[Int(id.index)] = true
      if let parent = parent(of: id) { filter.parentMarks[Int(parent.index)] = true }
    }
    var deleted: [OutlineSection: [OutlineItem]] = [:]
    var collapsed: [OutlineSection: [OutlineItem]] = [:]
    var leftBare: [NodeID] = []
    let sectionOf: (NodeID) -> OutlineSection =
      isDirectory ? { [self] in section(of: $0) } : { _ in .document }
    for id in oldRows where !filter.marks[Int(id.index)] {
      // A row whose parent goes too goes with it.
      guard let parent = parent(of: id),
        parent == root || filter.marks[Int(parent.index)]
      else { continue }
      deleted[sectionOf(id), default: []].append(.node(id))
      if parent != root && !filter.parentMarks[Int(parent.index)] {
        // Its parent stays with no row below it: a leaf row, collapsed.
        filter.parentMarks[Int(parent.index)] = true
        leftBare.append(parent)
        collapsed[sectionOf(parent), default: []].append(.node(parent))
      }
    }
    for id in newRows {
      filter.marks[Int(id.index)] = false
      if let parent = parent(of: id) { filter.parentMarks[Int(parent.index)] = false }
    }
    for id in leftBare { filter.parentMarks[Int(id.index)] = false }
    return shown.compactMap { section, tree in
      guard let gone = deleted[section] else { return nil }
      var tree = tree
      for item in gone where !tree.contains(item) {
        break
      }
      tree.delete(gone)
      tree.collapse(collapsed[section] ?? [])
      return (section, tree)
    }
  }

  /// Each section's tree of every node the filter can show, all collapsed. O(n).
  func everyNodeTrees() -> [(OutlineSection, SectionTree)] {
    var every: [NodeID] = []
    forEachInDocumentOrder { _, id in
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
        guard let parent = parent(of: current), parent != root else { break }
        current = parent
      }
      order.append(contentsOf: chain.reversed())
    }
    return order
  }

  /// Each section's tree of the rows `order` (in document order, each row's ancestors among
  /// them), every parent expanded or every one collapsed, headers first. O(r), iterative.
  func trees(ofRowsInOrder order: [NodeID], expanded: Bool = true)
    -> [(OutlineSection, SectionTree)]
  {
    // Built bottom-up, in reverse document order: when a row is met, its descendants were
    // all met, and its children wait in `pending[depth + 1]` (in reverse).
    var pending: [[FilterRow]] = []
    var roots: [OutlineSection: [FilterRow]] = [:]
    for id in order.reversed() {
      let depth = Int(max(self[id].depth, 0))
      while pending.count < depth + 2 { pending.append([]) }
      var children: [FilterRow]?
      if !pending[depth + 1].isEmpty {
        children = pending[depth + 1].reversed()
        pending[depth + 1].removeAll()
      }
      let row = FilterRow(item: .node(id), children: children)
      if depth == 0 {
        roots[section(ofTopLevel: id), default: []].append(row)
      } else {
        pending[depth].append(row)
      }
    }
    return sections.map { section in
      let rows =
        [FilterRow(item: .header(section), children: nil)]
        + (roots[section] ?? []).reversed()
      return (
        section,
        SectionTree(
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
}

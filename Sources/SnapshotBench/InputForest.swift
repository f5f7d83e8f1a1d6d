import Snapshot

/// One section's tree of a file given with `--input`, held as arrays of node numbers: what
/// the input scenarios build snapshots from, and what generated edits change.
///
/// Nodes are numbered in the depth-first order of the file; a node is a leaf when it has no
/// children. Everything here is iterative: a tree a million levels deep is fine.
struct InputForest<ID: Hashable & Sendable>: Sendable {
  /// The identifier of each node.
  var ids: [ID]
  /// The nodes at the top, in order.
  var roots: [Int]
  /// The children of each node, in order.
  var children: [[Int]]

  /// The tree of `snapshot`. O(n).
  init(_ snapshot: DiffableDataSourceSectionSnapshot<ID>) {
    ids = snapshot.items
    roots = []
    children = [[Int]](repeating: [], count: ids.count)
    var number = [ID: Int](minimumCapacity: ids.count)
    for (node, id) in ids.enumerated() {
      number[id] = node
      if let parent = snapshot.parent(of: id), let parentNode = number[parent] {
        children[parentNode].append(node)
      } else {
        roots.append(node)
      }
    }
  }

  /// The number of nodes reachable from the roots.
  var count: Int { order.count }

  /// Every reachable node, parents before children, breadth-first. O(n).
  var order: [Int] {
    var order = roots
    var next = 0
    while next < order.count {
      order.append(contentsOf: children[order[next]])
      next += 1
    }
    return order
  }

  /// The `append(_:to:)` calls that build the tree parent by parent: the roots, then the
  /// children of each parent, breadth-first. O(n).
  var calls: [(items: [ID], parent: ID?)] {
    var calls: [(items: [ID], parent: ID?)] = [(roots.map { ids[$0] }, nil)]
    for node in order where !children[node].isEmpty {
      calls.append((children[node].map { ids[$0] }, ids[node]))
    }
    return calls
  }

  /// The identifiers of the nodes that have children.
  var parents: [ID] {
    order.filter { !children[$0].isEmpty }.map { ids[$0] }
  }

  /// The section snapshot of the tree, built parent by parent, with every parent expanded
  /// when `expanded` (every item a row) and none otherwise. O(n).
  func snapshot(expanded: Bool) -> DiffableDataSourceSectionSnapshot<ID> {
    var snapshot = DiffableDataSourceSectionSnapshot<ID>()
    for call in calls { snapshot.append(call.items, to: call.parent) }
    if expanded { snapshot.expand(parents) }
    return snapshot
  }

  /// Each reachable node's number of descendants. O(n).
  func descendantCounts() -> [Int] {
    var counts = [Int](repeating: 0, count: ids.count)
    for node in order.reversed() {
      for child in children[node] { counts[node] += counts[child] + 1 }
    }
    return counts
  }

  /// The reachable nodes in depth-first order: the rows of the tree with every parent
  /// expanded. O(n).
  var depthFirst: [Int] { OutlineScenarios.walk(roots: roots, children: children) }

  /// The identifiers in depth-first order. O(n).
  var depthFirstIDs: [ID] { depthFirst.map { ids[$0] } }

  /// Each reachable node's row in depth-first order, -1 for unreachable nodes. O(n).
  func rows() -> [Int] {
    var rows = [Int](repeating: -1, count: ids.count)
    for (row, node) in depthFirst.enumerated() { rows[node] = row }
    return rows
  }

  /// The tree after removing the nodes in `removed` from their places and putting each
  /// list of `placed[anchor]` just before `anchor`, in order. O(n + edits).
  func rearranged(removed: Set<Int>, placed: [Int: [Int]]) -> InputForest {
    var result = self
    func rebuild(_ list: [Int]) -> [Int] {
      var out: [Int] = []
      out.reserveCapacity(list.count)
      for node in list {
        if let before = placed[node] { out.append(contentsOf: before) }
        if !removed.contains(node) { out.append(node) }
      }
      return out
    }
    result.roots = rebuild(roots)
    for node in order where !children[node].isEmpty {
      result.children[node] = rebuild(children[node])
    }
    return result
  }
}

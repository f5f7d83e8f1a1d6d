import Snapshot

/// Every node read, as trees for the data source: see
/// ``OutlineModel/everyNodeLoad(loaded:shown:generation:)``.
struct EveryNodeLoad: Sendable {
  /// The model's generation the trees are from.
  var generation: Int
  /// Each section's tree (none when nothing was missing).
  var trees: [(OutlineSection, OutlineModel.SectionTree)]
  /// Whether the trees put in children never put in before.
  var addsChildren: Bool
  /// The parents whose children are put in once the trees are: those put in before, then
  /// every parent (worked out with the trees, off the loop when they are).
  var loaded: Set<NodeID>
}

/// What the filter needs besides the data source's filter: the matches of a query, worked
/// out on the model alone (so that a copy of it can work them out off the loop), and every
/// node the model has read put into the data source's trees, which its filter searches.
extension OutlineModel {
  /// A section's tree.
  typealias SectionTree = DiffableDataSourceSectionSnapshot<OutlineItem>

  /// The nodes among `candidates` (every node when nil) that match `query`, in document
  /// order; nil when `shouldStop` (asked every 4,096 nodes) returned true. Each node is read
  /// in place in the model's storage, never copied. O(candidates × match).
  func matching(
    _ query: SearchQuery, among candidates: [NodeID]?, shouldStop: () -> Bool
  ) -> [NodeID]? {
    var found: [NodeID] = []
    var seen = 0
    var givenUp = false
    if let candidates {
      return nodes.withUnsafeBufferPointer { nodes in
        for id in candidates {
          seen &+= 1
          if seen & 4095 == 0 && shouldStop() { return nil }
          precondition(nodes.indices.contains(Int(id.index)), "no node \(id)")
          let node = nodes.baseAddress! + Int(id.index)
          if OutlineNode.node(at: node, matches: query) { found.append(id) }
        }
        return found
      }
    }
    forEachNodeInDocumentOrder { _, id, node in
      guard let id, let node else { return true }
      seen &+= 1
      if seen & 4095 == 0 && shouldStop() {
        givenUp = true
        return false
      }
      if OutlineNode.node(at: node, matches: query) { found.append(id) }
      return true
    }
    return givenUp ? nil : found
  }

  /// What puts every node read into the data source's trees, `loaded` being the parents
  /// whose children the trees `shown` hold already: each section's tree (every parent put in
  /// collapsed, the others as `shown` has them) and the parents missing, none when nothing
  /// is missing. O(n) set look-ups for n nodes, plus O(n) to build the trees when a parent is
  /// missing.
  func everyNodeLoad(loaded: Set<NodeID>, shown: [SectionTree], generation: Int)
    -> EveryNodeLoad
  {
    var missing: [NodeID] = []
    forEachNodeInDocumentOrder { _, id, node in
      if let id, let node, node.pointee.children?.isEmpty == false, !loaded.contains(id) {
        missing.append(id)
      }
      return true
    }
    guard !missing.isEmpty else {
      return EveryNodeLoad(generation: generation, trees: [], addsChildren: false, loaded: loaded)
    }
    let trees = everyNodeTrees { item in
      // Only a parent whose children were put in can have been expanded.
      if let id = item.node, !loaded.contains(id) { return false }
      return shown.contains { OutlineController.isExpanded(item, in: $0) }
    }
    var all = loaded
    all.formUnion(missing)
    return EveryNodeLoad(generation: generation, trees: trees, addsChildren: true, loaded: all)
  }

  /// Each section's tree of every node read, headers first, in document order, each parent
  /// expanded when `isExpanded` says so. O(n), iterative.
  func everyNodeTrees(isExpanded: (OutlineItem) -> Bool) -> [(OutlineSection, SectionTree)] {
    // Built bottom-up, in reverse document order: when a row is met, its descendants were
    // all met, and its children wait in `pending[depth + 1]` (in reverse).
    var order: [(id: NodeID, depth: Int32)] = []
    forEachNodeInDocumentOrder { _, id, node in
      if let id, let node { order.append((id, node.pointee.depth)) }
      return true
    }
    var pending: [[Row]] = []
    var roots: [OutlineSection: [Row]] = [:]
    for (id, nodeDepth) in order.reversed() {
      let depth = Int(max(nodeDepth, 0))
      while pending.count < depth + 2 { pending.append([]) }
      var children: [Row]?
      if !pending[depth + 1].isEmpty {
        children = pending[depth + 1].reversed()
        // Kept for the next parent at that depth: no allocation per parent.
        pending[depth + 1].removeAll(keepingCapacity: true)
      }
      let row = Row(item: .node(id), children: children)
      if depth == 0 {
        roots[section(ofTopLevel: id), default: []].append(row)
      } else {
        pending[depth].append(row)
      }
    }
    return sections.map { section in
      let rows = [Row(item: .header(section), children: nil)] + (roots[section] ?? []).reversed()
      return (
        section,
        SectionTree(rows, id: \.item, children: \.children, isExpanded: { isExpanded($0.item) })
      )
    }
  }

  /// A row of a tree, for the section snapshot's hierarchical-data initializer.
  struct Row {
    var item: OutlineItem
    /// The rows below it (nil when none: it shows as a leaf).
    var children: [Row]?
  }
}

extension OutlineController {
  /// Puts every node the model has read into the data source's trees where it is missing
  /// (the children of parents never expanded), collapsed, in one batch per section that
  /// changes no row, on the loop. O(n) set look-ups for n nodes, plus O(n) to build and
  /// apply the trees when a node is missing.
  func loadEveryNode() {
    apply(
      model.everyNodeLoad(
        loaded: loadedIntoSnapshot, shown: shownTrees.map(\.1), generation: model.generation))
  }

  /// ``loadEveryNode()`` with the trees built off the loop (``everyNodeLoader``), from copies
  /// of the model's nodes, of the parents put in and of the trees (O(1) each): the loop
  /// applies them when they come (``applyEveryNodeLoad()``), before any filter result is
  /// shown. Nothing changes the trees meanwhile: keys either type the query or wait for the
  /// load first, and Esc drops it. O(1) here.
  func startLoadingEveryNode() {
    let (nodes, source, generation) = (model.nodes, model.source, model.generation)
    let (loaded, shown) = (loadedIntoSnapshot, shownTrees.map(\.1))
    everyNodeLoader.start { _ in
      OutlineModel(source: source, nodes: nodes).everyNodeLoad(
        loaded: loaded, shown: shown, generation: generation)
    }
  }

  /// Applies the load worked out off the loop, once it came (`waiting`: waits for it).
  /// Returns whether no load is left to wait for. O(1) when none came, else ``apply(_:)``.
  @discardableResult
  func applyEveryNodeLoad(waiting: Bool = false) -> Bool {
    guard everyNodeLoader.isRunning else { return true }
    guard let load = waiting ? everyNodeLoader.wait() : everyNodeLoader.take() else {
      return false
    }
    apply(load)
    return true
  }

  /// Puts the trees of `load` into the data source and records their parents as put in;
  /// a load from an older model is worked out again, on the loop. O(n) for n nodes when the
  /// load has trees (the data source's applies).
  private func apply(_ load: EveryNodeLoad) {
    guard load.addsChildren else { return }
    guard load.generation == model.generation else { return loadEveryNode() }
    measure { apply(load.trees) }
    loadedIntoSnapshot = load.loaded
  }

  /// Each section's tree as the data source has it. O(sections).
  var shownTrees: [(OutlineSection, DataSource.SectionSnapshot)] {
    model.sections.map { ($0, dataSource.snapshot(for: $0)) }
  }
}

import Snapshot

/// One step of a random session through the collection view adapter. Replayable: every
/// value it needs is in it.
enum AdapterStep: CustomStringConvertible {
  /// Apply a whole snapshot: sections and their items, reload and reconfigure marks.
  case apply(
    sections: [LayoutSection<Int, Int>], reload: [Int], reconfigure: [Int],
    reloadSections: [Int], animated: Bool)
  /// Apply a whole snapshot with `applyInBackground` (diffed off the main actor).
  case background(sections: [LayoutSection<Int, Int>])
  /// Apply a tree to a section: roots with children, some expanded.
  case tree(section: Int, roots: [Int], children: [Int: [Int]], expanded: [Int], animated: Bool)
  case expand(Int, animated: Bool)
  case collapse(Int, animated: Bool)
  /// The data source moves a row (not interactively).
  case move(from: ListIndexPath, to: ListIndexPath)
  /// The user drags a row: the view moves it, then tells the adapter.
  case drag(from: ListIndexPath, to: ListIndexPath)
  case staged(Bool)
  /// Put the view in a window, or take it out.
  case window(Bool)
  /// A layout pass (else the layout stays as stale as it is).
  case layout

  var description: String {
    switch self {
    case .apply(let sections, let reload, let reconfigure, let reloadSections, let animated):
      let layout = sections.map { "\($0.id): \($0.items)" }.joined(separator: ", ")
      return "apply [\(layout)] reload \(reload) reconfigure \(reconfigure) reload sections "
        + "\(reloadSections) animated \(animated)"
    case .tree(let section, let roots, let children, let expanded, let animated):
      return "tree \(section) roots \(roots) children \(children.sorted { $0.key < $1.key }) "
        + "expanded \(expanded) animated \(animated)"
    case .background(let sections):
      return "background apply [" + sections.map { "\($0.id): \($0.items)" }.joined(separator: ", ")
        + "]"
    case .expand(let item, let animated): return "expand \(item) animated \(animated)"
    case .collapse(let item, let animated): return "collapse \(item) animated \(animated)"
    case .move(let from, let to): return "move \(from) to \(to)"
    case .drag(let from, let to): return "drag \(from) to \(to)"
    case .staged(let on): return "staged \(on)"
    case .window(let on): return "window \(on)"
    case .layout: return "layout"
    }
  }

  /// Whether the step's updates are to be animated (nil for a step that sends none).
  var animated: Bool? {
    switch self {
    case .apply(_, _, _, _, let animated), .tree(_, _, _, _, let animated),
      .expand(_, let animated),
      .collapse(_, let animated):
      return animated
    case .move, .drag, .background: return true
    case .staged, .window, .layout: return nil
    }
  }

  /// A random session of `count` steps.
  static func session(_ g: inout some RandomNumberGenerator, count: Int) -> [AdapterStep] {
    (0..<count).map { _ in random(&g) }
  }

  static func random(_ g: inout some RandomNumberGenerator, only: Int? = nil) -> AdapterStep {
    let animated = Bool.random(using: &g)
    switch only ?? Int.random(in: 0..<24, using: &g) {
    case 0..<6:
      let sectionIDs = Array(
        (100..<105).shuffled(using: &g).prefix(Int.random(in: 0...4, using: &g)))
      var sections = sectionIDs.map { LayoutSection($0, items: [Int]()) }
      if !sections.isEmpty {
        for item in (0..<24).shuffled(using: &g).prefix(Int.random(in: 0...20, using: &g)) {
          sections[Int.random(in: 0..<sections.count, using: &g)].items.append(item)
        }
      }
      let marked = (0..<24).shuffled(using: &g)
      return .apply(
        sections: sections, reload: Array(marked.prefix(Int.random(in: 0...4, using: &g))),
        reconfigure: Array(marked.suffix(Int.random(in: 0...3, using: &g))),
        reloadSections: Int.random(in: 0..<4, using: &g) == 0
          ? [100 + Int.random(in: 0..<5, using: &g)] : [],
        animated: animated)
    case 6..<9:
      let pool = (200..<215).shuffled(using: &g)
      let roots = Array(pool.prefix(Int.random(in: 1...5, using: &g)))
      var rest = pool.dropFirst(roots.count)
      var children: [Int: [Int]] = [:]
      for root in roots where Bool.random(using: &g) {
        let take = Int.random(in: 1...3, using: &g)
        children[root] = Array(rest.prefix(take))
        rest = rest.dropFirst(take)
      }
      let expanded = children.keys.sorted().filter { _ in Bool.random(using: &g) }
      return .tree(
        section: Int.random(in: 100..<105, using: &g), roots: roots, children: children,
        expanded: expanded, animated: animated)
    case 9..<11: return .expand(Int.random(in: 200..<215, using: &g), animated: animated)
    case 11..<13: return .collapse(Int.random(in: 200..<215, using: &g), animated: animated)
    case 13..<15: return .move(from: randomPath(&g), to: randomPath(&g))
    case 20..<22: return .drag(from: randomPath(&g), to: randomPath(&g))
    case 22..<24:
      guard case .apply(let sections, _, _, _, _) = random(&g, only: 0) else { return .layout }
      return .background(sections: sections)
    case 15: return .staged(Bool.random(using: &g))
    case 16..<18: return .window(Int.random(in: 0..<4, using: &g) != 0)
    default: return .layout
    }
  }

  /// An index path among the first rows of the first sections.
  static func randomPath(_ g: inout some RandomNumberGenerator) -> ListIndexPath {
    ListIndexPath(item: Int.random(in: 0..<5, using: &g), section: Int.random(in: 0..<3, using: &g))
  }
}

extension AdapterStep {
  /// The snapshot of `sections`.
  static func snapshot(_ sections: [LayoutSection<Int, Int>]) -> DiffableDataSourceSnapshot<
    Int, Int
  > {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections(sections.map(\.id))
    for section in sections { snapshot.appendItems(section.items, toSection: section.id) }
    return snapshot
  }

  /// Runs the step's part that goes to the data source (applies, background applies,
  /// expand, collapse, moves, style); steps that act on the view do nothing here.
  @MainActor func run(on base: DiffableDataSource<Int, Int>) async {
    if case .background(let sections) = self {
      _ = try? await base.applyInBackground(Self.snapshot(sections))
    } else {
      run(synchronouslyOn: base)
    }
  }

  @MainActor func run(synchronouslyOn base: DiffableDataSource<Int, Int>) {
    switch self {
    case .apply(let sections, let reload, let reconfigure, let reloadSections, let animated):
      var snapshot = Self.snapshot(sections)
      let present = Set(snapshot.itemIdentifiers)
      snapshot.reloadItems(reload.filter(present.contains))
      snapshot.reconfigureItems(reconfigure.filter(present.contains))
      snapshot.reloadSections(reloadSections.filter(sections.map(\.id).contains))
      try? base.tryApply(snapshot, animatingDifferences: animated)
    case .tree(let section, let roots, let children, let expanded, let animated):
      var tree = DiffableDataSourceSectionSnapshot<Int>()
      tree.append(roots)
      for (parent, items) in children.sorted(by: { $0.key < $1.key }) {
        tree.append(items, to: parent)
      }
      tree.expand(expanded)
      try? base.tryApply(tree, to: section, animatingDifferences: animated)
    case .expand(let item, let animated): _ = try? base.expand(item, animated: animated)
    case .collapse(let item, let animated): _ = try? base.collapse(item, animated: animated)
    case .move(let from, let to): _ = try? base.moveItem(at: from, to: to)
    case .staged(let on): base.updateStyle = on ? .staged : .singleBatch
    case .drag, .window, .layout, .background: break
    }
  }

  /// The data source's rows, as the fakes name them.
  static func rows(of base: DiffableDataSource<Int, Int>) -> [[String]] {
    (0..<base.numberOfSections).map { s in
      base.itemIdentifiers(in: 0..<base.numberOfItems(inSection: s), inSection: s).map { "\($0)" }
    }
  }
}

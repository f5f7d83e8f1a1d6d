import Snapshot

/// The steps of the data-source property tests, and random sequences of them.
extension DataSourceProperty {
  package enum Step: CustomStringConvertible {
    /// A whole snapshot derived from the current rows by random edits (seeded).
    case applyWhole(seed: UInt64, staged: Bool, reload: Bool)
    /// A random tree for a section: (item, parent position in the list or nil), expanded items.
    case applySection(String, [(Int, Int?)], expanded: [Int], useSnapshot: Bool, staged: Bool)
    case expand(Int)
    case collapse(Int)
    case toggle(Int)
    /// `reveal(_:)` of an item.
    case reveal(Int)
    /// `expandAll(_:)` below an item, or everywhere (nil).
    case expandAll(Int?)
    /// `collapseAll(_:)` below an item, or everywhere (nil).
    case collapseAll(Int?)
    /// `expand(toDepth:)`.
    case expandToDepth(Int)
    /// `filter(in:filteringDescendantsOfMatches:)` of a section (nil: every section) by a residue.
    case filter(String?, Residue, descendants: Bool)
    /// `narrowFilter(in:)` by a residue.
    case narrowFilter(String?, Residue)
    /// `clearFilter(in:)`.
    case clearFilter(String?)
    /// Toggles the first row of the section at this raw index (modulo the sections): in
    /// `.firstItemInSection` with a leaf header, this folds or unfolds the section.
    case toggleFirstRow(Int)
    /// A move to a row of a section (nil: past its last row).
    case moveTo(fromSection: Int, fromRow: Int, toSection: Int, toRow: Int?)
    case moveInto(fromSection: Int, fromRow: Int, parentSection: Int, parentRow: Int)
    case headerMode(String, Bool)
    /// Sets `defaultHeaderMode` (true: `.firstItemInSection`).
    case defaultHeaderMode(Bool)
    case reentrantApply(Int)
    /// Apple's workflow on one section: `snapshot(for:)`, one edit (0 insert before, 1 insert
    /// as the last child, 2 delete, 3 move before, 4 expand, 5 collapse) naming the items at
    /// two raw positions of the tree (modulo its count) and a new item, then `apply(_:to:)`.
    case editSection(String, edit: Int, at: Int, other: Int, newItem: Int, staged: Bool)
    /// Apple's whole-list workflow: `snapshot()`, one edit (0 insert, 1 delete, 2 move, 3
    /// reload) naming the rows at two raw positions (modulo the rows) and a new item, then
    /// `apply(_:)`.
    case workflowWhole(edit: Int, at: Int, other: Int, newItem: Int)
    /// A tree built apart from the section's, alike at both ends and edited in a middle
    /// stretch (seeded), applied with `apply(_:to:)` (or `tryApply` when `verify`).
    case applyApart(String, seed: UInt64, useSnapshot: Bool, verify: Bool)

    package var description: String {
      switch self {
      case .applyWhole(let seed, let staged, let reload):
        return "applyWhole(seed: \(seed), staged: \(staged), reload: \(reload))"
      case .applySection(let section, let tree, let expanded, let useSnapshot, let staged):
        return
          "applySection(\(section), \(tree), expanded: \(expanded), useSnapshot: \(useSnapshot), staged: \(staged))"
      case .expand(let item): return "expand(\(item))"
      case .collapse(let item): return "collapse(\(item))"
      case .toggle(let item): return "toggle(\(item))"
      case .reveal(let item): return "reveal(\(item))"
      case .expandAll(let item): return "expandAll(\(item.map(String.init) ?? "everything"))"
      case .collapseAll(let item): return "collapseAll(\(item.map(String.init) ?? "everything"))"
      case .expandToDepth(let depth): return "expandToDepth(\(depth))"
      case .filter(let section, let residue, let descendants):
        return "filter(\(section ?? "all"), \(residue), descendants: \(descendants))"
      case .narrowFilter(let section, let residue):
        return "narrowFilter(\(section ?? "all"), \(residue))"
      case .clearFilter(let section): return "clearFilter(\(section ?? "all"))"
      case .toggleFirstRow(let section): return "toggleFirstRow(\(section))"
      case .moveTo(let a, let b, let c, let d):
        return "moveTo(\(a), \(b) -> \(c), \(d.map(String.init) ?? "end"))"
      case .moveInto(let a, let b, let c, let d): return "moveInto(\(a), \(b) -> onto \(c), \(d))"
      case .headerMode(let section, let on): return "headerMode(\(section), \(on))"
      case .defaultHeaderMode(let on): return "defaultHeaderMode(\(on))"
      case .reentrantApply(let item): return "reentrantApply(expanding \(item))"
      case .workflowWhole(let edit, let at, let other, let newItem):
        return "workflowWhole(edit: \(edit), at: \(at), other: \(other), new: \(newItem))"
      case .applyApart(let section, let seed, let useSnapshot, let verify):
        return
          "applyApart(\(section), seed: \(seed), useSnapshot: \(useSnapshot), verify: \(verify))"
      case .editSection(let section, let edit, let at, let other, let newItem, let staged):
        return
          "editSection(\(section), edit: \(edit), at: \(at), other: \(other), new: \(newItem), staged: \(staged))"
      }
    }
  }

  /// The kinds of step, named as `Step` names them.
  package enum Kind: String, CaseIterable {
    case applyWhole, applySection, expand, collapse, toggle, toggleFirstRow, moveTo, moveInto
    case headerMode, defaultHeaderMode, reentrantApply, editSection, workflowWhole, applyApart
    case reveal, expandAll, collapseAll, expandToDepth
    case filter, narrowFilter, clearFilter
  }

  /// How often each kind of step comes, and how the steps are shaped.
  package struct Mix {
    package var weights: [(Kind, Int)]
    /// Sequences start by making the first item of every section its header and applying a
    /// tree to each section (of items no other section has), and every tree they apply has a
    /// leaf first (a header that folds its section).
    package var headersFirst: Bool
    /// Moves go to another section (the next or the one after, of those there are).
    package var acrossSections: Bool

    package init(weights: [(Kind, Int)], headersFirst: Bool, acrossSections: Bool) {
      self.weights = weights
      self.headersFirst = headersFirst
      self.acrossSections = acrossSections
    }

    /// Everything, as a user's session would mix it.
    package static let everything = Mix(
      weights: [
        (.applyWhole, 3), (.applySection, 4), (.expand, 3), (.collapse, 2), (.toggle, 2),
        (.toggleFirstRow, 1), (.moveTo, 2), (.moveInto, 2), (.headerMode, 1),
        (.defaultHeaderMode, 1), (.reentrantApply, 1), (.editSection, 4), (.workflowWhole, 4),
        (.applyApart, 4),
      ], headersFirst: false, acrossSections: false)

    /// Sections shown with headers, folded and unfolded, and rows moved between them.
    package static let folding = Mix(
      weights: [
        (.applyWhole, 2), (.applySection, 3), (.toggleFirstRow, 3), (.moveTo, 6),
        (.moveInto, 2), (.headerMode, 1), (.defaultHeaderMode, 1), (.editSection, 2),
        (.workflowWhole, 2), (.applyApart, 2),
      ], headersFirst: true, acrossSections: true)

    /// Revealing items, expanding and collapsing whole subtrees and sections, among trees
    /// applied and edited, single expands and collapses, and header modes.
    package static let revealing = Mix(
      weights: [
        (.applySection, 4), (.expand, 2), (.collapse, 2), (.reveal, 4), (.expandAll, 3),
        (.collapseAll, 3), (.expandToDepth, 2), (.toggleFirstRow, 1), (.headerMode, 1),
        (.defaultHeaderMode, 1),
        (.editSection, 2), (.workflowWhole, 1),
      ], headersFirst: false, acrossSections: false)

    /// Filters set, narrowed and cleared, among everything a user does meanwhile: expanding,
    /// collapsing, revealing, applies, header modes, and moves (refused while filtered).
    package static let filtering = Mix(
      weights: [
        (.filter, 5), (.narrowFilter, 3), (.clearFilter, 2), (.applySection, 3),
        (.applyWhole, 1), (.expand, 6), (.collapse, 6), (.toggle, 2), (.toggleFirstRow, 1),
        (.reveal, 10), (.expandAll, 2), (.collapseAll, 2), (.expandToDepth, 1),
        (.headerMode, 1), (.defaultHeaderMode, 1), (.editSection, 2), (.workflowWhole, 1),
        (.applyApart, 1), (.moveTo, 1),
      ], headersFirst: false, acrossSections: false)
  }

  package static let sections = ["A", "B", "C"]
  package static let itemRange = 0..<36

  /// A random sequence of 1 to 24 steps in the proportions of `mix`.
  package static func generate(_ mix: Mix, _ random: inout SeededGenerator) -> [Step] {
    let count = Int.random(in: 1...24, using: &random)
    let total = mix.weights.reduce(0) { $0 + $1.1 }
    var start: [Step] = []
    if mix.headersFirst {
      start.append(.defaultHeaderMode(true))
      let items = Array(itemRange).shuffled(using: &random)
      for (index, section) in sections.enumerated() {
        let own = items[index * 12..<index * 12 + Int.random(in: 1...12, using: &random)]
        start.append(tree(section, of: own, leafFirst: true, &random))
      }
    }
    return start
      + (0..<count).map { _ in
        var pick = Int.random(in: 0..<total, using: &random)
        let kind = mix.weights.first {
          pick -= $0.1
          return pick < 0
        }!.0
        return step(kind, mix, &random)
      }
  }

  /// A random step of kind `kind`, shaped as `mix` says.
  package static func step(_ kind: Kind, _ mix: Mix, _ random: inout SeededGenerator) -> Step {
    func section() -> Int { Int.random(in: 0..<3, using: &random) }
    func destination(from source: Int) -> Int {
      mix.acrossSections ? source + Int.random(in: 1...2, using: &random) : section()
    }
    func row() -> Int { Int.random(in: 0..<14, using: &random) }
    func item() -> Int { Int.random(in: itemRange, using: &random) }
    switch kind {
    case .applyWhole:
      return .applyWhole(
        seed: random.next(), staged: Bool.random(using: &random),
        reload: Bool.random(using: &random))
    case .applySection:
      let size = Int.random(in: 0...12, using: &random)
      let items = Array(itemRange).shuffled(using: &random).prefix(size)
      return tree(
        sections.randomElement(using: &random)!, of: items, leafFirst: mix.headersFirst, &random)
    case .expand: return .expand(item())
    case .collapse: return .collapse(item())
    case .toggle: return .toggle(item())
    case .reveal: return .reveal(item())
    case .expandAll:
      return .expandAll(Int.random(in: 0..<4, using: &random) == 0 ? nil : item())
    case .collapseAll:
      return .collapseAll(Int.random(in: 0..<4, using: &random) == 0 ? nil : item())
    case .expandToDepth: return .expandToDepth(Int.random(in: -1...4, using: &random))
    case .filter, .narrowFilter, .clearFilter:
      let section =
        Int.random(in: 0..<3, using: &random) == 0 ? nil : sections.randomElement(using: &random)
      let modulus = Int.random(in: 1...5, using: &random)
      let residue = Residue(
        modulus: modulus, remainder: Int.random(in: 0..<modulus, using: &random))
      switch kind {
      case .filter: return .filter(section, residue, descendants: Bool.random(using: &random))
      case .narrowFilter: return .narrowFilter(section, residue)
      default: return .clearFilter(section)
      }
    case .toggleFirstRow: return .toggleFirstRow(section())
    case .moveTo:
      let from = section()
      return .moveTo(
        fromSection: from, fromRow: row(), toSection: destination(from: from),
        toRow: Int.random(in: 0..<4, using: &random) == 0 ? nil : row())
    case .moveInto:
      let from = section()
      return .moveInto(
        fromSection: from, fromRow: row(), parentSection: destination(from: from),
        parentRow: row())
    case .headerMode:
      return .headerMode(sections.randomElement(using: &random)!, Bool.random(using: &random))
    case .defaultHeaderMode: return .defaultHeaderMode(Bool.random(using: &random))
    case .reentrantApply: return .reentrantApply(item())
    case .workflowWhole:
      return .workflowWhole(
        edit: Int.random(in: 0..<4, using: &random), at: Int.random(in: 0..<64, using: &random),
        other: Int.random(in: 0..<64, using: &random), newItem: item())
    case .applyApart:
      return .applyApart(
        sections.randomElement(using: &random)!, seed: random.next(),
        useSnapshot: Int.random(in: 0..<4, using: &random) == 0,
        verify: Bool.random(using: &random))
    case .editSection:
      return .editSection(
        sections.randomElement(using: &random)!, edit: Int.random(in: 0..<6, using: &random),
        at: Int.random(in: 0..<64, using: &random), other: Int.random(in: 0..<64, using: &random),
        newItem: item(), staged: Int.random(in: 0..<4, using: &random) == 0)
    }
  }

  /// A step applying a random tree of `items` to `section`, expanding some; with `leafFirst`,
  /// the first item gets no children.
  package static func tree(
    _ section: String, of items: ArraySlice<Int>, leafFirst: Bool,
    _ random: inout SeededGenerator
  ) -> Step {
    var tree: [(Int, Int?)] = []
    let lowest = leafFirst ? 1 : 0
    for item in items {
      let parent =
        tree.count <= lowest || Bool.random(using: &random)
        ? nil : Int.random(in: lowest..<tree.count, using: &random)
      tree.append((item, parent))
    }
    let expanded = items.filter { _ in Bool.random(using: &random) }
    return .applySection(
      section, tree, expanded: Array(expanded),
      useSnapshot: Int.random(in: 0..<4, using: &random) == 0,
      staged: Int.random(in: 0..<4, using: &random) == 0)
  }
}

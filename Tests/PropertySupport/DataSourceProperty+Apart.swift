import Snapshot

/// The step that applies a section snapshot built apart from the section's tree (sharing no
/// storage with it) whose ends hold what the section holds and whose middle differs: items
/// deleted, added, taken from other sections, expanded or collapsed, moved into or out of
/// parents of the suffix, and ancestors of the suffix collapsed or expanded (so that the alike
/// suffix shows other rows).
extension DataSourceProperty {
  /// `tree` built again, item by item, into storage of its own (nodes of 2 to 4 entries):
  /// the same items, parents and expansion.
  package static func rebuiltApart(_ tree: DiffableDataSourceSectionSnapshot<Int>)
    -> DiffableDataSourceSectionSnapshot<Int>
  {
    var copy = DiffableDataSourceSectionSnapshot<Int>(base: 2, bucketCapacity: 2)
    for item in tree.items { copy.append([item], to: tree.parent(of: item)) }
    copy.expand(tree.expandedItems)
    return copy
  }

  /// A tree built apart from the tree of `section` (empty when the source has no such
  /// section) and edited in a random middle stretch by `seed`; new items count up from
  /// `fresh`.
  package static func apartTree(
    _ source: Source, _ section: String, seed: UInt64, fresh: inout Int
  ) -> DiffableDataSourceSectionSnapshot<Int> {
    var random = SeededGenerator(seed: seed)
    let current =
      source.index(for: section) != nil
      ? source.snapshot(for: section) : DiffableDataSourceSectionSnapshot<Int>()
    var tree = rebuiltApart(current)
    let items = tree.items
    var low = Int.random(in: 0...items.count, using: &random)
    var high = Int.random(in: low...items.count, using: &random)
    // Half the time, the middle ends with a parent whose children start the suffix, and the
    // parent is expanded or collapsed: the suffix shows other rows when the parent is shown.
    let parents = items.indices.filter { !tree.children(of: items[$0]).isEmpty }
    let toggled = Bool.random(using: &random) ? parents.randomElement(using: &random) : nil
    if let toggled {
      (low, high) = (Int.random(in: 0...toggled, using: &random), toggled + 1)
      if tree.isExpanded(items[toggled]) {
        tree.collapse([items[toggled]])
      } else {
        tree.expand([items[toggled]])
      }
    }
    let middle = Array(items[low..<high])
    let suffix = Array(items[high...])
    // An item of `items` still in the tree (an earlier edit may have deleted it).
    func pick(_ items: [Int]) -> Int? { items.filter(tree.contains).randomElement(using: &random) }
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        if let item = pick(middle) { try? tree.tryDelete([item]) }
      case 1:
        if let item = pick(middle) {
          try? tree.tryInsert([fresh], before: item)
        } else if let item = pick(suffix) {
          try? tree.tryInsert([fresh], before: item)
        } else {
          try? tree.tryAppend([fresh])
        }
        fresh += 1
      case 2:
        // An item that may live in another section (then the apply is refused).
        let item = Int.random(in: itemRange, using: &random)
        if !tree.contains(item) {
          if let before = pick(middle) ?? pick(suffix) {
            try? tree.tryInsert([item], before: before)
          } else {
            try? tree.tryAppend([item])
          }
        }
      case 3:
        if let item = pick(middle) {
          if tree.isExpanded(item) { tree.collapse([item]) } else { tree.expand([item]) }
        }
      case 4:
        // Into a parent of the suffix, collapsed or not.
        if let item = pick(middle), let parent = pick(suffix), item != parent {
          try? tree.tryMove(item, to: parent)
        }
      case 5:
        // Out of a parent of the suffix, into the middle.
        if let item = pick(suffix.filter { tree.contains($0) && tree.parent(of: $0) != nil }) {
          if let before = pick(middle), before != item {
            try? tree.tryMove(item, before: before)
          } else {
            try? tree.tryMove(item, to: nil)
          }
        }
      default:
        // An ancestor of the suffix, in the middle: the suffix shows other rows.
        var ancestor = suffix.first(where: tree.contains).flatMap { tree.parent(of: $0) }
        while let item = ancestor, !middle.contains(item) { ancestor = tree.parent(of: item) }
        if let item = ancestor {
          if tree.isExpanded(item) { tree.collapse([item]) } else { tree.expand([item]) }
        }
      }
    }
    return tree
  }

  /// Applies `tree`, built apart, to `section`: through the throwing apply when `verify` or
  /// when the apply may be misuse, else through the Apple-named one (which skips the
  /// duplicate check). Returns a failure, or nil; sets `refused` when the apply threw.
  /// Counts in `coverage` the applies whose ends are alike, and those whose alike suffix
  /// shows other rows in the two trees.
  package static func applyApart(
    _ tree: DiffableDataSourceSectionSnapshot<Int>, to section: String, _ source: Source,
    useSnapshot: Bool, verify: Bool, refused: inout Bool, coverage: Coverage?
  ) -> String? {
    let expansion: Source.ExpansionPolicy = useSnapshot ? .useSnapshot : .preserveCurrent
    let current = source.snapshot(for: section)
    if source.index(for: section) != nil {
      let ends = DiffableDataSourceSectionSnapshot.alikeEnds(current, tree)
      if ends.prefix + ends.suffix > 0, ends.prefix + ends.suffix < tree.count {
        coverage?.done["applyApart with alike ends and a middle", default: 0] += 1
      }
      func suffixRows(_ tree: DiffableDataSourceSectionSnapshot<Int>) -> Int {
        let shared = tree.list.tree
        return shared.visibleCount - shared.visibleRows(before: shared.count - ends.suffix)
      }
      if ends.suffix > 0, suffixRows(current) != suffixRows(tree) {
        coverage?.done["applyApart whose alike suffix shows other rows", default: 0] += 1
      }
    }
    let others = (0..<source.numberOfSections).compactMap { source.sectionIdentifier(for: $0) }
      .filter { $0 != section }
    let misuse =
      source.headerMode(for: section) != .none
      || others.contains { other in tree.items.contains { source.snapshot(for: other).contains($0) }
      }
    do {
      if verify || misuse {
        try source.tryApply(tree, to: section, expansion: expansion)
      } else {
        source.apply(tree, to: section, expansion: expansion)
      }
    } catch {
      refused = true
      return nil
    }
    if let failure = appliedTreeFailure(source, section, tree, useSnapshot: useSnapshot) {
      return failure
    }
    let applied = source.snapshot(for: section)
    if !useSnapshot && source.headerMode(for: section) == .none {
      // Items present before and after keep their expansion; new ones take the tree's.
      for item in tree.items {
        let expected = current.contains(item) ? current.isExpanded(item) : tree.isExpanded(item)
        if applied.isExpanded(item) != expected {
          return "item \(item) is expanded: \(applied.isExpanded(item)), expected \(expected)"
        }
      }
    }
    return nil
  }

  /// What is wrong with section `section` after `tree` was applied to it, or nil: it must hold
  /// the tree's items, and with `useSnapshot` (in a section without a header) its expansion.
  package static func appliedTreeFailure(
    _ source: Source, _ section: String, _ tree: DiffableDataSourceSectionSnapshot<Int>,
    useSnapshot: Bool
  ) -> String? {
    let applied = source.snapshot(for: section)
    if applied.items != tree.items {
      return "the section's items \(applied.items) differ from the applied tree's \(tree.items)"
    }
    if useSnapshot && source.headerMode(for: section) == .none
      && applied.expandedItems != tree.expandedItems
    {
      return "expansion differs from the snapshot's"
    }
    return nil
  }
}

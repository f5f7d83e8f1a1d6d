import OutlineCore
import Snapshot

/// Reveal, expand all, collapse all and collapse to a depth, built on the data source's public
/// API: the controller edits a section's tree (from `snapshot(for:)`, adding the children of
/// parents met for the first time, as `snapshotForExpandingParent` would) and applies it to
/// the section in one batch, with the snapshot's expansion.
extension OutlineController {
  /// The most folders that one `E` or `1`…`9` reads from disk (so that `E` on `/` ends).
  static let folderReadBudget = 10_000

  /// Puts the children of `id` into `tree` below it if they were never put there. O(k log n)
  /// for k children.
  func putChildren(of id: NodeID, in tree: inout DataSource.SectionSnapshot) {
    guard !loadedIntoSnapshot.contains(id) else { return }
    loadedIntoSnapshot.insert(id)
    let children = (model[id].children ?? []).map { OutlineItem.node($0) }
    if !children.isEmpty { tree.append(children, to: .node(id)) }
  }

  /// Whether `item` is expanded in `tree` (false when absent). O(log n).
  static func isExpanded(_ item: OutlineItem, in tree: DataSource.SectionSnapshot) -> Bool {
    (try? tree.tryIsExpanded(item)) ?? false
  }

  /// Makes each of `trees` its section's tree, each in one batch with the trees' expansion;
  /// the rows on screen whose expansion changed are drawn anew (a section apply reconfigures
  /// no row, and their disclosure triangles changed). A refusal goes to the status line.
  /// O(the applies) + O(lines log n).
  func apply(_ trees: [(OutlineSection, DataSource.SectionSnapshot)]) {
    for (section, tree) in trees {
      let old = dataSource.snapshot(for: section)
      do {
        try dataSource.tryApply(tree, to: section, expansion: .useSnapshot)
      } catch {
        message = "\(error)"
        return
      }
      screen.forgetCells { item in
        guard item.node != nil else { return false }
        return (try? old.tryIsExpanded(item)) != (try? tree.tryIsExpanded(item))
      }
    }
  }

  /// Unfolds `section` if its header is folded (a separate batch: the fold is kept across
  /// applies). O(rows of the section).
  func unfold(_ section: OutlineSection) {
    let header = OutlineItem.header(section)
    if !Self.isExpanded(header, in: dataSource.snapshot(for: section)) {
      do {
        try dataSource.expand(header)
      } catch {
        message = "\(error)"
      }
    }
  }

  /// Expands every collapsed ancestor of `id` in `tree` (putting in children never put
  /// there). Returns whether anything changed. O(depth × log n + children added).
  @discardableResult
  func revealing(_ id: NodeID, in tree: inout DataSource.SectionSnapshot) -> Bool {
    var expand: [OutlineItem] = []
    for ancestor in model.shownAncestors(of: id) {
      putChildren(of: ancestor, in: &tree)
      if !Self.isExpanded(.node(ancestor), in: tree) { expand.append(.node(ancestor)) }
    }
    tree.expand(expand)
    return !expand.isEmpty
  }

  /// Shows `id`'s row: unfolds its section and expands its collapsed ancestors in one batch.
  func reveal(_ id: NodeID) {
    let section = model.section(of: id)
    measure {
      unfold(section)
      var tree = dataSource.snapshot(for: section)
      if revealing(id, in: &tree) { apply([(section, tree)]) }
    }
  }

  /// The nodes below which `E` and `C` act: the node under the cursor, or on a header every
  /// top-level node of every section; by section. O(top-level nodes).
  private func starts() -> [(OutlineSection, [NodeID])] {
    guard let item = selected else { return [] }
    if let id = item.node { return [(model.section(of: id), [id])] }
    let top = model.topLevel
    return model.sections.map { section in
      (section, top.filter { model.section(ofTopLevel: $0) == section })
    }
  }

  /// `E`: expands the node under the cursor and everything below it (on a header: every
  /// node), reading folders not read yet (at most ``folderReadBudget``); one batch per
  /// section. O(nodes below × log n).
  func expandAll() {
    var budget = Self.folderReadBudget
    var unreadable = 0
    measure {
      var trees: [(OutlineSection, DataSource.SectionSnapshot)] = []
      for (section, roots) in starts() {
        if selected?.node == nil { unfold(section) }
        var tree = dataSource.snapshot(for: section)
        var expand: [OutlineItem] = []
        var stack = Array(roots.reversed())
        while let id = stack.popLast() {
          guard model[id].isContainer else { continue }
          if model[id].children == nil {
            guard budget > 0 else { continue }
            budget -= 1
            do {
              try model.loadChildren(of: id)
            } catch {
              unreadable += 1
              continue
            }
          }
          putChildren(of: id, in: &tree)
          if !Self.isExpanded(.node(id), in: tree) { expand.append(.node(id)) }
          stack.append(contentsOf: (model[id].children ?? []).reversed())
        }
        tree.expand(expand)
        trees.append((section, tree))
      }
      apply(trees)
    }
    if budget <= 0 {
      message = "stopped after reading \(Self.grouped(Self.folderReadBudget)) folders: E reads more"
    } else if unreadable > 0 {
      message = "\(unreadable) folders could not be read"
    }
  }

  /// `C`: collapses the node under the cursor and everything below it (on a header: every
  /// node); one batch per section. O(nodes in the section snapshot below × log n).
  func collapseAll() {
    measure {
      var trees: [(OutlineSection, DataSource.SectionSnapshot)] = []
      for (section, roots) in starts() {
        var tree = dataSource.snapshot(for: section)
        var collapse: [OutlineItem] = []
        var stack = Array(roots.reversed())
        while let id = stack.popLast() {
          guard loadedIntoSnapshot.contains(id) else { continue }
          if Self.isExpanded(.node(id), in: tree) { collapse.append(.node(id)) }
          stack.append(contentsOf: (model[id].children ?? []).reversed())
        }
        tree.collapse(collapse)
        trees.append((section, tree))
      }
      apply(trees)
    }
  }

  /// `1`…`9`: shows exactly `depth` levels: every node above that level expanded (folders
  /// read as needed, at most ``folderReadBudget``), every node at or below it collapsed. The
  /// cursor goes to its ancestor at that level when its row is hidden. One batch per
  /// section. O(nodes in the section snapshots × log n).
  func collapse(toDepth depth: Int) {
    var target: OutlineItem?
    if let id = selected?.node {
      let ancestors = model.shownAncestors(of: id)
      if ancestors.count >= depth { target = .node(ancestors[depth - 1]) }
    }
    var budget = Self.folderReadBudget
    measure {
      var trees: [(OutlineSection, DataSource.SectionSnapshot)] = []
      let top = model.topLevel
      for section in model.sections {
        var tree = dataSource.snapshot(for: section)
        var expand: [OutlineItem] = []
        var collapse: [OutlineItem] = []
        var stack = Array(top.filter { model.section(ofTopLevel: $0) == section }.reversed())
        while let id = stack.popLast() {
          guard model[id].isContainer else { continue }
          let level = Int(max(model[id].depth, 0)) + 1
          if level < depth {
            if model[id].children == nil {
              guard budget > 0 else { continue }
              budget -= 1
              guard (try? model.loadChildren(of: id)) != nil else { continue }
            }
            putChildren(of: id, in: &tree)
            if !Self.isExpanded(.node(id), in: tree) { expand.append(.node(id)) }
          } else {
            guard loadedIntoSnapshot.contains(id) else { continue }
            if Self.isExpanded(.node(id), in: tree) { collapse.append(.node(id)) }
          }
          stack.append(contentsOf: (model[id].children ?? []).reversed())
        }
        tree.expand(expand)
        tree.collapse(collapse)
        trees.append((section, tree))
      }
      apply(trees)
    }
    if let target { select(target) }
    message = "showing \(depth) level" + (depth == 1 ? "" : "s")
  }
}

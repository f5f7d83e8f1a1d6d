import Snapshot

extension DataSourceProperty {
  /// Runs `steps` with a fresh data source whose list view is a ``RecordingListView`` that
  /// forwards every call to `listView()`; after every step, besides every other check,
  /// `checkView` compares that view with the data source (nil when they agree, else what
  /// differs). Returns the first failure.
  package static func run<View: DiffableListView<String, Int>>(
    _ steps: [Step], through listView: () -> View,
    checkView: (View, Source) -> String? = { _, _ in nil }, coverage: Coverage? = nil
  ) -> String? {
    run(steps, forwardingTo: listView(), checkView: checkView, coverage: coverage)
  }

  /// Runs `steps`; returns the first failure.
  package static func run(_ steps: [Step], coverage: Coverage? = nil) -> String? {
    run(
      steps, forwardingTo: RecordingListView?.none, checkView: { _, _ in nil },
      coverage: coverage)
  }

  /// Runs `steps` through a recording view that forwards to `forwarded`, checking it with
  /// `checkView` after every step; returns the first failure.
  static func run<View: DiffableListView<String, Int>>(
    _ steps: [Step], forwardingTo forwarded: View?, checkView: (View, Source) -> String?,
    coverage: Coverage?
  ) -> String? {
    let view = RecordingListView<String, Int>(forwardingTo: forwarded)
    let source = Source(listView: view)
    // Every handler and the list view read the data source through every read API: handlers
    // must see the rows before the change (the view's), the view's calls the data source's
    // own rows, each read API agreeing with the others.
    var callbackFailure: String?
    let readBefore: (String) -> Void = { name in
      guard callbackFailure == nil else { return }
      if let failure = DataSourceReads.failure(source, expected: view.rows) {
        callbackFailure = "\(name) read \(failure)"
      }
    }
    let readOwn: (String) -> Void = { name in
      guard callbackFailure == nil else { return }
      let rows = RecordingListView<String, Int>.read(source)
      if let failure = DataSourceReads.failure(source, expected: rows) {
        callbackFailure = "\(name) read \(failure)"
      }
    }
    source.sectionSnapshotHandlers.shouldExpandItem = { _ in
      readBefore("shouldExpandItem")
      return true
    }
    source.sectionSnapshotHandlers.willExpandItem = { _ in readBefore("willExpandItem") }
    source.sectionSnapshotHandlers.shouldCollapseItem = { _ in
      readBefore("shouldCollapseItem")
      return true
    }
    source.sectionSnapshotHandlers.willCollapseItem = { _ in readBefore("willCollapseItem") }
    // Returns the children unchanged: the expansion loads nothing.
    source.sectionSnapshotHandlers.snapshotForExpandingParent = { _, children in
      readBefore("snapshotForExpandingParent")
      return children
    }
    source.reorderingHandlers.canReorderItem = {
      readBefore("canReorderItem")
      return $0 % 11 != 5
    }
    source.reorderingHandlers.willReorder = { _ in readBefore("willReorder") }
    source.reorderingHandlers.didReorder = { _ in readOwn("didReorder") }
    let readingWillExpand = source.sectionSnapshotHandlers.willExpandItem
    let readDuringBatch = { readOwn("performBatchUpdates") }
    view.duringBatch = readDuringBatch
    view.duringReload = { readOwn("reloadData") }
    // The handlers and the view's hooks hold the source and the view: drop them when the run
    // ends, so that neither outlives it (LeakSanitizer counts such cycles as leaks).
    defer {
      source.sectionSnapshotHandlers = .init()
      source.reorderingHandlers = .init()
      view.duringBatch = nil
      view.duringReload = nil
    }
    // Rows snapshots of nodes of 2 to 4 entries: a snapshot made from `snapshot()` by a few
    // edits shares nodes with it even with a few dozen rows.
    source._rowsStorageShape = (base: 2, bucketCapacity: 2)
    var nextFresh = 1000
    var modes = HeaderModeModel()
    var filtering = FilterModel()
    for (index, step) in steps.enumerated() {
      let before = state(source)
      let sectionsBefore = before.rows.map(\.id)
      let batchesBefore = view.batches.count
      var refused = false
      source.updateStyle = .singleBatch
      switch step {
      case .applyWhole(let seed, let staged, let reload):
        var random = SeededGenerator(seed: seed)
        var snapshot = source.snapshot()
        for item in snapshot.itemIdentifiers where Int.random(in: 0..<5, using: &random) == 0 {
          snapshot.deleteItems([item])
        }
        if Bool.random(using: &random), snapshot.numberOfSections < 3 {
          let missing = sections.filter { snapshot.indexOfSection($0) == nil }
          snapshot.appendSections([missing.randomElement(using: &random)!])
        }
        if snapshot.numberOfSections > 0 {
          for _ in 0..<Int.random(in: 0...3, using: &random) {
            let section = snapshot.sectionIdentifiers.randomElement(using: &random)!
            snapshot.appendItems([nextFresh], toSection: section)
            nextFresh += 1
          }
          let items = snapshot.itemIdentifiers
          if items.count >= 2 {
            let a = items.randomElement(using: &random)!
            let b = items.randomElement(using: &random)!
            if a != b { snapshot.moveItem(a, beforeItem: b) }
          }
          if reload, let item = snapshot.itemIdentifiers.randomElement(using: &random) {
            snapshot.reloadItems([item])
          }
          if reload, Bool.random(using: &random) {
            snapshot.reloadSections([snapshot.sectionIdentifiers.randomElement(using: &random)!])
          }
        }
        source.updateStyle = staged ? .staged : .singleBatch
        if seed % 2 == 0 {
          // The Apple-named apply (it stops the program on misuse; none is possible here),
          // which diffs a snapshot made from the rows as related snapshots.
          source.apply(snapshot)
          if source.currentRows != nil {
            coverage?.done["applyWhole of related snapshots", default: 0] += 1
          }
        } else {
          do { try source.tryApply(snapshot) } catch {
            return "step \(index): apply refused: \(error)"
          }
        }
      case .applySection(let section, let spec, let expandedItems, let useSnapshot, let staged):
        // Nodes of 2 to 4 entries: trees of a dozen items span several leaves, so that an
        // edited `snapshot(for:)` shares some with the tree it came from.
        var tree = DiffableDataSourceSectionSnapshot<Int>(base: 2, bucketCapacity: 2)
        for (item, parent) in spec {
          tree.append([item], to: parent.map { spec[$0].0 })
        }
        tree.expand(expandedItems)
        source.updateStyle = staged ? .staged : .singleBatch
        do {
          try source.tryApply(
            tree, to: section, expansion: useSnapshot ? .useSnapshot : .preserveCurrent)
          if let failure = appliedTreeFailure(source, section, tree, useSnapshot: useSnapshot) {
            return "step \(index): \(failure)"
          }
        } catch {
          refused = true
        }
      case .workflowWhole(let edit, let at, let other, let newItem):
        var snapshot = source.snapshot()
        let items = snapshot.itemIdentifiers
        guard !items.isEmpty else { break }
        let first = items[at % items.count]
        let second = items[other % items.count]
        switch edit {
        case 0: try? snapshot.tryInsertItems([newItem], beforeItem: first)
        case 1: snapshot.deleteItems([first])
        case 2: if first != second { try? snapshot.tryMoveItem(first, beforeItem: second) }
        default: snapshot.reloadItems([first])
        }
        let wasCurrent = source.currentRows != nil
        source.apply(snapshot)
        if wasCurrent && source.currentRows != nil {
          coverage?.done["applyWhole of related snapshots", default: 0] += 1
        }
        // A folded section keeps showing its header alone; every other row is the snapshot's.
        if (0..<source.numberOfSections).allSatisfy({ !Self.isFolded(source, section: $0) }),
          source.snapshot().itemIdentifiers != snapshot.itemIdentifiers
        {
          return "step \(index): the rows differ from the applied snapshot's items"
        }
      case .editSection(let section, let edit, let at, let other, let newItem, let staged):
        var tree = source.snapshot(for: section)
        let items = tree.items
        guard !items.isEmpty else { break }
        let first = items[at % items.count]
        let second = items[other % items.count]
        source.updateStyle = staged ? .staged : .singleBatch
        switch edit {
        case 0: try? tree.tryInsert([newItem], before: first)
        case 1: try? tree.tryAppend([newItem], to: first)
        case 2: try? tree.tryDelete([first])
        case 3: try? tree.tryMove(first, before: second)
        case 4: tree.expand([first])
        default: tree.collapse([first])
        }
        if tree.list.tree.height > 0 {
          coverage?.done["editSection of a tree of several leaves", default: 0] += 1
        }
        do {
          try source.tryApply(tree, to: section)
          let applied = source.snapshot(for: section)
          if applied.items != tree.items {
            return "step \(index): the section's items differ from the edited tree"
          }
        } catch {
          refused = true
        }
      case .applyApart(let section, let seed, let useSnapshot, let verify):
        source.updateStyle = .singleBatch
        let tree = apartTree(source, section, seed: seed, fresh: &nextFresh)
        if let failure = applyApart(
          tree, to: section, source, useSnapshot: useSnapshot, verify: verify,
          refused: &refused, coverage: coverage)
        {
          return "step \(index): \(failure)"
        }
      case .expand(let item):
        do { if try source.expand(item) { filtering.opened(item, true, source) } } catch {
          refused = true
        }
      case .collapse(let item):
        do { if try source.collapse(item) { filtering.opened(item, false, source) } } catch {
          refused = true
        }
      case .toggle(let item):
        let open = filtering.isShownOpen(source, item) ?? false
        do { if try source.toggle(item) { filtering.opened(item, !open, source) } } catch {
          refused = true
        }
      case .filter, .narrowFilter, .clearFilter:
        if let failure = runFilterStep(step, source, &filtering, &refused) {
          return "step \(index): \(failure)"
        }
      case .reveal(let item):
        do {
          let path = try source.reveal(item)
          if source.itemIdentifier(for: path) != item {
            return "step \(index): reveal returned \(path), which shows "
              + "\(String(describing: source.itemIdentifier(for: path)))"
          }
          filtering.revealed(item, source)
        } catch {
          if case .filteredOut = error.reason {
            coverage?.done["reveal refused by the filter", default: 0] += 1
          }
          refused = true
        }
      case .expandToDepth(let depth):
        do {
          try source.expand(toDepth: depth)
          filtering.expanded(toDepth: depth, source)
          if let failure = depthFailure(source, depth) { return "step \(index): \(failure)" }
        } catch {
          refused = true
        }
      case .expandAll(let item), .collapseAll(let item):
        let expanding = if case .expandAll = step { true } else { false }
        do {
          if expanding { try source.expandAll(item) } else { try source.collapseAll(item) }
          filtering.setAll(expanding, below: item, source)
          if let failure = allExpandedFailure(source, expanding, below: item) {
            return "step \(index): \(failure)"
          }
        } catch {
          refused = true
        }
      case .toggleFirstRow(let raw):
        let first = path(source, raw, 0)
        let item = source.itemIdentifier(for: first) ?? raw
        let open = filtering.isShownOpen(source, item) ?? false
        do { if try source.toggle(item) { filtering.opened(item, !open, source) } } catch {
          refused = true
        }
      case .moveTo(let fromSection, let fromRow, let toSection, let toRow):
        let initial = source.snapshot()
        var destination = path(source, toSection, toRow ?? 0, past: 1)
        if toRow == nil, destination.section < source.numberOfSections {
          destination.item = source.numberOfItems(inSection: destination.section)
        }
        let folded = isFolded(source, section: destination.section)
        do {
          let transaction = try source.moveItem(
            at: path(source, fromSection, fromRow), to: destination)
          if let failure = transactionFailure(transaction, from: initial, source) {
            return "step \(index): \(failure)"
          }
          if folded { coverage?.done["moveTo a folded section", default: 0] += 1 }
        } catch {
          refused = true
        }
      case .moveInto(let fromSection, let fromRow, let parentSection, let parentRow):
        let initial = source.snapshot()
        do {
          let transaction = try source.moveItem(
            at: path(source, fromSection, fromRow), into: path(source, parentSection, parentRow))
          if let failure = transactionFailure(transaction, from: initial, source) {
            return "step \(index): \(failure)"
          }
        } catch {
          refused = true
        }
      case .headerMode(let section, let on):
        let mode: SectionHeaderMode = on ? .firstItemInSection : .none
        do {
          try source.setHeaderMode(mode, for: section)
          modes.own[section] = mode
        } catch {
          refused = true
        }
      case .defaultHeaderMode(let on):
        source.defaultHeaderMode = on ? .firstItemInSection : .none
        modes.defaultMode = source.defaultHeaderMode
        if view.batches.count != batchesBefore {
          return "step \(index): setting the default header mode sent a batch"
        }
        if state(source) != before {
          return "step \(index): setting the default header mode changed a section"
        }
      case .reentrantApply(let raw):
        let all = source.snapshot().sectionIdentifiers.flatMap { source.snapshot(for: $0).items }
        let item = all.isEmpty ? raw : all[raw % all.count]
        var inner: Source.Error?
        source.sectionSnapshotHandlers.willExpandItem = { _ in
          do throws(Source.Error) {
            try source.tryApply(DiffableDataSourceSnapshot<String, Int>())
          } catch { inner = error }
        }
        view.duringBatch = {
          do throws(Source.Error) { try source.collapse(item) } catch { inner = inner ?? error }
        }
        do { try source.expand(item) } catch { refused = true }
        source.sectionSnapshotHandlers.willExpandItem = readingWillExpand
        view.duringBatch = readDuringBatch
        if !refused, let inner, inner.reason != .reentrantUpdate {
          return "step \(index): a reentrant call failed with \(inner), not reentrantUpdate"
        }
      }
      if let callbackFailure { return "step \(index): \(callbackFailure)" }
      filtering.follow(source, sectionsBefore: sectionsBefore)
      if let failure = filtering.failure(source) { return "step \(index): \(failure)" }
      if !filtering.sections.isEmpty, !refused, case .moveTo = step {
        return "step \(index): a move went through while rows are filtered"
      }
      if let failure = DataSourceReads.failure(source, expected: view.rows) {
        return "step \(index): after the step, \(failure)"
      }
      if let violation = source._invariantViolation() { return "step \(index): \(violation)" }
      if let wrong = modes.check(source) { return "step \(index): \(wrong)" }
      if let failure = view.failures.first { return "step \(index): invalid batch: \(failure)" }
      if view.rows != RecordingListView<String, Int>.read(source) {
        return
          "step \(index): the view shows \(view.rows), the source \(RecordingListView<String, Int>.read(source))"
      }
      if let forwarded, let failure = checkView(forwarded, source) {
        return "step \(index): the list view: \(failure)"
      }
      // The bulk read agrees with one read per row, on whole, inner and overhanging ranges.
      for section in 0..<source.numberOfSections {
        let count = source.numberOfItems(inSection: section)
        let middle = min(1, count)..<max(min(1, count), count - 1)
        for range in [0..<count, middle, count / 2..<count + 3] {
          let one = range.compactMap {
            source.itemIdentifier(for: ListIndexPath(item: $0, section: section))
          }
          let bulk = source.itemIdentifiers(in: range, inSection: section)
          if bulk != one {
            return "step \(index): itemIdentifiers(in: \(range)) gave \(bulk), rows are \(one)"
          }
        }
      }
      if !refused, let coverage {
        let kind = String(step.description.prefix { $0 != "(" })
        coverage.done[kind, default: 0] += 1
        if !filtering.sections.isEmpty { coverage.done[kind + " while filtered", default: 0] += 1 }
      }
      if refused {
        if state(source) != before { return "step \(index): refused, but the state changed" }
        if view.batches.count != batchesBefore {
          return "step \(index): refused, but the view got a batch"
        }
      }
    }
    return nil
  }

}

import Testing

@testable import Snapshot

/// Random sequences of everything a data source is asked to do, with the batch-rule simulator
/// as its list view: after every step the view's rows equal what the data source shows, every
/// batch is valid, the data source's invariants hold, a refused step changed nothing, and
/// every section has the header mode it was given (its own, else the default when it was
/// added). After every move, the transaction's differences give its final states.
@Suite("DiffableDataSource properties")
struct DataSourcePropertyTests {
  typealias Source = DiffableDataSource<String, Int>
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  /// Everything the data source shows and holds, to check that a refused step changed nothing.
  struct State: Equatable {
    var rows: [LayoutSection<String, Int>]
    var trees: [String]
    var expanded: [[Int]]
    var headerModes: [SectionHeaderMode]
  }

  static func state(_ source: Source) -> State {
    let ids = source.snapshot().sectionIdentifiers
    return State(
      rows: RecordingListView<String, Int>.read(source),
      trees: ids.map { source.snapshot(for: $0).visualDescription() },
      expanded: ids.map { source.snapshot(for: $0).expandedItems },
      headerModes: ids.map { source.headerMode(for: $0) })
  }

  /// What is wrong with the transaction of a move from `initial`, or nil: its difference must
  /// turn its initial rows into its final ones, and each section transaction's its section's
  /// initial visible items into its final ones (the trees', which a folded header does not
  /// hide); its snapshots must be what the source showed and shows.
  static func transactionFailure(
    _ transaction: DiffableDataSourceTransaction<String, Int>, from initial: Snapshot,
    _ source: Source
  ) -> String? {
    if transaction.initialSnapshot != initial {
      return "the transaction's initial snapshot is not what the source showed"
    }
    if transaction.finalSnapshot != source.snapshot() {
      return "the transaction's final snapshot is not what the source shows"
    }
    if transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      != transaction.finalSnapshot.itemIdentifiers
    {
      return "the transaction's difference does not give its final snapshot"
    }
    for section in transaction.sectionTransactions {
      let id = section.sectionIdentifier
      if section.finalSnapshot != source.snapshot(for: id) {
        return "section \(id)'s transaction: the final snapshot is not the section's tree"
      }
      let applied = section.initialSnapshot.visibleItems.applying(section.difference)
      if applied != section.finalSnapshot.visibleItems {
        return
          "section \(id)'s transaction: the difference gives \(applied.map { "\($0)" } ?? "nil"), "
          + "the final visible items are \(section.finalSnapshot.visibleItems)"
      }
    }
    return nil
  }

  /// The header modes every present section must have: its own (set with `setHeaderMode`),
  /// else the default when it was added.
  struct HeaderModeModel {
    var defaultMode = SectionHeaderMode.none
    var own: [String: SectionHeaderMode] = [:]
    var whenAdded: [String: SectionHeaderMode] = [:]

    /// Records the sections `source` has now; returns the first whose mode is wrong.
    mutating func check(_ source: Source) -> String? {
      let present = (0..<source.numberOfSections).map { source.sectionIdentifier(for: $0)! }
      whenAdded = whenAdded.filter { present.contains($0.key) }
      for section in present {
        let expected = own[section] ?? whenAdded[section, default: defaultMode]
        whenAdded[section] = whenAdded[section] ?? defaultMode
        if source.headerMode(for: section) != expected {
          return "section \(section) has header mode \(source.headerMode(for: section)), "
            + "expected \(expected)"
        }
      }
      return nil
    }
  }

  /// How many steps of each kind were carried out (not refused), so that the test can show it
  /// exercised every kind.
  final class Coverage {
    var done: [String: Int] = [:]
  }

  /// An index path from raw numbers: below 12 they are taken modulo the sections and rows the
  /// source has (plus `past` rows past the end), so that most moves name real rows; 12 and 13
  /// are used as they are, so that some name none.
  static func path(_ source: Source, _ section: Int, _ row: Int, past: Int = 0) -> ListIndexPath {
    guard section < 12, row < 12, source.numberOfSections > 0 else {
      return ListIndexPath(item: row, section: section)
    }
    let mapped = section % source.numberOfSections
    let rows = source.numberOfItems(inSection: mapped) + past
    return ListIndexPath(item: rows > 0 ? row % rows : row, section: mapped)
  }

  /// Whether a leaf header folds the section at `section`: it shows one row, its tree more.
  static func isFolded(_ source: Source, section: Int) -> Bool {
    guard let id = source.sectionIdentifier(for: section) else { return false }
    return source.numberOfItems(inSection: section) == 1
      && source.snapshot(for: id).visibleItems.count > 1
  }

  /// Runs `steps`; returns the first failure.
  static func run(_ steps: [Step], coverage: Coverage? = nil) -> String? {
    let view = RecordingListView<String, Int>()
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
    // Rows snapshots of nodes of 2 to 4 entries: a snapshot made from `snapshot()` by a few
    // edits shares nodes with it even with a few dozen rows.
    source._rowsStorageShape = (base: 2, bucketCapacity: 2)
    var nextFresh = 1000
    var modes = HeaderModeModel()
    for (index, step) in steps.enumerated() {
      let before = state(source)
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
        do { try source.expand(item) } catch { refused = true }
      case .collapse(let item):
        do { try source.collapse(item) } catch { refused = true }
      case .toggle(let item):
        do { try source.toggle(item) } catch { refused = true }
      case .toggleFirstRow(let raw):
        let first = path(source, raw, 0)
        do { try source.toggle(source.itemIdentifier(for: first) ?? raw) } catch {
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
        coverage.done[String(step.description.prefix { $0 != "(" }), default: 0] += 1
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

  /// Runs `count` sequences of `mix` from `base`; returns how many steps of each kind were
  /// carried out.
  static func check(
    _ name: String, _ mix: Mix, count: Int, base: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String: Int] {
    let coverage = Coverage()
    checkProperty(
      name, count: count, base: base, generate: { Self.generate(mix, &$0) },
      check: { Self.run($0, coverage: coverage) }, sourceLocation: sourceLocation)
    return coverage.done
  }

  @Test("random applies, expands, collapses, moves and bad input keep the view valid")
  func randomSequences() {
    let done = Self.check("data source", .everything, count: 3_200, base: 0xDA7A_5017)
    for kind in Kind.allCases {
      #expect(
        done[kind.rawValue, default: 0] >= PropertySeeds.scaled(200),
        "too few \(kind) steps carried out")
    }
    #expect(
      done["editSection of a tree of several leaves", default: 0] >= PropertySeeds.scaled(200),
      "too few edits of a section tree that spans several leaves")
    #expect(
      done["applyWhole of related snapshots", default: 0] >= PropertySeeds.scaled(100),
      "too few whole applies diffed as related snapshots")
    #expect(
      done["applyApart with alike ends and a middle", default: 0] >= PropertySeeds.scaled(200),
      "too few applies of trees built apart with alike ends")
    #expect(
      done["applyApart whose alike suffix shows other rows", default: 0]
        >= PropertySeeds.scaled(50),
      "too few applies of trees built apart whose alike suffix shows other rows")
  }

  @Test("sections with headers, folded and not, and rows moved between them")
  func foldingSequences() {
    let done = Self.check("data source, folding", .folding, count: 600, base: 0xF01D_5EC7)
    for (kind, _) in Mix.folding.weights {
      #expect(
        done[kind.rawValue, default: 0] >= PropertySeeds.scaled(50),
        "too few \(kind) steps carried out")
    }
    #expect(
      done["moveTo a folded section", default: 0] >= PropertySeeds.scaled(50),
      "too few moves into a folded section")
  }
}

import Testing

@testable import Snapshot

/// Random sequences of everything a data source is asked to do, with the batch-rule simulator
/// as its list view: after every step the view's rows equal what the data source shows, every
/// batch is valid, the data source's invariants hold, and a refused step changed nothing.
@Suite("DiffableDataSource properties")
struct DataSourcePropertyTests {
  typealias Source = DiffableDataSource<String, Int>

  enum Step: CustomStringConvertible {
    /// A whole snapshot derived from the current rows by random edits (seeded).
    case applyWhole(seed: UInt64, staged: Bool, reload: Bool)
    /// A random tree for a section: (item, parent position in the list or nil), expanded items.
    case applySection(String, [(Int, Int?)], expanded: [Int], useSnapshot: Bool, staged: Bool)
    case expand(Int)
    case collapse(Int)
    case toggle(Int)
    case moveTo(fromSection: Int, fromRow: Int, toSection: Int, toRow: Int)
    case moveInto(fromSection: Int, fromRow: Int, parentSection: Int, parentRow: Int)
    case headerMode(String, Bool)
    case reentrantApply(Int)

    var description: String {
      switch self {
      case .applyWhole(let seed, let staged, let reload):
        return "applyWhole(seed: \(seed), staged: \(staged), reload: \(reload))"
      case .applySection(let section, let tree, let expanded, let useSnapshot, let staged):
        return
          "applySection(\(section), \(tree), expanded: \(expanded), useSnapshot: \(useSnapshot), staged: \(staged))"
      case .expand(let item): return "expand(\(item))"
      case .collapse(let item): return "collapse(\(item))"
      case .toggle(let item): return "toggle(\(item))"
      case .moveTo(let a, let b, let c, let d): return "moveTo(\(a), \(b) -> \(c), \(d))"
      case .moveInto(let a, let b, let c, let d): return "moveInto(\(a), \(b) -> onto \(c), \(d))"
      case .headerMode(let section, let on): return "headerMode(\(section), \(on))"
      case .reentrantApply(let item): return "reentrantApply(expanding \(item))"
      }
    }
  }

  static let sections = ["A", "B", "C"]
  static let itemRange = 0..<36

  static func generate(_ random: inout SeededGenerator) -> [Step] {
    let count = Int.random(in: 1...24, using: &random)
    return (0..<count).map { _ in
      switch Int.random(in: 0..<20, using: &random) {
      case 0...2:
        return .applyWhole(
          seed: random.next(), staged: Bool.random(using: &random),
          reload: Bool.random(using: &random))
      case 3...6:
        let size = Int.random(in: 0...12, using: &random)
        let items = Array(itemRange).shuffled(using: &random).prefix(size)
        var tree: [(Int, Int?)] = []
        for item in items {
          let parent =
            tree.isEmpty || Bool.random(using: &random)
            ? nil : Int.random(in: 0..<tree.count, using: &random)
          tree.append((item, parent))
        }
        let expanded = items.filter { _ in Bool.random(using: &random) }
        return .applySection(
          sections.randomElement(using: &random)!, tree, expanded: Array(expanded),
          useSnapshot: Int.random(in: 0..<4, using: &random) == 0,
          staged: Int.random(in: 0..<4, using: &random) == 0)
      case 7...9: return .expand(Int.random(in: itemRange, using: &random))
      case 10...11: return .collapse(Int.random(in: itemRange, using: &random))
      case 12...13: return .toggle(Int.random(in: itemRange, using: &random))
      case 14...15:
        return .moveTo(
          fromSection: Int.random(in: 0..<3, using: &random),
          fromRow: Int.random(in: 0..<14, using: &random),
          toSection: Int.random(in: 0..<3, using: &random),
          toRow: Int.random(in: 0..<14, using: &random))
      case 16...17:
        return .moveInto(
          fromSection: Int.random(in: 0..<3, using: &random),
          fromRow: Int.random(in: 0..<14, using: &random),
          parentSection: Int.random(in: 0..<3, using: &random),
          parentRow: Int.random(in: 0..<14, using: &random))
      case 18:
        return .headerMode(sections.randomElement(using: &random)!, Bool.random(using: &random))
      default:
        return .reentrantApply(Int.random(in: itemRange, using: &random))
      }
    }
  }

  /// Everything the data source shows and holds, to check that a refused step changed nothing.
  struct State: Equatable {
    var rows: [LayoutSection<String, Int>]
    var trees: [String]
    var expanded: [[Int]]
  }

  static func state(_ source: Source) -> State {
    let ids = source.snapshot().sectionIdentifiers
    return State(
      rows: RecordingListView<String, Int>.read(source),
      trees: ids.map { source.snapshot(for: $0).visualDescription() },
      expanded: ids.map { source.snapshot(for: $0).expandedItems })
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

  /// Runs `steps`; returns the first failure.
  static func run(_ steps: [Step], coverage: Coverage? = nil) -> String? {
    let view = RecordingListView<String, Int>()
    let source = Source(listView: view)
    source.reorderingHandlers.canReorderItem = { $0 % 11 != 5 }
    var nextFresh = 1000
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
        do { try source.tryApply(snapshot) } catch {
          return "step \(index): apply refused: \(error)"
        }
      case .applySection(let section, let spec, let expandedItems, let useSnapshot, let staged):
        var tree = DiffableDataSourceSectionSnapshot<Int>()
        for (item, parent) in spec {
          tree.append([item], to: parent.map { spec[$0].0 })
        }
        tree.expand(expandedItems)
        source.updateStyle = staged ? .staged : .singleBatch
        do {
          try source.tryApply(
            tree, to: section, expansion: useSnapshot ? .useSnapshot : .preserveCurrent)
          let applied = source.snapshot(for: section)
          if applied.items != tree.items {
            return "step \(index): the section's items differ from the applied tree"
          }
          if useSnapshot && source.headerMode(for: section) == .none
            && applied.expandedItems != tree.expandedItems
          {
            return "step \(index): expansion differs from the snapshot's"
          }
        } catch {
          refused = true
        }
      case .expand(let item):
        do { try source.expand(item) } catch { refused = true }
      case .collapse(let item):
        do { try source.collapse(item) } catch { refused = true }
      case .toggle(let item):
        do { try source.toggle(item) } catch { refused = true }
      case .moveTo(let fromSection, let fromRow, let toSection, let toRow):
        do {
          let transaction = try source.moveItem(
            at: path(source, fromSection, fromRow), to: path(source, toSection, toRow, past: 1))
          if transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
            != transaction.finalSnapshot.itemIdentifiers
          {
            return "step \(index): the transaction's difference does not give its final snapshot"
          }
          if transaction.finalSnapshot != source.snapshot() {
            return "step \(index): the transaction's final snapshot is not what the source shows"
          }
        } catch {
          refused = true
        }
      case .moveInto(let fromSection, let fromRow, let parentSection, let parentRow):
        do {
          let transaction = try source.moveItem(
            at: path(source, fromSection, fromRow), into: path(source, parentSection, parentRow))
          if transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
            != transaction.finalSnapshot.itemIdentifiers
          {
            return "step \(index): the transaction's difference does not give its final snapshot"
          }
        } catch {
          refused = true
        }
      case .headerMode(let section, let on):
        do { try source.setHeaderMode(on ? .firstItemInSection : .none, for: section) } catch {
          refused = true
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
        source.sectionSnapshotHandlers.willExpandItem = nil
        view.duringBatch = nil
        if !refused, let inner, inner.reason != .reentrantUpdate {
          return "step \(index): a reentrant call failed with \(inner), not reentrantUpdate"
        }
      }
      if let violation = source._invariantViolation() { return "step \(index): \(violation)" }
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

  @Test("random applies, expands, collapses, moves and bad input keep the view valid")
  func randomSequences() {
    let coverage = Coverage()
    checkProperty("data source", count: 2_000, base: 0xDA7A_5017, generate: Self.generate) {
      Self.run($0, coverage: coverage)
    }
    for kind in [
      "applyWhole", "applySection", "expand", "collapse", "toggle", "moveTo", "moveInto",
      "headerMode", "reentrantApply",
    ] {
      let done = coverage.done[kind, default: 0]
      #expect(done >= 200, "only \(done) \(kind) steps carried out")
    }
  }
}

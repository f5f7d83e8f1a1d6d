import Snapshot

/// Random interleavings of background applies (held at their gates, released or cancelled in
/// random order) with synchronous applies, expands and collapses. After every step the view
/// accepted every batch and shows the data source's rows, and the invariants hold; every
/// background apply ends as the rules say (cancelled, superseded by a later apply, or applied
/// and then showing its snapshot).
///
/// Any test target can run the sequences through a list view of its own (see
/// ``run(_:through:checkView:coverage:)``).
@MainActor
package enum BackgroundApplyProperty {
  package typealias Source = DiffableDataSource<String, Int>
  package typealias Outcome = Source.BackgroundApplyOutcome

  package enum Step: CustomStringConvertible {
    case submitWhole(seed: UInt64)
    case submitSection(Int, seed: UInt64)
    case release(Int)
    case cancel(Int)
    case applyWhole(seed: UInt64)
    case applySection(Int, seed: UInt64)
    case expand(Int)
    case collapse(Int)
    case staged(Bool)

    package var description: String {
      switch self {
      case .submitWhole(let seed): return "submitWhole(seed: \(seed))"
      case .submitSection(let section, let seed): return "submitSection(\(section), seed: \(seed))"
      case .release(let index): return "release(\(index))"
      case .cancel(let index): return "cancel(\(index))"
      case .applyWhole(let seed): return "applyWhole(seed: \(seed))"
      case .applySection(let section, let seed): return "applySection(\(section), seed: \(seed))"
      case .expand(let item): return "expand(\(item))"
      case .collapse(let item): return "collapse(\(item))"
      case .staged(let on): return "staged(\(on))"
      }
    }
  }

  package nonisolated static let sections = ["A", "B", "C"]

  package nonisolated static func generate(_ random: inout SeededGenerator) -> [Step] {
    (0..<Int.random(in: 1...18, using: &random)).map { _ in
      switch Int.random(in: 0..<20, using: &random) {
      case 0...3: return .submitWhole(seed: random.next())
      case 4...6: return .submitSection(Int.random(in: 0..<3, using: &random), seed: random.next())
      case 7...10: return .release(Int.random(in: 0..<4, using: &random))
      case 11...12: return .cancel(Int.random(in: 0..<4, using: &random))
      case 13: return .applyWhole(seed: random.next())
      case 14: return .applySection(Int.random(in: 0..<3, using: &random), seed: random.next())
      case 15...16: return .expand(Int.random(in: 0..<40, using: &random))
      case 17...18: return .collapse(Int.random(in: 0..<40, using: &random))
      default: return .staged(Bool.random(using: &random))
      }
    }
  }

  /// A background apply under way: what it was asked to show and what supersedes it.
  struct Pending {
    var ticket: Int
    var section: String?
    var task: Task<Outcome, any Error>
    var expected: [LayoutSection<String, Int>]?
    var tree: [Int]?
    var cancelled = false
  }

  /// A whole snapshot from the current one: random items deleted, fresh ones appended, one
  /// moved, maybe a section appended.
  package static func wholeSnapshot(_ source: Source, _ seed: UInt64, fresh: inout Int)
    -> DiffableDataSourceSnapshot<String, Int>
  {
    var random = SeededGenerator(seed: seed)
    var snapshot = source.snapshot()
    for item in snapshot.itemIdentifiers where Int.random(in: 0..<4, using: &random) == 0 {
      snapshot.deleteItems([item])
    }
    let missing = sections.filter { snapshot.indexOfSection($0) == nil }
    if let section = missing.randomElement(using: &random), Bool.random(using: &random) {
      snapshot.appendSections([section])
    }
    for section in snapshot.sectionIdentifiers where Bool.random(using: &random) {
      snapshot.appendItems([fresh], toSection: section)
      fresh += 1
    }
    let items = snapshot.itemIdentifiers
    if let a = items.randomElement(using: &random), let b = items.randomElement(using: &random),
      a != b
    {
      snapshot.moveItem(a, beforeItem: b)
    }
    return snapshot
  }

  /// A tree for `section`: some of its items and fresh ones, nested at random, some expanded.
  package static func sectionTree(
    _ source: Source, _ section: String, _ seed: UInt64, fresh: inout Int
  )
    -> DiffableDataSourceSectionSnapshot<Int>
  {
    var random = SeededGenerator(seed: seed)
    var items = source.snapshot(for: section).items.filter { _ in Bool.random(using: &random) }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      items.append(fresh)
      fresh += 1
    }
    items.shuffle(using: &random)
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    var placed: [Int] = []
    for item in items {
      let parent =
        placed.isEmpty || Bool.random(using: &random) ? nil : placed.randomElement(using: &random)
      tree.append([item], to: parent)
      placed.append(item)
    }
    tree.expand(placed.filter { _ in Bool.random(using: &random) })
    return tree
  }

  /// How the background applies ended, so that the test can show it reached every outcome and
  /// re-diffed some.
  package final class Coverage {
    package var outcomes: [Outcome: Int] = [:]
    package var rediffed = 0

    package init() {}
  }

  /// Runs `steps` with a fresh data source whose list view is a ``RecordingListView`` that
  /// forwards every call to `listView()`; after every step, besides every other check,
  /// `checkView` compares that view with the data source (nil when they agree, else what
  /// differs). Returns the first failure.
  package static func run<View: DiffableListView<String, Int>>(
    _ steps: [Step], through listView: () -> View,
    checkView: (View, Source) -> String? = { _, _ in nil }, coverage: Coverage? = nil
  ) async -> String? {
    await run(steps, forwardingTo: listView(), checkView: checkView, coverage: coverage)
  }

  /// Runs `steps`; returns the first failure.
  package static func run(_ steps: [Step], coverage: Coverage? = nil) async -> String? {
    await run(
      steps, forwardingTo: RecordingListView?.none, checkView: { _, _ in nil },
      coverage: coverage)
  }

  static func run<View: DiffableListView<String, Int>>(
    _ steps: [Step], forwardingTo forwarded: View?, checkView: (View, Source) -> String?,
    coverage: Coverage?
  ) async -> String? {
    let view = RecordingListView<String, Int>(forwardingTo: forwarded)
    let source = Source(listView: view)
    let gates = BackgroundApplyGates()
    gates.attach(to: source)
    var fresh = 100
    var serial = 0
    var lastWhole = 0
    var lastSection: [String: Int] = [:]
    var pending: [Pending] = []

    func superseded(_ entry: Pending) -> Bool {
      guard let section = entry.section else { return serial != entry.ticket }
      return lastWhole > entry.ticket || lastSection[section, default: 0] > entry.ticket
    }

    func finish(_ index: Int) async -> String? {
      let entry = pending.remove(at: index)
      await gates.open(entry.ticket)
      let outcome: Outcome
      do { outcome = try await entry.task.value } catch {
        return "ticket \(entry.ticket) threw \(error)"
      }
      let expected: Outcome =
        entry.cancelled ? .cancelled : superseded(entry) ? .superseded : .applied
      if outcome != expected { return "ticket \(entry.ticket): \(outcome), expected \(expected)" }
      coverage?.outcomes[outcome, default: 0] += 1
      if outcome == .applied, await gates.arrivals(entry.ticket) > 1 { coverage?.rediffed += 1 }
      guard outcome == .applied else { return nil }
      if let layout = entry.expected, RecordingListView<String, Int>.read(source) != layout {
        return "ticket \(entry.ticket): the rows are not the applied snapshot's"
      }
      if let section = entry.section, let tree = entry.tree,
        source.snapshot(for: section).items != tree
      {
        return "ticket \(entry.ticket): section \(section) is not the applied tree"
      }
      return nil
    }

    for (index, step) in steps.enumerated() {
      switch step {
      case .submitWhole(let seed):
        let snapshot = wholeSnapshot(source, seed, fresh: &fresh)
        serial += 1
        lastWhole = serial
        let ticket = serial
        let task = Task { @MainActor [source] in
          try await BackgroundApplyGates.$ticket.withValue(ticket) {
            try await source.applyInBackground(snapshot)
          }
        }
        await gates.waitForArrivals(ticket)
        let layout = snapshot.sectionIdentifiers.map {
          LayoutSection($0, items: snapshot.itemIdentifiers(inSection: $0))
        }
        pending.append(Pending(ticket: ticket, section: nil, task: task, expected: layout))
      case .submitSection(let number, let seed):
        let section = sections[number]
        let tree = sectionTree(source, section, seed, fresh: &fresh)
        serial += 1
        lastSection[section] = serial
        let ticket = serial
        let existed = source.index(for: section) != nil
        let task = Task { @MainActor [source] in
          try await BackgroundApplyGates.$ticket.withValue(ticket) {
            try await source.applyInBackground(tree, to: section)
          }
        }
        if existed {
          await gates.waitForArrivals(ticket)
          pending.append(
            Pending(ticket: ticket, section: section, task: task, expected: nil, tree: tree.items))
        } else {
          // A new section needs no diff: the apply commits at once.
          let outcome = try? await task.value
          if outcome != .applied || source.snapshot(for: section).items != tree.items {
            return
              "step \(index): a new section's background apply gave \(String(describing: outcome))"
          }
        }
      case .release(let number):
        if !pending.isEmpty, let failure = await finish(number % pending.count) {
          return "step \(index): \(failure)"
        }
      case .cancel(let number):
        if !pending.isEmpty {
          pending[number % pending.count].task.cancel()
          pending[number % pending.count].cancelled = true
        }
      case .applyWhole(let seed):
        source.apply(wholeSnapshot(source, seed, fresh: &fresh))
        serial += 1
        lastWhole = serial
      case .applySection(let number, let seed):
        let section = sections[number]
        source.apply(sectionTree(source, section, seed, fresh: &fresh), to: section)
        serial += 1
        lastSection[section] = serial
      case .expand(let item):
        _ = try? source.expand(item)
      case .collapse(let item):
        _ = try? source.collapse(item)
      case .staged(let on):
        source.updateStyle = on ? .staged : .singleBatch
      }
      if let failure = view.failures.first { return "step \(index): \(failure)" }
      if view.rows != RecordingListView<String, Int>.read(source) {
        return "step \(index): the view's rows differ from the data source's"
      }
      if let violation = source._invariantViolation() { return "step \(index): \(violation)" }
      if let forwarded, let failure = checkView(forwarded, source) {
        return "step \(index): the list view: \(failure)"
      }
    }
    while !pending.isEmpty {
      if let failure = await finish(0) { return "at the end: \(failure)" }
      if let violation = source._invariantViolation() { return "at the end: \(violation)" }
    }
    return view.failures.first.map { "at the end: \($0)" }
  }
}

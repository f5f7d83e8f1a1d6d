import Testing

@testable import Snapshot

// Property-based tests of DiffableDataSourceSnapshot: random sequences of every mutating
// operation, valid and invalid, run against `SectionedModel` (an array of sections, each an
// array of items, and three arrays of marks; every question is a linear scan), compared
// after every step: the error thrown (or not), every query, the marks, the description,
// equality with a snapshot rebuilt from the model, that a copy taken before the step is
// untouched, and the internal invariants (`_invariantViolation()`, so a
// broken invariant is reported with its seed and shrunk like any other failure).
//
// Section identifiers come from 0..<8 and item identifiers from 0..<30, so clashes and
// misuse happen often. A failure prints the seed and the shortest failing sequence found.

private typealias IntSnapshot = DiffableDataSourceSnapshot<Int, Int>
private typealias IntSnapshotError = SnapshotError<Int, Int>

// MARK: - The model

private struct ModelSection {
  var id: Int
  var items: [Int]
}

/// A sectioned snapshot as the plainest possible data.
private struct SectionedModel {
  var sections: [ModelSection] = []
  /// Marks, each once, in the order marked; a mark goes when its identifier is deleted.
  var reloadedSections: [Int] = []
  var reloadedItems: [Int] = []
  var reconfiguredItems: [Int] = []

  var sectionIDs: [Int] { sections.map(\.id) }
  var items: [Int] { sections.flatMap(\.items) }

  func sectionPosition(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }

  /// (section position, index in section) of `item`.
  func location(of item: Int) -> (section: Int, index: Int)? {
    for (position, section) in sections.enumerated() {
      if let index = section.items.firstIndex(of: item) { return (position, index) }
    }
    return nil
  }

  func contains(_ item: Int) -> Bool { location(of: item) != nil }

  var description: String {
    "DiffableDataSourceSnapshot("
      + sections.map { "\($0.id): \($0.items)" }.joined(separator: "; ") + ")"
  }

  /// The first section of `ids` that clashes.
  func sectionClash(_ ids: [Int], destination: Int?) -> IntSnapshotError.Reason? {
    var seen: [Int] = []
    for id in ids {
      if id == destination { return .destinationInInsertedSections(id) }
      if sectionPosition(id) != nil { return .sectionAlreadyInSnapshot(id) }
      if seen.contains(id) { return .duplicateSection(id) }
      seen.append(id)
    }
    return nil
  }

  /// The first item of `items` that clashes.
  func itemClash(_ items: [Int], destination: Int?) -> IntSnapshotError.Reason? {
    var seen: [Int] = []
    for item in items {
      if seen.contains(item) { return .duplicateItem(item) }
      if contains(item) {
        return item == destination
          ? .destinationInInsertedItems(item) : .itemAlreadyInSnapshot(item)
      }
      seen.append(item)
    }
    return nil
  }

  mutating func forget(items: [Int]) {
    reloadedItems.removeAll { items.contains($0) }
    reconfiguredItems.removeAll { items.contains($0) }
  }

  /// Applies `step`, or returns the error the snapshot must throw (and changes nothing).
  mutating func apply(_ step: SectionedStep) -> IntSnapshotError? {
    switch step {
    case .appendSections(let ids):
      if let reason = sectionClash(ids, destination: nil) {
        return IntSnapshotError(.appendSections, reason)
      }
      sections += ids.map { ModelSection(id: $0, items: []) }
    case .insertSections(let ids, let destination, let after):
      // Empty arrays are ignored, as Apple does, before anything is checked.
      if ids.isEmpty { return nil }
      let operation: IntSnapshotError.Operation =
        after ? .insertSectionsAfter : .insertSectionsBefore
      guard let target = sectionPosition(destination) else {
        return IntSnapshotError(operation, .unknownDestinationSection(destination))
      }
      if let reason = sectionClash(ids, destination: destination) {
        return IntSnapshotError(operation, reason)
      }
      sections.insert(
        contentsOf: ids.map { ModelSection(id: $0, items: []) }, at: target + (after ? 1 : 0))
    case .deleteSections(let ids):
      for section in sections where ids.contains(section.id) { forget(items: section.items) }
      reloadedSections.removeAll { ids.contains($0) }
      sections.removeAll { ids.contains($0.id) }
    case .moveSection(let id, let destination, let after):
      let operation: IntSnapshotError.Operation = after ? .moveSectionAfter : .moveSectionBefore
      guard let source = sectionPosition(id) else {
        return IntSnapshotError(operation, .unknownSection(id))
      }
      guard sectionPosition(destination) != nil else {
        return IntSnapshotError(operation, .unknownDestinationSection(destination))
      }
      if id == destination { return IntSnapshotError(operation, .sectionMovedRelativeToItself(id)) }
      let moved = sections.remove(at: source)
      sections.insert(moved, at: sectionPosition(destination)! + (after ? 1 : 0))
    case .reloadSections(let ids):
      for id in ids where sectionPosition(id) == nil {
        return IntSnapshotError(.reloadSections, .unknownSection(id))
      }
      for id in ids where !reloadedSections.contains(id) { reloadedSections.append(id) }
    case .appendItems(let items, let section):
      if items.isEmpty { return nil }
      let target: Int
      if let section {
        guard let position = sectionPosition(section) else {
          return IntSnapshotError(.appendItems, .unknownSection(section))
        }
        target = position
      } else {
        guard !sections.isEmpty else { return IntSnapshotError(.appendItems, .noSections) }
        target = sections.count - 1
      }
      if let reason = itemClash(items, destination: nil) {
        return IntSnapshotError(.appendItems, reason)
      }
      sections[target].items += items
    case .insertItems(let items, let destination, let after):
      if items.isEmpty { return nil }
      let operation: IntSnapshotError.Operation = after ? .insertItemsAfter : .insertItemsBefore
      guard let target = location(of: destination) else {
        return IntSnapshotError(operation, .unknownDestinationItem(destination))
      }
      if let reason = itemClash(items, destination: destination) {
        return IntSnapshotError(operation, reason)
      }
      sections[target.section].items.insert(
        contentsOf: items, at: target.index + (after ? 1 : 0))
    case .deleteItems(let items):
      forget(items: items)
      for position in sections.indices { sections[position].items.removeAll { items.contains($0) } }
    case .deleteAllItems:
      self = SectionedModel()
    case .moveItem(let item, let destination, let after):
      let operation: IntSnapshotError.Operation = after ? .moveItemAfter : .moveItemBefore
      guard let source = location(of: item) else {
        return IntSnapshotError(operation, .unknownItem(item))
      }
      guard location(of: destination) != nil else {
        return IntSnapshotError(operation, .unknownDestinationItem(destination))
      }
      if item == destination {
        return IntSnapshotError(operation, .itemMovedRelativeToItself(item))
      }
      sections[source.section].items.remove(at: source.index)
      let target = location(of: destination)!
      sections[target.section].items.insert(item, at: target.index + (after ? 1 : 0))
    case .reloadItems(let items):
      for item in items where !contains(item) {
        return IntSnapshotError(.reloadItems, .unknownItem(item))
      }
      for item in items where !reloadedItems.contains(item) { reloadedItems.append(item) }
    case .reconfigureItems(let items):
      for item in items where !contains(item) {
        return IntSnapshotError(.reconfigureItems, .unknownItem(item))
      }
      for item in items where !reconfiguredItems.contains(item) { reconfiguredItems.append(item) }
    }
    return nil
  }
}

/// Builds a real snapshot with the model's sections and items (no marks).
private func makeSnapshot(_ model: SectionedModel) -> IntSnapshot {
  var snapshot = IntSnapshot()
  for section in model.sections {
    snapshot.appendSections([section.id])
    snapshot.appendItems(section.items, toSection: section.id)
  }
  return snapshot
}

// MARK: - Steps

private enum SectionedStep: CustomStringConvertible {
  case appendSections([Int])
  case insertSections([Int], Int, after: Bool)
  case deleteSections([Int])
  case moveSection(Int, Int, after: Bool)
  case reloadSections([Int])
  case appendItems([Int], toSection: Int?)
  case insertItems([Int], Int, after: Bool)
  case deleteItems([Int])
  case deleteAllItems
  case moveItem(Int, Int, after: Bool)
  case reloadItems([Int])
  case reconfigureItems([Int])

  var description: String {
    switch self {
    case .appendSections(let ids): return "appendSections(\(ids))"
    case .insertSections(let ids, let destination, let after):
      return "insertSections(\(ids), \(after ? "after" : "before")Section: \(destination))"
    case .deleteSections(let ids): return "deleteSections(\(ids))"
    case .moveSection(let id, let destination, let after):
      return "moveSection(\(id), \(after ? "after" : "before")Section: \(destination))"
    case .reloadSections(let ids): return "reloadSections(\(ids))"
    case .appendItems(let items, let section):
      return "appendItems(\(items), toSection: \(section.map { "\($0)" } ?? "nil"))"
    case .insertItems(let items, let destination, let after):
      return "insertItems(\(items), \(after ? "after" : "before")Item: \(destination))"
    case .deleteItems(let items): return "deleteItems(\(items))"
    case .deleteAllItems: return "deleteAllItems()"
    case .moveItem(let item, let destination, let after):
      return "moveItem(\(item), \(after ? "after" : "before")Item: \(destination))"
    case .reloadItems(let items): return "reloadItems(\(items))"
    case .reconfigureItems(let items): return "reconfigureItems(\(items))"
    }
  }

  /// Performs the step on the real snapshot with the throwing methods.
  func run(on snapshot: inout IntSnapshot) -> IntSnapshotError? {
    do throws(IntSnapshotError) {
      switch self {
      case .appendSections(let ids): try snapshot.tryAppendSections(ids)
      case .insertSections(let ids, let destination, let after):
        if after {
          try snapshot.tryInsertSections(ids, afterSection: destination)
        } else {
          try snapshot.tryInsertSections(ids, beforeSection: destination)
        }
      case .deleteSections(let ids): snapshot.deleteSections(ids)
      case .moveSection(let id, let destination, let after):
        if after {
          try snapshot.tryMoveSection(id, afterSection: destination)
        } else {
          try snapshot.tryMoveSection(id, beforeSection: destination)
        }
      case .reloadSections(let ids): try snapshot.tryReloadSections(ids)
      case .appendItems(let items, let section):
        try snapshot.tryAppendItems(items, toSection: section)
      case .insertItems(let items, let destination, let after):
        if after {
          try snapshot.tryInsertItems(items, afterItem: destination)
        } else {
          try snapshot.tryInsertItems(items, beforeItem: destination)
        }
      case .deleteItems(let items): snapshot.deleteItems(items)
      case .deleteAllItems: snapshot.deleteAllItems()
      case .moveItem(let item, let destination, let after):
        if after {
          try snapshot.tryMoveItem(item, afterItem: destination)
        } else {
          try snapshot.tryMoveItem(item, beforeItem: destination)
        }
      case .reloadItems(let items): try snapshot.tryReloadItems(items)
      case .reconfigureItems(let items): try snapshot.tryReconfigureItems(items)
      }
      return nil
    } catch {
      return error
    }
  }
}

// MARK: - Generation

private let sectionIDCount = 8
private let itemIDCount = 30

/// Draws steps with the model alongside, so that most destinations exist and most new
/// identifiers are new; a tenth of the choices are arbitrary identifiers (usually misuse).
private struct SectionedStepSource {
  var model = SectionedModel()

  func pick(_ present: [Int], count: Int, _ generator: inout SeededGenerator) -> Int {
    if present.isEmpty || Int.random(in: 0..<10, using: &generator) == 0 {
      return Int.random(in: 0..<count, using: &generator)
    }
    return present.randomElement(using: &generator)!
  }

  func someSection(_ generator: inout SeededGenerator) -> Int {
    pick(model.sectionIDs, count: sectionIDCount, &generator)
  }

  func someItem(_ generator: inout SeededGenerator) -> Int {
    pick(model.items, count: itemIDCount, &generator)
  }

  func newSections(_ generator: inout SeededGenerator) -> [Int] {
    let absent = (0..<sectionIDCount).filter { model.sectionPosition($0) == nil }
    return (0..<Int.random(in: 0...3, using: &generator)).map { _ in
      pick(absent, count: sectionIDCount, &generator)
    }
  }

  func newItems(_ generator: inout SeededGenerator) -> [Int] {
    let absent = (0..<itemIDCount).filter { !model.contains($0) }
    return (0..<Int.random(in: 0...4, using: &generator)).map { _ in
      pick(absent, count: itemIDCount, &generator)
    }
  }

  func someSections(_ generator: inout SeededGenerator) -> [Int] {
    (0..<Int.random(in: 0...2, using: &generator)).map { _ in someSection(&generator) }
  }

  func someItems(_ generator: inout SeededGenerator) -> [Int] {
    (0..<Int.random(in: 0...3, using: &generator)).map { _ in someItem(&generator) }
  }

  mutating func next(_ generator: inout SeededGenerator) -> SectionedStep {
    let after = Bool.random(using: &generator)
    let step: SectionedStep
    var roll = Int.random(in: 0..<100, using: &generator)
    // Without sections or items most steps are refused: mostly add some instead.
    if model.sections.isEmpty && Bool.random(using: &generator) {
      roll = 0
    } else if model.items.isEmpty && Bool.random(using: &generator) {
      roll = 30
    }
    switch roll {
    case 0..<8: step = .appendSections(newSections(&generator))
    case 8..<14:
      step = .insertSections(newSections(&generator), someSection(&generator), after: after)
    case 14..<19: step = .deleteSections(someSections(&generator))
    case 19..<25:
      step = .moveSection(someSection(&generator), someSection(&generator), after: after)
    case 25..<30: step = .reloadSections(someSections(&generator))
    case 30..<50:
      let section: Int? =
        Int.random(in: 0..<4, using: &generator) == 0 ? nil : someSection(&generator)
      step = .appendItems(newItems(&generator), toSection: section)
    case 50..<60: step = .insertItems(newItems(&generator), someItem(&generator), after: after)
    case 60..<70: step = .deleteItems(someItems(&generator))
    case 70..<71: step = .deleteAllItems
    case 71..<85: step = .moveItem(someItem(&generator), someItem(&generator), after: after)
    case 85..<93: step = .reloadItems(someItems(&generator))
    default: step = .reconfigureItems(someItems(&generator))
    }
    _ = model.apply(step)
    return step
  }
}

private func generateSteps(_ generator: inout SeededGenerator) -> [SectionedStep] {
  var source = SectionedStepSource()
  let count = Int.random(in: 5...45, using: &generator)
  return (0..<count).map { _ in source.next(&generator) }
}

// MARK: - Checking

/// Compares every query of `snapshot` with the model; returns the first difference.
///
/// The errors of queries of absent sections, the description and equality with a rebuilt
/// snapshot are compared when `thorough`.
private func difference(_ snapshot: IntSnapshot, _ model: SectionedModel, thorough: Bool)
  -> String?
{
  let items = model.items
  if snapshot.sectionIdentifiers != model.sectionIDs {
    return "sectionIdentifiers \(snapshot.sectionIdentifiers), model \(model.sectionIDs)"
  }
  if snapshot.itemIdentifiers != items {
    return "itemIdentifiers \(snapshot.itemIdentifiers), model \(items)"
  }
  if snapshot.numberOfSections != model.sections.count || snapshot.numberOfItems != items.count {
    return "counts \(snapshot.numberOfSections) \(snapshot.numberOfItems)"
  }
  if let difference = markDifference(snapshot, model) { return difference }
  var sectionPresent = [Bool](repeating: false, count: sectionIDCount)
  var itemPresent = [Bool](repeating: false, count: itemIDCount)
  var index = 0
  for position in model.sections.indices {
    let section = model.sections[position]
    sectionPresent[section.id] = true
    let sectionItems = try? snapshot.tryItemIdentifiers(inSection: section.id)
    let count = try? snapshot.tryNumberOfItems(inSection: section.id)
    if snapshot.indexOfSection(section.id) != position || sectionItems != section.items
      || count != section.items.count
    {
      return "section \(section.id): index "
        + "\(String(describing: snapshot.indexOfSection(section.id))) items "
        + "\(String(describing: sectionItems)) count \(String(describing: count)); model "
        + "\(position) \(section.items)"
    }
    for item in section.items {
      itemPresent[item] = true
      if snapshot.indexOfItem(item) != index
        || snapshot.sectionIdentifier(containingItem: item) != section.id
      {
        return "item \(item): index \(String(describing: snapshot.indexOfItem(item))), section "
          + "\(String(describing: snapshot.sectionIdentifier(containingItem: item))); "
          + "model \(index), \(section.id)"
      }
      index += 1
    }
  }
  for item in 0..<itemIDCount where !itemPresent[item] {
    if snapshot.indexOfItem(item) != nil || snapshot.sectionIdentifier(containingItem: item) != nil
    {
      return "absent item \(item) is found"
    }
  }
  for id in 0..<sectionIDCount where !sectionPresent[id] && snapshot.indexOfSection(id) != nil {
    return "absent section \(id) is found"
  }
  guard thorough else { return nil }
  for id in 0..<sectionIDCount where !sectionPresent[id] {
    let countError = thrown { _ = try snapshot.tryNumberOfItems(inSection: id) }
    let itemsError = thrown { _ = try snapshot.tryItemIdentifiers(inSection: id) }
    if countError != IntSnapshotError(.numberOfItems, .unknownSection(id))
      || itemsError != IntSnapshotError(.itemIdentifiers, .unknownSection(id))
    {
      return "queries of absent section \(id) threw \(String(describing: countError)), "
        + "\(String(describing: itemsError))"
    }
  }
  if snapshot.description != model.description {
    return "description \(snapshot.description), model \(model.description)"
  }
  let rebuilt = makeSnapshot(model)
  if snapshot != rebuilt || rebuilt != snapshot {
    return "not == to a snapshot rebuilt from the model (without marks)"
  }
  return nil
}

private func markDifference(_ snapshot: IntSnapshot, _ model: SectionedModel) -> String? {
  if snapshot.reloadedSectionIdentifiers != model.reloadedSections {
    return "reloadedSectionIdentifiers \(snapshot.reloadedSectionIdentifiers), "
      + "model \(model.reloadedSections)"
  }
  if snapshot.reloadedItemIdentifiers != model.reloadedItems {
    return "reloadedItemIdentifiers \(snapshot.reloadedItemIdentifiers), "
      + "model \(model.reloadedItems)"
  }
  if snapshot.reconfiguredItemIdentifiers != model.reconfiguredItems {
    return "reconfiguredItemIdentifiers \(snapshot.reconfiguredItemIdentifiers), "
      + "model \(model.reconfiguredItems)"
  }
  return nil
}

/// The error `body` throws, or nil. (Closures do not infer typed throws yet.)
private func thrown(_ body: () throws -> Void) -> IntSnapshotError? {
  do {
    try body()
    return nil
  } catch {
    return error as? IntSnapshotError
  }
}

/// Counts what the runs went through, to check that the interesting paths were taken.
private struct SectionedRunStats {
  var steps = 0
  var errors = 0
  /// Steps after which the snapshot kept the arrays it was built from, and steps that dropped
  /// them.
  var keptArrays = 0
  var droppedArrays = 0
  /// Steps after which the snapshot kept those arrays cut into pieces by edits since.
  var keptPieces = 0
  /// Failing runs, shrinking included.
  var failures = 0

  /// Whether the counts mean anything: every case ran and passed.
  var isComplete: Bool {
    failures == 0 && PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") == nil
  }
}

/// Runs `steps` on a real snapshot and on the model; returns the first difference.
private func runAndCompare(
  _ steps: [SectionedStep], stats: inout SectionedRunStats, start: IntSnapshot = IntSnapshot()
) -> String? {
  let failure = firstDifference(steps, stats: &stats, start: start)
  if failure != nil { stats.failures += 1 }
  return failure
}

private func firstDifference(
  _ steps: [SectionedStep], stats: inout SectionedRunStats, start: IntSnapshot
) -> String? {
  var snapshot = start
  var model = SectionedModel()
  for (index, step) in steps.enumerated() {
    // A copy taken before every third step: an edit of a snapshot that nothing else holds
    // cuts its arrays into pieces, which an edit of a copy does not start.
    let before: IntSnapshot? = index % 3 == 0 ? snapshot : nil
    let keptBefore = snapshot.storage.builtLayout != nil
    let modelBefore = model
    let expected = model.apply(step)
    let actual = step.run(on: &snapshot)
    stats.steps += 1
    if snapshot.storage.builtPieces != nil { stats.keptPieces += 1 }
    if snapshot.storage.builtLayout != nil {
      stats.keptArrays += 1
    } else if keptBefore {
      stats.droppedArrays += 1
    }
    if actual != expected {
      return "step \(index) \(step): threw \(String(describing: actual)), "
        + "model expects \(String(describing: expected))"
    }
    if expected != nil {
      stats.errors += 1
      if let before, snapshot != before {
        return "step \(index) \(step): failed but changed the snapshot"
      }
    }
    // Printing, rebuilding and throwing cost most: every fourth step and at the end.
    let thorough = index % 4 == 3 || index == steps.count - 1
    if let difference = difference(snapshot, model, thorough: thorough) {
      return "after step \(index) \(step): \(difference)"
    }
    // A copy taken before the step still shows the state before it.
    if let before,
      before.sectionIdentifiers != modelBefore.sectionIDs
        || before.itemIdentifiers != modelBefore.items
    {
      return "after step \(index) \(step): the copy taken before the step changed"
    }
    if let before, let difference = markDifference(before, modelBefore) {
      return "after step \(index) \(step): the copy taken before the step changed: \(difference)"
    }
    if let violation = snapshot._invariantViolation() {
      return "after step \(index) \(step): invariant broken: \(violation)"
    }
  }
  return nil
}

@Suite struct SnapshotPropertyTests {
  @Test func randomSequencesMatchTheModel() {
    var stats = SectionedRunStats()
    checkProperty(
      "sectioned snapshot matches the model", count: 1000, base: 0x5EC7_10ED,
      generate: { generateSteps(&$0) },
      check: { runAndCompare($0, stats: &stats) })
    // The runs went through successes and refusals alike.
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(10_000))
    #expect(stats.errors >= stats.steps / 10)
    #expect(stats.errors <= stats.steps / 2)
    // Snapshots built by appends kept their arrays, and edits dropped them.
    #expect(stats.keptArrays >= stats.steps / 20)
    #expect(stats.droppedArrays >= PropertySeeds.scaled(200))
    #expect(stats.keptPieces >= stats.steps / 20)
  }

  /// The same on storage with nodes of 2 to 4 entries and buckets of 2 pairs, so that the
  /// snapshot's tree splits, merges and relabels and its trie bursts with a few items.
  @Test func randomSequencesMatchTheModelOnSmallNodes() {
    var stats = SectionedRunStats()
    checkProperty(
      "sectioned snapshot on small nodes matches the model", count: 500, base: 0x5EC7_2B0D,
      generate: { generateSteps(&$0) },
      check: { runAndCompare($0, stats: &stats, start: IntSnapshot(base: 2, bucketCapacity: 2)) })
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(5_000))
    #expect(stats.errors >= stats.steps / 10)
  }

  @Test func theModelAgreesWithHandWrittenExpectations() {
    var model = SectionedModel()
    #expect(
      model.apply(.appendItems([1], toSection: nil)) == IntSnapshotError(.appendItems, .noSections))
    #expect(model.apply(.appendSections([1, 3])) == nil)
    #expect(model.apply(.insertSections([2], 3, after: false)) == nil)
    #expect(model.sectionIDs == [1, 2, 3])
    #expect(model.apply(.appendItems([10, 11], toSection: nil)) == nil)
    #expect(model.apply(.appendItems([12], toSection: 1)) == nil)
    #expect(
      model.apply(.insertItems([13, 10], 10, after: true))
        == IntSnapshotError(.insertItemsAfter, .destinationInInsertedItems(10)))
    #expect(model.apply(.moveItem(12, 11, after: true)) == nil)
    #expect(model.sections.map(\.items) == [[], [], [10, 11, 12]])
    #expect(model.apply(.reloadItems([11, 10])) == nil)
    #expect(model.apply(.deleteSections([3])) == nil)
    #expect(model.reloadedItems == [])
    #expect(model.description == "DiffableDataSourceSnapshot(1: []; 2: [])")
    #expect(makeSnapshot(model).description == model.description)
  }
}

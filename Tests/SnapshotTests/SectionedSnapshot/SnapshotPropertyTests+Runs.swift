import Testing

@testable import Snapshot

// The random sequences: drawn, run on a real snapshot and on the model, and compared.

private typealias IntSnapshot = DiffableDataSourceSnapshot<Int, Int>

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

extension SnapshotPropertyTests {
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
}

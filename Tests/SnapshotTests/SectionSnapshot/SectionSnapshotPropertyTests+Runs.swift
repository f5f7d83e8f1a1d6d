import Testing

@testable import Snapshot

// The random sequences run on a real snapshot and on the model, compared after every step.

// MARK: - Checking

/// Compares every query of `snapshot` with the model; returns the first difference.
///
/// The errors of queries of an absent item, the printed outline and equality with a rebuilt
/// snapshot are compared when `thorough`.
private func difference(
  _ snapshot: IntOutline, _ model: OutlineModel, idCount: Int, thorough: Bool
) -> String? {
  let derived = model.derived()
  var visibleItems: [Int] = []
  for position in model.nodes.indices where derived.visible[position] {
    visibleItems.append(model.nodes[position].item)
  }
  if snapshot.items != model.items { return "items \(snapshot.items), model \(model.items)" }
  if snapshot.rootItems != model.rootItems {
    return "rootItems \(snapshot.rootItems), model \(model.rootItems)"
  }
  if snapshot.visibleItems != visibleItems {
    return "visibleItems \(snapshot.visibleItems), model \(visibleItems)"
  }
  if snapshot.expandedItems != model.expandedItems {
    return "expandedItems \(snapshot.expandedItems), model \(model.expandedItems)"
  }
  if snapshot.count != model.nodes.count || snapshot.isEmpty != model.nodes.isEmpty {
    return "count \(snapshot.count), model \(model.nodes.count)"
  }
  var present = [Bool](repeating: false, count: idCount)
  for position in model.nodes.indices {
    let node = model.nodes[position]
    present[node.item] = true
    let parent = derived.parents[position].map { model.nodes[$0].item }
    let agrees: Bool
    do {
      agrees =
        try snapshot.index(of: node.item) == position
        && snapshot.tryLevel(of: node.item) == node.level
        && snapshot.tryParent(of: node.item) == parent
        && snapshot.tryChildren(of: node.item) == derived.children[position]
        && snapshot.tryIsExpanded(node.item) == node.expanded
        && snapshot.tryIsVisible(node.item) == derived.visible[position]
        && (!thorough || snapshot.contains(node.item))
    } catch {
      agrees = false
    }
    if agrees { continue }
    let item = node.item
    let actual =
      "index \(result { snapshot.index(of: item) }) "
      + "level \(result { try snapshot.tryLevel(of: item) }) "
      + "parent \(result { try snapshot.tryParent(of: item) }) "
      + "children \(result { try snapshot.tryChildren(of: item) }) "
      + "expanded \(result { try snapshot.tryIsExpanded(item) }) "
      + "visible \(result { try snapshot.tryIsVisible(item) }) "
      + "contains \(snapshot.contains(item))"
    let expected =
      "index \(result { Optional(position) }) "
      + "level \(result { node.level }) "
      + "parent \(result { parent }) "
      + "children \(result { derived.children[position] }) "
      + "expanded \(result { node.expanded }) "
      + "visible \(result { derived.visible[position] }) "
      + "contains true"
    return "item \(item): \(actual); model: \(expected)"
  }
  var firstAbsent: Int?
  for item in 0..<idCount where !present[item] {
    if snapshot.contains(item) || snapshot.index(of: item) != nil {
      return "absent item \(item) is found"
    }
    if firstAbsent == nil { firstAbsent = item }
  }
  guard thorough else { return nil }
  if let item = firstAbsent {
    let errors: [(IntOutlineError?, IntOutlineError.Operation)] = [
      (thrown { _ = try snapshot.tryLevel(of: item) }, .level),
      (thrown { _ = try snapshot.tryParent(of: item) }, .parent),
      (thrown { _ = try snapshot.tryChildren(of: item) }, .children),
      (thrown { _ = try snapshot.tryIsExpanded(item) }, .isExpanded),
      (thrown { _ = try snapshot.tryIsVisible(item) }, .isVisible),
    ]
    for (error, operation) in errors where error != IntOutlineError(operation, .unknownItem(item)) {
      return "\(operation.rawValue) of absent item \(item) threw \(String(describing: error))"
    }
  }
  let printed = snapshot.visualDescription()
  let expectedPrinted = model.visualDescription()
  if printed != expectedPrinted {
    return "visualDescription\n\(printed)\nmodel\n\(expectedPrinted)"
  }
  let rebuilt = makeSnapshot(model.nodes)
  if snapshot != rebuilt || rebuilt != snapshot {
    return "not == to a snapshot rebuilt from the model"
  }
  return nil
}

/// What `body` returns, or the error it throws, as text.
private func result<Value>(_ body: () throws -> Value) -> String {
  do {
    return String(describing: try body())
  } catch {
    return "threw \(error)"
  }
}

/// The error `body` throws, or nil. (Closures do not infer typed throws yet.)
private func thrown(_ body: () throws -> Void) -> IntOutlineError? {
  do {
    try body()
    return nil
  } catch {
    return error as? IntOutlineError
  }
}

/// Counts what the runs went through, to check that the interesting paths were taken.
private struct OutlineRunStats {
  var steps = 0
  var errors = 0
  /// Deletes and replacements that lowered the storage tree (nodes merged up to the root).
  var merges = 0
  /// Failing runs, shrinking included.
  var failures = 0

  /// Whether the counts mean anything: every case ran and passed.
  var isComplete: Bool {
    failures == 0 && PropertySeeds.environmentValue("SNAPSHOT_PROPERTY_SEED") == nil
  }
}

/// Runs `steps` on a real snapshot and on the model; returns the first difference.
private func runAndCompare(_ steps: [OutlineStep], idCount: Int, stats: inout OutlineRunStats)
  -> String?
{
  let failure = firstDifference(steps, idCount: idCount, stats: &stats)
  if failure != nil { stats.failures += 1 }
  return failure
}

private func firstDifference(
  _ steps: [OutlineStep], idCount: Int, stats: inout OutlineRunStats
) -> String? {
  // Nodes of 2 to 4 entries and buckets of 2, so that a few dozen items split and merge
  // nodes and burst buckets on every path.
  var snapshot = IntOutline(base: 2, bucketCapacity: 2)
  var model = OutlineModel()
  for (index, step) in steps.enumerated() {
    let before = snapshot
    let modelBefore = model
    let heightBefore = snapshot.list.tree.height
    let expected = model.apply(step)
    let actual = step.run(on: &snapshot)
    stats.steps += 1
    if actual != expected {
      return "step \(index) \(step): threw \(String(describing: actual)), "
        + "model expects \(String(describing: expected))"
    }
    if expected != nil {
      stats.errors += 1
      if snapshot != before { return "step \(index) \(step): failed but changed the snapshot" }
    }
    // Printing, rebuilding and throwing cost most: every fourth step and at the end.
    let thorough = index % 4 == 3 || index == steps.count - 1
    if let difference = difference(snapshot, model, idCount: idCount, thorough: thorough) {
      return "after step \(index) \(step): \(difference)"
    }
    // A copy taken before the step still shows the state before it.
    if before.items != modelBefore.items || before.expandedItems != modelBefore.expandedItems
      || before.rootItems != modelBefore.rootItems
    {
      return "after step \(index) \(step): the copy taken before the step changed"
    }
    let heightAfter = snapshot.list.tree.height
    if case .delete = step, heightAfter < heightBefore { stats.merges += 1 }
    if case .replace = step, heightAfter < heightBefore { stats.merges += 1 }
    if let violation = snapshot._invariantViolation() {
      return "after step \(index) \(step): invariant broken: \(violation)"
    }
  }
  return nil
}

extension SectionSnapshotPropertyTests {
  @Test func randomSequencesMatchTheModel() {
    var stats = OutlineRunStats()
    let profile = OutlineProfile.standard
    checkProperty(
      "section snapshot matches the model", count: 1000, base: 0x5EC7_0003,
      generate: { generateSteps(profile, &$0) },
      check: { runAndCompare($0, idCount: profile.idCount, stats: &stats) })
    // The runs went through successes and refusals alike.
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(10_000))
    #expect(stats.errors >= stats.steps / 10)
    #expect(stats.errors <= stats.steps / 2)
  }

  @Test func longSequencesMergeNodes() {
    var stats = OutlineRunStats()
    let profile = OutlineProfile.churn
    checkProperty(
      "long section snapshot runs match the model", count: 12, base: 0xC0_4AC7,
      generate: { generateSteps(profile, &$0) },
      check: { runAndCompare($0, idCount: profile.idCount, stats: &stats) })
    guard stats.isComplete else { return }
    #expect(stats.steps >= PropertySeeds.scaled(2_000))
    #expect(stats.merges >= PropertySeeds.scaled(5))
  }
}

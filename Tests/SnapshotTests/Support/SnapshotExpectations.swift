import Testing

@testable import Snapshot

// Shared helpers for the snapshot tests: fixtures, full-state fingerprints, and the
// "refused, and left exactly as it was" check used by the misuse tests.

typealias Outline = DiffableDataSourceSectionSnapshot<String>
typealias OutlineError = SectionSnapshotError<String>
typealias Sectioned = DiffableDataSourceSnapshot<String, String>
typealias SectionedError = SnapshotError<String, String>

// MARK: - Section snapshot

/// The outline most section snapshot tests start from, nothing expanded:
///
/// ```
/// A
///   A1
///     A1a
///     A1b
///   A2
/// B
///   B1
/// C
/// ```
func makeFixtureOutline() -> Outline {
  var outline = Outline()
  outline.append(["A", "B", "C"])
  outline.append(["A1", "A2"], to: "A")
  outline.append(["A1a", "A1b"], to: "A1")
  outline.append(["B1"], to: "B")
  return outline
}

/// Builds a section snapshot from `(item, parent)` pairs, appended in order, then expands
/// `expanded`.
func makeOutline(_ pairs: [(String, String?)], expanded: [String] = []) -> Outline {
  var outline = Outline()
  for (item, parent) in pairs { outline.append([item], to: parent) }
  outline.expand(expanded)
  return outline
}

/// One line per item with everything the queries say about it, so that two snapshots with
/// equal fingerprints answer every query alike.
func fingerprint<Item>(_ snapshot: DiffableDataSourceSectionSnapshot<Item>) -> [String] {
  snapshot.items.map { item in
    let parent = snapshot.parent(of: item).map { "\($0)" } ?? "nil"
    return
      "\(item) index=\(snapshot.index(of: item).map { "\($0)" } ?? "nil") "
      + "level=\(snapshot.level(of: item)) parent=\(parent) "
      + "expanded=\(snapshot.isExpanded(item)) visible=\(snapshot.isVisible(item)) "
      + "children=\(snapshot.children(of: item))"
  }
}

/// Expects `actual` to be indistinguishable from `expected`, through `==` and through every
/// query, and checks `actual`'s invariants. Returns whether every comparison held.
@discardableResult
func expectSameOutline<Item>(
  _ actual: DiffableDataSourceSectionSnapshot<Item>,
  _ expected: DiffableDataSourceSectionSnapshot<Item>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  actual._checkInvariants()
  let checks = [
    actual == expected, actual.items == expected.items,
    actual.rootItems == expected.rootItems, actual.visibleItems == expected.visibleItems,
    actual.expandedItems == expected.expandedItems, actual.count == expected.count,
    actual.visualDescription() == expected.visualDescription(),
    fingerprint(actual) == fingerprint(expected),
  ]
  #expect(actual == expected, sourceLocation: sourceLocation)
  #expect(actual.items == expected.items, sourceLocation: sourceLocation)
  #expect(actual.rootItems == expected.rootItems, sourceLocation: sourceLocation)
  #expect(actual.visibleItems == expected.visibleItems, sourceLocation: sourceLocation)
  #expect(actual.expandedItems == expected.expandedItems, sourceLocation: sourceLocation)
  #expect(actual.count == expected.count, sourceLocation: sourceLocation)
  #expect(
    actual.visualDescription() == expected.visualDescription(), sourceLocation: sourceLocation)
  #expect(fingerprint(actual) == fingerprint(expected), sourceLocation: sourceLocation)
  actual._checkInvariants()
  return !checks.contains(false)
}

/// Whether `body` throws exactly `expected` and leaves the snapshot exactly as it was; each
/// check that fails is also recorded where it failed. A test states it: `#expect(refuses(…))`.
///
/// The body runs twice: on a snapshot that owns its storage (the failed operation must undo
/// in place) and on a copy sharing storage with the original (the failed operation must
/// not touch the original either).
func refuses<Item>(
  _ expected: SectionSnapshotError<Item>,
  from make: () -> DiffableDataSourceSectionSnapshot<Item>,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (inout DiffableDataSourceSectionSnapshot<Item>) throws -> Void
) -> Bool {
  let reference = make()
  var unique = make()
  let uniqueRefused = expectThrows(expected, sourceLocation: sourceLocation) {
    try body(&unique)
  }
  let uniqueKept = expectSameOutline(unique, reference, sourceLocation: sourceLocation)

  let original = make()
  var shared = original
  let sharedRefused = expectThrows(expected, sourceLocation: sourceLocation) {
    try body(&shared)
  }
  let sharedKept = expectSameOutline(shared, reference, sourceLocation: sourceLocation)
  let originalKept = expectSameOutline(original, reference, sourceLocation: sourceLocation)
  return uniqueRefused && uniqueKept && sharedRefused && sharedKept && originalKept
}

/// Expects `body` to throw exactly `expected`, with a description naming the operation.
/// Returns whether it did.
@discardableResult
func expectThrows<Item>(
  _ expected: SectionSnapshotError<Item>,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> Bool {
  do {
    try body()
    Issue.record("Expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    return false
  } catch let error as SectionSnapshotError<Item> {
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error.operation == expected.operation, sourceLocation: sourceLocation)
    #expect(error.reason == expected.reason, sourceLocation: sourceLocation)
    #expect(
      error.description.hasPrefix(
        "DiffableDataSourceSectionSnapshot.\(expected.operation.rawValue): "),
      sourceLocation: sourceLocation)
    return error == expected
      && error.description.hasPrefix(
        "DiffableDataSourceSectionSnapshot.\(expected.operation.rawValue): ")
  } catch {
    Issue.record("Expected \(expected), got \(error)", sourceLocation: sourceLocation)
    return false
  }
}

// MARK: - Sectioned snapshot

/// The sectioned snapshot most tests start from: sections S1 [a, b, c], S2 [], S3 [d, e].
func makeFixtureSnapshot() -> Sectioned {
  var snapshot = Sectioned()
  snapshot.appendSections(["S1", "S2", "S3"])
  snapshot.appendItems(["a", "b", "c"], toSection: "S1")
  snapshot.appendItems(["d", "e"], toSection: "S3")
  return snapshot
}

/// Everything the queries say about a sectioned snapshot, marks included.
func fingerprint<Section, Item>(_ snapshot: DiffableDataSourceSnapshot<Section, Item>)
  -> [String]
{
  var lines = [
    "sections=\(snapshot.sectionIdentifiers) items=\(snapshot.itemIdentifiers)",
    "numberOfSections=\(snapshot.numberOfSections) numberOfItems=\(snapshot.numberOfItems)",
    "reloadedSections=\(snapshot.reloadedSectionIdentifiers)",
    "reloadedItems=\(snapshot.reloadedItemIdentifiers)",
    "reconfiguredItems=\(snapshot.reconfiguredItemIdentifiers)",
  ]
  for section in snapshot.sectionIdentifiers {
    lines.append(
      "section \(section) index=\(snapshot.indexOfSection(section).map { "\($0)" } ?? "nil") "
        + "items=\(snapshot.itemIdentifiers(inSection: section)) "
        + "count=\(snapshot.numberOfItems(inSection: section))")
  }
  for item in snapshot.itemIdentifiers {
    let section = snapshot.sectionIdentifier(containingItem: item).map { "\($0)" } ?? "nil"
    lines.append(
      "item \(item) index=\(snapshot.indexOfItem(item).map { "\($0)" } ?? "nil") "
        + "section=\(section)")
  }
  return lines
}

/// Expects `actual` to be indistinguishable from `expected` (marks included), and checks
/// `actual`'s invariants. Returns whether every comparison held.
@discardableResult
func expectSameSnapshot<Section, Item>(
  _ actual: DiffableDataSourceSnapshot<Section, Item>,
  _ expected: DiffableDataSourceSnapshot<Section, Item>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  actual._checkInvariants()
  #expect(actual == expected, sourceLocation: sourceLocation)
  #expect(fingerprint(actual) == fingerprint(expected), sourceLocation: sourceLocation)
  #expect(actual.description == expected.description, sourceLocation: sourceLocation)
  return actual == expected && fingerprint(actual) == fingerprint(expected)
    && actual.description == expected.description
}

/// Whether `body` throws exactly `expected` and leaves the snapshot exactly as it was, both
/// when the snapshot owns its storage and when it shares it with a copy; each check that
/// fails is also recorded where it failed. A test states it: `#expect(refuses(…))`.
func refuses<Section, Item>(
  _ expected: SnapshotError<Section, Item>,
  from make: () -> DiffableDataSourceSnapshot<Section, Item>,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (inout DiffableDataSourceSnapshot<Section, Item>) throws -> Void
) -> Bool {
  let reference = make()
  var unique = make()
  let uniqueRefused = expectThrows(expected, sourceLocation: sourceLocation) {
    try body(&unique)
  }
  let uniqueKept = expectSameSnapshot(unique, reference, sourceLocation: sourceLocation)

  let original = make()
  var shared = original
  let sharedRefused = expectThrows(expected, sourceLocation: sourceLocation) {
    try body(&shared)
  }
  let sharedKept = expectSameSnapshot(shared, reference, sourceLocation: sourceLocation)
  let originalKept = expectSameSnapshot(original, reference, sourceLocation: sourceLocation)
  return uniqueRefused && uniqueKept && sharedRefused && sharedKept && originalKept
}

/// Expects `body` to throw exactly `expected`, with a description naming the operation.
/// Returns whether it did.
@discardableResult
func expectThrows<Section, Item>(
  _ expected: SnapshotError<Section, Item>,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> Bool {
  do {
    try body()
    Issue.record("Expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    return false
  } catch let error as SnapshotError<Section, Item> {
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error.operation == expected.operation, sourceLocation: sourceLocation)
    #expect(error.reason == expected.reason, sourceLocation: sourceLocation)
    #expect(
      error.description.hasPrefix("DiffableDataSourceSnapshot.\(expected.operation.rawValue): "),
      sourceLocation: sourceLocation)
    return error == expected
      && error.description.hasPrefix("DiffableDataSourceSnapshot.\(expected.operation.rawValue): ")
  } catch {
    Issue.record("Expected \(expected), got \(error)", sourceLocation: sourceLocation)
    return false
  }
}

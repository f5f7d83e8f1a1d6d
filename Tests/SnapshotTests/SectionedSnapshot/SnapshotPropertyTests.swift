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
typealias IntSnapshotError = SnapshotError<Int, Int>

// MARK: - The model

struct ModelSection {
  var id: Int
  var items: [Int]
}

/// A sectioned snapshot as the plainest possible data.
struct SectionedModel {
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
func makeSnapshot(_ model: SectionedModel) -> DiffableDataSourceSnapshot<Int, Int> {
  var snapshot = IntSnapshot()
  for section in model.sections {
    snapshot.appendSections([section.id])
    snapshot.appendItems(section.items, toSection: section.id)
  }
  return snapshot
}

// MARK: - Steps

enum SectionedStep: CustomStringConvertible {
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
  func run(on snapshot: inout DiffableDataSourceSnapshot<Int, Int>) -> IntSnapshotError? {
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

@Suite struct SnapshotPropertyTests {
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

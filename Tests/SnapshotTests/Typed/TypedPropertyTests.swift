import Foundation
import Testing

@testable import Snapshot

/// Builder, key-path and imperative construction agree, and Codable round-trips, on random
/// trees (seeded; replay a failure with SNAPSHOT_PROPERTY_SEED).
@Suite("Typed outlines: properties on random trees")
struct TypedPropertyTests {
  @Test func builderKeyPathAndImperativeAgree() {
    var checked = 0
    checkProperty(
      "builder == key path == imperative", count: 400, base: 0x7EED_0001,
      generate: { TreeStep.generate(&$0) },
      check: { steps in
        checked += 1
        let forest = RandomForest(steps)
        let expected = forest.imperative
        let built = DiffableDataSourceSectionSnapshot { declareForest(forest.roots) }
        let identifiable = DiffableDataSourceSectionSnapshot(
          forest.roots, children: \.children, isExpanded: \.expanded)
        let byName = DiffableDataSourceSectionSnapshot(
          forest.roots, id: \.name, children: \.children, isExpanded: \.expanded)
        for snapshot in [built, identifiable] { snapshot._checkInvariants() }
        byName._checkInvariants()
        if built != expected { return "builder:\n\(built)\nexpected:\n\(expected)" }
        if identifiable != expected { return "Identifiable:\n\(identifiable)\n\(expected)" }
        if byName.items != expected.items.map({ "n\($0)" }) { return "id: items differ" }
        if byName.expandedItems != expected.expandedItems.map({ "n\($0)" }) {
          return "id: expansion differs"
        }
        let forestOrder = forest.depthFirst
        if expected.items != forestOrder.map(\.node.id) { return "imperative order differs" }
        for (node, parent) in forestOrder where built.parent(of: node.id) != parent {
          return "parent of \(node.id)"
        }
        let redeclared = DiffableDataSourceSectionSnapshot { built.snapshotItems }
        if redeclared != built { return "snapshotItems does not round-trip" }
        let embedded = DiffableDataSourceSectionSnapshot<Int> { built }
        if embedded != built { return "embedding a snapshot does not round-trip" }
        return nil
      })
    #expect(checked >= PropertySeeds.scaled(400))
  }

  @Test func sectionedBuildersKeyPathsAndImperativeAgree() {
    var checked = 0
    checkProperty(
      "sectioned: builder == key path == imperative", count: 300, base: 0x7EED_0002,
      generate: { TreeStep.generate(&$0, maxNodes: 40, sections: 4) },
      check: { steps in
        checked += 1
        let sections = RandomSections(steps).sections
        // Imperative: sections, then each section's tree.
        var outline = SectionedOutline<Int, Int>()
        var flat = DiffableDataSourceSnapshot<Int, Int>()
        flat.appendSections(sections.map(\.id))
        for (id, forest) in sections {
          outline.setSnapshot(forest.imperative, for: id)
          flat.appendItems(forest.imperative.items, toSection: id)
        }
        let declared = SectionedOutline<Int, Int> {
          for (id, forest) in sections {
            SnapshotSection(id) { declareForest(forest.roots) }
          }
        }
        let keyed = SectionedOutline(
          sections.map(RandomSection.init), items: \.roots, children: \.children,
          isExpanded: \.expanded)
        let declaredFlat = DiffableDataSourceSnapshot<Int, Int> {
          for (id, forest) in sections {
            SnapshotSection(id) { declareForest(forest.roots) }
          }
        }
        let keyedFlat = DiffableDataSourceSnapshot(
          sections.map(RandomSection.init), items: \.flattened)
        declaredFlat._checkInvariants()
        keyedFlat._checkInvariants()
        for built in [outline, declared, keyed] {
          if let violation = built._invariantViolation() { return "outline: \(violation)" }
        }
        if declared != outline { return "builder outline:\n\(declared)\nexpected:\n\(outline)" }
        if keyed != outline { return "key-path outline:\n\(keyed)\nexpected:\n\(outline)" }
        if declaredFlat != flat { return "builder snapshot \(declaredFlat) != \(flat)" }
        if keyedFlat != flat { return "key-path snapshot \(keyedFlat) != \(flat)" }
        if outline.snapshot != flat { return "outline.snapshot \(outline.snapshot) != \(flat)" }
        var visible = DiffableDataSourceSnapshot<Int, Int>()
        for (id, forest) in sections {
          visible.appendSections([id])
          visible.appendItems(forest.imperative.visibleItems)
        }
        if outline.visibleSnapshot != visible { return "visibleSnapshot differs" }
        return nil
      })
    #expect(checked >= PropertySeeds.scaled(300))
  }

  @Test func codableRoundTrips() throws {
    var checked = 0
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let decoder = JSONDecoder()
    checkProperty(
      "Codable round trip", count: 300, base: 0x7EED_0003,
      generate: { TreeStep.generate(&$0, maxNodes: 30, sections: 3) },
      check: { steps in
        checked += 1
        do {
          let sections = RandomSections(steps).sections
          let outline = SectionedOutline(
            sections.map(RandomSection.init), items: \.roots, children: \.children,
            isExpanded: \.expanded)
          let outlineData = try encoder.encode(outline)
          let outlineBack = try decoder.decode(SectionedOutline<Int, Int>.self, from: outlineData)
          if let violation = outlineBack._invariantViolation() { return "decoded: \(violation)" }
          if outlineBack != outline { return "outline:\n\(outlineBack)\nexpected:\n\(outline)" }
          if try encoder.encode(outlineBack) != outlineData { return "outline not canonical" }
          for (_, tree) in zip(outline.sectionIdentifiers, sections.map(\.forest.imperative)) {
            let data = try encoder.encode(tree)
            let back = try decoder.decode(DiffableDataSourceSectionSnapshot<Int>.self, from: data)
            back._checkInvariants()
            if back != tree { return "section snapshot:\n\(back)\nexpected:\n\(tree)" }
            if back.expandedItems != tree.expandedItems { return "expansion lost" }
          }
          var flat = outline.snapshot
          flat.reloadItems(Array(flat.itemIdentifiers.prefix(2)))
          flat.reloadSections(Array(flat.sectionIdentifiers.prefix(1)))
          let flatData = try encoder.encode(flat)
          let flatBack = try decoder.decode(
            DiffableDataSourceSnapshot<Int, Int>.self, from: flatData)
          flatBack._checkInvariants()
          if flatBack != flat { return "sectioned: \(flatBack) != \(flat)" }
          if !flatBack.reloadedItemIdentifiers.isEmpty
            || !flatBack.reloadedSectionIdentifiers
              .isEmpty
          {
            return "reload marks must not round-trip"
          }
          return nil
        } catch {
          return "threw \(error)"
        }
      })
    #expect(checked >= PropertySeeds.scaled(300))
  }

  /// Decoding arbitrary columns never stops the program: it either throws a DecodingError
  /// or yields a valid snapshot that encodes back to exactly the same columns (the format is
  /// canonical).
  @Test func decodingRandomColumnsNeverTraps() throws {
    var decoded = 0
    var refused = 0
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var generator = SeededGenerator(seed: 0x7EED_0004)
    for _ in 0..<1_000 {
      let count = Int.random(in: 0...8, using: &generator)
      let items = (0..<count).map { _ in Int.random(in: 0..<10, using: &generator) }
      let levels = (0..<(count + (Int.random(in: 0..<20, using: &generator) == 0 ? 1 : 0))).map {
        _ in Int.random(in: -1...2, using: &generator)
      }
      let expanded = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        Int.random(in: -1...8, using: &generator)
      }
      let columns = Columns(items: items, levels: levels, expanded: expanded)
      let data = try encoder.encode(columns)
      do {
        let snapshot = try JSONDecoder().decode(
          DiffableDataSourceSectionSnapshot<Int>.self, from: data)
        snapshot._checkInvariants()
        #expect(try encoder.encode(snapshot) == data)
        decoded += 1
      } catch let error as DecodingError {
        guard case .dataCorrupted(let context) = error else {
          Issue.record("unexpected \(error)")
          continue
        }
        #expect(!context.codingPath.isEmpty)
        #expect(!context.debugDescription.isEmpty)
        refused += 1
      }
    }
    #expect(decoded > 50)
    #expect(refused > 50)
  }
}

/// The three columns of the section snapshot's wire format, for writing test input.
private struct Columns<Item: Codable>: Codable {
  var items: [Item]
  var levels: [Int]
  var expanded: [Int]
}

/// One random section as app data.
private struct RandomSection: Identifiable {
  var id: Int
  var roots: [RandomNode]

  init(_ section: (id: Int, forest: RandomForest)) {
    id = section.id
    roots = section.forest.roots
  }

  /// Every node, depth-first (for the flat sectioned snapshot).
  var flattened: [RandomNode] { RandomForest.flatten(roots) }
}

extension RandomForest {
  static func flatten(_ nodes: [RandomNode]) -> [RandomNode] {
    nodes.flatMap { [$0] + flatten($0.children ?? []) }
  }
}

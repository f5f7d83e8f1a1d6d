import Testing

@testable import Snapshot

/// Duplicates in either layout: a typed error naming each of them, never a crash or a batch.
@Suite struct DuplicateIdentifierTests {
  func error(_ old: Layout, _ new: Layout) -> DuplicateIdentifierError<Int, Int>? {
    do {
      _ = try BatchUpdate(from: old, to: new)
    } catch {
      // The staged form reports the same.
      do {
        _ = try StagedBatchUpdate(from: old, to: new)
        return nil
      } catch let staged {
        return staged == error ? error : nil
      }
    }
    return nil
  }

  @Test func namesDuplicateItemsOfTheOldLayout() {
    #expect(
      error(layout([(0, [1, 1, 2])]), layout([(0, [2])]))
        == DuplicateIdentifierError(oldItems: [1]))
    // Across sections.
    #expect(
      error(layout([(0, [1]), (1, [2, 1])]), layout([]))
        == DuplicateIdentifierError(oldItems: [1]))
  }

  @Test func namesDuplicateItemsOfTheNewLayout() {
    // An item that continues, repeated.
    #expect(
      error(layout([(0, [1, 2])]), layout([(0, [1, 2, 1])]))
        == DuplicateIdentifierError(newItems: [1]))
    // A new item, repeated.
    #expect(
      error(layout([(0, [1])]), layout([(0, [7, 1, 7])]))
        == DuplicateIdentifierError(newItems: [7]))
    // Repeated inside an inserted section, and across sections.
    #expect(
      error(layout([(0, [1])]), layout([(0, [1]), (1, [1, 8, 8])]))
        == DuplicateIdentifierError(newItems: [1, 8]))
  }

  @Test func findsDuplicatesInsideMatchedPrefixesAndEqualLayouts() {
    // Equal layouts are matched by position: the duplicates are still found.
    let repeated = layout([(0, [1, 2, 1])])
    #expect(error(repeated, repeated) == DuplicateIdentifierError(oldItems: [1], newItems: [1]))
    // A duplicate hidden in a common suffix.
    #expect(
      error(layout([(0, [5, 1, 2, 3])]), layout([(0, [6, 1, 2, 3]), (1, [3])]))
        == DuplicateIdentifierError(newItems: [3]))
  }

  @Test func namesDuplicateSections() {
    #expect(
      error(layout([(0, []), (0, [])]), layout([(0, [])]))
        == DuplicateIdentifierError(oldSections: [0]))
    #expect(
      error(layout([(0, [])]), layout([(1, []), (0, []), (1, [])]))
        == DuplicateIdentifierError(newSections: [1]))
  }

  @Test func namesEveryDuplicateOnceInOrder() {
    let found = error(
      layout([(0, [3, 1, 3, 2, 1, 3]), (1, [2])]), layout([(0, [9, 9]), (0, [])]))
    #expect(
      found == DuplicateIdentifierError(oldItems: [3, 1, 2], newSections: [0], newItems: [9]))
    #expect(found?.description.contains("old items [3, 1, 2]") == true)
  }

  @Test func namesDuplicatesInOrderOfFirstAppearance() {
    // 1 appears before 2, though 2 is repeated first.
    #expect(
      error(layout([(0, [3, 1, 2, 2, 2, 1, 0])]), layout([]))
        == DuplicateIdentifierError(oldItems: [1, 2]))
    #expect(
      error(layout([]), layout([(5, [3, 1, 2]), (6, [2, 2, 1, 0])]))
        == DuplicateIdentifierError(newItems: [1, 2]))
    #expect(
      error(layout([(3, []), (1, []), (2, []), (2, []), (1, [])]), layout([]))
        == DuplicateIdentifierError(oldSections: [1, 2]))
    #expect(
      DuplicateIdentifierError<Int, Int>(old: layout([(0, [3, 1, 2, 2, 2, 1, 0])]), new: [])
        .oldItems == [1, 2])
  }

  @Test func sectionAndItemIdentifiersAreSeparateSpaces() throws {
    // Section 1 and item 1 coexist.
    let batch = try BatchUpdate(from: layout([(1, [1])]), to: layout([(1, [1, 2])]))
    #expect(batch.insertedItems == [ListIndexPath(item: 1, section: 0)])
  }

  @Test func randomDuplicatesAreAllNamed() {
    var cases = 0
    checkProperty(
      "duplicates are named", count: 500, base: 0xD0B1_0001,
      generate: { g in
        cases += 1
        var steps = LayoutCaseGenerator(maxSections: 4, maxItems: 6, maxSteps: 6).generate(&g)
        // Appended last, so shrinking keeps the duplication while it can.
        steps.append(.initialSection(items: 1))
        return steps
      },
      check: { steps in
        var pair = LayoutCase(steps)
        // Copy an item into another place of one side, by a rule derived from the steps.
        let side = steps.count % 2
        var target = side == 0 ? pair.old : pair.new
        let all = target.flatMap(\.items)
        guard !all.isEmpty, !target.isEmpty else { return nil }
        let item = all[steps.count % all.count]
        target[steps.count % target.count].items.insert(item, at: 0)
        if side == 0 { pair.old = target } else { pair.new = target }
        let expected = DuplicateIdentifierError<Int, Int>(
          old: pair.old, new: pair.new)
        guard let found = error(pair.old, pair.new) else {
          return "no error for \(pair.old) -> \(pair.new)"
        }
        return found == expected ? nil : "named \(found), expected \(expected)"
      })
    #expect(cases >= PropertySeeds.scaled(500))
  }
}

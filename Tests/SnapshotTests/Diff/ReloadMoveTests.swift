import SnapshotTestSupport
import Testing

@testable import Snapshot

/// Issue 7: the single batch makes the fewest moves the rules allow when reload marks are
/// present, by the definition in `BatchUpdate.init(from:to:marks:)`: sections first (fewest
/// unmarked sections displaced, then fewest re-created), then items within the sections that
/// stay (fewest unmarked items displaced, then fewest re-created). A reload-marked entry that
/// cannot stay a reload is deleted and inserted, which costs no move.
@Suite struct ReloadMoveTests {
  func path(_ section: Int, _ item: Int) -> ListIndexPath {
    ListIndexPath(item: item, section: section)
  }
  func move(_ from: ListIndexPath, _ to: ListIndexPath) -> BatchUpdate.ItemMove {
    BatchUpdate.ItemMove(from: from, to: to)
  }

  /// One section holding `old`, then `new`.
  func items(_ old: [Int], _ new: [Int]) -> (Layout, Layout) {
    (layout([(0, old)]), layout([(0, new)]))
  }

  /// Sections with the given identifiers, each holding one item of its own (100 + id).
  func sections(_ old: [Int], _ new: [Int]) -> (Layout, Layout) {
    (layout(old.map { ($0, [100 + $0]) }), layout(new.map { ($0, [100 + $0]) }))
  }

  /// The single batch, after checking everything `verifyDiff` checks and that its costs are
  /// the least an exhaustive search finds.
  func diff(
    _ layouts: (Layout, Layout), marks: DiffMarks<Int, Int>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> BatchUpdate {
    let (old, new) = layouts
    #expect(verifyDiff(old: old, new: new, marks: marks) == nil, sourceLocation: sourceLocation)
    #expect(
      ReloadMoveTests.compareWithSearch(old: old, new: new, marks: marks) == nil,
      sourceLocation: sourceLocation)
    return try BatchUpdate(from: old, to: new, marks: marks)
  }

  // MARK: - The reported cases, items and sections

  @Test func swapWithTheFirstReloaded() throws {
    // [2, 3] -> [3, 2], reload 3: 3 is re-created at its new row; 2 does not move.
    let batch = try diff(items([2, 3], [3, 2]), marks: DiffMarks(reloadedItems: [3]))
    #expect(batch == BatchUpdate(deletedItems: [path(0, 1)], insertedItems: [path(0, 0)]))
    let sectionBatch = try diff(sections([1, 2], [2, 1]), marks: DiffMarks(reloadedSections: [2]))
    #expect(sectionBatch == BatchUpdate(deletedSections: [1], insertedSections: [0]))
  }

  @Test func reversalWithTheLastReloaded() throws {
    // [0, 1, 2] -> [2, 1, 0], reload 2: one of 0 and 1 moves; 2 is re-created (it cannot
    // stay a reload: every chain holding it moves both others, and the view would shift it).
    let batch = try diff(items([0, 1, 2], [2, 1, 0]), marks: DiffMarks(reloadedItems: [2]))
    #expect(batch.moveCount == 1)
    #expect(batch.reloadedItems.isEmpty)
    #expect(batch.deletedItems == [path(0, 2)] && batch.insertedItems == [path(0, 0)])
    let sectionBatch = try diff(
      sections([0, 1, 2], [2, 1, 0]), marks: DiffMarks(reloadedSections: [2]))
    #expect(sectionBatch.moveCount == 1)
    #expect(sectionBatch.reloadedSections.isEmpty)
    #expect(sectionBatch.deletedSections == [2] && sectionBatch.insertedSections == [0])
  }

  @Test func reloadedItemOvertakenByAnInsertAndAStay() throws {
    // [0, 1, 2] -> [2, 4, 0, 3], reload 0: no move at all; 0 is re-created.
    let batch = try diff(items([0, 1, 2], [2, 4, 0, 3]), marks: DiffMarks(reloadedItems: [0]))
    #expect(
      batch
        == BatchUpdate(
          deletedItems: [path(0, 0), path(0, 1)],
          insertedItems: [path(0, 1), path(0, 2), path(0, 3)]))
    let sectionBatch = try diff(
      sections([0, 1, 2], [2, 4, 0, 3]), marks: DiffMarks(reloadedSections: [0]))
    #expect(sectionBatch == BatchUpdate(deletedSections: [0, 1], insertedSections: [1, 2, 3]))
  }

  @Test func keepsTheReloadThatLandsRight() throws {
    // [11, 14, 15, 16] -> [14, 16, 11, 15], reload 16 and 15: one move (11 or 14); 15 stays
    // a reload (one move starts and one ends before it); 16 is re-created.
    let batch = try diff(
      items([11, 14, 15, 16], [14, 16, 11, 15]), marks: DiffMarks(reloadedItems: [16, 15]))
    #expect(batch.moveCount == 1)
    #expect(batch.reloadedItems == [path(0, 2)])
    #expect(batch.deletedItems == [path(0, 3)] && batch.insertedItems == [path(0, 1)])
    let sectionBatch = try diff(
      sections([11, 14, 15, 16], [14, 16, 11, 15]), marks: DiffMarks(reloadedSections: [16, 15]))
    #expect(sectionBatch.moveCount == 1)
    #expect(sectionBatch.reloadedSections == [2])
    #expect(sectionBatch.deletedSections == [3] && sectionBatch.insertedSections == [1])
  }

  @Test func neverRecreatesAnUnmarkedItemThatCanMove() throws {
    // [1, 2, 3, 4] -> [4, 1, 2, 3], reload 2 and 3: re-creating 4 would let both stay
    // reloads, but 4 is not marked and can move: 1 or 4 moves, and 2 and 3 are re-created.
    let batch = try diff(
      items([1, 2, 3, 4], [4, 1, 2, 3]), marks: DiffMarks(reloadedItems: [2, 3]))
    #expect(batch.moveCount == 1)
    #expect(batch.reloadedItems.isEmpty)
    #expect(batch.deletedItems == [path(0, 1), path(0, 2)])
    #expect(batch.insertedItems == [path(0, 2), path(0, 3)])
  }

  @Test func movesBetweenSectionsCountInTheBalance() throws {
    // 5 leaves section 0 for section 1 (a move out, before 3); 3 is reloaded: one move
    // starts before it and none ends before it, so the view would shift it: re-created.
    // In section 1, 5 arrives before 7 (reloaded): re-created as well; 6 stays.
    let old = layout([(0, [5, 3]), (1, [6, 7])])
    let new = layout([(0, [3]), (1, [5, 6, 7])])
    let batch = try diff((old, new), marks: DiffMarks(reloadedItems: [3, 7]))
    #expect(batch.movedItems == [move(path(0, 0), path(1, 0))])
    #expect(batch.reloadedItems.isEmpty)
    #expect(batch.deletedItems == [path(0, 1), path(1, 1)])
    #expect(batch.insertedItems == [path(0, 0), path(1, 2)])
  }

  // MARK: - Against exhaustive search

  /// The engine's section and item costs against the least an exhaustive search finds, both
  /// checked by the simulator. Returns a description of the first difference, or nil.
  static func compareWithSearch(
    old: Layout, new: Layout, marks: DiffMarks<Int, Int>, maxChoosableItems: Int = 10
  ) -> String? {
    let batch: BatchUpdate
    do {
      batch = try BatchUpdate(from: old, to: new, marks: marks)
    } catch {
      return "unexpected error \(error)"
    }
    if let failure = BatchRules.check(old: old, batch: batch, new: new) {
      return "engine batch \(batch): \(failure)"
    }
    let search = ReloadMoveSearch(old: old, new: new, marks: marks)
    guard let bestSections = search.bestSectionCost() else {
      return "no valid section placement found (the search is incomplete)"
    }
    let sections = search.sectionCost(batch)
    if sections != bestSections {
      return "engine batch \(batch): sections \(sections), the least is \(bestSections)"
    }
    guard search.choosableItems(kept: search.keptSections(batch)).count <= maxChoosableItems
    else { return nil }
    guard let bestItems = search.bestItemCost(sectionsFrom: batch) else {
      return "no valid item placement found (the search is incomplete)"
    }
    let items = search.itemCost(batch)
    if items != bestItems {
      return "engine batch \(batch): items \(items), the least is \(bestItems)"
    }
    return nil
  }

  @Test func matchesExhaustiveSearchOnSmallLayouts() {
    var cases = 0
    var marked = 0
    var reordered = 0
    var itemsSearched = 0
    checkProperty(
      "fewest moves with reload marks", count: 300, base: 0x7E10_AD07,
      generate: { g -> [LayoutStep] in
        cases += 1
        // One to three sections of up to 6 items, reordered, with reload marks on items and
        // sections.
        var steps: [LayoutStep] = [.initialSection(items: Int.random(in: 1...6, using: &g))]
        steps += LayoutCaseGenerator(maxSections: 2, maxItems: 6, maxSteps: 8, scrambles: true)
          .generate(&g)
        func index() -> Int { Int.random(in: 0..<12, using: &g) }
        for _ in 0..<Int.random(in: 1...2, using: &g) {
          steps.append(
            .scramble(section: index(), count: Int.random(in: 1...3, using: &g), seed: g.next()))
        }
        if Bool.random(using: &g) { steps.append(.moveSection(from: index(), to: index())) }
        for _ in 0..<Int.random(in: 1...3, using: &g) {
          steps.append(.reloadItem(section: index(), at: index()))
        }
        if Bool.random(using: &g) { steps.append(.reloadSection(index())) }
        return steps
      },
      check: { steps in
        let pair = LayoutCase(steps)
        let search = ReloadMoveSearch(old: pair.old, new: pair.new, marks: pair.marks)
        if !search.markedItems.isEmpty || !search.markedSections.isEmpty {
          marked += 1
          if minimumMoves(old: pair.old, new: pair.new) > 0 { reordered += 1 }
        }
        if let batch = try? BatchUpdate(from: pair.old, to: pair.new, marks: pair.marks),
          search.choosableItems(kept: search.keptSections(batch)).count <= 10
        {
          itemsSearched += 1
        }
        return Self.compareWithSearch(old: pair.old, new: pair.new, marks: pair.marks)
      })
    #expect(cases >= PropertySeeds.scaled(300))
    #expect(marked >= PropertySeeds.scaled(240))
    #expect(reordered >= PropertySeeds.scaled(150))
    #expect(
      itemsSearched >= PropertySeeds.scaled(270),
      "\(itemsSearched) cases with items searched exhaustively")
  }
}

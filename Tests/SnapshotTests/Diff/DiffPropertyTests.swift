import Testing

@testable import Snapshot

/// Random pairs of sectioned layouts: every single batch and every stage of the staged form,
/// applied by the simulator, gives exactly the new layout; the staged form makes the minimum
/// number of moves; marks are honoured. 10,400 pairs in all.
@Suite struct DiffPropertyTests {
  static func check(_ steps: [LayoutStep]) -> String? {
    let pair = LayoutCase(steps)
    return verifyDiff(old: pair.old, new: pair.new, marks: pair.marks)
  }

  @Test func tinyLayouts() {
    var cases = 0
    checkProperty(
      "tiny layouts", count: 6_000, base: 0x5EED_0001,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(maxSections: 4, maxItems: 4, maxSteps: 6).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(6_000))
  }

  @Test func smallLayouts() {
    var cases = 0
    checkProperty(
      "small layouts", count: 3_000, base: 0x5EED_0002,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(maxSections: 7, maxItems: 12, maxSteps: 16).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(3_000))
  }

  @Test func structuralOnlyLayouts() {
    var cases = 0
    checkProperty(
      "layouts without marks", count: 1_000, base: 0x5EED_0003,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(maxSections: 6, maxItems: 10, maxSteps: 14, marks: false)
          .generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(1_000))
  }

  @Test func mediumLayouts() {
    var cases = 0
    checkProperty(
      "medium layouts", count: 370, base: 0x5EED_0004,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(
          maxSections: 12, maxItems: 60, maxSteps: 40, scrambles: true
        ).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(370))
  }

  @Test func largeLayouts() {
    var cases = 0
    checkProperty(
      "large layouts", count: 30, base: 0x5EED_0005,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(
          maxSections: 3, maxItems: 700, maxSteps: 12, scrambles: true
        ).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(30))
  }
}

/// The generated cases reach every path of the engine: without this, the properties above
/// could pass on cases that never tempt an illegal batch.
@Suite struct DiffGeneratorCoverageTests {
  @Test func generatedCasesReachEveryRewrite() throws {
    var counts: [String: Int] = [:]
    var seeder = SeededGenerator(seed: 0xC0FE_0001)
    for _ in 0..<1_500 {
      var g = SeededGenerator(seed: seeder.next())
      let pair = LayoutCase(
        LayoutCaseGenerator(maxSections: 6, maxItems: 8, maxSteps: 12).generate(&g))
      let single = try BatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
      let staged = try StagedBatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
      func count(_ name: String, _ condition: Bool) {
        if condition { counts[name, default: 0] += 1 }
      }
      count("section move", !single.movedSections.isEmpty)
      count(
        "cross-section item move",
        single.movedItems.contains { $0.source.section != $0.destination.section })
      count(
        "item move within a section",
        single.movedItems.contains { $0.source.section == $0.destination.section })
      count("item reload", !single.reloadedItems.isEmpty)
      count("section reload", !single.reloadedSections.isEmpty)
      count("reconfigure", !single.reconfiguredItems.isEmpty)
      count("moves rewritten as delete + insert", single.moveCount < staged.moveCount)
      let reloadsKept = staged.stages.reduce(0) {
        $0 + $1.batch.reloadedItems.count + $1.batch.reloadedSections.count
      }
      count(
        "reloads rewritten as delete + insert",
        single.reloadedItems.count + single.reloadedSections.count < reloadsKept)
      count("five stages", staged.stages.count == 5)
    }
    for name in [
      "section move", "cross-section item move", "item move within a section", "item reload",
      "section reload", "reconfigure", "moves rewritten as delete + insert",
      "reloads rewritten as delete + insert", "five stages",
    ] {
      #expect(counts[name, default: 0] >= 30, "\(name): \(counts[name, default: 0]) cases")
    }
  }
}

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
    #expect(cases >= 6_000)
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
    #expect(cases >= 3_000)
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
    #expect(cases >= 1_000)
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
    #expect(cases >= 370)
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
    #expect(cases >= 30)
  }
}

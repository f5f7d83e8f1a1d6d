import SnapshotTestSupport
import Testing

@testable import Snapshot

/// The list-view simulator of `SnapshotTestSupport`, driven by the engine's batches between
/// random layouts: every single batch and every stage is accepted and leaves the view showing
/// the data source's layout; every batch with one structural entry dropped is caught.
@Suite struct ListViewSimulatorPropertyTests {
  /// A view fed `pair.old`, then the single batch; a second view fed every stage; a third fed
  /// the single batch with one delete or insert dropped.
  static func check(_ steps: [LayoutStep]) -> String? {
    let pair = LayoutCase(steps)
    let single: BatchUpdate
    let staged: StagedBatchUpdate<Int, Int>
    do {
      single = try BatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
      staged = try StagedBatchUpdate(from: pair.old, to: pair.new, marks: pair.marks)
    } catch {
      return "unexpected error \(error)"
    }

    let view = ListViewSimulator<Int, Int>()
    view.reloadData(LayoutContent(pair.old))
    if view.sections != pair.old { return "reloadData shows \(view.sections)" }
    view.performBatchUpdates(single, animated: true, content: LayoutContent(pair.new))
    if let failure = view.failures.first { return "single batch: \(failure)" }
    if view.sections != pair.new { return "single batch: the view shows \(view.sections)" }
    if view.batchCount != 1 || view.lastBatch != single { return "single batch: wrong counters" }

    let stagedView = ListViewSimulator<Int, Int>()
    stagedView.reloadData(LayoutContent(pair.old))
    for stage in staged.stages {
      stagedView.performBatchUpdates(
        stage.batch, animated: true, content: LayoutContent(stage.layout))
      if let failure = stagedView.failures.first { return "stage \(stage.kind): \(failure)" }
      if stagedView.sections != stage.layout { return "stage \(stage.kind): wrong rows" }
    }
    if stagedView.sections != pair.new { return "the stages end at \(stagedView.sections)" }

    // Dropping one delete or insert never goes unnoticed.
    var broken = single
    if !broken.insertedItems.isEmpty {
      broken.insertedItems.removeLast()
    } else if !broken.deletedItems.isEmpty {
      broken.deletedItems.removeLast()
    } else if !broken.insertedSections.isEmpty {
      broken.insertedSections.removeLast()
    } else if !broken.deletedSections.isEmpty {
      broken.deletedSections.removeLast()
    } else {
      return nil
    }
    let strict = ListViewSimulator<Int, Int>()
    strict.reloadData(LayoutContent(pair.old))
    strict.performBatchUpdates(broken, animated: true, content: LayoutContent(pair.new))
    guard let failure = strict.failures.first else { return "accepted \(broken)" }
    if !failure.message.hasPrefix("Invalid update: ") { return "message: \(failure.message)" }
    if strict.sections != pair.new { return "after a failure the view shows \(strict.sections)" }
    return nil
  }

  @Test func smallLayouts() {
    var cases = 0
    checkProperty(
      "list-view simulator, small layouts", count: 800, base: 0x5EED_0101,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(maxSections: 6, maxItems: 10, maxSteps: 14).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(800))
  }

  @Test func mediumLayouts() {
    var cases = 0
    checkProperty(
      "list-view simulator, medium layouts", count: 100, base: 0x5EED_0102,
      generate: { g in
        cases += 1
        return LayoutCaseGenerator(
          maxSections: 12, maxItems: 60, maxSteps: 40, scrambles: true
        ).generate(&g)
      },
      check: Self.check)
    #expect(cases >= PropertySeeds.scaled(100))
  }
}

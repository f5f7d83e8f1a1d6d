import SnapshotTestSupport
import Testing

@testable import Snapshot

/// The shared random step sequences run through a list view of the caller's, as another test
/// target runs them through its own (here a second simulator stands in for it): the view gets
/// every call the data source makes, and the caller's check runs after every step.
@MainActor
@Suite("Property runners through a caller's list view")
struct ForwardedListViewTests {
  /// What is wrong with `view` after a step, or nil: it must have accepted every batch and show
  /// the data source's rows.
  static func failure(
    _ view: ListViewSimulator<String, Int>, _ source: DiffableDataSource<String, Int>
  )
    -> String?
  {
    if let failure = view.failures.first { return "invalid batch: \(failure)" }
    let rows = RecordingListView<String, Int>.read(source)
    return view.sections == rows ? nil : "it shows \(view.sections), the source \(rows)"
  }

  @Test("the data source's sequences reach the caller's view, checked after every step")
  func dataSourceSequences() {
    var checks = 0
    let done = DataSourceProperty.check(
      "data source, through a caller's view", .everything, count: 100, base: 0xF0_3A4D,
      through: { ListViewSimulator<String, Int>() },
      checkView: { view, source in
        checks += 1
        return Self.failure(view, source)
      })
    #expect(checks >= PropertySeeds.scaled(100))
    #expect(done["applyWhole", default: 0] > 0 && done["moveTo", default: 0] > 0)
  }

  @Test("the background sequences reach the caller's view, checked after every step")
  func backgroundSequences() async {
    var checks = 0
    await checkProperty(
      "background applies, through a caller's view", count: 20, base: 0xF0_3A4E,
      generate: BackgroundApplyProperty.generate,
      check: { steps in
        await BackgroundApplyProperty.run(
          steps, through: { ListViewSimulator<String, Int>() },
          checkView: { view, source in
            checks += 1
            return Self.failure(view, source)
          })
      })
    #expect(checks >= PropertySeeds.scaled(20))
  }

  @Test("a failed check of the caller's view fails the run at its step")
  func failedViewCheck() async {
    let steps: [DataSourceProperty.Step] = [.defaultHeaderMode(true), .expand(1)]
    var calls = 0
    let failure = DataSourceProperty.run(
      steps, through: { ListViewSimulator<String, Int>() },
      checkView: { _, _ in
        calls += 1
        return calls == 2 ? "it differs" : nil
      })
    #expect(failure == "step 1: the list view: it differs")
    let background = await BackgroundApplyProperty.run(
      [.staged(true)], through: { ListViewSimulator<String, Int>() },
      checkView: { _, _ in "it differs" })
    #expect(background == "step 0: the list view: it differs")
  }
}

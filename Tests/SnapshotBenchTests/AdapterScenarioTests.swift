// The adapter scenarios exist on Linux only (they drive the UIKit adapter against FakeUIKit).
#if os(Linux)
  import Testing

  @testable import SnapshotBench

  /// The adapter scenario measures what it claims: through the adapter, one batch a repeat
  /// (no reload, no stale layout), the fake accepting every batch and showing n + 1 rows.
  @MainActor @Suite struct AdapterScenarioTests {
    @Test func theAdapterScenarioPassesItsCheck() {
      let scenarios = registry.filter { $0.name.hasPrefix("adapter/") }
      #expect(scenarios.map(\.name) == ["adapter/apply-one-change"])
      var runner = Runner(
        policy: RepeatPolicy(fixed: 2), progress: Progress(total: 0, enabled: false))
      let failures = scenarios.compactMap { scenario in
        runner.run(scenario, size: scenario.smokeSize).failure.map { "\(scenario.name): \($0)" }
      }
      #expect(failures == [])
    }

    /// Both baselines deliver the one change the adapter does: the main-actor one differs
    /// from the other only in being called inside `MainActor.assumeIsolated`.
    @Test func theBaselinesDeliverTheSameChange() throws {
      let scenario = try #require(registry.first { $0.name == "adapter/apply-one-change" })
      let trial = scenario.prepare(1_000)
      #expect(
        trial.baselines.map(\.operation.name) == [
          "apply, counting view", "apply on the main actor, counting view",
        ])
      for baseline in trial.baselines {
        baseline.operation.reset?()
        #expect(baseline.operation.body() == 1, "\(baseline.operation.name)")
      }
    }

    @Test func theRigShowsTheSnapshotThroughTheAdapter() {
      let items = Array(0..<1_000)
      let rig = AdapterRig(showing: flatSnapshot(items))
      var after = rig.adapter.base.snapshot()
      after.insertItems([-1], beforeItem: 500)
      rig.adapter.base.apply(after)
      #expect(rig.view.fake.itemCounts == [1_001])
      #expect(rig.view.fake.counters["insertItems"] == 1)
      #expect(rig.view.fake.failures == [])
    }
  }
#endif

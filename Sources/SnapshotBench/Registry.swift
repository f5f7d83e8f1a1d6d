/// Every scenario, in run order: one line per file of scenarios.
///
/// To add a scenario, write a file declaring `static let all: [Scenario]` (or a single
/// `Scenario`) and add it here. Memory scenarios stay first: they measure the process's peak.
let registry: [Scenario] =
  MemoryScenarios.all
  + OutlineScenarios.all
  + [OutlineMoveScenario.scenario]
  + FlatDiffScenarios.all
  + OneEditScenarios.all
  + SectionedDiffScenarios.all
  + DataSourceScenarios.all + DataSourceRevealScenarios.all + DataSourceFilterScenarios.all
  + DataSourceApplyScenarios.all + DataSourceWorkflowScenarios.all
  + ifExecutorsAvailable { DataSourceBackgroundScenarios.all }
  + ifExecutorsAvailable { DataSourceBackgroundSectionScenarios.all }
  + SharedStructureScenarios.all + RelatedSnapshotScenarios.all
  + CompressedDiffScenarios.all
  + PrototypeScenarios.all
  + adapterScenarios

/// The adapter scenarios where the bench can drive an adapter (Linux, against the fakes).
#if os(Linux)
  let adapterScenarios = AdapterScenarios.all
#else
  let adapterScenarios: [Scenario] = []
#endif

/// `scenarios()` where the OS has custom executors (`ExecutorJob`, macOS 14), which the
/// background-apply scenarios run on; else none.
func ifExecutorsAvailable(
  _ scenarios: () -> [Scenario]
) -> [Scenario] {
  if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) { return scenarios() }
  return []
}

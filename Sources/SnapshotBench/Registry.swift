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
  + DataSourceScenarios.all
  + DataSourceApplyScenarios.all + DataSourceWorkflowScenarios.all
  + DataSourceBackgroundScenarios.all + DataSourceBackgroundSectionScenarios.all
  + SharedStructureScenarios.all + RelatedSnapshotScenarios.all
  + CompressedDiffScenarios.all

import Snapshot
import Testing

@testable import SnapshotBench

@Suite struct InputScenarioTests {
  /// A tree of 1 + 20 + 20·5 = 121 items: a section snapshot, every parent expanded.
  func sampleTree() -> InputTree<Int, Int> {
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([0])
    tree.append(Array(1...20), to: 0)
    for child in 1...20 { tree.append((0..<5).map { 100 + child * 10 + $0 }, to: child) }
    tree.expand(tree.items)
    var outline = SectionedOutline<Int, Int>()
    outline.setSnapshot(tree, for: 0)
    return InputTree(file: "sample.json", format: .section, outline: outline)
  }

  @Test func everyInputScenarioRunsAndChecksOut() {
    let tree = sampleTree()
    let scenarios = tree.scenarios(seed: 7)
    #expect(scenarios.map(\.name) == InputScenarios.names)
    var runner = Runner(
      policy: RepeatPolicy(fixed: 2), progress: Progress(total: scenarios.count, enabled: false))
    for scenario in scenarios {
      let result = runner.run(scenario, size: tree.itemCount)
      #expect(result.failure == nil, "\(scenario.name): \(result.failure ?? "")")
      #expect(result.size == 121)
    }
  }

  @Test func editsChangeWhatTheySayFromTheSeed() {
    let forests = sampleTree().forests
    let total = 121
    for edit in InputEdit.allCases {
      let outcome = edit.apply(to: forests, seed: 42)
      let again = edit.apply(to: forests, seed: 42)
      #expect(outcome.forests.map(\.depthFirstIDs) == again.forests.map(\.depthFirstIDs))
      let (deletes, inserts, _) = edit.counts(total: total)
      #expect(outcome.forests[0].count == total - deletes + inserts, "\(edit)")
      #expect(outcome.changedSections == [0])
      #expect(outcome.detail.hasSuffix("(--seed 42)"))
    }
    // One move is one move, never a no-op.
    for seed in UInt64(0)..<50 {
      let moved = InputEdit.move.apply(to: forests, seed: seed).forests
      #expect(
        fewestMoves(
          old: [.init(0, items: forests[0].depthFirstIDs)],
          new: [.init(0, items: moved[0].depthFirstIDs)]) == 1, "seed \(seed)")
    }
  }

  @Test func editsFindTheLeavesOfAChain() {
    var chain = DiffableDataSourceSectionSnapshot<Int>()
    chain.append([0])
    for item in 1..<2_000 { chain.append([item], to: item - 1) }
    let forests = [InputForest(chain)]
    let deleted = InputEdit.delete.apply(to: forests, seed: 3)
    #expect(deleted.detail == "1 deleted (--seed 3)")
    #expect(deleted.forests[0].depthFirstIDs == Array(0..<1_999))
    let moved = InputEdit.move.apply(to: forests, seed: 3)
    #expect(moved.detail == "1 moved (--seed 3)")
  }
}

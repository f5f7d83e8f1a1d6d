// snapshot-bench: the scenarios named in the issues, each measured against a baseline in
// the same run. `snapshot-bench [build|diff]` runs one group; no argument runs all.

let arguments = CommandLine.arguments.dropFirst()
let all = arguments.isEmpty

if all || arguments.contains("build") {
  print("== Section snapshot build (issue 2) ==")
  // Memory first: later scenarios would raise the process's peak.
  BuildBenchmark.memory(roots: 100, children: 100, grandchildren: 100)
  BuildBenchmark.time(roots: 100, children: 100, grandchildren: 100, runs: 7)
  BuildBenchmark.time(roots: 10, children: 10, grandchildren: 100, runs: 31)
  QueryBenchmark.run(roots: 100, children: 100, grandchildren: 100)
  SectionedBenchmark.run(sections: 10, itemsPerSection: 1000, runs: 51)
}

if all || arguments.contains("diff") {
  print("== Diff engine (issue 3) ==")
  DiffBenchmark.run()
}

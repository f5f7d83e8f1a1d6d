// snapshot-bench: how fast and how big Snapshot's lists are, each scenario measured against a
// standard-library baseline in the same run. The command lives in the `SnapshotBench` library
// (tested by `SnapshotBenchTests`); this target is only its entry point.

import SnapshotBench

BenchCommand.main(Array(CommandLine.arguments.dropFirst()))

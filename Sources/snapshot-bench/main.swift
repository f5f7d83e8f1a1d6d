// snapshot-bench: how fast and how big Snapshot's lists are, each scenario measured against a
// standard-library baseline in the same run. The command lives in the `SnapshotBench` library
// (tested by `SnapshotBenchTests`); this target is its entry point, and the only one linking
// the `BenchCounters` C target (the malloc interposer and the instruction counter), which it
// hands to the library as closures.

import BenchCounters
import SnapshotBench

var probes = Probes()
if let version = bench_libc_version() {
  probes.libc = "glibc " + String(cString: version)
}
if bench_allocations_available() != 0 {
  probes.allocations = Probes.Allocations(
    start: { bench_allocations_start() },
    stop: {
      var count: UInt64 = 0
      var bytes: UInt64 = 0
      bench_allocations_stop(&count, &bytes)
      return (Int(count), Int(bytes))
    })
} else {
  probes.whyNoAllocations =
    "not counted: the malloc counter needs Linux with glibc (macOS and musl have no "
    + "__libc_malloc to forward to) and no sanitizer (which brings its own malloc)"
}
let descriptor = bench_instructions_open()
if descriptor >= 0 {
  probes.instructions = Probes.Instructions(
    start: { _ = bench_instructions_start(descriptor) },
    stop: {
      let count = bench_instructions_stop(descriptor)
      return count >= 0 ? Int(count) : nil
    })
} else {
  probes.whyNoInstructions = Probes.whyNoInstructions(errno: -descriptor)
}

BenchCommand.main(Array(CommandLine.arguments.dropFirst()), probes: probes)

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Snapshot",
  // The floor is the Swift 5.7 runtime's: the data source holds its list view as a constrained
  // existential (`any DiffableListView<Section, Item>`), which needs it. The library's one
  // lock is the platform's own (Lock.swift), not `Synchronization`'s, which needs macOS 15.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Snapshot", targets: ["Snapshot"]),
    // A list-view simulator for users' tests: checks every batch a data source hands it.
    .library(name: "SnapshotTestSupport", targets: ["SnapshotTestSupport"]),
    .executable(name: "snapshot-bench", targets: ["snapshot-bench"]),
    // A terminal outline browser and editor for directories and JSON, driven by the data source.
    .executable(name: "outline", targets: ["outline"]),
    // The outline's internals (JSON parser and writer, key decoder, script reader), for the
    // fuzz package (`Fuzz/`) and the benchmark tool: not API, no stability promised.
    .library(name: "OutlineCore", targets: ["OutlineCore"]),
  ],
  targets: [
    .target(name: "Snapshot"),
    .target(name: "SnapshotTestSupport", dependencies: ["Snapshot"]),
    // The benchmark command as a library, so that its tests link it without the executable;
    // `--input` and `diff` read JSON with the outline's strict parser (line and column).
    .target(name: "SnapshotBench", dependencies: ["Snapshot", "OutlineCore"]),
    // Allocation (malloc interposer) and instruction counters, linked into the bench executable
    // only: never into a library or a test (sanitizers bring their own malloc).
    .target(name: "BenchCounters"),
    .executableTarget(name: "snapshot-bench", dependencies: ["SnapshotBench", "BenchCounters"]),
    .target(name: "OutlineCore"),
    // README.md is the outline's page (keys, files, how it is built).
    .executableTarget(
      name: "outline", dependencies: ["Snapshot", "OutlineCore"], exclude: ["README.md"]),
    // The test targets' shared property-testing support: the seeded runner and its shrinker,
    // the data source's random step sequences and their runners (through a list view the
    // caller supplies), the reference models they check against. Not a product, and only
    // test targets depend on it, so it may import Testing.
    .target(
      name: "SnapshotPropertySupport", dependencies: ["Snapshot", "SnapshotTestSupport"],
      path: "Tests/PropertySupport"),
    .testTarget(
      name: "SnapshotTests",
      dependencies: ["Snapshot", "SnapshotTestSupport", "SnapshotPropertySupport"]),
    .testTarget(
      name: "SnapshotTestSupportTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    .testTarget(
      name: "SnapshotBenchTests", dependencies: ["SnapshotBench", "Snapshot", "OutlineCore"]),
    .testTarget(name: "OutlineTests", dependencies: ["outline", "OutlineCore", "Snapshot"]),
    // Imports Foundation beside Snapshot: fails to compile if a public name of ours clashes.
    .testTarget(
      name: "FoundationInteropTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    // README.md's Swift blocks, extracted by .ci/readme-code.py: compiled and run.
    .testTarget(name: "ReadmeTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

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
    // The UIKit adapters (experimental until the macOS workflow has run). On Apple platforms
    // they import UIKit; on Linux they build against FakeUIKit, a test shim: the Linux
    // product is for tests only.
    .library(name: "SnapshotUIKit", targets: ["SnapshotUIKit"]),
    // The AppKit adapter, likewise (FakeAppKit on Linux, for tests only).
    .library(name: "SnapshotAppKit", targets: ["SnapshotAppKit"]),
  ],
  targets: [
    .target(name: "Snapshot"),
    .target(name: "SnapshotTestSupport", dependencies: ["Snapshot"]),
    // The benchmark command as a library, so that its tests link it without the executable;
    // `--input` and `diff` read JSON with the outline's strict parser (line and column).
    // On Linux it drives the UIKit adapter against FakeUIKit (the adapter/* scenarios).
    .target(
      name: "SnapshotBench",
      dependencies: [
        "Snapshot", "OutlineCore", "SnapshotPrototype",
        .target(name: "SnapshotUIKit", condition: .when(platforms: [.linux])),
        .target(name: "FakeUIKit", condition: .when(platforms: [.linux])),
      ]),
    // Issue 30's prototype of one generic tree (bench-only: linked into snapshot-bench, not API).
    .target(name: "SnapshotPrototype", dependencies: ["Snapshot"]),
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
    // A fake of the UIKit members the adapters use, for Linux tests only: Apple's names and
    // signatures, UIKit's checks (batches validated with BatchRules, failures recorded).
    .target(name: "FakeUIKit", dependencies: ["FakeListSupport", "Snapshot"]),
    // The fakes' shared checks (identities, BatchRules on every batch): Linux tests only.
    .target(name: "FakeListSupport", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    // What the adapters share (their record of the rows, the delivery): not a product.
    .target(name: "SnapshotAdapterCore", dependencies: ["Snapshot"]),
    .target(
      name: "SnapshotUIKit",
      dependencies: [
        "Snapshot", "SnapshotAdapterCore",
        .target(name: "FakeUIKit", condition: .when(platforms: [.linux])),
      ]),
    // The AppKit members the adapter uses, for Linux tests only, likewise.
    .target(name: "FakeAppKit", dependencies: ["FakeListSupport", "Snapshot"]),
    .target(
      name: "SnapshotAppKit",
      dependencies: [
        "Snapshot", "SnapshotAdapterCore",
        .target(name: "FakeAppKit", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "SnapshotAdapterTests",
      dependencies: [
        "SnapshotUIKit", "SnapshotAppKit", "SnapshotAdapterCore", "Snapshot", "SnapshotTestSupport",
        "SnapshotPropertySupport",
        .target(name: "FakeUIKit", condition: .when(platforms: [.linux])),
        .target(name: "FakeAppKit", condition: .when(platforms: [.linux])),
        .target(name: "FakeListSupport", condition: .when(platforms: [.linux])),
      ],
      // Call-sequence fixtures, read from the source tree (for a macOS job to replay).
      exclude: ["Fixtures"]),
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

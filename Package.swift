// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Snapshot",
  // `Synchronization` (Mutex, Atomic) guards the lazily rebuilt lookup caches.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
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
    .target(name: "SnapshotBench", dependencies: ["Snapshot", "OutlineCore"]),
    // Allocation (malloc interposer) and instruction counters, linked into the bench executable
    // only: never into a library or a test (sanitizers bring their own malloc).
    .target(name: "BenchCounters"),
    .executableTarget(name: "snapshot-bench", dependencies: ["SnapshotBench", "BenchCounters"]),
    .target(name: "OutlineCore"),
    .executableTarget(name: "outline", dependencies: ["Snapshot", "OutlineCore"]),
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
    .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    .testTarget(
      name: "SnapshotAdapterTests",
      dependencies: [
        "SnapshotUIKit", "SnapshotAppKit", "SnapshotAdapterCore", "Snapshot", "SnapshotTestSupport",
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
  ],
  swiftLanguageModes: [.v6]
)

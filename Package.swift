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
  ],
  targets: [
    .target(name: "Snapshot"),
    .target(name: "SnapshotTestSupport", dependencies: ["Snapshot"]),
    // The benchmark command as a library, so that its tests link it without the executable.
    .target(name: "SnapshotBench", dependencies: ["Snapshot"]),
    // Allocation (malloc interposer) and instruction counters, linked into the bench executable
    // only: never into a library or a test (sanitizers bring their own malloc).
    .target(name: "BenchCounters"),
    .executableTarget(name: "snapshot-bench", dependencies: ["SnapshotBench", "BenchCounters"]),
    .executableTarget(name: "outline", dependencies: ["Snapshot"]),
    .testTarget(name: "SnapshotTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    .testTarget(
      name: "SnapshotTestSupportTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
    .testTarget(name: "SnapshotBenchTests", dependencies: ["SnapshotBench", "Snapshot"]),
    .testTarget(name: "OutlineTests", dependencies: ["outline", "Snapshot"]),
    // Imports Foundation beside Snapshot: fails to compile if a public name of ours clashes.
    .testTarget(
      name: "FoundationInteropTests", dependencies: ["Snapshot", "SnapshotTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

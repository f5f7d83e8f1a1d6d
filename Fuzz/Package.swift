// swift-tools-version: 6.0
// Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of everything Snapshot and the outline
// read from outside. Its own package because a libFuzzer entry point cannot live in the root
// package's targets: build it with `Fuzz/run.sh` (see Fuzz/README.md).
import PackageDescription

/// The executable of one fuzz target: its `LLVMFuzzerTestOneInput` and what it links.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  // No main.swift: SwiftPM compiles it as a library, and libFuzzer supplies `main`.
  .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
  name: "SnapshotFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Snapshot", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    fuzzTarget("codable", [.product(name: "Snapshot", package: "Snapshot")]),
    fuzzTarget(
      "diffs",
      [
        .product(name: "Snapshot", package: "Snapshot"),
        .product(name: "SnapshotTestSupport", package: "Snapshot"),
      ]),
    fuzzTarget(
      "data-source",
      [
        .product(name: "Snapshot", package: "Snapshot"),
        .product(name: "SnapshotTestSupport", package: "Snapshot"),
      ]),
    fuzzTarget("json", [.product(name: "OutlineCore", package: "Snapshot")]),
    fuzzTarget("keys", [.product(name: "OutlineCore", package: "Snapshot")]),
    fuzzTarget("script", [.product(name: "OutlineCore", package: "Snapshot")]),
  ],
  swiftLanguageModes: [.v6]
)

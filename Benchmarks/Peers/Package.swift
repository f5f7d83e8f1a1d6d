// swift-tools-version: 6.0
// Snapshot beside DifferenceKit on the same inputs (`swift run -c release peers`). A package
// of its own so that the library's package keeps no dependencies; not part of CI.
import Foundation
import PackageDescription

// A package reached by path is named after its directory: the clone's, whatever it is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "Peers",
  // A command-line tool for macOS or Linux, at or above the library's own floor.
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/ra1028/DifferenceKit.git", exact: "1.3.0"),
  ],
  targets: [
    .executableTarget(
      name: "peers",
      dependencies: [
        .product(name: "Snapshot", package: root.lastPathComponent),
        .product(name: "DifferenceKit", package: "DifferenceKit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)

import Foundation

/// How deep the deep-chain tests go.
///
/// `SNAPSHOT_DEEP_SCALE` (1 to 100; 100 when unset) is the share of each test's depth that
/// runs, in percent. `.ci/run` runs its AddressSanitizer pass at 10: a tenth of a million
/// levels still overflows any stack a recursion over them would use (an instrumented frame
/// is well over the 5 bytes a level that 512 KiB over 100,000 levels leaves), and its plain
/// `swift test` runs every chain at full depth.
enum DeepTesting {
  static let scale =
    ProcessInfo.processInfo.environment["SNAPSHOT_DEEP_SCALE"].flatMap { Int($0) }.map {
      Swift.min(Swift.max($0, 1), 100)
    } ?? 100

  /// `depth` at ``scale``, at least 1,000.
  static func depth(_ depth: Int) -> Int {
    scale == 100 ? depth : Swift.max(1_000, depth * scale / 100)
  }
}

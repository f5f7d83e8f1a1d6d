import Snapshot

/// Times the diff engine on DifferenceKit's published scenarios and prints one row per
/// scenario and identifier kind:
/// - the engine's single batch from arrays (median of repeated runs), the path that checks
///   every identifier for duplicates;
/// - the same from two snapshots (`new.batchUpdate(from: old)`), which skips that check and
///   the common prefix and suffix;
/// - the hash-pass floor on the same inputs in the same run: one `Dictionary` build over the
///   old items plus one probe per new item;
/// - their ratio (target: at most 1.5);
/// - stdlib `CollectionDifference` + `inferringMoves()` and the engine's speed-up over it
///   (target on 100,000 items: at least 100x);
/// - the batch's move count beside the minimum (common items minus a longest increasing
///   subsequence, computed here by patience sorting).
enum DiffBenchmark {
  /// A 16-byte identifier, like a UUID.
  struct Identifier16: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
  }

  /// DifferenceKit's scenario: `count` items; delete `deleted` starting at `deleteAt`, insert
  /// `inserted` fresh items at `insertAt` (an index after the delete), shuffle the first
  /// `shuffled`.
  struct Scenario {
    var count: Int
    var deleteAt: Int
    var deleted: Int
    var insertAt: Int
    var inserted: Int
    var shuffled: Int
    var diffRuns: Int
    var stdlibRuns: Int
  }

  static let scenarios = [
    Scenario(
      count: 100_000, deleteAt: 20_000, deleted: 10_000, insertAt: 30_000, inserted: 10_000,
      shuffled: 2_000, diffRuns: 31, stdlibRuns: 3),
    Scenario(
      count: 5_000, deleteAt: 2_000, deleted: 1_000, insertAt: 3_000, inserted: 1_000,
      shuffled: 200, diffRuns: 301, stdlibRuns: 5),
  ]

  /// Prints the table.
  static func run() {
    print("## Diff engine (single batch) vs hash-pass floor and stdlib")
    print()
    print(
      "| scenario | id | diff (ms) | floor (ms) | diff/floor | snapshots (ms) | snapshots/floor "
        + "| stdlib (ms) | speed-up | moves | minimum |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for scenario in scenarios {
      var generator = BenchGenerator(seed: 0xD1FF_0000 &+ UInt64(scenario.count))
      row(scenario, kind: "Int", generator: &generator) { generator in
        Int(truncatingIfNeeded: generator.next())
      }
      row(scenario, kind: "16-byte", generator: &generator) { generator in
        Identifier16(high: generator.next(), low: generator.next())
      }
    }
  }

  static func row<ID: Hashable & Sendable>(
    _ scenario: Scenario, kind: String, generator: inout BenchGenerator,
    make: (inout BenchGenerator) -> ID
  ) {
    var seen = Set<ID>()
    func fresh() -> ID {
      while true {
        let id = make(&generator)
        if seen.insert(id).inserted { return id }
      }
    }
    let old = (0..<scenario.count).map { _ in fresh() }
    var new = old
    new.removeSubrange(scenario.deleteAt..<scenario.deleteAt + scenario.deleted)
    new.insert(contentsOf: (0..<scenario.inserted).map { _ in fresh() }, at: scenario.insertAt)
    for i in stride(from: scenario.shuffled - 1, to: 0, by: -1) {
      new.swapAt(i, Int(generator.next() % UInt64(i + 1)))
    }
    let oldLayout = [LayoutSection(0, items: old)]
    let newLayout = [LayoutSection(0, items: new)]
    var oldSnapshot = DiffableDataSourceSnapshot<Int, ID>()
    oldSnapshot.appendSections([0])
    oldSnapshot.appendItems(old, toSection: 0)
    var newSnapshot = DiffableDataSourceSnapshot<Int, ID>()
    newSnapshot.appendSections([0])
    newSnapshot.appendItems(new, toSection: 0)

    // Diff, floor and snapshot diff alternate, so all see the same machine load.
    var diffTimes: [Duration] = []
    var floorTimes: [Duration] = []
    var snapshotTimes: [Duration] = []
    var batch = BatchUpdate()
    var snapshotBatch = BatchUpdate()
    var probeHits = 0
    let clock = ContinuousClock()
    for _ in 0..<scenario.diffRuns {
      diffTimes.append(
        clock.measure {
          batch = try! BatchUpdate(from: oldLayout, to: newLayout)
        })
      floorTimes.append(
        clock.measure {
          probeHits &+= hashPass(old: old, new: new)
        })
      snapshotTimes.append(
        clock.measure {
          snapshotBatch = newSnapshot.batchUpdate(from: oldSnapshot)
        })
    }
    precondition(snapshotBatch == batch, "the snapshot path must give the same batch")
    var stdlibTimes: [Duration] = []
    var stdlibChanges = 0
    for _ in 0..<scenario.stdlibRuns {
      stdlibTimes.append(
        clock.measure {
          stdlibChanges &+= new.difference(from: old).inferringMoves().count
        })
    }
    let diff = median(diffTimes)
    let floor = median(floorTimes)
    let stdlib = median(stdlibTimes)
    let viaSnapshots = median(snapshotTimes)
    let minimum = minimumMoves(old: old, new: new)
    let name =
      "\(scenario.count / 1000)k: -\(scenario.deleted) +\(scenario.inserted) ~\(scenario.shuffled)"
    print(
      "| \(name) | \(kind) | \(format(diff)) | \(format(floor)) | \(format(diff / floor, digits: 2)) "
        + "| \(format(viaSnapshots)) | \(format(viaSnapshots / floor, digits: 2)) "
        + "| \(format(stdlib)) | \(format(stdlib / diff, digits: 0))x "
        + "| \(batch.moveCount) | \(minimum) |")
    // Keep the results observable so no run is optimised away.
    if probeHits == -1 || stdlibChanges == -1 { print("unreachable") }
  }

  /// The floor: one dictionary build over the old items, one probe per new item.
  @inline(never)
  static func hashPass<ID: Hashable>(old: [ID], new: [ID]) -> Int {
    var index = [ID: Int](minimumCapacity: old.count)
    for (position, id) in old.enumerated() { index[id] = position }
    var hits = 0
    for id in new where index[id] != nil { hits += 1 }
    return hits
  }

  /// Common items minus a longest increasing subsequence of their new positions, in old order.
  static func minimumMoves<ID: Hashable>(old: [ID], new: [ID]) -> Int {
    var newPosition = [ID: Int](minimumCapacity: new.count)
    for (position, id) in new.enumerated() { newPosition[id] = position }
    var piles: [Int] = []
    var common = 0
    for id in old {
      guard let position = newPosition[id] else { continue }
      common += 1
      var low = 0
      var high = piles.count
      while low < high {
        let middle = (low + high) / 2
        if piles[middle] < position { low = middle + 1 } else { high = middle }
      }
      if low == piles.count { piles.append(position) } else { piles[low] = position }
    }
    return common - piles.count
  }

  static func median(_ times: [Duration]) -> Double {
    let sorted = times.map(seconds).sorted()
    return sorted[sorted.count / 2]
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  static func format(_ seconds: Double) -> String {
    format(seconds * 1000, digits: 3)
  }

  static func format(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int(value * Double(scale) + 0.5)
    guard digits > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}

/// SplitMix64, so that every run of the benchmark sees the same inputs.
struct BenchGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// Snapshot and DifferenceKit on the same inputs. Each library builds its own inputs from the
// same identifier arrays (nothing shared between the two), then diffs them; the time is the
// median of repeated diffs, the two libraries taking turns. Each prints the moves it emits
// beside the fewest possible (the survivors off a longest increasing subsequence).
//
//   swift run -c release peers [--quick]
import DifferenceKit
import Snapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: Identifiers

/// An 8-byte identifier.
struct IntID: Hashable, Sendable, Differentiable {
  var value: Int
}

/// A 16-byte identifier (two words), like a UUID.
struct WideID: Hashable, Sendable, Differentiable {
  var high: UInt64
  var low: UInt64
}

protocol PeerID: Hashable, Sendable, Differentiable where DifferenceIdentifier == Self {
  static var label: String { get }
  init(_ n: UInt64)
}

extension IntID: PeerID {
  static let label = "Int"
  init(_ n: UInt64) { value = Int(truncatingIfNeeded: n) }
}

extension WideID: PeerID {
  static let label = "16-byte"
  init(_ n: UInt64) {
    high = n
    low = n &* 0x9E37_79B9_7F4A_7C15
  }
}

/// A seeded generator (SplitMix64), so every run diffs the same lists.
struct Generator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Fresh identifiers, never repeated within a run.
struct Source {
  var generator: Generator
  var counter: UInt64 = 0
  init(seed: UInt64) { generator = Generator(state: seed) }
  mutating func fresh<ID: PeerID>(_ count: Int) -> [ID] {
    (0..<count).map { _ in
      counter += 1
      return ID(counter &* 0x2545_F491_4F6C_DD1D ^ generator.next() << 40)
    }
  }
}

// MARK: Fewest moves

/// The length of a longest increasing subsequence, O(n log n).
func longestIncreasing(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// The fewest moves any valid batch needs from `old` to `new` (sections neither inserted,
/// deleted nor moved): every item that changes section, and in each section the items that
/// stay in it less a longest run of them in their old order.
func fewestMoves<ID: Hashable>(old: [[ID]], new: [[ID]]) -> Int {
  var place: [ID: (section: Int, index: Int)] = [:]
  for (section, items) in old.enumerated() {
    for (index, item) in items.enumerated() { place[item] = (section, index) }
  }
  var moves = 0
  for (section, items) in new.enumerated() {
    var stayed: [Int] = []
    for item in items {
      guard let from = place[item] else { continue }
      if from.section == section { stayed.append(from.index) } else { moves += 1 }
    }
    moves += stayed.count - longestIncreasing(stayed)
  }
  return moves
}

// MARK: Inputs

/// One flat list changed in DifferenceKit's published shape: 5,000 items with 1,000
/// deleted, 1,000 inserted and 200 shuffled; 100,000 with 10,000 / 10,000 / 2,000.
func flatShape<ID: PeerID>(_: ID.Type, size: Int) -> (old: [ID], new: [ID], detail: String) {
  let small = size < 10_000
  let deleted = small ? size / 5 : size / 10
  let shuffled = small ? size / 25 : size / 50
  var source = Source(seed: 0xD1FF &+ UInt64(size))
  let old: [ID] = source.fresh(size)
  var new = old
  new.removeSubrange(size / 5..<size / 5 + deleted)
  new.insert(contentsOf: source.fresh(deleted) as [ID], at: size * 3 / 10)
  for i in stride(from: shuffled - 1, to: 0, by: -1) {
    new.swapAt(i, source.generator.below(i + 1))
  }
  return (old, new, "−\(count(deleted)) +\(count(deleted)), \(count(shuffled)) shuffled")
}

/// 100 sections of 1,000 items after a share of them changed: a quarter deleted, a quarter
/// inserted, a quarter moved within their section, a quarter moved to another section.
func sectionedShape(percent: Int) -> (old: [[IntID]], new: [[IntID]]) {
  let sections = 100
  let perSection = 1_000
  let size = sections * perSection
  var source = Source(seed: 0x5EC7 &+ UInt64(percent))
  let old: [[IntID]] = (0..<sections).map { _ in source.fresh(perSection) }
  let changes = size * percent / 100
  let quarter = changes / 4
  // Roles by flat position: 0 stays, 1 deleted, 2 moved within, 3 moved across.
  var roles = [UInt8](repeating: 0, count: size)
  var positions = Array(0..<size)
  let touched = changes - quarter
  for i in 0..<touched {
    positions.swapAt(i, i + source.generator.below(size - i))
    roles[positions[i]] = i < quarter ? 1 : i < 2 * quarter ? 2 : 3
  }
  var staying = [[IntID]](repeating: [], count: sections)
  var landing = [[IntID]](repeating: [], count: sections)
  for (section, items) in old.enumerated() {
    for (index, item) in items.enumerated() {
      switch roles[section * perSection + index] {
      case 0: staying[section].append(item)
      case 2: landing[section].append(item)
      case 3: landing[(section + 1 + source.generator.below(sections - 1)) % sections].append(item)
      default: break
      }
    }
  }
  for item in source.fresh(quarter) as [IntID] {
    landing[source.generator.below(sections)].append(item)
  }
  let new: [[IntID]] = (0..<sections).map { section in
    var items = staying[section]
    for item in landing[section] {
      items.insert(item, at: source.generator.below(items.count + 1))
    }
    return items
  }
  return (old, new)
}

// MARK: The two libraries

/// Snapshot: two snapshots built apart from the arrays, then `new.batchUpdate(from: old)`.
func snapshotOf<ID: PeerID>(_ sections: [[ID]]) -> DiffableDataSourceSnapshot<Int, ID> {
  var snapshot = DiffableDataSourceSnapshot<Int, ID>()
  snapshot.appendSections(Array(sections.indices))
  for (section, items) in sections.enumerated() {
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

/// DifferenceKit: its own arrays (one `ArraySection` per section), then `StagedChangeset`.
func sectionsOf<ID: PeerID>(_ sections: [[ID]]) -> [ArraySection<SectionID, ID>] {
  sections.enumerated().map {
    ArraySection(model: SectionID(index: $0.offset), elements: $0.element)
  }
}

/// DifferenceKit's section model: a section's position.
struct SectionID: Hashable, Differentiable {
  var index: Int
}

func movesOf<C>(_ changeset: StagedChangeset<C>) -> Int {
  changeset.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count }
}

// MARK: Measuring

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Runs `a` and `b` in turns until each has run `repeats` times (or 2 s of `b` have passed,
/// at least 3 each), and returns both medians and what each returned last.
func race(repeats: Int, _ a: () -> Int, _ b: () -> Int) -> (Double, Double, Int, Int) {
  var timesA: [Double] = []
  var timesB: [Double] = []
  var resultA = 0
  var resultB = 0
  var spentB = 0.0
  while timesA.count < repeats && (timesA.count < 3 || spentB < 2) {
    var start = now()
    resultA = a()
    timesA.append(now() - start)
    start = now()
    resultB = b()
    timesB.append(now() - start)
    spentB += timesB.last!
  }
  return (median(timesA), median(timesB), resultA, resultB)
}

func count(_ n: Int) -> String {
  let digits = String(n)
  var out = ""
  for (i, c) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(c)
  }
  return out
}

func duration(_ seconds: Double) -> String {
  if seconds < 1e-3 { return String(format3(seconds * 1e6)) + " µs" }
  if seconds < 1 { return String(format3(seconds * 1e3)) + " ms" }
  return String(format3(seconds)) + " s"
}

/// Three significant digits.
func format3(_ value: Double) -> String {
  let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if decimals == 0, text.hasSuffix(".0") { text.removeLast(2) }
  if let dot = text.firstIndex(of: ".") {
    let have = text.distance(from: dot, to: text.endIndex) - 1
    if have < decimals { text += String(repeating: "0", count: decimals - have) }
  }
  return text
}

struct Row {
  var scenario: String
  var snapshot: Double
  var differenceKit: Double
  var snapshotMoves: Int
  var differenceKitMoves: Int
  var fewest: Int
}

func measure<ID: PeerID>(
  _ name: String, old: [[ID]], new: [[ID]], repeats: Int
) -> Row {
  let fewest = fewestMoves(old: old, new: new)
  // Each library builds its own inputs, apart.
  let oldSnapshot = snapshotOf(old)
  let newSnapshot = snapshotOf(new)
  let oldSections = sectionsOf(old)
  let newSections = sectionsOf(new)
  let flat = old.count == 1 && new.count == 1
  let (snapshotTime, differenceKitTime, snapshotMoves, differenceKitMoves) = race(
    repeats: repeats,
    { newSnapshot.batchUpdate(from: oldSnapshot).moveCount },
    {
      flat
        ? movesOf(StagedChangeset(source: oldSections[0].elements, target: newSections[0].elements))
        : movesOf(StagedChangeset(source: oldSections, target: newSections))
    })
  let row = Row(
    scenario: name, snapshot: snapshotTime, differenceKit: differenceKitTime,
    snapshotMoves: snapshotMoves, differenceKitMoves: differenceKitMoves, fewest: fewest)
  return row
}

// MARK: The run

let quick = CommandLine.arguments.contains("--quick")
let repeats = quick ? 3 : 11
var rows: [Row] = []

for size in [5_000, 100_000] {
  let int = flatShape(IntID.self, size: size)
  rows.append(
    measure(
      "\(count(size)) Int ids, \(int.detail)", old: [int.old], new: [int.new], repeats: repeats))
  let wide = flatShape(WideID.self, size: size)
  rows.append(
    measure(
      "\(count(size)) 16-byte ids, \(wide.detail)", old: [wide.old], new: [wide.new],
      repeats: repeats))
}
for percent in [0, 1, 10, 50] {
  let shape = sectionedShape(percent: percent)
  rows.append(
    measure(
      "100 sections × 1,000 Int ids, \(percent) % changed", old: shape.old, new: shape.new,
      repeats: repeats))
}
do {
  let size = quick ? 100_000 : 1_000_000
  var source = Source(seed: 0x0E01)
  let old: [IntID] = source.fresh(size)
  var inserted = old
  inserted.insert(contentsOf: source.fresh(1) as [IntID], at: size / 2)
  rows.append(
    measure(
      "one insert in \(count(size)) Int ids, rebuilt from the model", old: [old], new: [inserted],
      repeats: repeats))
  var moved = old
  moved.insert(moved.remove(at: size / 3), at: size * 2 / 3)
  rows.append(
    measure(
      "one move in \(count(size)) Int ids, rebuilt from the model", old: [old], new: [moved],
      repeats: repeats))
}

print("| scenario | Snapshot | DifferenceKit 1.3.0 | moves: Snapshot / DifferenceKit / fewest |")
print("| --- | --: | --: | --: |")
for row in rows {
  print(
    "| \(row.scenario) | \(duration(row.snapshot)) | \(duration(row.differenceKit)) | "
      + "\(count(row.snapshotMoves)) / \(count(row.differenceKitMoves)) / \(count(row.fewest)) |")
}

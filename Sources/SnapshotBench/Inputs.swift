import Snapshot

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

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}

/// A 16-byte identifier, the size of a UUID.
struct Identifier16: Hashable, Sendable {
  var high: UInt64
  var low: UInt64
}

/// Identifiers a scenario can be run with.
protocol BenchIdentifier: Hashable, Sendable {
  /// Short name for scenario names ("int", "id16").
  static var key: String { get }
  /// For headings ("Int", "16-byte").
  static var label: String { get }
  static func random(_ generator: inout BenchGenerator) -> Self
}

extension Int: BenchIdentifier {
  static var key: String { "int" }
  static var label: String { "Int" }
  static func random(_ generator: inout BenchGenerator) -> Int {
    Int(truncatingIfNeeded: generator.next())
  }
}

extension Identifier16: BenchIdentifier {
  static var key: String { "id16" }
  static var label: String { "16-byte" }
  static func random(_ generator: inout BenchGenerator) -> Identifier16 {
    Identifier16(high: generator.next(), low: generator.next())
  }
}

/// Distinct random identifiers.
struct IdentifierSource<ID: BenchIdentifier> {
  var generator: BenchGenerator
  var seen = Set<ID>()

  init(seed: UInt64) {
    generator = BenchGenerator(seed: seed)
  }

  mutating func fresh() -> ID {
    while true {
      let id = ID.random(&generator)
      if seen.insert(id).inserted { return id }
    }
  }

  mutating func fresh(_ count: Int) -> [ID] {
    (0..<count).map { _ in fresh() }
  }
}

/// The baselines every diff scenario shares.
enum Floor {
  /// The hash-pass floor: one hash-table build over the old identifiers and one probe per
  /// new identifier, nothing else, with the standard library's leanest table (a `Set` with
  /// its capacity reserved: it stores the identifiers alone, where a `Dictionary` would
  /// also store a value per bucket).
  @inline(never)
  static func hashPass<ID: Hashable>(old: [ID], new: [ID]) -> Int {
    var table = Set<ID>(minimumCapacity: old.count)
    for id in old { table.insert(id) }
    var hits = 0
    for id in new where table.contains(id) { hits &+= 1 }
    return hits
  }

  static let name = "hash pass (Set)"

  static func baseline<ID: Hashable>(
    old: [ID], new: [ID], whenFaster: String = Floor.whenFaster
  ) -> Baseline {
    Baseline(Operation(name) { hashPass(old: old, new: new) }, whenFaster: whenFaster)
  }

  /// Why a diff can be measured below the floor. The floor is the cost of hashing every
  /// identifier once; it bounds a diff that looks every item up, not one that does not.
  static let whenFaster =
    "the floor hashes every old and every new identifier; the diff hashes fewer: it matches "
    + "the common prefix and suffix by position and extends each match along its run by "
    + "comparing neighbours, so it probes one new identifier per run, not one per item"

  /// Common items minus a longest increasing subsequence of their new positions (patience
  /// sorting): the fewest moves any batch needs for a one-section change.
  static func minimumMoves<ID: Hashable>(old: [ID], new: [ID]) -> Int {
    var newPosition = [ID: Int](minimumCapacity: new.count)
    for (position, id) in new.enumerated() { newPosition[id] = position }
    let positions = old.compactMap { newPosition[$0] }
    return positions.count - longestIncreasingLength(positions)
  }
}

/// A one-section snapshot of `items`.
func flatSnapshot<ID: Hashable & Sendable>(_ items: [ID]) -> DiffableDataSourceSnapshot<Int, ID> {
  var snapshot = DiffableDataSourceSnapshot<Int, ID>()
  snapshot.appendSections([0])
  snapshot.appendItems(items, toSection: 0)
  return snapshot
}

/// An outline of exactly `count` items with `Int` identifiers 0..<count, shaped like a file
/// tree: 100 roots, then every item in turn gets 100 children until the count is reached
/// (10^6 items: 100 roots, 10,000 children, 989,900 grandchildren). Built parent by parent
/// with `append(_:to:)`, the calls prepared beforehand.
struct OutlinePlan {
  static let fanOut = 100
  let count: Int
  /// The arguments of every `append(_:to:)` call, in order.
  let calls: [(items: [Int], parent: Int?)]
  /// The items that have children.
  let parents: [Int]

  init(count: Int) {
    self.count = count
    let roots = min(count, Self.fanOut)
    var calls = [(items: Array(0..<roots), parent: Int?.none)]
    var next = roots
    var parent = 0
    while next < count {
      let end = min(count, next + Self.fanOut)
      calls.append((Array(next..<end), parent))
      parent += 1
      next = end
    }
    self.calls = calls
    parents = Array(0..<parent)
  }

  /// The outline, collapsed as a new one is.
  func build() -> DiffableDataSourceSectionSnapshot<Int> {
    var snapshot = DiffableDataSourceSectionSnapshot<Int>()
    for call in calls { snapshot.append(call.items, to: call.parent) }
    return snapshot
  }

  /// The outline with every parent expanded: every item is a visible row.
  func buildExpanded() -> DiffableDataSourceSectionSnapshot<Int> {
    var snapshot = build()
    snapshot.expand(parents)
    return snapshot
  }

  /// Children of each item (empty for leaves) and the roots, as a hand-written tree holds them.
  func childLists() -> (roots: [Int], children: [[Int]]) {
    var children = [[Int]](repeating: [], count: count)
    for call in calls.dropFirst() { children[call.parent!] = call.items }
    return (calls[0].items, children)
  }
}

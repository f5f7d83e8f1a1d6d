import Testing

@testable import Snapshot

// The label index on its own against two Dictionaries (item → label, label → item): seeded
// random inserts, refused duplicates, removals, relabels and bulk builds, with copies edited on
// both sides, in buckets of 1 to 3 pairs (so that every case bursts and collapses), under
// hashes the test chooses: well mixed, equal in their low 32 bits (so that bursts below 32
// bits rehash through the resolver), and all equal.
@Suite("SharedLabelIndex")
struct SharedLabelIndexTests {
  /// How the test hashes an item.
  enum Hashing: CaseIterable {
    case mixed, highBitsOnly, colliding

    func hash(_ item: Int) -> UInt64 {
      switch self {
      case .mixed:
        var generator = SeededGenerator(seed: UInt64(item))
        return generator.next()
      case .highBitsOnly: return UInt64(item) << 32 | 0xABCD
      case .colliding: return 7
      }
    }
  }

  /// Names items through the model, with the test's hashes.
  struct Resolver: SharedLabelResolver {
    let items: [UInt64: Int]
    let hashing: Hashing

    func item(labelled label: UInt64) -> Int? { items[label] }
    func hash(ofLabel label: UInt64) -> UInt64 { items[label].map(hashing.hash) ?? 0 }
  }

  enum Step: CustomStringConvertible {
    case insert(Int)
    case remove(Int)
    case relabel(Int)
    case copy
    case switchCopy(Int)
    case rebuild

    var description: String {
      switch self {
      case .insert(let item): "insert(\(item))"
      case .remove(let item): "remove(\(item))"
      case .relabel(let item): "relabel(\(item))"
      case .copy: "copy"
      case .switchCopy(let index): "switchCopy(\(index))"
      case .rebuild: "rebuild"
      }
    }
  }

  static func generate(_ generator: inout SeededGenerator) -> [Step] {
    let items = Int.random(in: 4...150, using: &generator)
    return (0..<Int.random(in: 20...160, using: &generator)).map { _ in
      let item = Int.random(in: 0..<items, using: &generator)
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<55: return .insert(item)
      case 55..<80: return .remove(item)
      case 80..<90: return .relabel(item)
      case 90..<94: return .copy
      case 94..<98: return .switchCopy(Int.random(in: 0..<3, using: &generator))
      default: return .rebuild
      }
    }
  }

  /// The model: each item's label, and each label's item.
  struct Model {
    var labels: [Int: UInt64] = [:]
    var items: [UInt64: Int] = [:]
  }

  /// Applies the steps to an index with buckets of `capacity`; describes the first
  /// disagreement with the model or broken invariant, checked after every step on the index
  /// and every copy.
  static func check(_ steps: [Step], hashing: Hashing, capacity: Int) -> String? {
    var index = SharedLabelIndex(bucketCapacity: capacity)
    var model = Model()
    var copies: [(SharedLabelIndex, Model)] = []
    var nextLabel: UInt64 = 1
    for (number, step) in steps.enumerated() {
      switch step {
      case .insert(let item):
        let label = nextLabel
        nextLabel += 1
        var named = model.items
        named[label] = item
        let isNew = model.labels[item] == nil
        let filed = index.insert(
          label, hash: hashing.hash(item), item: item,
          resolver: Resolver(items: named, hashing: hashing))
        guard filed == isNew else { return "step \(number): insert(\(item)) gave \(filed)" }
        if isNew {
          model.labels[item] = label
          model.items[label] = item
        }
      case .remove(let item):
        let removed = model.labels[item].map { index.remove($0, hash: hashing.hash(item)) }
        if removed == false { return "step \(number): label of \(item) not found to remove" }
        if let label = model.labels.removeValue(forKey: item) { model.items[label] = nil }
      case .relabel(let item):
        guard let old = model.labels[item] else { continue }
        let new = nextLabel
        nextLabel += 1
        guard index.replace(old, with: new, hash: hashing.hash(item)) else {
          return "step \(number): label of \(item) not found to relabel"
        }
        model.labels[item] = new
        model.items[old] = nil
        model.items[new] = item
      case .copy: copies.append((index, model))
      case .switchCopy(let slot):
        guard !copies.isEmpty else { continue }
        let slot = slot % copies.count
        let saved = copies[slot]
        copies[slot] = (index, model)
        (index, model) = saved
      case .rebuild:
        let pairs = Array(model.labels)
        let (built, duplicate) = SharedLabelIndex.build(
          count: pairs.count, bucketCapacity: capacity, hash: { hashing.hash(pairs[$0].key) },
          label: { pairs[$0].value }, isSame: { pairs[$0].key == pairs[$1].key })
        if let duplicate { return "step \(number): rebuild found \(pairs[duplicate].key) twice" }
        index = built
      }
      for (candidate, expected) in [(index, model)] + copies {
        if let failure = mismatch(candidate, expected, hashing: hashing) {
          return "after step \(number): \(failure)"
        }
      }
    }
    return nil
  }

  /// The first difference between `index` and `model`, or an invariant violation.
  static func mismatch(_ index: SharedLabelIndex, _ model: Model, hashing: Hashing) -> String? {
    let resolver = Resolver(items: model.items, hashing: hashing)
    if let violation = index._invariantViolation(hashOf: { label in
      model.items[label].map(hashing.hash)
    }) {
      return violation
    }
    guard index.count == model.labels.count else {
      return "count \(index.count), model \(model.labels.count)"
    }
    for (item, label) in model.labels {
      let found = index.firstLabel(hash: hashing.hash(item)) { resolver.item(labelled: $0) == item }
      if found != label { return "label of \(item): \(String(describing: found)), not \(label)" }
    }
    return nil
  }

  @Test(
    "random edits, relabels and rebuilds with copies agree with a Dictionary",
    arguments: Hashing.allCases)
  func randomEdits(hashing: Hashing) {
    let count = hashing == .colliding ? 60 : 200
    for capacity in 1...3 {
      checkProperty(
        "label index, \(hashing), buckets of \(capacity)", count: count,
        base: 0x1AB_E100 + UInt64(capacity), generate: Self.generate
      ) { Self.check($0, hashing: hashing, capacity: capacity) }
    }
  }

  @Test("a bulk build refuses an item given twice, whatever the hashes")
  func bulkBuildRefusesDuplicates() {
    for hashing in Hashing.allCases {
      let items = Array(0..<300) + [150]
      let (index, duplicate) = SharedLabelIndex.build(
        count: items.count, bucketCapacity: 2, hash: { hashing.hash(items[$0]) },
        label: { UInt64($0 + 1) }, isSame: { items[$0] == items[$1] })
      #expect(duplicate.map { items[$0] } == 150, "\(hashing)")
      #expect(index.count == 0)
    }
  }

  /// Buckets of the default capacity (above 32 pairs), whose duplicates are found through a
  /// table of fragments: every item is filed where a lookup finds it, and an item given twice
  /// is found wherever it is, also when every fragment agrees (`highBitsOnly`, `colliding`).
  @Test("a bulk build with full-size buckets files every item and finds any duplicate")
  func bulkBuildFullBuckets() {
    for hashing in Hashing.allCases {
      let count = hashing == .mixed ? 5_000 : 400
      let items = Array(0..<count)
      let (index, duplicate) = SharedLabelIndex.build(
        count: count, bucketCapacity: SharedLabelIndex.defaultBucketCapacity,
        hash: { hashing.hash(items[$0]) }, label: { UInt64($0 + 1) },
        isSame: { items[$0] == items[$1] })
      #expect(duplicate == nil, "\(hashing)")
      #expect(index.count == count, "\(hashing)")
      let resolver = Resolver(
        items: Dictionary(uniqueKeysWithValues: items.map { (UInt64($0 + 1), $0) }),
        hashing: hashing)
      #expect(
        index._invariantViolation { resolver.item(labelled: $0).map(hashing.hash) } == nil,
        "\(hashing)")
      let misfiled = items.filter { item in
        index.firstLabel(hash: hashing.hash(item)) { resolver.item(labelled: $0) == item }
          != UInt64(item + 1)
      }
      #expect(misfiled.isEmpty, "\(hashing): \(misfiled.prefix(5))")
      for at in [0, count / 3, count - 1] {
        let doubled = items + [items[at]]
        let (refused, found) = SharedLabelIndex.build(
          count: doubled.count, bucketCapacity: SharedLabelIndex.defaultBucketCapacity,
          hash: { hashing.hash(doubled[$0]) }, label: { UInt64($0 + 1) },
          isSame: { doubled[$0] == doubled[$1] })
        #expect(found.map { doubled[$0] } == items[at], "\(hashing), twice: \(items[at])")
        #expect(refused.count == 0)
      }
    }
  }

  /// The filter in a bucket's header: every fragment appended is in it (through copies and
  /// removals), and a search for one it was not given mostly stops there.
  @Test("a bucket's filter holds its fragments and turns most others away")
  func bucketFilter() {
    var generator = SeededGenerator(seed: 0xF117_E4)
    let bucket = SharedLabelBucket.make(capacity: 448)
    var held: [UInt32] = []
    for label in 1...300 {
      let fragment = UInt32(truncatingIfNeeded: generator.next())
      held.append(fragment)
      bucket.append(fragment: fragment, label: UInt64(label))
    }
    let copy = bucket.copy(capacity: 512)
    copy.remove(at: 0)
    for (index, fragment) in held.enumerated() {
      #expect(bucket.mayHold(fragment: fragment))
      #expect(bucket.firstLabel(fragment: fragment) { _ in true } != nil)
      if index > 0 { #expect(copy.mayHold(fragment: fragment)) }
    }
    let heldSet = Set(held)
    var turnedAway = 0
    var searched = 0
    while searched < 10_000 {
      let fragment = UInt32(truncatingIfNeeded: generator.next())
      guard !heldSet.contains(fragment) else { continue }
      searched += 1
      #expect(bucket.firstLabel(fragment: fragment) { _ in true } == nil)
      if !bucket.mayHold(fragment: fragment) { turnedAway += 1 }
    }
    // 300 fragments set about 1 - e^(-300/512) of the 512 bits: about 56% are turned away.
    #expect(turnedAway > 4_500, "\(turnedAway) of 10,000 turned away by the filter")
  }

  @Test("an edited copy leaves the original and its untouched buckets alone")
  func sharing() {
    var items: [UInt64: Int] = [:]
    var index = SharedLabelIndex(bucketCapacity: 4)
    for item in 0..<5_000 {
      items[UInt64(item + 1)] = item
      let filed = index.insert(
        UInt64(item + 1), hash: Hashing.mixed.hash(item), item: item,
        resolver: Resolver(items: items, hashing: .mixed))
      #expect(filed)
    }
    let original = index
    var copy = index
    let removed = copy.remove(18, hash: Hashing.mixed.hash(17))
    let replaced = copy.replace(4_001, with: 9_999, hash: Hashing.mixed.hash(4_000))
    #expect(removed && replaced)
    #expect(original.count == 5_000 && copy.count == 4_999)
    guard case .node(let originalRoot) = original.root, case .node(let copyRoot) = copy.root else {
      Issue.record("5,000 pairs in buckets of 4 have an inner root")
      return
    }
    #expect(originalRoot !== copyRoot)
    // Only the root's slots on the two paths differ.
    let differing = (0..<16).filter { !Self.isSame(originalRoot[$0], copyRoot[$0]) }.count
    #expect(differing >= 1 && differing <= 2)
    var renamed = items
    renamed[18] = nil
    renamed[4_001] = nil
    renamed[9_999] = 4_000
    #expect(Self.mismatch(original, Self.model(items), hashing: .mixed) == nil)
    #expect(Self.mismatch(copy, Self.model(renamed), hashing: .mixed) == nil)
  }

  static func model(_ items: [UInt64: Int]) -> Model {
    Model(labels: Dictionary(uniqueKeysWithValues: items.map { ($1, $0) }), items: items)
  }

  /// Whether two slots hold the same block.
  static func isSame(_ left: SharedLabelSlot, _ right: SharedLabelSlot) -> Bool {
    switch (left, right) {
    case (.empty, .empty): true
    case (.node(let left), .node(let right)): left === right
    case (.bucket(let left), .bucket(let right)): left === right
    default: false
    }
  }
}

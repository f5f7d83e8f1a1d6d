import Testing

@testable import Snapshot

// The hash trie against Dictionary: seeded random inserts, updates and removals with copies
// edited on both sides (buckets of 2 pairs, so that every case bursts and collapses), and
// keys whose hashes all collide.
@Suite("SharedHashMap")
struct SharedHashMapTests {
  /// A key whose hash is the same for every value: everything lands in one bottom bucket.
  struct Colliding: Hashable, Sendable, CustomStringConvertible {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { "c\(value)" }
  }

  enum Step: CustomStringConvertible {
    case update(Int, Int)
    case remove(Int)
    case copy
    case switchCopy(Int)

    var description: String {
      switch self {
      case .update(let key, let value): "update(\(key), \(value))"
      case .remove(let key): "remove(\(key))"
      case .copy: "copy"
      case .switchCopy(let index): "switchCopy(\(index))"
      }
    }
  }

  static func generate(_ generator: inout SeededGenerator) -> [Step] {
    let keys = Int.random(in: 4...120, using: &generator)
    return (0..<Int.random(in: 20...150, using: &generator)).map { _ in
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<55:
        .update(
          Int.random(in: 0..<keys, using: &generator), Int.random(in: 0..<9, using: &generator))
      case 55..<90: .remove(Int.random(in: 0..<keys, using: &generator))
      case 90..<95: .copy
      default: .switchCopy(Int.random(in: 0..<3, using: &generator))
      }
    }
  }

  static func check<Key: Hashable & Sendable>(_ steps: [Step], key: (Int) -> Key) -> String? {
    var map = SharedHashMap<Key, Int>(bucketCapacity: 2)
    var model: [Key: Int] = [:]
    var copies: [(SharedHashMap<Key, Int>, [Key: Int])] = []
    for (index, step) in steps.enumerated() {
      switch step {
      case .update(let raw, let value):
        let old = map.updateValue(value, forKey: key(raw))
        if old != model.updateValue(value, forKey: key(raw)) { return "step \(index): old value" }
      case .remove(let raw):
        if map.removeValue(forKey: key(raw)) != model.removeValue(forKey: key(raw)) {
          return "step \(index): removed value"
        }
      case .copy: copies.append((map, model))
      case .switchCopy(let slot):
        guard !copies.isEmpty else { continue }
        let slot = slot % copies.count
        let saved = copies[slot]
        copies[slot] = (map, model)
        (map, model) = saved
      }
      for (candidate, expected) in [(map, model)] + copies {
        if let violation = candidate._invariantViolation() { return "step \(index): \(violation)" }
        guard candidate.count == expected.count else { return "step \(index): count" }
        for (key, value) in expected where candidate.value(forKey: key) != value {
          return "step \(index): value of \(key)"
        }
      }
    }
    return nil
  }

  @Test("random edits with copies agree with Dictionary")
  func randomEdits() {
    checkProperty("shared hash map", count: 300, base: 0x4A3E_0001, generate: Self.generate) {
      Self.check($0) { $0 }
    }
  }

  @Test("keys whose hashes all collide: correct, never a crash")
  func collidingKeys() {
    checkProperty("colliding hash map", count: 60, base: 0x4A3E_0002, generate: Self.generate) {
      Self.check($0) { Colliding(value: $0) }
    }
  }

  @Test("an edited copy leaves the original and its untouched nodes alone")
  func sharing() {
    var map = SharedHashMap<Int, Int>(bucketCapacity: 4)
    for key in 0..<5_000 { map.updateValue(key, forKey: key) }
    let original = map
    var copy = map
    copy.updateValue(-1, forKey: 17)
    copy.removeValue(forKey: 4_000)
    #expect(original.value(forKey: 17) == 17)
    #expect(original.value(forKey: 4_000) == 4_000)
    #expect(copy.value(forKey: 17) == -1)
    #expect(copy.value(forKey: 4_000) == nil)
    #expect(original.count == 5_000 && copy.count == 4_999)
    // Only the root's children on the two paths differ.
    guard case .node(let originalRoot) = original.root, case .node(let copyRoot) = copy.root else {
      Issue.record("5,000 keys in buckets of 4 have an inner root")
      return
    }
    let differing = zip(originalRoot.children, copyRoot.children).filter {
      !Self.isSame($0, $1)
    }.count
    #expect(differing <= 2)
    #expect(originalRoot !== copyRoot)
    original._checkInvariants()
    copy._checkInvariants()
  }
}

extension SharedHashMapTests {
  /// Whether two slots hold the same node or the same bucket storage.
  static func isSame(_ left: SharedHashSlot<Int, Int>, _ right: SharedHashSlot<Int, Int>) -> Bool {
    switch (left, right) {
    case (.node(let left), .node(let right)): left === right
    case (.bucket(let left), .bucket(let right)):
      left.withUnsafeBufferPointer { left in
        right.withUnsafeBufferPointer { $0.baseAddress == left.baseAddress }
      }
    default: false
    }
  }
}

// The bulk build and the batched insertion against Dictionary.
extension SharedHashMapTests {
  static func checkBuild<Key: Hashable & Sendable>(
    _ steps: [Step], key: (Int) -> Key
  ) -> String? {
    var pairs: [SharedHashPair<Key, Int>] = []
    var model: [Key: Int] = [:]
    var repeated = Set<Key>()
    for case .update(let raw, let value) in steps {
      pairs.append(SharedHashPair(key: key(raw), value: value))
      if model.updateValue(value, forKey: key(raw)) != nil { repeated.insert(key(raw)) }
    }
    let (map, duplicate) = SharedHashMap.build(pairs, bucketCapacity: 2)
    if let duplicate {
      return repeated.contains(duplicate) ? nil : "reported \(duplicate), not a duplicate"
    }
    guard repeated.isEmpty else { return "duplicates \(repeated) not reported" }
    if let violation = map._invariantViolation() { return "build: \(violation)" }
    for (key, value) in model where map.value(forKey: key) != value { return "value of \(key)" }
    // The same pairs inserted in two batches into a copy of an empty map.
    var batched = SharedHashMap<Key, Int>(bucketCapacity: 2)
    let held = batched
    if let refused = batched.insertNew(pairs.prefix(pairs.count / 2)) {
      return "first half refused \(refused)"
    }
    let before = batched
    if let refused = batched.insertNew(pairs.suffix(from: pairs.count / 2)) {
      return "second half refused \(refused)"
    }
    if let refused = batched.insertNew(pairs.prefix(1)) {
      guard refused == pairs[0].key, batched.count == pairs.count else { return "refusal" }
    } else if !pairs.isEmpty {
      return "a present key inserted again"
    }
    for (candidate, count) in [(held, 0), (before, pairs.count / 2), (batched, pairs.count)] {
      if let violation = candidate._invariantViolation() { return "batched: \(violation)" }
      guard candidate.count == count else { return "batched count \(candidate.count)" }
    }
    for (key, value) in model where batched.value(forKey: key) != value {
      return "batched value of \(key)"
    }
    return nil
  }

  /// Distinct keys, so that most builds succeed (a few repeat one key to check refusals).
  static func generateBuild(_ generator: inout SeededGenerator) -> [Step] {
    let count = Int.random(in: 0...200, using: &generator)
    var keys = Array(0..<count).shuffled(using: &generator)
    if count > 2 && Int.random(in: 0..<4, using: &generator) == 0 {
      keys[Int.random(in: 1..<count, using: &generator)] = keys[0]
    }
    return keys.map { .update($0, $0 &* 3) }
  }

  @Test("bulk builds and batched inserts agree with Dictionary, and refuse duplicates")
  func bulkBuild() {
    checkProperty("hash map build", count: 200, base: 0x4A3E_0003, generate: Self.generateBuild) {
      Self.checkBuild($0) { $0 }
    }
    checkProperty(
      "colliding hash map build", count: 40, base: 0x4A3E_0004, generate: Self.generateBuild
    ) { Self.checkBuild($0) { Colliding(value: $0) } }
  }
}

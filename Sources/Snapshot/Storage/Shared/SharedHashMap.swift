/// A persistent hash map: a trie on the bits of the key's hash, 16 children a level, whose
/// leaves are buckets of up to `bucketCapacity` pairs stored inline: a bucket is one array,
/// held by its parent's slot without a node object of its own.
///
/// - Copying is O(1); an edit copies the shared nodes on its path, O(depth).
/// - A bucket that overflows bursts into a node of 16 children one level down; below 64
///   bits of hash there is nothing left to split on, so keys whose hashes all collide share
///   one bucket and are found by a linear scan: slower, never a crash, never a rehash.
/// - An inner node left with at most half a bucket's worth of pairs collapses back into a
///   bucket, so memory follows the count.
/// - The trie is at most 17 levels deep whatever the keys, so nothing recurses deeply.
@usableFromInline
package struct SharedHashMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline package typealias Node = SharedHashNode<Key, Value>
  @usableFromInline package typealias Slot = SharedHashSlot<Key, Value>

  @usableFromInline package var root: Slot
  @usableFromInline package let bucketCapacity: Int

  @inlinable
  package init(bucketCapacity: Int = 64) {
    precondition(bucketCapacity >= 1, "a bucket holds at least one pair")
    self.bucketCapacity = bucketCapacity
    root = .empty
  }

  /// The number of pairs.
  ///
  /// - Complexity: O(1).
  @inlinable package var count: Int { root.count }

  @inlinable
  static func hash(_ key: Key) -> UInt64 { UInt64(truncatingIfNeeded: key.hashValue) }

  /// The child slot of `hash` at `shift`, and its bit in a bitmap.
  @inlinable
  static func bit(_ hash: UInt64, _ shift: Int) -> UInt16 {
    1 << UInt16(truncatingIfNeeded: (hash >> UInt64(shift)) & 15)
  }

  /// The value stored for `key`, or nil.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable
  package func value(forKey key: Key) -> Value? {
    value(forKey: key, hash: Self.hash(key))
  }

  /// The value stored for `key` under `hash` (hashed once per operation, so that a key whose
  /// hash changes between calls is looked for in one place only). O(depth + bucket).
  @inlinable
  func value(forKey key: Key, hash: UInt64) -> Value? {
    var slot = root
    var shift = 0
    while true {
      switch slot {
      case .bucket(let pairs):
        for pair in pairs where pair.key == key { return pair.value }
        return nil
      case .node(let node):
        let bit = Self.bit(hash, shift)
        guard node.bitmap & bit != 0 else { return nil }
        slot = node.children[(node.bitmap & (bit &- 1)).nonzeroBitCount]
        shift += 4
      }
    }
  }

  /// The inner node in `slot`, copied first if it is shared; nil for a bucket.
  @inlinable
  static func uniqueNode(_ slot: inout Slot) -> Node? {
    guard case .node(var node) = slot else { return nil }
    slot = .empty  // so that `node` holds the only reference this path has
    if !isKnownUniquelyReferenced(&node) { node = Node(copying: node) }
    slot = .node(node)
    return node
  }

  /// Changes the bucket in `slot` through `body`: in place when the array is uniquely
  /// referenced, else on a copy (the array's own copy-on-write).
  @inlinable
  static func changeBucket<Result>(
    _ slot: inout Slot, _ body: (inout [SharedHashPair<Key, Value>]) -> Result
  ) -> Result {
    guard case .bucket(var pairs) = slot else { preconditionFailure("not a bucket") }
    slot = .empty
    let result = body(&pairs)
    slot = .bucket(pairs)
    return result
  }

  /// Stores `value` for `key`; returns the value it replaces, if any.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable @discardableResult
  package mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    let hash = Self.hash(key)
    guard let old = self.value(forKey: key, hash: hash) else {
      _ = insertIfAbsent(value, forKey: key)
      return nil
    }
    replaceValue(value, forKey: key, hash: hash)
    return old
  }

  /// Replaces the value of `key`, which is present. O(depth + bucket).
  @inlinable
  mutating func replaceValue(_ value: Value, forKey key: Key, hash: UInt64) {
    let change: (inout [SharedHashPair<Key, Value>]) -> Void = { pairs in
      if let index = pairs.firstIndex(where: { $0.key == key }) { pairs[index].value = value }
    }
    guard var node = Self.uniqueNode(&root) else { return Self.changeBucket(&root, change) }
    var shift = 0
    while true {
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      guard let child = Self.uniqueNode(&node.children[index]) else {
        return Self.changeBucket(&node.children[index], change)
      }
      node = child
      shift += 4
    }
  }

  /// The slot that replaces the overfull bucket `pairs` at `shift`: an inner node of 16
  /// children, and so on down while a new bucket is still overfull (not below 64 bits).
  /// O(pairs).
  @inlinable
  static func burst(_ pairs: [SharedHashPair<Key, Value>], shift: Int, capacity: Int) -> Slot {
    guard shift < 64, pairs.count > capacity else { return .bucket(pairs) }
    let top = Node()
    var work: [(node: Node, pairs: [SharedHashPair<Key, Value>], shift: Int)] = [
      (top, pairs, shift)
    ]
    while let (node, pairs, shift) = work.popLast() {
      var sizes = [Int](repeating: 0, count: 16)
      for pair in pairs { sizes[Int((hash(pair.key) >> UInt64(shift)) & 15)] += 1 }
      // Each group reserved to its size: a bucket is grown to what it holds.
      var groups = sizes.map { size in
        var group: [SharedHashPair<Key, Value>] = []
        group.reserveCapacity(size)
        return group
      }
      for pair in pairs { groups[Int((hash(pair.key) >> UInt64(shift)) & 15)].append(pair) }
      node.count = pairs.count
      for (slot, group) in groups.enumerated() where !group.isEmpty {
        node.bitmap |= 1 << UInt16(slot)
        if group.count > capacity && shift + 4 < 64 {
          let child = Node()
          node.children.append(.node(child))
          work.append((child, group, shift + 4))
        } else {
          node.children.append(.bucket(group))
        }
      }
    }
    return .node(top)
  }

  /// Removes `key`; returns its value, or nil if absent.
  ///
  /// - Complexity: O(depth + bucket), plus O(b) when a node collapses into a bucket.
  @inlinable @discardableResult
  package mutating func removeValue(forKey key: Key) -> Value? {
    let hash = Self.hash(key)
    guard value(forKey: key, hash: hash) != nil else { return nil }
    let remove: (inout [SharedHashPair<Key, Value>]) -> Value? = { pairs in
      pairs.firstIndex(where: { $0.key == key }).map { pairs.remove(at: $0).value }
    }
    guard var node = Self.uniqueNode(&root) else { return Self.changeBucket(&root, remove) }
    var path: [(node: Node, index: Int, bit: UInt16)] = []
    var shift = 0
    var removed: Value? = nil
    while true {
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      path.append((node, index, bit))
      guard let child = Self.uniqueNode(&node.children[index]) else {
        removed = Self.changeBucket(&node.children[index], remove)
        break
      }
      node = child
      shift += 4
    }
    for (ancestor, _, _) in path { ancestor.count -= 1 }
    var level = path.count - 1
    while level >= 0 {
      let (parent, index, bit) = path[level]
      if parent.children[index].count == 0 {
        parent.children.remove(at: index)
        parent.bitmap &= ~bit
      }
      if parent.count <= bucketCapacity / 2 {
        let collapsed = Slot.bucket(parent.gathered())
        if level == 0 {
          root = collapsed
        } else {
          path[level - 1].node.children[path[level - 1].index] = collapsed
        }
      }
      level -= 1
    }
    return removed
  }
}

/// One key and its value, stored inline in a bucket.
@usableFromInline
package struct SharedHashPair<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline package var key: Key
  @usableFromInline package var value: Value

  @inlinable
  package init(key: Key, value: Value) {
    self.key = key
    self.value = value
  }
}

/// What a slot of the trie holds: a bucket of pairs (one array, shared copy-on-write), or an
/// inner node.
@usableFromInline
package enum SharedHashSlot<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  case bucket([SharedHashPair<Key, Value>])
  case node(SharedHashNode<Key, Value>)

  @inlinable package static var empty: Self { .bucket([]) }

  /// The number of pairs below. O(1).
  @inlinable package var count: Int {
    switch self {
    case .bucket(let pairs): pairs.count
    case .node(let node): node.count
    }
  }
}

/// An inner node of a ``SharedHashMap``: up to 16 slots, the pairs below counted. Written
/// only while the whole path to it is uniquely referenced.
@usableFromInline
package final class SharedHashNode<Key: Hashable & Sendable, Value: Sendable>:
  @unchecked Sendable
{
  @exclusivity(unchecked) @usableFromInline package var bitmap: UInt16
  @exclusivity(unchecked) @usableFromInline package var count: Int
  @exclusivity(unchecked) @usableFromInline package var children: [SharedHashSlot<Key, Value>]

  @inlinable
  init() {
    bitmap = 0
    count = 0
    children = []
  }

  @inlinable
  init(copying other: SharedHashNode) {
    bitmap = other.bitmap
    count = other.count
    children = other.children
  }

  /// Every pair below, gathered into one bucket. O(count).
  @inlinable
  func gathered() -> [SharedHashPair<Key, Value>] {
    var gathered: [SharedHashPair<Key, Value>] = []
    gathered.reserveCapacity(count)
    var stack = children
    while let slot = stack.popLast() {
      switch slot {
      case .bucket(let pairs): gathered.append(contentsOf: pairs)
      case .node(let node): stack.append(contentsOf: node.children)
      }
    }
    return gathered
  }
}

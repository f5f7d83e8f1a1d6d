/// A persistent hash map: a trie on the bits of the key's hash, 16 children a level, whose
/// leaves are buckets of up to `bucketCapacity` pairs stored inline.
///
/// - Copying is O(1); an edit copies the shared nodes on its path, O(depth).
/// - A bucket that overflows bursts into a node of 16 children one level down; below 64
///   bits of hash there is nothing left to split on, so keys whose hashes all collide share
///   one bucket and are found by a linear scan: slower, never a crash, never a rehash.
/// - An inner node left with at most half a bucket's worth of pairs collapses back into a
///   bucket, so memory follows the count.
/// - The trie is at most 17 levels deep whatever the keys, so nothing recurses deeply.
@_spi(SharedStorage)
public struct SharedHashMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @_spi(SharedStorage) public typealias Node = SharedHashNode<Key, Value>

  @_spi(SharedStorage) public var root: Node
  @_spi(SharedStorage) public let bucketCapacity: Int

  @inlinable
  @_spi(SharedStorage) public init(bucketCapacity: Int = 64) {
    precondition(bucketCapacity >= 1, "a bucket holds at least one pair")
    self.bucketCapacity = bucketCapacity
    root = Node(bucket: [])
  }

  /// The number of pairs.
  ///
  /// - Complexity: O(1).
  @inlinable @_spi(SharedStorage) public var count: Int { root.count }

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
  @_spi(SharedStorage) public func value(forKey key: Key) -> Value? {
    value(forKey: key, hash: Self.hash(key))
  }

  /// The value stored for `key` under `hash` (hashed once per operation, so that a key whose
  /// hash changes between calls is looked for in one place only). O(depth + bucket).
  @inlinable
  func value(forKey key: Key, hash: UInt64) -> Value? {
    var node = root
    var shift = 0
    while !node.isBucket {
      let bit = Self.bit(hash, shift)
      guard node.bitmap & bit != 0 else { return nil }
      node = node.children[(node.bitmap & (bit &- 1)).nonzeroBitCount]
      shift += 4
    }
    for pair in node.pairs where pair.key == key { return pair.value }
    return nil
  }

  @inlinable
  mutating func makeRootUnique() {
    if !isKnownUniquelyReferenced(&root) { root = Node(copying: root) }
  }

  @inlinable
  static func uniqueChild(of parent: Node, at index: Int) -> Node {
    if !isKnownUniquelyReferenced(&parent.children[index]) {
      parent.children[index] = Node(copying: parent.children[index])
    }
    return parent.children[index]
  }

  /// Stores `value` for `key`; returns the value it replaces, if any.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable @discardableResult
  @_spi(SharedStorage) public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
    let hash = Self.hash(key)
    if let old = self.value(forKey: key, hash: hash) {
      replaceValue(value, forKey: key, hash: hash)
      return old
    }
    makeRootUnique()
    var node = root
    var shift = 0
    // The key is new: every node on the way down gains one pair.
    while !node.isBucket {
      node.count += 1
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      guard node.bitmap & bit != 0 else {
        node.children.insert(Node(bucket: [SharedHashPair(key: key, value: value)]), at: index)
        node.bitmap |= bit
        return nil
      }
      node = Self.uniqueChild(of: node, at: index)
      shift += 4
    }
    // Grow a bucket to what it holds, not by doubling.
    if node.pairs.count == node.pairs.capacity { node.pairs.reserveCapacity(node.pairs.count + 1) }
    node.pairs.append(SharedHashPair(key: key, value: value))
    node.count += 1
    if node.pairs.count > bucketCapacity { burst(node, shift: shift) }
    return nil
  }

  /// Replaces the value of `key`, which is present. O(depth + bucket).
  @inlinable
  mutating func replaceValue(_ value: Value, forKey key: Key, hash: UInt64) {
    makeRootUnique()
    var node = root
    var shift = 0
    while !node.isBucket {
      let bit = Self.bit(hash, shift)
      node = Self.uniqueChild(of: node, at: (node.bitmap & (bit &- 1)).nonzeroBitCount)
      shift += 4
    }
    if let index = node.pairs.firstIndex(where: { $0.key == key }) {
      node.pairs[index].value = value
    }
  }

  /// Turns the overfull bucket `node` (uniquely referenced) at `shift` into an inner node,
  /// and so on down while a new bucket is still overfull. O(pairs).
  @inlinable
  func burst(_ node: Node, shift: Int) {
    var work: [(node: Node, shift: Int)] = [(node, shift)]
    while let (node, shift) = work.popLast() {
      guard shift < 64, node.pairs.count > bucketCapacity else { continue }
      var groups: [[SharedHashPair<Key, Value>]] = Array(repeating: [], count: 16)
      for pair in node.pairs {
        groups[Int((Self.hash(pair.key) >> UInt64(shift)) & 15)].append(pair)
      }
      node.pairs = []
      node.isBucket = false
      node.bitmap = 0
      node.children = []
      for (slot, group) in groups.enumerated() where !group.isEmpty {
        node.bitmap |= 1 << UInt16(slot)
        let child = Node(bucket: group)
        node.children.append(child)
        if group.count > bucketCapacity { work.append((child, shift + 4)) }
      }
    }
  }

  /// Removes `key`; returns its value, or nil if absent.
  ///
  /// - Complexity: O(depth + bucket), plus O(b) when a node collapses into a bucket.
  @inlinable @discardableResult
  @_spi(SharedStorage) public mutating func removeValue(forKey key: Key) -> Value? {
    let hash = Self.hash(key)
    guard value(forKey: key, hash: hash) != nil else { return nil }
    makeRootUnique()
    var path: [(node: Node, index: Int, bit: UInt16)] = []
    var node = root
    var shift = 0
    while !node.isBucket {
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      path.append((node, index, bit))
      node = Self.uniqueChild(of: node, at: index)
      shift += 4
    }
    guard let index = node.pairs.firstIndex(where: { $0.key == key }) else { return nil }
    let removed = node.pairs.remove(at: index).value
    node.count -= 1
    for (ancestor, _, _) in path { ancestor.count -= 1 }
    while let (parent, index, bit) = path.popLast() {
      if parent.children[index].count == 0 {
        parent.children.remove(at: index)
        parent.bitmap &= ~bit
      }
      if parent.count <= bucketCapacity / 2 { parent.collapse() }
    }
    return removed
  }
}

/// One key and its value, stored inline in a bucket.
@_spi(SharedStorage)
public struct SharedHashPair<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @_spi(SharedStorage) public var key: Key
  @_spi(SharedStorage) public var value: Value

  @inlinable
  @_spi(SharedStorage) public init(key: Key, value: Value) {
    self.key = key
    self.value = value
  }
}

/// A node of a ``SharedHashMap``: a bucket of pairs, or up to 16 children. Written only while
/// the whole path to it is uniquely referenced.
@_spi(SharedStorage)
public final class SharedHashNode<Key: Hashable & Sendable, Value: Sendable>:
  @unchecked Sendable
{
  @exclusivity(unchecked) @_spi(SharedStorage) public var isBucket: Bool
  @exclusivity(unchecked) @_spi(SharedStorage) public var bitmap: UInt16
  @exclusivity(unchecked) @_spi(SharedStorage) public var count: Int
  @exclusivity(unchecked) @_spi(SharedStorage) public var pairs: [SharedHashPair<Key, Value>]
  @exclusivity(unchecked) @_spi(SharedStorage) public var children: [SharedHashNode]

  @inlinable
  init(bucket: [SharedHashPair<Key, Value>]) {
    isBucket = true
    bitmap = 0
    count = bucket.count
    pairs = bucket
    children = []
  }

  @inlinable
  init(copying other: SharedHashNode) {
    isBucket = other.isBucket
    bitmap = other.bitmap
    count = other.count
    pairs = other.pairs
    children = other.children
  }

  /// Gathers every pair below into this node, which becomes a bucket. O(count).
  @inlinable
  func collapse() {
    guard !isBucket else { return }
    var gathered: [SharedHashPair<Key, Value>] = []
    gathered.reserveCapacity(count)
    var stack = children
    while let node = stack.popLast() {
      if node.isBucket {
        gathered.append(contentsOf: node.pairs)
      } else {
        stack.append(contentsOf: node.children)
      }
    }
    pairs = gathered
    children = []
    bitmap = 0
    isBucket = true
  }
}

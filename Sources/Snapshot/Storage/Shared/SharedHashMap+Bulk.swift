// Building a hash trie from many pairs at once, and inserting a batch of new keys with one
// walk each.

extension SharedHashMap {
  /// Builds a map of `pairs`, level by level: the pairs are partitioned by 4 bits of their
  /// hash (a counting sort) into the 16 slots of a node, and each slot becomes a bucket once it
  /// holds at most `bucketCapacity` pairs. Returns the map, or the first key found twice.
  ///
  /// - Complexity: O(n log₁₆ n), no recursion; O(m²) comparisons for m keys whose hashes all
  ///   collide.
  @inlinable
  @_spi(SharedStorage) public static func build(
    _ pairs: [SharedHashPair<Key, Value>], bucketCapacity: Int = 64
  ) -> (map: SharedHashMap, duplicate: Key?) {
    var map = SharedHashMap(bucketCapacity: bucketCapacity)
    let hashes = pairs.map { hash($0.key) }
    var order = Array(pairs.indices)
    var scratch = order
    // (node to fill, its range of `order`, the shift of its slots)
    var work: [(node: Node, range: Range<Int>, shift: Int)] = []
    if pairs.count > bucketCapacity {
      map.root = Node(bucket: [])
      work.append((map.root, order.indices, 0))
    } else if let duplicate = fillBucket(map.root, order.indices, order, pairs, hashes) {
      return (map, duplicate)
    }
    while let (node, range, shift) = work.popLast() {
      var starts = [Int](repeating: 0, count: 17)
      for index in range { starts[Int((hashes[order[index]] >> UInt64(shift)) & 15) + 1] += 1 }
      for slot in 0..<16 { starts[slot + 1] += starts[slot] }
      var next = starts
      for index in range {
        let slot = Int((hashes[order[index]] >> UInt64(shift)) & 15)
        scratch[range.lowerBound + next[slot]] = order[index]
        next[slot] += 1
      }
      order.replaceSubrange(range, with: scratch[range])
      node.isBucket = false
      node.count = range.count
      node.children.reserveCapacity(16)
      for slot in 0..<16 where starts[slot + 1] > starts[slot] {
        let group = range.lowerBound + starts[slot]..<range.lowerBound + starts[slot + 1]
        let child = Node(bucket: [])
        node.bitmap |= 1 << UInt16(slot)
        node.children.append(child)
        if group.count > bucketCapacity && shift + 4 < 64 {
          work.append((child, group, shift + 4))
        } else if let duplicate = fillBucket(child, group, order, pairs, hashes) {
          return (SharedHashMap(bucketCapacity: bucketCapacity), duplicate)
        }
      }
    }
    return (map, nil)
  }

  /// Fills the bucket `node` with the pairs `order[range]` names; returns a key found twice.
  /// O(m) plus O(m²) comparisons of equal hashes.
  @inlinable
  static func fillBucket(
    _ node: Node, _ range: Range<Int>, _ order: [Int], _ pairs: [SharedHashPair<Key, Value>],
    _ hashes: [UInt64]
  ) -> Key? {
    node.pairs.reserveCapacity(range.count)
    for index in range {
      let pair = pairs[order[index]]
      let hash = hashes[order[index]]
      for earlier in range.lowerBound..<index
      where hashes[order[earlier]] == hash && pairs[order[earlier]].key == pair.key {
        return pair.key
      }
      node.pairs.append(pair)
    }
    node.count = range.count
    return nil
  }

  /// Stores `value` for `key` if `key` is absent, with one walk; returns false, changing nothing
  /// the map holds (shared nodes on the path may have been copied), if it is present.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable
  mutating func insertIfAbsent(_ value: Value, forKey key: Key) -> Bool {
    let hash = Self.hash(key)
    makeRootUnique()
    var node = root
    var shift = 0
    while !node.isBucket {
      node.count += 1
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      guard node.bitmap & bit != 0 else {
        node.children.insert(Node(bucket: [SharedHashPair(key: key, value: value)]), at: index)
        node.bitmap |= bit
        return true
      }
      node = Self.uniqueChild(of: node, at: index)
      shift += 4
    }
    for pair in node.pairs where pair.key == key {
      uncount(hash: hash)
      return false
    }
    // Grow a bucket to what it holds, not by doubling.
    if node.pairs.count == node.pairs.capacity { node.pairs.reserveCapacity(node.pairs.count + 1) }
    node.pairs.append(SharedHashPair(key: key, value: value))
    node.count += 1
    if node.pairs.count > bucketCapacity { burst(node, shift: shift) }
    return true
  }

  /// Takes back the counts `insertIfAbsent` added on the (unique) path of `hash`.
  @inlinable
  func uncount(hash: UInt64) {
    var node = root
    var shift = 0
    while !node.isBucket {
      node.count -= 1
      let bit = Self.bit(hash, shift)
      node = node.children[(node.bitmap & (bit &- 1)).nonzeroBitCount]
      shift += 4
    }
  }

  /// Inserts every pair, whose keys must all be new; on the first key already present (in the
  /// map, or earlier in `pairs`), removes what it inserted and returns that key.
  ///
  /// - Complexity: O(k (depth + bucket)).
  @inlinable
  @_spi(SharedStorage) public mutating func insertNew(
    _ pairs: some Collection<SharedHashPair<Key, Value>>
  ) -> Key? {
    var inserted = 0
    for pair in pairs {
      guard insertIfAbsent(pair.value, forKey: pair.key) else {
        for undone in pairs.prefix(inserted) { removeValue(forKey: undone.key) }
        return pair.key
      }
      inserted += 1
    }
    return nil
  }
}

// Building a hash trie from many pairs at once, and inserting a batch of new keys with one
// walk each.

extension SharedHashMap {
  /// Builds a map of `pairs`. Returns the map, or a key found twice.
  ///
  /// - Complexity: O(n log₁₆ n), no recursion; O(m²) comparisons for m keys whose hashes all
  ///   collide.
  @inlinable
  package static func build(
    _ pairs: [SharedHashPair<Key, Value>], bucketCapacity: Int = 64
  ) -> (map: SharedHashMap, duplicate: Key?) {
    build(count: pairs.count, bucketCapacity: bucketCapacity) { pairs[$0] }
  }

  /// Builds a map of the `count` pairs `pair(i)` names, level by level: the pairs' indices are
  /// partitioned in place by 4 bits of their hash (an in-place radix pass) into the 16 slots of
  /// a node, and each slot becomes a bucket once it holds at most `bucketCapacity` pairs. Keeps
  /// 8 bytes a pair besides the map (32 hash bits and the index); the hash bits beyond are
  /// recomputed only below 8 levels, where only colliding keys go. Returns the map, or a key
  /// found twice.
  ///
  /// - Complexity: O(n log₁₆ n), no recursion; O(m²) comparisons for m keys whose hashes all
  ///   collide.
  @inlinable
  static func build(
    count: Int, bucketCapacity: Int, pair: (Int) -> SharedHashPair<Key, Value>
  ) -> (map: SharedHashMap, duplicate: Key?) {
    precondition(count < Int(UInt32.max), "too many pairs")
    var map = SharedHashMap(bucketCapacity: bucketCapacity)
    var fragments = [UInt32](repeating: 0, count: count)
    var order = [UInt32](repeating: 0, count: count)
    for index in 0..<count {
      fragments[index] = UInt32(truncatingIfNeeded: hash(pair(index).key))
      order[index] = UInt32(truncatingIfNeeded: index)
    }
    func slot(_ index: Int, _ shift: Int) -> Int {
      shift < 32
        ? Int((fragments[index] >> UInt32(shift)) & 15)
        : Int((hash(pair(Int(order[index])).key) >> UInt64(shift)) & 15)
    }
    // (node to fill, its range of `order`, the shift of its slots)
    var work: [(node: Node, range: Range<Int>, shift: Int)] = []
    if count > bucketCapacity {
      let top = Node()
      map.root = .node(top)
      work.append((top, 0..<count, 0))
    } else {
      switch bucket(0..<count, order, fragments, pair) {
      case .success(let pairs): map.root = .bucket(pairs)
      case .failure(let duplicate): return (map, duplicate.key)
      }
    }
    var starts = [Int](repeating: 0, count: 17)
    var next = starts
    while let (node, range, shift) = work.popLast() {
      for slot in 0..<17 { starts[slot] = 0 }
      for index in range { starts[slot(index, shift) + 1] += 1 }
      for slot in 0..<16 { starts[slot + 1] += starts[slot] }
      for slot in 0..<17 { next[slot] = range.lowerBound + starts[slot] }
      // Cycle each misplaced index to its slot's next free place.
      for target in 0..<16 {
        while next[target] < range.lowerBound + starts[target + 1] {
          let index = next[target]
          let home = slot(index, shift)
          if home == target {
            next[target] += 1
          } else {
            order.swapAt(index, next[home])
            fragments.swapAt(index, next[home])
            next[home] += 1
          }
        }
      }
      node.count = range.count
      node.children.reserveCapacity((0..<16).count { starts[$0 + 1] > starts[$0] })
      for slot in 0..<16 where starts[slot + 1] > starts[slot] {
        let group = range.lowerBound + starts[slot]..<range.lowerBound + starts[slot + 1]
        node.bitmap |= 1 << UInt16(slot)
        if group.count > bucketCapacity && shift + 4 < 64 {
          let child = Node()
          node.children.append(.node(child))
          work.append((child, group, shift + 4))
          continue
        }
        switch bucket(group, order, fragments, pair) {
        case .success(let pairs): node.children.append(.bucket(pairs))
        case .failure(let duplicate):
          return (SharedHashMap(bucketCapacity: bucketCapacity), duplicate.key)
        }
      }
    }
    return (map, nil)
  }

  /// A key found twice by a bulk build.
  @usableFromInline
  struct Duplicate: Error {
    @usableFromInline let key: Key
    @inlinable init(_ key: Key) { self.key = key }
  }

  /// The bucket of the pairs `order[range]` names, or a key found twice.
  /// O(m) plus O(m²) comparisons of keys whose 32 hash bits agree.
  @inlinable
  static func bucket(
    _ range: Range<Int>, _ order: [UInt32], _ fragments: [UInt32],
    _ pair: (Int) -> SharedHashPair<Key, Value>
  ) -> Result<[SharedHashPair<Key, Value>], Duplicate> {
    var pairs: [SharedHashPair<Key, Value>] = []
    pairs.reserveCapacity(range.count)
    for index in range {
      let new = pair(Int(order[index]))
      for earlier in range.lowerBound..<index
      where fragments[earlier] == fragments[index]
        && pairs[earlier - range.lowerBound].key == new.key
      {
        return .failure(Duplicate(new.key))
      }
      pairs.append(new)
    }
    return .success(pairs)
  }

  /// Stores `value` for `key` if `key` is absent, with one walk; returns false, changing nothing
  /// the map holds (shared nodes on the path may have been copied), if it is present.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable
  mutating func insertIfAbsent(_ value: Value, forKey key: Key) -> Bool {
    let hash = Self.hash(key)
    let capacity = bucketCapacity
    let new = SharedHashPair(key: key, value: value)
    guard var node = Self.uniqueNode(&root) else {
      return Self.insert(new, into: &root, shift: 0, capacity: capacity)
    }
    var shift = 0
    while true {
      node.count += 1
      let bit = Self.bit(hash, shift)
      let index = (node.bitmap & (bit &- 1)).nonzeroBitCount
      guard node.bitmap & bit != 0 else {
        node.children.insert(.bucket([new]), at: index)
        node.bitmap |= bit
        return true
      }
      shift += 4
      if let child = Self.uniqueNode(&node.children[index]) {
        node = child
        continue
      }
      if Self.insert(new, into: &node.children[index], shift: shift, capacity: capacity) {
        return true
      }
      uncount(hash: hash)
      return false
    }
  }

  /// Appends `new` to the bucket in `slot` unless its key is there, bursting the bucket if it
  /// overflows. O(bucket).
  @inlinable
  static func insert(
    _ new: SharedHashPair<Key, Value>, into slot: inout Slot, shift: Int, capacity: Int
  ) -> Bool {
    let isNew = changeBucket(&slot) { pairs in
      guard !pairs.contains(where: { $0.key == new.key }) else { return false }
      // Grow a bucket to what it holds, not by doubling (growing by an eighth measured no
      // faster: the walk's cache misses, not the copy, bound an insert).
      if pairs.count == pairs.capacity { pairs.reserveCapacity(pairs.count + 1) }
      pairs.append(new)
      return true
    }
    guard isNew else { return false }
    if case .bucket(let pairs) = slot, pairs.count > capacity, shift < 64 {
      slot = .empty
      slot = burst(pairs, shift: shift, capacity: capacity)
    }
    return true
  }

  /// Takes back the counts `insertIfAbsent` added on the (unique) path of `hash`.
  @inlinable
  func uncount(hash: UInt64) {
    var slot = root
    var shift = 0
    while case .node(let node) = slot {
      node.count -= 1
      slot = node.children[(node.bitmap & (Self.bit(hash, shift) &- 1)).nonzeroBitCount]
      shift += 4
    }
  }

  /// Inserts every pair, whose keys must all be new; on the first key already present (in the
  /// map, or earlier in `pairs`), removes what it inserted and returns that key.
  ///
  /// - Complexity: O(k (depth + bucket)).
  @inlinable
  package mutating func insertNew(
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

// Editing a label index: each edit walks from the root through the slots' addresses, copying
// the shared nodes on its path and the bucket it changes (copy-on-write along the path), so
// that no reference is retained on the way down.

/// How a label index learns the item a label names: its owner resolves the label (a
/// ``SharedList`` seeks its tree). A type, not a closure, so that the walk of an insert
/// retains nothing per item.
@usableFromInline
package protocol SharedLabelResolver {
  associatedtype Item: Hashable
  /// The item `label` names, or nil.
  func item(labelled label: UInt64) -> Item?
  /// The 64 hash bits the item `label` names was filed under (0 when none).
  func hash(ofLabel label: UInt64) -> UInt64
}

extension SharedLabelResolver {
  /// The hash of the item `label` names (0 when none). O(one resolution).
  @inlinable
  package func hash(ofLabel label: UInt64) -> UInt64 {
    guard let item = item(labelled: label) else { return 0 }
    return SharedLabelIndex.hash(item)
  }
}

extension SharedLabelIndex {
  /// Files `label` under `hash` unless a label of an item equal to `item` is there; returns
  /// false then, changing nothing the index holds (shared nodes on the path may have been
  /// copied). A nil `item` is known to be new and compared with nothing.
  ///
  /// `resolver` names the item of a label: of each label of the same fragment, to compare
  /// (it must not read this index), and of each pair of a bucket below 32 bits that bursts.
  ///
  /// - Complexity: O(depth + bucket), plus O(bucket capacity) when the bucket bursts.
  @inlinable
  package mutating func insert<Resolver: SharedLabelResolver>(
    _ label: UInt64, hash: UInt64, item: Resolver.Item?, resolver: Resolver
  ) -> Bool {
    let capacity = bucketCapacity
    let fragment = Self.fragment(hash)
    let inserted = withUnsafeMutablePointer(to: &root) { slot -> Bool in
      var slot = slot
      var shift = 0
      while true {
        switch slot.move() {
        case .empty:
          slot.initialize(to: .bucket(.make(fragment: fragment, label: label)))
          return true
        case .node(var node):
          if !isKnownUniquelyReferenced(&node) { node = node.copy() }
          node.count &+= 1
          let next = node.slot(Self.nibble(hash, shift))
          slot.initialize(to: .node(consume node))
          slot = next
          shift &+= 4
        case .bucket(var bucket):
          if let item, bucket.contains(fragment: fragment, item: item, resolver: resolver) {
            slot.initialize(to: .bucket(consume bucket))
            return false
          }
          if !isKnownUniquelyReferenced(&bucket) || bucket.count == bucket.pairCapacity {
            bucket = bucket.copy(
              capacity: SharedLabelBucket.grownCapacity(toHold: bucket.count &+ 1))
          }
          bucket.append(fragment: fragment, label: label)
          if bucket.count > capacity && shift < 64 {
            slot.initialize(
              to: Self.burst(bucket, shift: shift, capacity: capacity, resolver: resolver))
          } else {
            slot.initialize(to: .bucket(consume bucket))
          }
          return true
        }
      }
    }
    if !inserted { uncount(hash: hash) }
    return inserted
  }

  /// Takes back the counts `insert` added on the (unique) path of `hash`. O(depth).
  @inlinable
  mutating func uncount(hash: UInt64) {
    var slot = root
    var shift = 0
    while case .node(let node) = slot {
      node.count &-= 1
      slot = node[Self.nibble(hash, shift)]
      shift &+= 4
    }
  }

  /// The slot that replaces the overfull `bucket` at `shift`: a node of 16 slots, and so on
  /// down while a new bucket is still overfull (not below 64 bits). The slot of a pair comes
  /// from its fragment above 32 bits, from rehashing the item `resolver` names below.
  ///
  /// - Complexity: O(pairs), plus one resolution per pair below 32 bits.
  @inlinable
  static func burst<Resolver: SharedLabelResolver>(
    _ bucket: SharedLabelBucket, shift: Int, capacity: Int, resolver: Resolver
  ) -> SharedLabelSlot {
    let top = SharedLabelNode.make()
    var work = [(node: top, bucket: bucket, shift: shift)]
    var nibbles: [Int] = []
    var sizes = [Int](repeating: 0, count: 16)
    while let (node, bucket, shift) = work.popLast() {
      node.count = bucket.count
      nibbles.removeAll(keepingCapacity: true)
      for slot in 0..<16 { sizes[slot] = 0 }
      for index in 0..<bucket.count {
        let (fragment, label) = bucket[index]
        let slot = nibble(shift < 32 ? UInt64(fragment) : resolver.hash(ofLabel: label), shift)
        nibbles.append(slot)
        sizes[slot] &+= 1
      }
      var groups: [SharedLabelBucket?] = sizes.map {
        $0 == 0 ? nil : SharedLabelBucket.make(capacity: SharedLabelBucket.capacity(for: $0))
      }
      for (index, slot) in nibbles.enumerated() {
        let (fragment, label) = bucket[index]
        groups[slot]!.append(fragment: fragment, label: label)
      }
      for slot in 0..<16 {
        guard let group = groups[slot] else { continue }
        groups[slot] = nil
        if group.count > capacity && shift &+ 4 < 64 {
          let child = SharedLabelNode.make()
          node.slot(slot).pointee = .node(child)
          work.append((child, group, shift &+ 4))
        } else {
          node.slot(slot).pointee = .bucket(group)
        }
      }
    }
    return .node(top)
  }

  /// Whether `label` is filed under `hash`. O(depth + bucket).
  @inlinable
  func contains(_ label: UInt64, hash: UInt64) -> Bool {
    var slot = root
    var shift = 0
    while true {
      switch slot {
      case .empty: return false
      case .bucket(let bucket): return bucket.index(ofLabel: label) != nil
      case .node(let node):
        slot = node[Self.nibble(hash, shift)]
        shift &+= 4
      }
    }
  }

  /// Removes `label`, filed under `hash`; returns whether it was there.
  ///
  /// - Complexity: O(depth + bucket), plus O(bucket capacity) when a node collapses into a
  ///   bucket.
  @inlinable @discardableResult
  package mutating func remove(_ label: UInt64, hash: UInt64) -> Bool {
    guard contains(label, hash: hash) else { return false }
    let threshold = bucketCapacity / 2
    withUnsafeMutablePointer(to: &root) { slot in
      var slot = slot
      var shift = 0
      var path: [(slot: UnsafeMutablePointer<SharedLabelSlot>, node: SharedLabelNode)] = []
      var found = true
      while found {
        switch slot.move() {
        case .empty:
          slot.initialize(to: .empty)
          found = false
        case .node(var node):
          if !isKnownUniquelyReferenced(&node) { node = node.copy() }
          slot.initialize(to: .node(node))
          node.count &-= 1
          path.append((slot, node))
          slot = node.slot(Self.nibble(hash, shift))
          shift &+= 4
        case .bucket(var bucket):
          let index = bucket.index(ofLabel: label)!
          if !isKnownUniquelyReferenced(&bucket) {
            bucket = bucket.copy(capacity: bucket.pairCapacity)
          }
          bucket.remove(at: index)
          slot.initialize(to: bucket.count == 0 ? .empty : .bucket(bucket))
          found = false
        }
      }
      // Bottom-up, so that a collapsed child is gathered into a collapsing parent.
      while let (slot, node) = path.popLast(), node.count <= threshold {
        slot.pointee = node.count == 0 ? .empty : .bucket(Self.gathered(node))
      }
    }
    return true
  }

  /// Every pair below `node`, in one bucket grown to what it holds. O(count).
  @inlinable
  static func gathered(_ node: SharedLabelNode) -> SharedLabelBucket {
    let gathered = SharedLabelBucket.make(capacity: SharedLabelBucket.capacity(for: node.count))
    forEachPair(below: .node(node)) { gathered.append(fragment: $0, label: $1) }
    return gathered
  }

  /// Replaces the label `old`, filed under `hash`, by `new` (which must keep the labels
  /// distinct); returns whether `old` was there.
  ///
  /// - Complexity: O(depth + bucket).
  @inlinable @discardableResult
  package mutating func replace(
    _ old: UInt64, with new: UInt64, hash: UInt64
  ) -> Bool {
    guard contains(old, hash: hash) else { return false }
    withUnsafeMutablePointer(to: &root) { slot in
      var slot = slot
      var shift = 0
      while true {
        switch slot.move() {
        case .empty:
          slot.initialize(to: .empty)
          return
        case .node(var node):
          if !isKnownUniquelyReferenced(&node) { node = node.copy() }
          slot.initialize(to: .node(node))
          slot = node.slot(Self.nibble(hash, shift))
          shift &+= 4
        case .bucket(var bucket):
          let index = bucket.index(ofLabel: old)!
          if !isKnownUniquelyReferenced(&bucket) {
            bucket = bucket.copy(capacity: SharedLabelBucket.capacity(for: bucket.count))
          }
          bucket.setLabel(new, at: index)
          slot.initialize(to: .bucket(bucket))
          return
        }
      }
    }
    return true
  }
}

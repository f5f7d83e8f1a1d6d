extension SharedHashMap {
  /// Stops the program with a description if an invariant does not hold.
  ///
  /// - Complexity: O(n).
  @usableFromInline package func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("SharedHashMap invariant violated: \(violation)")
    }
  }

  /// A description of the first invariant that does not hold, or nil.
  ///
  /// Counts add up, every key sits under the slots its hash names, buckets below the root
  /// are non-empty and within capacity (except where no hash bits are left), inner nodes
  /// hold more than half a bucket, and no key appears twice.
  ///
  /// - Complexity: O(n).
  @usableFromInline package func _invariantViolation() -> String? {
    // Reserved, so that keys with a broken `Hashable` cannot make it rehash (and stop).
    var seen = Set<Key>(minimumCapacity: count)
    // (slot, shift, hash bits the path fixed, whether it is the root)
    var stack: [(slot: Slot, shift: Int, bits: UInt64, isRoot: Bool)] = [(root, 0, 0, true)]
    while let (slot, shift, bits, isRoot) = stack.popLast() {
      let mask: UInt64 = shift >= 64 ? .max : (1 << UInt64(shift)) &- 1
      switch slot {
      case .bucket(let pairs):
        if !isRoot && pairs.isEmpty { return "empty bucket below the root" }
        if shift < 64 && pairs.count > bucketCapacity { return "overfull bucket" }
        for pair in pairs {
          if Self.hash(pair.key) & mask != bits { return "key \(pair.key) under the wrong slot" }
          if !seen.insert(pair.key).inserted { return "key \(pair.key) twice" }
        }
      case .node(let node):
        if node.children.count != node.bitmap.nonzeroBitCount { return "bitmap disagrees" }
        if node.children.isEmpty { return "inner node without children" }
        if node.count <= bucketCapacity / 2 { return "inner node of \(node.count) not collapsed" }
        if node.children.reduce(0, { $0 + $1.count }) != node.count { return "inner count wrong" }
        var index = 0
        for slot in 0..<16 where node.bitmap & (1 << UInt16(slot)) != 0 {
          stack.append(
            (node.children[index], shift + 4, bits | UInt64(slot) << UInt64(shift), false))
          index += 1
        }
      }
    }
    if seen.count != count { return "count \(count), found \(seen.count)" }
    return nil
  }
}

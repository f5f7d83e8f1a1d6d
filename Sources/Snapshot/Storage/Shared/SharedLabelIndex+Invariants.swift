extension SharedLabelIndex {
  /// A description of the first invariant that does not hold, or nil. `hashOf(label)` is the
  /// full hash of the item `label` names, nil when it names none.
  ///
  /// Counts add up; every label names an item, whose hash has the pair's fragment and the
  /// bits of the slots on the path to the pair; every fragment is in its bucket's filter;
  /// buckets are non-empty, within their storage, stored in multiples of 4, and within the
  /// bucket capacity (except where no hash bits are left); inner nodes hold more than half a
  /// bucket; no label appears twice.
  ///
  /// - Complexity: O(n) plus n calls of `hashOf`.
  @usableFromInline package func _invariantViolation(
    hashOf: (UInt64) -> UInt64?
  ) -> String? {
    var seen = Set<UInt64>(minimumCapacity: count)
    // (slot, shift, hash bits the path fixed)
    var stack: [(slot: SharedLabelSlot, shift: Int, bits: UInt64)] = [(root, 0, 0)]
    while let (slot, shift, bits) = stack.popLast() {
      let mask: UInt64 = shift >= 64 ? .max : (1 << UInt64(shift)) &- 1
      switch slot {
      case .empty: break
      case .bucket(let bucket):
        if bucket.count == 0 { return "empty bucket" }
        if bucket.count > bucket.pairCapacity || bucket.pairCapacity % 4 != 0 {
          return "bucket of \(bucket.count) in storage for \(bucket.pairCapacity)"
        }
        if shift < 64 && bucket.count > bucketCapacity { return "overfull bucket" }
        for index in 0..<bucket.count {
          let (fragment, label) = bucket[index]
          guard let hash = hashOf(label) else { return "label \(label) names no item" }
          if Self.fragment(hash) != fragment { return "label \(label) has a wrong fragment" }
          if !bucket.mayHold(fragment: fragment) {
            return "label \(label): its fragment's bit is not in the bucket's filter"
          }
          if hash & mask != bits { return "label \(label) under the wrong slot" }
          if !seen.insert(label).inserted { return "label \(label) twice" }
        }
      case .node(let node):
        if node.count <= bucketCapacity / 2 { return "inner node of \(node.count) not collapsed" }
        var sum = 0
        for index in 0..<16 {
          sum += node[index].count
          stack.append((node[index], shift + 4, bits | UInt64(index) << UInt64(shift)))
        }
        if sum != node.count { return "inner count \(node.count), children hold \(sum)" }
      }
    }
    if seen.count != count { return "count \(count), found \(seen.count)" }
    return nil
  }
}

// Building a label index from many items at once, top down, level by level.

extension SharedLabelIndex {
  /// Builds the index of `count` items: item i hashes to `hash(i)` and is labelled `label(i)`.
  /// The items' input indices are partitioned in place by 4 bits of their hash (an in-place
  /// radix pass, 8 bytes a pair of scratch) into the 16 slots of a node, and a slot becomes a
  /// bucket once it holds at most `bucketCapacity` pairs. `isSame(i, j)` compares items i and
  /// j; it is called only for items of one bucket whose fragments agree. Returns the index, or
  /// the input index of an item equal to an earlier one.
  ///
  /// - Complexity: O(n log₁₆ n + n log(bucket capacity)), no recursion; O(m²) comparisons for
  ///   m items whose hashes all collide.
  @inlinable
  package static func build(
    count: Int, bucketCapacity: Int, hash: (Int) -> UInt64, label: (Int) -> UInt64,
    isSame: (Int, Int) -> Bool
  ) -> (index: SharedLabelIndex, duplicate: Int?) {
    var index = SharedLabelIndex(bucketCapacity: bucketCapacity)
    guard count > 0 else { return (index, nil) }
    var scratch = SharedRadixScratch(count: count) { fragment(hash($0)) }
    var sorted: [UInt64] = []
    // (node to fill, its range of the scratch, the shift of its slots)
    var work: [(node: SharedLabelNode, range: Range<Int>, shift: Int)] = []
    if count > bucketCapacity {
      let top = SharedLabelNode.make()
      index.root = .node(top)
      work.append((top, 0..<count, 0))
    } else {
      let (bucket, duplicate) = Self.bucket(
        0..<count, scratch, sorted: &sorted, label: label, isSame: isSame)
      if let duplicate { return (SharedLabelIndex(bucketCapacity: bucketCapacity), duplicate) }
      index.root = .bucket(bucket)
    }
    while let (node, range, shift) = work.popLast() {
      scratch.partition(range) { fragment, input in
        nibble(shift < 32 ? UInt64(fragment) : hash(Int(input)), shift)
      }
      let starts = scratch.starts
      node.count = range.count
      for slot in 0..<16 where starts[slot + 1] > starts[slot] {
        let group = range.lowerBound + starts[slot]..<range.lowerBound + starts[slot + 1]
        if group.count > bucketCapacity && shift + 4 < 64 {
          let child = SharedLabelNode.make()
          node.slot(slot).pointee = .node(child)
          work.append((child, group, shift + 4))
          continue
        }
        let (bucket, duplicate) = Self.bucket(
          group, scratch, sorted: &sorted, label: label, isSame: isSame)
        if let duplicate { return (SharedLabelIndex(bucketCapacity: bucketCapacity), duplicate) }
        node.slot(slot).pointee = .bucket(bucket)
      }
    }
    return (index, nil)
  }

  /// The bucket of the pairs in `range` of `scratch`, and the input index of an item equal to
  /// an earlier one there, if any: above 32 pairs, the pairs sorted by fragment (in `sorted`,
  /// reused between buckets), so that only neighbours of one fragment are compared. O(m log m)
  /// plus a call of `isSame` per two pairs of one fragment (O(m²) when all m agree).
  @inlinable
  static func bucket(
    _ range: Range<Int>, _ scratch: SharedRadixScratch, sorted: inout [UInt64],
    label: (Int) -> UInt64, isSame: (Int, Int) -> Bool
  ) -> (bucket: SharedLabelBucket, duplicate: Int?) {
    sorted.removeAll(keepingCapacity: true)
    guard range.count > 32 else {
      // Few pairs: each compared with those before it, fragments first.
      let bucket = SharedLabelBucket.make(capacity: SharedLabelBucket.capacity(for: range.count))
      for position in range {
        let fragment = scratch.fragments[position]
        let input = Int(scratch.order[position])
        for earlier in range.lowerBound..<position
        where scratch.fragments[earlier] == fragment && isSame(Int(scratch.order[earlier]), input) {
          return (bucket, input)
        }
        bucket.append(fragment: fragment, label: label(input))
      }
      return (bucket, nil)
    }
    for position in range {
      sorted.append(UInt64(scratch.fragments[position]) << 32 | UInt64(scratch.order[position]))
    }
    sorted.sort()
    let bucket = SharedLabelBucket.make(capacity: SharedLabelBucket.capacity(for: range.count))
    var runStart = 0
    for (position, key) in sorted.enumerated() {
      let fragment = UInt32(truncatingIfNeeded: key >> 32)
      let input = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
      if UInt32(truncatingIfNeeded: sorted[runStart] >> 32) != fragment { runStart = position }
      for earlier in sorted[runStart..<position]
      where isSame(Int(truncatingIfNeeded: earlier & 0xFFFF_FFFF), input) {
        return (bucket, input)
      }
      bucket.append(fragment: fragment, label: label(input))
    }
    return (bucket, nil)
  }
}

// Building a label index from many items at once, top down, level by level.

extension SharedLabelIndex {
  /// Builds the index of `count` items: item i hashes to `hash(i)` and is labelled `label(i)`.
  /// The items' input indices are partitioned in place by 4 bits of their hash (an in-place
  /// radix pass, 8 bytes a pair of scratch) into the 16 slots of a node, and a slot becomes a
  /// bucket once it holds at most `bucketCapacity` pairs. `isSame(i, j)` compares items i and
  /// j; it is called only for items of one bucket whose fragments agree. Returns the index, or
  /// the input index of an item equal to an earlier one.
  ///
  /// - Complexity: O(n log₁₆ n) expected, no recursion; O(m²) comparisons for
  ///   m items whose hashes all collide.
  @inlinable
  package static func build(
    count: Int, bucketCapacity: Int, hash: (Int) -> UInt64, label: (Int) -> UInt64,
    isSame: (Int, Int) -> Bool
  ) -> (index: SharedLabelIndex, duplicate: Int?) {
    var index = SharedLabelIndex(bucketCapacity: bucketCapacity)
    guard count > 0 else { return (index, nil) }
    var scratch = SharedRadixScratch(count: count) { fragment(hash($0)) }
    var table: [UInt64] = []
    // (node to fill, its range of the scratch, the shift of its slots)
    var work: [(node: SharedLabelNode, range: Range<Int>, shift: Int)] = []
    if count > bucketCapacity {
      let top = SharedLabelNode.make()
      index.root = .node(top)
      work.append((top, 0..<count, 0))
    } else {
      let (bucket, duplicate) = Self.bucket(
        0..<count, scratch, table: &table, label: label, isSame: isSame)
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
          group, scratch, table: &table, label: label, isSame: isSame)
        if let duplicate { return (SharedLabelIndex(bucketCapacity: bucketCapacity), duplicate) }
        node.slot(slot).pointee = .bucket(bucket)
      }
    }
    return (index, nil)
  }

  /// The bucket of the pairs in `range` of `scratch`, and the input index of an item equal to
  /// an earlier one there, if any: above 32 pairs, each pair is looked up and filed in a small
  /// open-addressed table of fragments (in `table`, reused between buckets), so that only
  /// pairs of one fragment are compared. O(m) expected, plus a call of `isSame` per two pairs
  /// of one fragment (O(m²) when all m agree).
  @inlinable
  static func bucket(
    _ range: Range<Int>, _ scratch: SharedRadixScratch, table: inout [UInt64],
    label: (Int) -> UInt64, isSame: (Int, Int) -> Bool
  ) -> (bucket: SharedLabelBucket, duplicate: Int?) {
    let bucket = SharedLabelBucket.make(capacity: SharedLabelBucket.capacity(for: range.count))
    guard range.count > 32 else {
      // Few pairs: each compared with those before it, fragments first.
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
    // At most half full: a power of two at least twice the pairs. A place holds a pair's
    // fragment (high half) and input index (low half), or `empty`: no pair has it, since an
    // input index is below UInt32.max (the scratch's precondition).
    let empty = UInt64.max
    let largest = range.count &* 2 &- 1
    let bits = largest.bitWidth &- largest.leadingZeroBitCount
    let mask = (1 &<< bits) &- 1
    let shift = UInt32(truncatingIfNeeded: Swift.max(0, 32 &- bits))
    table.removeAll(keepingCapacity: true)
    table.append(contentsOf: repeatElement(empty, count: mask &+ 1))
    for position in range {
      let fragment = scratch.fragments[position]
      let input = scratch.order[position]
      // The place comes from the top bits of the scattered fragment (its low bits are the
      // trie's path, the same for every pair here).
      var place =
        Int(truncatingIfNeeded: SharedLabelBucket.scattered(fragment) >> shift) & mask
      while table[place] != empty {
        let filed = table[place]
        if UInt32(truncatingIfNeeded: filed >> 32) == fragment
          && isSame(Int(truncatingIfNeeded: filed & 0xFFFF_FFFF), Int(input))
        {
          return (bucket, Int(input))
        }
        place = (place &+ 1) & mask
      }
      table[place] = UInt64(fragment) << 32 | UInt64(input)
      bucket.append(fragment: fragment, label: label(Int(input)))
    }
    return (bucket, nil)
  }
}

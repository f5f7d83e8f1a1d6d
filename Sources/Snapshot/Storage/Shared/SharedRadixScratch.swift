/// The scratch of a bulk trie build: per pair, 32 hash bits and the pair's index in the input,
/// 8 bytes a pair, partitioned in place level by level (an in-place radix pass per node), so
/// that each node's pairs are a contiguous range.
@usableFromInline
struct SharedRadixScratch {
  /// The low 32 hash bits of each pair, in the current order.
  @usableFromInline var fragments: [UInt32]
  /// The input index of each pair, in the current order.
  @usableFromInline var order: [UInt32]
  /// Where each of the 16 slots starts in the range last partitioned (relative to its start),
  /// and where the range ends.
  @usableFromInline var starts: [Int]
  @usableFromInline var next: [Int]

  /// The scratch of `count` pairs, pair i of fragment `fragment(i)`. O(count).
  @inlinable
  init(count: Int, fragment: (Int) -> UInt32) {
    precondition(count < Int(UInt32.max), "too many pairs")
    fragments = [UInt32](repeating: 0, count: count)
    order = [UInt32](repeating: 0, count: count)
    for index in 0..<count {
      fragments[index] = fragment(index)
      order[index] = UInt32(truncatingIfNeeded: index)
    }
    starts = [Int](repeating: 0, count: 17)
    next = starts
  }

  /// Partitions `range` in place by `slot(fragment, input index)` (in 0..<16; taken modulo
  /// 16); afterwards the pairs of slot s are
  /// `range.lowerBound + starts[s] ..< range.lowerBound + starts[s + 1]`. Counts and swaps
  /// through the runs' addresses, so that a swap checks no array's uniqueness. O(range.count).
  @inlinable
  mutating func partition(_ range: Range<Int>, by slot: (UInt32, UInt32) -> Int) {
    precondition(range.lowerBound >= 0 && range.upperBound <= order.count, "a range outside")
    fragments.withUnsafeMutableBufferPointer { fragments in
      order.withUnsafeMutableBufferPointer { order in
        starts.withUnsafeMutableBufferPointer { starts in
          next.withUnsafeMutableBufferPointer { next in
            for index in 0..<17 { starts[index] = 0 }
            for index in range { starts[slot(fragments[index], order[index]) & 15 &+ 1] &+= 1 }
            for index in 0..<16 { starts[index &+ 1] &+= starts[index] }
            for index in 0..<17 { next[index] = range.lowerBound &+ starts[index] }
            // Cycle each misplaced pair to its slot's next free place.
            for target in 0..<16 {
              while next[target] < range.lowerBound &+ starts[target &+ 1] {
                let index = next[target]
                let home = slot(fragments[index], order[index]) & 15
                // A full home means a hash that changed since it was counted: the pair stays.
                if home == target || next[home] >= range.lowerBound &+ starts[home &+ 1] {
                  next[target] &+= 1
                } else {
                  order.swapAt(index, next[home])
                  fragments.swapAt(index, next[home])
                  next[home] &+= 1
                }
              }
            }
          }
        }
      }
    }
  }
}

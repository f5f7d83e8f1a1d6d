// The two kinds of block a label index is made of: inner nodes of 16 slots stored inline,
// and buckets of (hash fragment, label) pairs in two parallel runs. Each is one allocation.

/// What a slot of a ``SharedLabelIndex`` holds: nothing, a bucket, or an inner node. Sendable
/// because blocks are written only while uniquely referenced, and never once shared.
@usableFromInline
package enum SharedLabelSlot: @unchecked Sendable {
  case empty
  case bucket(SharedLabelBucket)
  case node(SharedLabelNode)

  /// The number of pairs below. O(1).
  @inlinable package var count: Int {
    switch self {
    case .empty: 0
    case .bucket(let bucket): bucket.count
    case .node(let node): node.count
    }
  }
}

/// An inner node of a ``SharedLabelIndex``: the number of pairs below it (its header) and 16
/// slots, one per value of the next 4 hash bits, stored in the node's own allocation (one
/// cache miss a level). Written only while the whole path to it is uniquely referenced.
@usableFromInline
package final class SharedLabelNode: ManagedBuffer<Int, SharedLabelSlot> {
  /// A node of 16 empty slots. O(1).
  @inlinable
  static func make(count: Int = 0) -> SharedLabelNode {
    let node = unsafeDowncast(
      SharedLabelNode.create(minimumCapacity: 16) { _ in count }, to: SharedLabelNode.self)
    node.withUnsafeMutablePointerToElements { $0.initialize(repeating: .empty, count: 16) }
    return node
  }

  /// A copy sharing every child. O(16).
  @inlinable
  func copy() -> SharedLabelNode {
    let copy = unsafeDowncast(
      SharedLabelNode.create(minimumCapacity: 16) { _ in count }, to: SharedLabelNode.self)
    withUnsafeMutablePointerToElements { source in
      copy.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: 16) }
    }
    return copy
  }

  @inlinable
  deinit {
    _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 16) }
  }

  /// The number of pairs below (read and written through the header's address: no dynamic
  /// exclusivity check).
  @inlinable package var count: Int {
    get { withUnsafeMutablePointerToHeader { $0.pointee } }
    set { withUnsafeMutablePointerToHeader { $0.pointee = newValue } }
  }

  /// Slot `index` (0..<16), for reading.
  @inlinable package subscript(index: Int) -> SharedLabelSlot {
    withUnsafeMutablePointerToElements { $0[index] }
  }

  /// The address of slot `index`, valid while this node is alive and not resized (it never
  /// is: a node always has 16 slots).
  @inlinable
  func slot(_ index: Int) -> UnsafeMutablePointer<SharedLabelSlot> {
    withUnsafeMutablePointerToElements { $0 + index }
  }
}

/// The size of a bucket's runs, how full they are, and a filter of its fragments (a bucket's
/// header).
@usableFromInline
package struct SharedLabelBucketHeader: Sendable {
  @usableFromInline var count: Int32
  @usableFromInline var capacity: Int32
  /// 512 bits, one set for every fragment ever appended (``SharedLabelBucket/filterBit(_:)``):
  /// a fragment whose bit is clear is in no pair, so the scan is skipped. A removal leaves
  /// its bit set (other pairs may share it): the filter only ever holds more than the pairs.
  @usableFromInline var filter: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  @inlinable init(count: Int32, capacity: Int32) {
    self.count = count
    self.capacity = capacity
    self.filter = (0, 0, 0, 0, 0, 0, 0, 0)
  }
}

/// A leaf of a ``SharedLabelIndex``: up to its capacity of pairs, each the low 32 bits of an
/// item's hash (its *fragment*) and the item's 64-bit label, in two parallel runs (fragments
/// first, so that a scan for a fragment reads one or two cache lines): 12 bytes a pair, and no
/// item. Its capacity is a multiple of 4, so that the labels are 8-aligned and the whole
/// allocation a multiple of 16 bytes. Its header holds a 64-byte filter of the fragments, so
/// that most searches for a fragment it does not hold (every insert of a new item) read no
/// run at all. Written only while uniquely referenced.
@usableFromInline
package final class SharedLabelBucket: ManagedBuffer<SharedLabelBucketHeader, UInt32> {
  /// The capacity a bucket of `count` pairs is built with: the next multiple of 4. O(1).
  @inlinable
  static func capacity(for count: Int) -> Int { Swift.max(4, (count &+ 3) & ~3) }

  /// The capacity a full bucket grows to so as to hold `count` pairs: the next multiple of 4 up
  /// to 32 pairs, of 128 above. A large bucket is then copied at most twice more on its way to
  /// ~244 pairs (10^6 items): each copy leaves a freed block behind that the other buckets,
  /// growing alike, cannot reuse. Measured at 10^6 items built by appends, peak bytes per
  /// item: 47.3–48.1 growing by 16, 45.6–46.3 by 64, 44.3–45.0 by 128. O(1).
  @inlinable
  static func grownCapacity(toHold count: Int) -> Int {
    count <= 32 ? capacity(for: count) : (count &+ 127) & ~127
  }

  /// An empty bucket with room for `capacity` pairs (a multiple of 4). O(1).
  @inlinable
  static func make(capacity: Int) -> SharedLabelBucket {
    unsafeDowncast(
      SharedLabelBucket.create(minimumCapacity: capacity &* 3) { _ in
        SharedLabelBucketHeader(count: 0, capacity: Int32(truncatingIfNeeded: capacity))
      }, to: SharedLabelBucket.self)
  }

  /// A bucket of the one pair given. O(1).
  @inlinable
  static func make(fragment: UInt32, label: UInt64) -> SharedLabelBucket {
    let bucket = make(capacity: 4)
    bucket.append(fragment: fragment, label: label)
    return bucket
  }

  /// A copy of this bucket's pairs with room for `capacity` (a multiple of 4, at least
  /// `count`). O(count).
  @inlinable
  func copy(capacity: Int) -> SharedLabelBucket {
    precondition(capacity >= count && capacity % 4 == 0, "a bucket copied into too little room")
    let copy = Self.make(capacity: capacity)
    let count = self.count
    withRuns { fragments, labels in
      copy.withRuns { copyFragments, copyLabels in
        copyFragments.initialize(from: fragments, count: count)
        copyLabels.initialize(from: labels, count: count)
      }
    }
    copy.setCount(count)
    copy.withFilter { copied in withFilter { copied.update(from: $0, count: 8) } }
    return copy
  }

  /// The bit of the filter that stands for `fragment`, as the word that holds it and its mask
  /// there: the top 9 bits of the fragment ``scattered(_:)``. O(1).
  @inlinable
  static func filterBit(_ fragment: UInt32) -> (word: Int, mask: UInt64) {
    let bit = Int(truncatingIfNeeded: scattered(fragment) >> 23)
    return (bit &>> 6, 1 &<< UInt64(bit & 63))
  }

  /// `fragment` times an odd constant: its top bits depend on every bit of the fragment, where
  /// the fragments of one bucket share their low bits (the trie's path). For the filter's bit
  /// and the bulk build's table of fragments. O(1).
  @inlinable
  static func scattered(_ fragment: UInt32) -> UInt32 { fragment &* 0x9E37_79B1 }

  /// Calls `body` with the address of the filter's eight words, found from the header's
  /// address without an access to the header (an `inout` access to the field would count as
  /// a write, and readers on several threads would race under ThreadSanitizer).
  @inlinable
  func withFilter<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result {
    withUnsafeMutablePointerToHeader { header in
      let offset = MemoryLayout<SharedLabelBucketHeader>.offset(of: \.filter)!
      return body((UnsafeMutableRawPointer(header) + offset).assumingMemoryBound(to: UInt64.self))
    }
  }

  /// Whether the filter has the bit of `fragment`: false means that no pair has that
  /// fragment. O(1).
  @inlinable
  func mayHold(fragment: UInt32) -> Bool {
    let (word, mask) = Self.filterBit(fragment)
    return withFilter { $0[word] & mask != 0 }
  }

  /// The number of pairs (read through the header's address: no dynamic exclusivity check).
  @inlinable package var count: Int {
    withUnsafeMutablePointerToHeader { Int($0.pointee.count) }
  }

  @inlinable
  func setCount(_ count: Int) {
    withUnsafeMutablePointerToHeader { $0.pointee.count = Int32(truncatingIfNeeded: count) }
  }

  /// The number of pairs it has room for.
  @inlinable package var pairCapacity: Int {
    withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) }
  }

  /// Calls `body` with the fragments run and the labels run (each of `capacity` places, the
  /// first `count` in use).
  @inlinable
  func withRuns<Result>(
    _ body: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt64>) -> Result
  ) -> Result {
    let capacity = pairCapacity
    return withUnsafeMutablePointerToElements { fragments in
      let labels = UnsafeMutableRawPointer(fragments + capacity)
        .bindMemory(to: UInt64.self, capacity: capacity)
      defer {
        UnsafeMutableRawPointer(labels).bindMemory(to: UInt32.self, capacity: capacity &* 2)
      }
      return body(fragments, labels)
    }
  }

  /// The fragment and label of pair `index`.
  @inlinable package subscript(index: Int) -> (fragment: UInt32, label: UInt64) {
    withRuns { ($0[index], $1[index]) }
  }

  /// Appends a pair; there must be room. O(1).
  @inlinable
  func append(fragment: UInt32, label: UInt64) {
    let count = self.count
    precondition(count < pairCapacity, "a bucket appended to without room")
    withRuns { fragments, labels in
      fragments[count] = fragment
      labels[count] = label
    }
    setCount(count &+ 1)
    let (word, mask) = Self.filterBit(fragment)
    withFilter { $0[word] |= mask }
  }

  /// Lane i holds 1 << i: summed over the lanes of a comparison's hits, one bit a hit.
  @inlinable static var laneBits: SIMD16<UInt32> {
    SIMD16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768)
  }

  /// The first label whose fragment is `fragment` and for which `matches` is true, or nil.
  /// The filter is asked first; then the fragments are compared sixteen at a time.
  /// O(1) when the filter does not have the fragment's bit, else O(count), plus one call of
  /// `matches` per pair of that fragment.
  @inlinable
  func firstLabel(fragment: UInt32, where matches: (UInt64) -> Bool) -> UInt64? {
    guard mayHold(fragment: fragment) else { return nil }
    let count = self.count
    return withRuns { fragments, labels in
      let wanted = SIMD16<UInt32>(repeating: fragment)
      var index = 0
      while index &+ 16 <= count {
        let hits =
          UnsafeRawPointer(fragments + index).loadUnaligned(as: SIMD16<UInt32>.self) .== wanted
        if any(hits) {
          // One bit a hit, lowest lane first: all but always a single candidate.
          var mask = SIMD16<UInt32>().replacing(with: Self.laneBits, where: hits).wrappedSum()
          while mask != 0 {
            let lane = index &+ mask.trailingZeroBitCount
            if matches(labels[lane]) { return labels[lane] }
            mask &= mask &- 1
          }
        }
        index &+= 16
      }
      while index < count {
        if fragments[index] == fragment && matches(labels[index]) { return labels[index] }
        index &+= 1
      }
      return nil
    }
  }

  /// Whether a pair of fragment `fragment` names an item equal to `item`. O(count) plus one
  /// resolution per pair of that fragment.
  @inlinable
  func contains<Resolver: SharedLabelResolver>(
    fragment: UInt32, item: Resolver.Item, resolver: Resolver
  ) -> Bool {
    firstLabel(fragment: fragment) { resolver.item(labelled: $0) == item } != nil
  }

  /// The index of the pair labelled `label`, or nil. O(count).
  @inlinable
  func index(ofLabel label: UInt64) -> Int? {
    let count = self.count
    return withRuns { _, labels in
      var index = 0
      while index < count {
        if labels[index] == label { return index }
        index &+= 1
      }
      return nil
    }
  }

  /// Removes pair `index`, moving the last pair into its place. O(1).
  @inlinable
  func remove(at index: Int) {
    let last = count &- 1
    withRuns { fragments, labels in
      fragments[index] = fragments[last]
      labels[index] = labels[last]
    }
    setCount(last)
  }

  /// Relabels pair `index`. O(1).
  @inlinable
  func setLabel(_ label: UInt64, at index: Int) {
    withRuns { _, labels in labels[index] = label }
  }
}

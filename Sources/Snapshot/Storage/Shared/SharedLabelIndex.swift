/// A persistent index from an item to its order label that stores no items: a trie on the
/// bits of the item's hash, 16 slots a level, whose leaves are buckets of (32-bit hash
/// fragment, 64-bit label) pairs, 12 bytes a pair.
///
/// The index cannot tell two items of the same fragment apart on its own: its owner (a
/// ``SharedList``) resolves a candidate label to the item it labels by seeking its tree, and
/// compares. So every operation that must recognise an item takes a `resolve` function from a
/// label to the item it labels (nil if none).
///
/// - Copying is O(1); an edit copies the shared nodes on its path, O(depth), and the bucket.
/// - The fragment is the hash's low 32 bits, and the trie routes by the low bits first: down to
///   8 levels a burst splits a bucket by its fragments alone; below, only items whose 32 low
///   hash bits all agree go, and a burst rehashes them (resolving each label).
/// - Below 64 bits of hash there is nothing left to split on, so items whose hashes all
///   collide share one bucket and are found by resolving every pair there: slower, never a
///   crash, never a rehash.
/// - An inner node left with at most half a bucket's worth of pairs collapses back into a
///   bucket, so memory follows the count.
/// - The trie is at most 17 levels deep whatever the items, so nothing recurses deeply.
@usableFromInline
package struct SharedLabelIndex: Sendable {
  @usableFromInline package var root: SharedLabelSlot
  @usableFromInline package let bucketCapacity: Int

  /// The bucket capacity of a list unless it asks for another: at 10^6 items the 4,096 buckets
  /// three levels down hold about 244 pairs each (the fullest about 310), so that the trie is
  /// three inner levels deep (all of them in cache) and a bucket's header, filter and slot
  /// cost about 0.5 bytes a pair; at 10^5 items the 256 buckets two levels down hold about
  /// 390 each. A search for an identifier a bucket does not hold (every insert of a new one)
  /// mostly stops at the bucket's filter, so only lookups of identifiers that are there scan
  /// (see the article "Snapshots that share structure").
  @inlinable package static var defaultBucketCapacity: Int { 448 }

  @inlinable
  package init(bucketCapacity: Int = defaultBucketCapacity) {
    precondition(bucketCapacity >= 1, "a bucket holds at least one pair")
    self.bucketCapacity = bucketCapacity
    root = .empty
  }

  /// The number of pairs.
  ///
  /// - Complexity: O(1).
  @inlinable package var count: Int { root.count }

  /// The 64 hash bits the index files `item` under (hash once per operation, so that an item
  /// whose hash changes between calls is looked for in one place only).
  ///
  /// - Complexity: O(1) plus one call of `hashValue`.
  @inlinable
  package static func hash<Item: Hashable>(_ item: Item) -> UInt64 {
    UInt64(truncatingIfNeeded: item.hashValue)
  }

  /// The part of `hash` a bucket stores.
  @inlinable
  static func fragment(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash) }

  /// The slot of `hash` at `shift`.
  @inlinable
  static func nibble(_ hash: UInt64, _ shift: Int) -> Int {
    Int(truncatingIfNeeded: (hash &>> UInt64(truncatingIfNeeded: shift)) & 15)
  }

  /// The first label filed under `hash` for which `matches` is true (it is called only with
  /// labels whose fragment agrees with `hash`), or nil.
  ///
  /// - Complexity: O(depth + bucket), plus one call of `matches` per label of the same
  ///   fragment: one, all but always.
  @inlinable
  package func firstLabel(
    hash: UInt64, where matches: (UInt64) -> Bool
  ) -> UInt64? {
    guard let bucket = bucket(of: hash) else { return nil }
    return bucket._withUnsafeGuaranteedRef {
      $0.firstLabel(fragment: Self.fragment(hash), where: matches)
    }
  }

  /// The bucket `hash` is filed in, or nil, unretained: valid while this index is alive and
  /// unchanged. The walk retains nothing: the index holds the root, every node holds its
  /// slots, and a block is written only while uniquely referenced (never while read).
  /// O(depth).
  @inlinable
  func bucket(of hash: UInt64) -> Unmanaged<SharedLabelBucket>? {
    unowned(unsafe) var node: SharedLabelNode
    switch root {
    case .empty: return nil
    case .bucket(let bucket): return .passUnretained(bucket)
    case .node(let top): node = top
    }
    var shift = 0
    while true {
      switch node.slot(Self.nibble(hash, shift)).pointee {
      case .empty: return nil
      case .bucket(let bucket): return .passUnretained(bucket)
      case .node(let next):
        node = next
        shift &+= 4
      }
    }
  }

  /// Every pair, in no particular order.
  ///
  /// - Complexity: O(n).
  @inlinable
  package func forEachPair(_ body: (UInt32, UInt64) -> Void) {
    Self.forEachPair(below: root, body)
  }

  /// Every pair below `slot` (fragment, label), in no particular order, through an explicit
  /// stack. O(pairs).
  @inlinable
  static func forEachPair(below slot: SharedLabelSlot, _ body: (UInt32, UInt64) -> Void) {
    var stack = [slot]
    while let slot = stack.popLast() {
      switch slot {
      case .empty: break
      case .bucket(let bucket):
        for index in 0..<bucket.count {
          let (fragment, label) = bucket[index]
          body(fragment, label)
        }
      case .node(let node):
        for index in 0..<16 { stack.append(node[index]) }
      }
    }
  }
}

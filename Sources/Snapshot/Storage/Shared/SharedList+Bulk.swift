// Building a shared list from a whole pre-order sequence in O(n), and appending many items
// under one parent in O(k + log n) tree work.

extension SharedList {
  /// Builds a list of `entries` (items, depths and expansion, in pre-order; keys and `hidden`
  /// are computed): leaves filled left to right, then each internal level from the one below,
  /// labels evenly spaced, the trie built level by level. Throws, building nothing, on a
  /// duplicate, an item not equal to itself, or depths that are not a pre-order (the first 0,
  /// each at most one deeper than the one before).
  ///
  /// - Complexity: O(n log₁₆ n) for the trie, O(n) for the tree; about 8 bytes an entry of
  ///   scratch besides the list.
  @inlinable
  package init(
    _ entries: [SharedEntry<Item>], base: Int = 32,
    bucketCapacity: Int = SharedLabelIndex.defaultBucketCapacity
  ) throws(EditError) {
    // Checked first, so that nothing is built for a refused sequence.
    var previous = -1
    for entry in entries {
      guard entry.item == entry.item else { throw .irreflexive(entry.item) }
      guard entry.level <= previous + 1 else { throw .badShape }
      previous = entry.level
    }
    let step = Self.bulkGap(count: entries.count)
    // The trie first (its 8 bytes a pair of scratch released on return), then the tree.
    let (built, duplicate) = SharedLabelIndex.build(
      count: entries.count, bucketCapacity: bucketCapacity,
      hash: { SharedLabelIndex.hash(entries[$0].item) }, label: { step &* UInt64($0 + 1) },
      isSame: { entries[$0].item == entries[$1].item })
    if let duplicate { throw .duplicate(entries[duplicate].item) }
    labelIndex = built
    tree = SharedTree(BulkPlacement(entries, step: step), base: base)
  }

  /// The entries of a bulk build as the tree takes them, each given its key and its `hidden`
  /// (the collapsed ancestors) as it is read. Its state is a struct's, not a closure's: an
  /// escaping closure's captured variables live in boxes whose every access is checked for
  /// exclusivity at run time (that was 40 % of a bulk build's instructions).
  @usableFromInline
  struct BulkPlacement: Sequence, IteratorProtocol {
    @usableFromInline var entries: IndexingIterator<[SharedEntry<Item>]>
    @usableFromInline let step: UInt64
    @usableFromInline var index: UInt64 = 0
    /// `childHidden[d]`: the hidden count of a child of the last entry read at depth d. Only
    /// the first `depth + 1` places of the entry last read are current; an entry at depth d
    /// reads place d - 1, last written by its parent.
    @usableFromInline var childHidden: [Int32] = []

    @inlinable
    init(_ entries: [SharedEntry<Item>], step: UInt64) {
      self.entries = entries.makeIterator()
      self.step = step
    }

    /// The next entry, placed. O(1) amortized; the depths must be a pre-order (each at most
    /// one deeper than the one before, the first 0), as the bulk build checks first.
    @inlinable
    mutating func next() -> SharedEntry<Item>? {
      guard var entry = entries.next() else { return nil }
      let level = entry.level
      entry.hidden = level == 0 ? 0 : childHidden[level &- 1]
      index &+= 1
      entry.key = step &* index
      let hidden = entry.hidden &+ (entry.isExpanded ? 0 : 1)
      if level < childHidden.count {
        childHidden[level] = hidden
      } else {
        childHidden.append(hidden)
      }
      return entry
    }
  }

  /// The gap between the labels of a bulk build of `count` entries: the append gap while the
  /// labels fit in half the key space, so that later appends and inserts find room.
  @inlinable
  static func bulkGap(count: Int) -> UInt64 {
    Swift.max(1, Swift.min(appendGap, UInt64.max / 2 / UInt64(count + 1)))
  }

  /// Appends `items` as the last children of `parent` (at the end, as roots, when `parent` is
  /// nil), each expanded or not: one seek for the parent's subtree, one splice of the tree, one
  /// trie walk per item. Throws, changing nothing, when `parent` is absent or an item is a
  /// duplicate (already present, or twice in `items`) or not equal to itself.
  ///
  /// - Complexity: O(k + b log n) in the tree and O(k) trie walks (each O(log₁₆ n + bucket)),
  ///   plus O(log n) relabelled entries amortized when inserting before later items.
  @inlinable
  package mutating func append(
    _ items: some Collection<Item>, to parent: Item?, isExpanded: Bool = false
  ) throws(EditError) {
    var position = count
    var level = 0
    var hidden: Int32 = 0
    if let parent {
      guard let at = self.position(of: parent) else { throw .notFound(parent) }
      let parentEntry = tree.entry(at: at)
      position = tree.subtreeEnd(of: at)
      level = parentEntry.level + 1
      hidden = parentEntry.hidden + (parentEntry.isExpanded ? 0 : 1)
    }
    try insertRun(items, at: position, level: level, hidden: hidden, isExpanded: isExpanded)
  }

  /// Inserts `items` at `position`, each `level` deep with `hidden` collapsed ancestors and
  /// expanded or not, as ``append(_:to:isExpanded:)`` does once it has found the parent: the
  /// caller vouches that the entries are whole subtrees there (the entry at `position`, if
  /// any, is at most `level` deep; the one before it at least `level - 1`). Throws, changing
  /// nothing, when an item is a duplicate or not equal to itself.
  ///
  /// - Complexity: O(k + b log n) in the tree and O(k) trie walks, plus O(log n) relabelled
  ///   entries amortized when inserting before later items.
  @inlinable
  package mutating func insertRun(
    _ items: some Collection<Item>, at position: Int, level: Int, hidden: Int32,
    isExpanded: Bool
  ) throws(EditError) {
    guard !items.isEmpty else { return }
    var hashes: [UInt64] = []
    hashes.reserveCapacity(items.count)
    for item in items {
      guard item == item else { throw .irreflexive(item) }
      hashes.append(SharedLabelIndex.hash(item))
    }
    var entries: [SharedEntry<Item>] = []
    entries.reserveCapacity(items.count)
    for item in items {
      entries.append(SharedEntry(item: item, level: level, isExpanded: isExpanded, hidden: hidden))
    }
    if let keys = keysWithoutRelabelling(count: entries.count, at: position) {
      for index in entries.indices { entries[index].key = keys[index] }
      if let duplicate = fileNewLabels(entries, hashes: hashes) { throw .duplicate(duplicate) }
      tree.insert(contentsOf: entries, at: position)
      return
    }
    // Rare: relabel first, which is only safe once every item is known to be new.
    var fresh = Set<Item>(minimumCapacity: entries.count)
    for (index, item) in items.enumerated()
    where find(item, hash: hashes[index], countingPosition: false) != nil
      || !fresh.insert(item).inserted
    {
      throw .duplicate(item)
    }
    let keys = allocateKeys(count: entries.count, at: position)
    for index in entries.indices { entries[index].key = keys[index] }
    tree.insert(contentsOf: entries, at: position)
    fileLabels(keys, hashes: hashes)
  }
}

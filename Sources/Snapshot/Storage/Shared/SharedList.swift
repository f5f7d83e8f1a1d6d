/// A forest of unique items as a shared tree of its pre-order sequence, with a hash trie
/// from each item to its order label (``SharedLabelIndex``, which stores hash fragments and
/// labels, not items, and confirms a candidate by seeking the tree by its label), so that an
/// item finds its position in O(log n).
///
/// This is the storage a section snapshot is wired to (see the article "Snapshots that share
/// structure"): copying is O(1), and every edit copies O(log n) nodes of the tree and of
/// the trie, plus O(log n) relabelled entries amortized.
@usableFromInline package struct SharedList<Item: Hashable & Sendable>: Sendable {
  @usableFromInline package var tree: SharedTree<Item>
  /// Item → label: the items' hash fragments and labels, resolved through ``tree``.
  @usableFromInline package var labelIndex: SharedLabelIndex

  /// The gap left between consecutive labels when appending.
  @inlinable package static var appendGap: UInt64 { 1 << 32 }

  @inlinable
  package init(
    base: Int = 32, bucketCapacity: Int = SharedLabelIndex.defaultBucketCapacity
  ) {
    tree = SharedTree(base: base)
    labelIndex = SharedLabelIndex(bucketCapacity: bucketCapacity)
  }

  /// Why an edit was refused; the list is unchanged.
  @usableFromInline package enum EditError: Error, Equatable {
    /// The item is already in the list, or appears twice in the request.
    case duplicate(Item)
    /// The item is not equal to itself, so it could never be found again.
    case irreflexive(Item)
    /// The depths do not form whole subtrees at that position.
    case badShape
    /// The parent named is not in the list.
    case notFound(Item)
  }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable package var count: Int { tree.count }

  /// The position of `item` in the pre-order sequence, or nil.
  ///
  /// - Complexity: O(b log n): the trie walk, and one seek by label (two or more only for
  ///   items whose 32 low hash bits agree).
  @inlinable
  package func position(of item: Item) -> Int? {
    find(item, hash: SharedLabelIndex.hash(item))?.position
  }

  /// The entry at `position`, with its absolute `hidden`.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func entry(at position: Int) -> SharedEntry<Item> {
    tree.entry(at: position)
  }

  /// Whether the entry at `position` is visible (no ancestor collapsed).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func isVisible(at position: Int) -> Bool {
    tree.entry(at: position).hidden == 0
  }
}

// MARK: - Editing

extension SharedList {
  /// Inserts `entries` (item, depth and expansion; keys and `hidden` are computed) at `position`,
  /// as whole subtrees: the first is at depth d, no later one is shallower, and the entry now at
  /// `position` is at most d deep. Throws, changing nothing, on a duplicate or a bad shape.
  ///
  /// - Complexity: O(k log n) plus O(log n) relabelled entries amortized.
  @inlinable
  package mutating func insert(
    _ entries: [SharedEntry<Item>], at position: Int
  ) throws(EditError) {
    guard let first = entries.first else { return }
    guard position >= 0 && position <= count else { throw .badShape }
    let level = first.level
    let previousLevel = position > 0 ? tree.entry(at: position - 1).level : -1
    guard level <= previousLevel + 1 else { throw .badShape }
    if position < count, tree.entry(at: position).level > level { throw .badShape }
    var last = level
    for entry in entries.dropFirst() {
      guard entry.level >= level, entry.level <= last + 1 else { throw .badShape }
      last = entry.level
    }
    var fresh = Set<Item>(minimumCapacity: entries.count > 1 ? entries.count : 0)
    var hashes: [UInt64] = []
    hashes.reserveCapacity(entries.count)
    for entry in entries {
      guard entry.item == entry.item else { throw .irreflexive(entry.item) }
      let hash = SharedLabelIndex.hash(entry.item)
      if find(entry.item, hash: hash, countingPosition: false) != nil {
        throw .duplicate(entry.item)
      }
      if entries.count > 1 && !fresh.insert(entry.item).inserted { throw .duplicate(entry.item) }
      hashes.append(hash)
    }
    // Collapsed ancestors: those outside the run, then a stack through it.
    var outer: Int32 = 0
    if level > 0, let parent = tree.lastPosition(before: position, levelAtMost: level - 1) {
      let parentEntry = tree.entry(at: parent)
      outer = parentEntry.hidden + (parentEntry.isExpanded ? 0 : 1)
    }
    let keys = allocateKeys(count: entries.count, at: position)
    var childHidden: [Int32] = []
    var placed = entries
    for index in placed.indices {
      let depth = placed[index].level - level
      childHidden.removeSubrange(depth...)
      let hidden = depth == 0 ? outer : childHidden[depth - 1]
      placed[index].hidden = hidden
      placed[index].key = keys[index]
      childHidden.append(hidden + (placed[index].isExpanded ? 0 : 1))
    }
    tree.insert(contentsOf: placed, at: position)
    fileLabels(keys, hashes: hashes)
  }

  /// Removes the whole subtrees in `range` (the first entry at depth d, none shallower, the entry
  /// after the range at most d deep). Throws `badShape`, changing nothing, otherwise.
  ///
  /// - Complexity: O(k log n).
  @inlinable
  package mutating func removeSubtrees(_ range: Range<Int>) throws(EditError) {
    guard !range.isEmpty else { return }
    guard range.lowerBound >= 0 && range.upperBound <= count else { throw .badShape }
    let removed = tree.entries(in: range)
    let level = removed[0].level
    guard removed.allSatisfy({ $0.level >= level }) else { throw .badShape }
    if range.upperBound < count, tree.entry(at: range.upperBound).level > level {
      throw .badShape
    }
    tree.removeSubrange(range)
    for entry in removed {
      labelIndex.remove(entry.key, hash: SharedLabelIndex.hash(entry.item))
    }
  }

  /// Moves the subtree at `position` so that it starts at `destination` (counted after the subtree
  /// is taken out) at depth `level`. Throws `badShape`, changing nothing, when the destination
  /// cannot hold it.
  ///
  /// - Complexity: O(s log n) for the s entries moved.
  @inlinable
  package mutating func moveSubtree(
    at position: Int, to destination: Int, level: Int
  ) throws(EditError) {
    guard position >= 0 && position < count else { throw .badShape }
    let end = tree.subtreeEnd(of: position)
    let moved = tree.entries(in: position..<end)
    let shift = level - moved[0].level
    var copy = self
    try copy.removeSubtrees(position..<end)
    try copy.insert(
      moved.map {
        SharedEntry(item: $0.item, level: $0.level + shift, isExpanded: $0.isExpanded)
      }, at: destination)
    self = copy
  }

  /// Expands or collapses the entry at `position`: one flag, and one range tag over its
  /// descendants.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package mutating func setExpanded(_ isExpanded: Bool, at position: Int) {
    guard tree.entry(at: position).isExpanded != isExpanded else { return }
    tree.updateEntries(in: position..<position + 1) { _, entry in entry.isExpanded = isExpanded }
    let end = tree.subtreeEnd(of: position)
    tree.addHidden(isExpanded ? -1 : 1, in: position + 1..<end)
  }
}

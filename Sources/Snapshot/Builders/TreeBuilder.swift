// Building a fresh tree in one pass from items given depth-first with their depths.

/// Fills a new ``Tree`` from items listed depth-first (each parent before its
/// children), each with its depth. Every builder, initializer and decoder of section
/// snapshots funnels through here, so building n items is O(n) in total.
///
/// Slots are handed out in order, so an item's slot is its depth-first index.
@usableFromInline
struct TreeBuilder<Item: Hashable & Sendable> {
  /// The tree being filled: a value owned by the builder, so filling it pays no dynamic
  /// exclusivity checks.
  @usableFromInline var tree: Tree<Item>
  /// `path[d]` is the slot of the latest item added at depth d. Entries deeper than the
  /// latest item are stale; they are overwritten before they can be read.
  @usableFromInline var path: [Int32]
  /// The depth of the latest item added, or -1 before the first.
  @usableFromInline var lastDepth: Int
  /// The depth of every item added, by slot.
  @usableFromInline var depths: [UInt32]

  /// Starts an empty tree with room for `capacity` items.
  @inlinable
  init(capacity: Int = 0) {
    tree = Tree()
    path = []
    lastDepth = -1
    depths = []
    if capacity > 0 {
      tree.nodes.reserveCapacity(capacity)
      depths.reserveCapacity(capacity)
      var buckets = 8
      while buckets < capacity &* 2 { buckets &*= 2 }
      if buckets > tree.buckets.count { tree.rebuildIndex(bucketCount: buckets) }
    }
  }

  /// The number of items added so far: the depth-first index of the next item.
  @inlinable var count: Int { tree.nodes.count }

  /// The deepest depth the next item may take: one below the last item added.
  @inlinable var maximumDepth: Int { lastDepth &+ 1 }

  /// Adds `item` at `depth` as the last child of the latest item at `depth - 1` (a root when
  /// `depth` is 0). `depth` must be at most ``maximumDepth``.
  ///
  /// Returns -1; or, when an equal item is already in the tree, that item's depth-first
  /// index; or ``irreflexive`` when `item` is not equal to itself. In the last two cases
  /// adds nothing. O(1) amortized.
  @inlinable @inline(__always)
  mutating func append(_ item: Item, depth: Int, expanded: Bool) -> Int {
    guard item == item else { return Self.irreflexive }
    let slot = tree.appendNodeIfAbsent(item)
    if slot < 0 { return Int(-slot - 1) }
    let parent = depth > 0 ? path[depth &- 1] : -1
    if expanded { tree.nodes[Int(slot)].flags |= TreeNode<Item>.expanded }
    tree.link(slot, parent: parent, before: -1)
    if depth < path.count { path[depth] = slot } else { path.append(slot) }
    lastDepth = depth
    depths.append(UInt32(truncatingIfNeeded: depth))
    return -1
  }

  /// What ``append(_:depth:expanded:)`` returns for an item not equal to itself (such as
  /// `Double.nan`), which no lookup could ever find.
  @inlinable static var irreflexive: Int { -2 }

  /// Marks the item at depth-first index `index` expanded.
  @inlinable
  mutating func expand(at index: Int) {
    tree.nodes[index].flags |= TreeNode<Item>.expanded
  }

  /// The finished snapshot. O(n log₁₆ n).
  @inlinable
  var snapshot: DiffableDataSourceSectionSnapshot<Item> {
    var entries: [SharedEntry<Item>] = []
    entries.reserveCapacity(tree.nodes.count)
    for (slot, node) in tree.nodes.enumerated() {
      entries.append(
        SharedEntry(item: node.item, level: Int(depths[slot]), isExpanded: node.isExpanded))
    }
    return DiffableDataSourceSectionSnapshot(entries: entries)
  }
}

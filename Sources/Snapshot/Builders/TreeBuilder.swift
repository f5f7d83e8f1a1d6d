// Building a fresh tree in one pass from items given depth-first with their depths.

/// Collects the entries of a new section snapshot from items listed depth-first (each
/// parent before its children), each with its depth, refusing duplicates. Every builder,
/// initializer and decoder of section snapshots funnels through here, so building n items
/// is O(n) expected in total.
///
/// An item's index is its depth-first index.
@usableFromInline
struct TreeBuilder<Item: Hashable & Sendable> {
  /// The entries added so far, depth-first.
  @usableFromInline var entries: [SharedEntry<Item>]
  /// The depth-first index of every item added. Filled only through
  /// `updateValueGrowingFirst` (see `GrowingFirst.swift`), so identifiers with broken
  /// hashing cannot stop the program.
  @usableFromInline var indexes: [Item: Int]
  /// The depth of the latest item added, or -1 before the first.
  @usableFromInline var lastDepth: Int

  /// Starts an empty tree with room for `capacity` items.
  @inlinable
  init(capacity: Int = 0) {
    entries = []
    entries.reserveCapacity(capacity)
    indexes = Dictionary(minimumCapacity: capacity)
    lastDepth = -1
  }

  /// The number of items added so far: the depth-first index of the next item.
  @inlinable var count: Int { entries.count }

  /// The deepest depth the next item may take: one below the last item added.
  @inlinable var maximumDepth: Int { lastDepth &+ 1 }

  /// Adds `item` at `depth` as the last child of the latest item at `depth - 1` (a root when
  /// `depth` is 0). `depth` must be at most ``maximumDepth``.
  ///
  /// Returns -1; or, when an equal item is already in the tree, that item's depth-first
  /// index; or ``irreflexive`` when `item` is not equal to itself. In the last two cases
  /// adds nothing. O(1) amortized, expected.
  @inlinable @inline(__always)
  mutating func append(_ item: Item, depth: Int, expanded: Bool) -> Int {
    guard item == item else { return Self.irreflexive }
    if let first = indexes.updateValueGrowingFirst(entries.count, forKey: item) {
      // Put the first occurrence's index back (in place: never inserts): the tree keeps it.
      indexes.replaceValue(first, forKey: item)
      return first
    }
    entries.append(SharedEntry(item: item, level: depth, isExpanded: expanded))
    lastDepth = depth
    return -1
  }

  /// What ``append(_:depth:expanded:)`` returns for an item not equal to itself (such as
  /// `Double.nan`), which no lookup could ever find.
  @inlinable static var irreflexive: Int { -2 }

  /// The item at depth-first index `index` (which must exist). O(1).
  @inlinable func item(at index: Int) -> Item { entries[index].item }

  /// The depth-first index of `item`, or nil when the tree does not hold it. O(1) expected.
  @inlinable func index(of item: Item) -> Int? { indexes[item] }

  /// Marks the item at depth-first index `index` expanded.
  @inlinable
  mutating func expand(at index: Int) {
    entries[index].isExpanded = true
  }

  /// The finished snapshot. O(n log₁₆ n).
  @inlinable
  var snapshot: DiffableDataSourceSectionSnapshot<Item> {
    DiffableDataSourceSectionSnapshot(entries: entries)
  }
}

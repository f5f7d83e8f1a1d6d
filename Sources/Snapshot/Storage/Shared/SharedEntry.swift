/// One item of a shared tree's pre-order sequence: the identifier, its order label, its
/// depth with its expansion flag, and how many of its ancestors are collapsed (relative to
/// the tags on the edges above it; see ``SharedChild``).
@usableFromInline package struct SharedEntry<Item: Hashable & Sendable>: Sendable {
  @usableFromInline package var item: Item
  /// The order label: strictly increasing along the sequence.
  @usableFromInline package var key: UInt64
  /// Depth << 1 | expanded.
  @usableFromInline package var levelAndFlag: UInt32
  /// Collapsed ancestors, minus the tags on the path from the root to this entry's leaf.
  @usableFromInline package var hidden: Int32

  @inlinable
  package init(
    item: Item, key: UInt64 = 0, level: Int, isExpanded: Bool, hidden: Int32 = 0
  ) {
    self.item = item
    self.key = key
    self.levelAndFlag = UInt32(truncatingIfNeeded: level) << 1 | (isExpanded ? 1 : 0)
    self.hidden = hidden
  }

  @inlinable package var level: Int { Int(levelAndFlag >> 1) }

  @inlinable package var isExpanded: Bool {
    get { levelAndFlag & 1 != 0 }
    set { levelAndFlag = levelAndFlag & ~1 | (newValue ? 1 : 0) }
  }
}

/// What a node knows about the entries below it, without visiting them.
@usableFromInline package struct SharedSummary: Sendable, Equatable {
  @usableFromInline package var count: Int
  /// The number of entries whose `hidden` (with the tags below this node) is `minHidden`.
  @usableFromInline package var countAtMinHidden: Int
  /// The largest key (0 when empty): keys increase, so it is the last entry's.
  @usableFromInline package var maxKey: UInt64
  /// The smallest depth (`UInt32.max` when empty).
  @usableFromInline package var minLevel: UInt32
  /// The smallest `hidden` (`Int32.max` when empty).
  @usableFromInline package var minHidden: Int32

  @inlinable
  package static var empty: SharedSummary {
    SharedSummary(
      count: 0, countAtMinHidden: 0, maxKey: 0, minLevel: .max, minHidden: .max)
  }

  @inlinable
  package init(
    count: Int, countAtMinHidden: Int, maxKey: UInt64, minLevel: UInt32, minHidden: Int32
  ) {
    self.count = count
    self.countAtMinHidden = countAtMinHidden
    self.maxKey = maxKey
    self.minLevel = minLevel
    self.minHidden = minHidden
  }

  /// The number of visible entries (hidden 0) below a node reached through edges whose tags add up
  /// to `tag`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func visibleCount(tag: Int32) -> Int {
    count > 0 && minHidden &+ tag == 0 ? countAtMinHidden : 0
  }

  @inlinable
  mutating func add(hidden: Int32, count: Int) {
    if hidden < minHidden {
      minHidden = hidden
      countAtMinHidden = count
    } else if hidden == minHidden {
      countAtMinHidden &+= count
    }
  }

  @inlinable
  package mutating func add<Item>(_ entry: SharedEntry<Item>) {
    count &+= 1
    maxKey = Swift.max(maxKey, entry.key)
    minLevel = Swift.min(minLevel, entry.levelAndFlag >> 1)
    add(hidden: entry.hidden, count: 1)
  }

  /// Adds the summary of a child reached through an edge tagged `tag`.
  @inlinable
  package mutating func add(_ other: SharedSummary, tag: Int32) {
    guard other.count > 0 else { return }
    count &+= other.count
    maxKey = Swift.max(maxKey, other.maxKey)
    minLevel = Swift.min(minLevel, other.minLevel)
    add(hidden: other.minHidden &+ tag, count: other.countAtMinHidden)
  }
}

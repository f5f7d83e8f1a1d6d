/// A persistent, summarised B+ tree over a pre-order sequence of ``SharedEntry`` values.
///
/// - Nodes hold between `base` and `2 × base` entries or children, except the root and the
///   nodes of the rightmost spine, which may hold fewer (so that appending fills leaves
///   completely).
/// - Every node carries a ``SharedSummary`` of its subtree: count, smallest depth, largest
///   key, smallest `hidden` and how many entries have it (the visible count).
/// - Copying is O(1); an edit copies the nodes on its path that are shared, O(b log n).
/// - Nothing recurses: every walk keeps an explicit stack no deeper than the tree's height.
///
/// See the article "Snapshots that share structure" for the design.
@usableFromInline package struct SharedTree<Item: Hashable & Sendable>: Sendable {
  @usableFromInline package var root: SharedNode<Item>
  /// The smallest fill of a node off the rightmost spine; the largest is twice this.
  @usableFromInline package let base: Int
  /// Names the tree this one was copied and edited from: a number drawn once, when the tree
  /// it descends from was made, and never drawn again in this process. Trees of different
  /// lineages share no node (nodes only pass from a tree to its copies), so comparing lineages
  /// tells trees built apart in O(1).
  @usableFromInline package let lineage: UInt64

  @inlinable
  package init(base: Int = 32) {
    precondition(base >= 2, "a shared tree's base is at least 2")
    self.base = base
    root = SharedNode(height: 0)
    lineage = SharedLineage.draw()
  }

  /// Whether the two trees may share nodes (they descend from one tree). O(1).
  @inlinable
  package func mayShareNodes(with other: SharedTree) -> Bool {
    lineage == other.lineage
  }

  /// Builds a tree from `entries`, whose `hidden` values are absolute, filling every node but the
  /// last of each level.
  ///
  /// - Complexity: O(n).
  @inlinable
  package init(_ entries: some Sequence<SharedEntry<Item>>, base: Int = 32) {
    precondition(base >= 2, "a shared tree's base is at least 2")
    self.base = base
    let capacity = 2 &* base
    var level: [SharedChild<Item>] = []
    var chunk: [SharedEntry<Item>] = []
    chunk.reserveCapacity(capacity)
    for entry in entries {
      chunk.append(entry)
      if chunk.count == capacity {
        level.append(SharedChild(SharedNode(height: 0, entries: chunk)))
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty || level.isEmpty {
      level.append(SharedChild(SharedNode(height: 0, entries: chunk)))
    }
    var height = 0
    while level.count > 1 {
      height += 1
      var next: [SharedChild<Item>] = []
      next.reserveCapacity(level.count / capacity + 1)
      var start = 0
      while start < level.count {
        let end = Swift.min(start + capacity, level.count)
        next.append(SharedChild(SharedNode(height: height, children: Array(level[start..<end]))))
        start = end
      }
      level = next
    }
    root = level[0].node
    lineage = SharedLineage.draw()
  }

  @inlinable package var capacity: Int { 2 &* base }

  /// The number of entries.
  ///
  /// - Complexity: O(1).
  @inlinable package var count: Int { root.summary.count }

  /// The number of entries none of whose ancestors is collapsed.
  ///
  /// - Complexity: O(1).
  @inlinable package var visibleCount: Int { root.summary.visibleCount(tag: 0) }

  @inlinable package var height: Int { root.height }

  /// Whether both trees hold the same root node (then they are equal).
  ///
  /// - Complexity: O(1).
  @inlinable
  package func sharesRoot(with other: SharedTree) -> Bool {
    root === other.root
  }
}

// MARK: - Reading

extension SharedTree {
  /// The entry at `position`, with its absolute `hidden`.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func entry(at position: Int) -> SharedEntry<Item> {
    precondition(position >= 0 && position < count, "position out of range")
    var node = root
    var offset = position
    var tag: Int32 = 0
    while node.height > 0 {
      var index = 0
      while offset >= node.children[index].summary.count {
        offset -= node.children[index].summary.count
        index += 1
      }
      tag &+= node.children[index].tag
      node = node.children[index].node
    }
    var entry = node.entries[offset]
    entry.hidden &+= tag
    return entry
  }

  /// The position of the `row`-th visible entry (hidden 0).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func position(ofVisibleRow row: Int) -> Int {
    precondition(row >= 0 && row < visibleCount, "row out of range")
    var node = root
    var remaining = row
    var position = 0
    var tag: Int32 = 0
    while node.height > 0 {
      var index = 0
      while true {
        let visible = node.children[index].summary.visibleCount(
          tag: tag &+ node.children[index].tag)
        if remaining < visible { break }
        remaining -= visible
        position += node.children[index].summary.count
        index += 1
      }
      tag &+= node.children[index].tag
      node = node.children[index].node
    }
    for (index, entry) in node.entries.enumerated() where entry.hidden &+ tag == 0 {
      if remaining == 0 { return position + index }
      remaining -= 1
    }
    preconditionFailure("visible counts disagree with the entries")
  }

  /// The number of visible entries before `position`.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func visibleRows(before position: Int) -> Int {
    precondition(position >= 0 && position <= count, "position out of range")
    var node = root
    var offset = position
    var rows = 0
    var tag: Int32 = 0
    while node.height > 0 {
      var next: SharedNode<Item>? = nil
      for child in node.children {
        let childCount = child.summary.count
        if offset < childCount {
          tag &+= child.tag
          next = child.node
          break
        }
        offset -= childCount
        rows += child.summary.visibleCount(tag: tag &+ child.tag)
      }
      guard let found = next else { return rows }
      node = found
    }
    for entry in node.entries[..<offset] where entry.hidden &+ tag == 0 { rows += 1 }
    return rows
  }

  /// Calls `body` with every entry in `range` (absolute `hidden`), in order, visiting only the
  /// nodes that overlap it; `body` returns false to stop.
  ///
  /// - Complexity: O(k + b log n).
  @inlinable
  package func forEach(
    in range: Range<Int>, visibleOnly: Bool = false,
    _ body: (Int, SharedEntry<Item>) -> Bool
  ) {
    guard !range.isEmpty else { return }
    // (node, its first position, tags above it)
    var stack: [(node: SharedNode<Item>, start: Int, tag: Int32)] = [(root, 0, 0)]
    while let (node, start, tag) = stack.popLast() {
      if node.height == 0 {
        let low = Swift.max(range.lowerBound - start, 0)
        let high = Swift.min(range.upperBound - start, node.entries.count)
        var index = low
        while index < high {
          var entry = node.entries[index]
          entry.hidden &+= tag
          if !visibleOnly || entry.hidden == 0 {
            if !body(start + index, entry) { return }
          }
          index += 1
        }
        continue
      }
      // Push the overlapping children in reverse, so the first pops first. The edges are read
      // in place: copying a child would retain its node, for every child of the node.
      node.children.withUnsafeBufferPointer { children in
        var childStart = start + node.summary.count
        for index in children.indices.reversed() {
          childStart -= children[index].summary.count
          let childEnd = childStart + children[index].summary.count
          guard childStart < range.upperBound, childEnd > range.lowerBound else { continue }
          let childTag = tag &+ children[index].tag
          if visibleOnly && children[index].summary.visibleCount(tag: childTag) == 0 {
            continue
          }
          stack.append((children[index].node, childStart, childTag))
        }
      }
    }
  }

  /// The entries in `range`, with absolute `hidden`.
  ///
  /// - Complexity: O(k + b log n).
  @inlinable
  package func entries(in range: Range<Int>) -> [SharedEntry<Item>] {
    var result: [SharedEntry<Item>] = []
    result.reserveCapacity(range.count)
    forEach(in: range) { _, entry in
      result.append(entry)
      return true
    }
    return result
  }

  /// A tree of the entries in `range` (sharing nothing).
  ///
  /// - Complexity: O(k + b log n).
  @inlinable
  package func slice(_ range: Range<Int>) -> SharedTree {
    SharedTree(entries(in: range), base: base)
  }
}

/// Where lineages come from: a counter shared by every tree of the process, so that two trees
/// made apart never draw the same number (an object's address could be reused once freed).
@usableFromInline
enum SharedLineage {
  @usableFromInline static let last = Locked<UInt64>(0)

  /// A lineage no tree has had. O(1): one increment under a lock.
  @inlinable
  static func draw() -> UInt64 {
    last.withLock {
      $0 &+= 1
      return $0
    }
  }
}

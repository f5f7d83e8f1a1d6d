// Reads that a two-level outline (the sectioned snapshot: sections at depth 0, their items at
// depth 1) needs besides seeks by position: one seek by label that also counts the visible
// entries before it, whole runs of a leaf at a time, and the shallow entries of a range
// without visiting the deep ones.

extension SharedTree {
  /// The entry labelled `key` (with its absolute `hidden`), its position, and the number of
  /// visible entries before it, or nil: one seek by label.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func seek(
    key: UInt64
  ) -> (position: Int, visibleBefore: Int, entry: SharedEntry<Item>)? {
    descend(toKey: key, countingVisible: true)
  }

  /// The descent by label behind ``seek(key:)`` and ``entry(labelled:)``: the entry labelled `key`, its position (when `countingPosition`,
  /// else 0), and the visible entries before it (when `countingVisible`, else 0).
  ///
  /// Each node's edges are binary searched by their largest key (keys increase along the
  /// sequence, and no node below the root is empty); only the counts of the edges passed
  /// are added, and only when asked. The walk retains nothing: `self` holds the root for
  /// the whole call, every node holds its children, and a node reachable from a tree being
  /// read is never written (see ``SharedNode``). O(b log n), and O(log n) comparisons.
  @inlinable
  func descend(
    toKey key: UInt64, countingPosition: Bool = true, countingVisible: Bool
  ) -> (position: Int, visibleBefore: Int, entry: SharedEntry<Item>)? {
    unowned(unsafe) var node = root
    var position = 0
    var rows = 0
    var tag: Int32 = 0
    while node.height > 0 {
      let above = tag
      // The closure writes nothing outside itself, so the edges are read in place.
      let step = Unmanaged.passUnretained(node)._withUnsafeGuaranteedRef {
        $0.children.withUnsafeBufferPointer {
          children -> (next: Unmanaged<SharedNode<Item>>, tag: Int32, passed: Int, rows: Int)? in
          var low = 0
          var high = children.count
          while low < high {
            let middle = (low &+ high) &>> 1
            if children[middle].summary.maxKey < key { low = middle &+ 1 } else { high = middle }
          }
          guard low < children.count else { return nil }
          var passed = 0
          var rows = 0
          if countingPosition || countingVisible {
            var index = 0
            while index < low {
              passed &+= children[index].summary.count
              if countingVisible {
                rows &+= children[index].summary.visibleCount(tag: above &+ children[index].tag)
              }
              index &+= 1
            }
          }
          return (.passUnretained(children[low].node), children[low].tag, passed, rows)
        }
      }
      guard let step else { return nil }
      position &+= step.passed
      rows &+= step.rows
      tag &+= step.tag
      node = step.next.takeUnretainedValue()
    }
    let above = tag
    let leaf = Unmanaged.passUnretained(node)._withUnsafeGuaranteedRef {
      $0.entries.withUnsafeBufferPointer {
        entries -> (index: Int, visibleBefore: Int, entry: SharedEntry<Item>)? in
        var low = 0
        var high = entries.count
        while low < high {
          let middle = (low &+ high) &>> 1
          if entries[middle].key < key { low = middle &+ 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].key == key else { return nil }
        var visible = 0
        if countingVisible {
          var index = 0
          while index < low {
            if entries[index].hidden &+ above == 0 { visible &+= 1 }
            index &+= 1
          }
        }
        return (low, visible, entries[low])
      }
    }
    guard var leaf else { return nil }
    leaf.entry.hidden &+= tag
    return (position &+ leaf.index, rows &+ leaf.visibleBefore, leaf.entry)
  }

  /// Calls `body` with each leaf's part of `range`, in order: the position of its first entry
  /// and the entries (whose `hidden` is relative to the tags above the leaf: read items,
  /// keys and levels from them, not visibility).
  ///
  /// - Complexity: O(k + (k / b + 1) log n) for the k entries of `range`, with one call per
  ///   leaf instead of one per entry.
  @inlinable
  package func forEachRun(
    in range: Range<Int>, _ body: (Int, ArraySlice<SharedEntry<Item>>) -> Void
  ) {
    guard !range.isEmpty else { return }
    var stack: [(node: SharedNode<Item>, start: Int)] = [(root, 0)]
    while let (node, start) = stack.popLast() {
      if node.height == 0 {
        let low = Swift.max(range.lowerBound - start, 0)
        let high = Swift.min(range.upperBound - start, node.entries.count)
        if low < high { body(start + low, node.entries[low..<high]) }
        continue
      }
      // Push the overlapping children in reverse, so the first pops first.
      var childStart = start + node.summary.count
      var index = node.children.count
      while index > 0 {
        index -= 1
        let count = node.children[index].summary.count
        childStart -= count
        guard childStart < range.upperBound, childStart + count > range.lowerBound else {
          continue
        }
        stack.append((node.children[index].node, childStart))
      }
    }
  }

  /// Calls `body` with the position and entry (relative `hidden`) of every entry of `range`
  /// at most `level` deep, in order, skipping every node whose entries are all deeper.
  ///
  /// - Complexity: O(b m log n) for the m entries found, and O(b log n) when there are none.
  @inlinable
  package func forEachShallowEntry(
    in range: Range<Int>, levelAtMost level: Int, _ body: (Int, SharedEntry<Item>) -> Void
  ) {
    guard !range.isEmpty, level >= 0 else { return }
    let limit = UInt32(clamping: level)
    var stack: [(node: SharedNode<Item>, start: Int)] = [(root, 0)]
    while let (node, start) = stack.popLast() {
      if node.height == 0 {
        let low = Swift.max(range.lowerBound - start, 0)
        let high = Swift.min(range.upperBound - start, node.entries.count)
        var index = low
        while index < high {
          if node.entries[index].levelAndFlag >> 1 <= limit {
            body(start + index, node.entries[index])
          }
          index += 1
        }
        continue
      }
      var childStart = start + node.summary.count
      var index = node.children.count
      while index > 0 {
        index -= 1
        let summary = node.children[index].summary
        childStart -= summary.count
        guard childStart < range.upperBound, childStart + summary.count > range.lowerBound,
          summary.minLevel <= limit
        else { continue }
        stack.append((node.children[index].node, childStart))
      }
    }
  }
}

extension SharedTree {
  /// Calls `body` with the position and entry (relative `hidden`) of every entry of `range`
  /// at most `level` deep, in order, skipping every node whose entries are all deeper, until
  /// `body` returns false; returns false when it did. A node's edges are read only as far as
  /// the walk has gone, so stopping early leaves the rest of each node unread.
  ///
  /// - Complexity: O(b m log n) for the m entries reported, and O(b log n) when there are none.
  @inlinable
  package func walkShallowEntries(
    in range: Range<Int>, levelAtMost level: Int, while body: (Int, SharedEntry<Item>) -> Bool
  ) -> Bool {
    guard !range.isEmpty, level >= 0 else { return true }
    let limit = UInt32(clamping: level)
    // Each node on the path, the next edge to read and the position where it starts.
    var stack: [(node: SharedNode<Item>, next: Int, start: Int)] = [(root, 0, 0)]
    while let (node, next, start) = stack.last {
      if node.height == 0 {
        stack.removeLast()
        let low = Swift.max(range.lowerBound - start, 0)
        let high = Swift.min(range.upperBound - start, node.entries.count)
        var index = low
        while index < high {
          if node.entries[index].levelAndFlag >> 1 <= limit,
            !body(start + index, node.entries[index])
          {
            return false
          }
          index += 1
        }
        continue
      }
      var index = next
      var childStart = start
      var found = false
      while index < node.children.count && childStart < range.upperBound {
        let summary = node.children[index].summary
        index += 1
        childStart += summary.count
        if childStart > range.lowerBound && summary.minLevel <= limit {
          found = true
          break
        }
      }
      guard found else {
        stack.removeLast()
        continue
      }
      let childCount = node.children[index - 1].summary.count
      stack[stack.count - 1].next = index
      stack[stack.count - 1].start = childStart
      stack.append((node.children[index - 1].node, 0, childStart - childCount))
    }
    return true
  }
}

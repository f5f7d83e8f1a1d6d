// Edits of a shared tree: every one walks from the root with an explicit stack, copies the
// shared nodes on its way (copy-on-write along the path), then repairs fills bottom-up.

extension SharedTree {
  @inlinable
  mutating func makeRootUnique() {
    if !isKnownUniquelyReferenced(&root) { root = SharedNode(copying: root) }
  }

  /// Child `index` of `parent` (uniquely referenced), copied first if it is shared.
  @inlinable
  static func uniqueChild(of parent: SharedNode<Item>, at index: Int) -> SharedNode<Item> {
    if !isKnownUniquelyReferenced(&parent.children[index].node) {
      parent.children[index].node = SharedNode(copying: parent.children[index].node)
    }
    return parent.children[index].node
  }

  /// Inserts `newEntries` (absolute `hidden`) at `position`.
  ///
  /// - Complexity: O(k + b log n).
  @inlinable
  package mutating func insert(
    contentsOf newEntries: [SharedEntry<Item>], at position: Int
  ) {
    precondition(position >= 0 && position <= count, "position out of range")
    guard !newEntries.isEmpty else { return }
    makeRootUnique()
    var path: [(node: SharedNode<Item>, index: Int, isRightmost: Bool)] = []
    var node = root
    var offset = position
    var tag: Int32 = 0
    var isRightmost = true
    while node.height > 0 {
      var index = 0
      while index < node.children.count - 1 && offset >= node.children[index].summary.count {
        offset -= node.children[index].summary.count
        index += 1
      }
      path.append((node, index, isRightmost))
      isRightmost = isRightmost && index == node.children.count - 1
      tag &+= node.children[index].tag
      node = Self.uniqueChild(of: node, at: index)
    }
    var adjusted = newEntries
    if tag != 0 {
      for index in adjusted.indices { adjusted[index].hidden &-= tag }
    }
    // Grow a leaf to what it holds, not by doubling: leaves are most of the memory.
    let needed = node.entries.count + adjusted.count
    if needed > node.entries.capacity { node.entries.reserveCapacity(needed) }
    node.entries.insert(contentsOf: adjusted, at: offset)
    node.recomputeSummary()
    while let (parent, index, isRightmost) = path.popLast() {
      fixGrownChild(of: parent, at: index, isRightmost: isRightmost)
    }
    fixRoot()
  }

  /// Removes the entries in `range`.
  ///
  /// - Complexity: O(b log n) plus O(k/b) for the nodes released.
  @inlinable
  package mutating func removeSubrange(_ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    guard !range.isEmpty else { return }
    makeRootUnique()
    var stack: [(node: SharedNode<Item>, low: Int, high: Int, isRightmost: Bool)] = [
      (root, range.lowerBound, range.upperBound, true)
    ]
    // Each internal node visited, with the children the removal changed (indices after it):
    // at most the two paths to the range's ends, two nodes a level.
    var visited: [(node: SharedNode<Item>, changed: Range<Int>, isRightmost: Bool)] = []
    visited.reserveCapacity(2 &* root.height)
    while let (node, low, high, isRightmost) = stack.popLast() {
      if node.height == 0 {
        node.entries.removeSubrange(low..<high)
        node.recomputeSummary()
        continue
      }
      var covered = node.children.count..<node.children.count
      var descended: ClosedRange<Int>? = nil
      var start = 0
      let last = node.children.count - 1
      for index in node.children.indices {
        let end = start + node.children[index].summary.count
        if end <= low || start >= high {
        } else if low <= start && end <= high {
          covered = covered.isEmpty ? index..<index + 1 : covered.lowerBound..<index + 1
        } else {
          let child = Self.uniqueChild(of: node, at: index)
          stack.append(
            (
              child, Swift.max(low, start) - start, Swift.min(high, end) - start,
              isRightmost && index == last
            ))
          descended = descended.map { $0.lowerBound...index } ?? index...index
        }
        start = end
      }
      node.children.removeSubrange(covered)
      // The children descended into border the covered ones: after the removal they are
      // side by side where the covered ones were.
      let shifted = descended.map { range in
        let shift = { $0 >= covered.upperBound ? $0 - covered.count : $0 }
        return shift(range.lowerBound)..<shift(range.upperBound) + 1
      }
      let at = Swift.min(covered.lowerBound, node.children.count)
      visited.append((node, shifted ?? at..<at, isRightmost))
    }
    while let (node, changed, isRightmost) = visited.popLast() {
      fixShrunkChildren(of: node, changed: changed, isRightmost: isRightmost)
    }
    fixRoot()
  }

  /// Replaces the entries in `range` with `newEntries` (absolute `hidden`).
  ///
  /// - Complexity: O(k + b log n) for k entries removed and added.
  @inlinable
  package mutating func replaceSubrange(
    _ range: Range<Int>, with newEntries: [SharedEntry<Item>]
  ) {
    removeSubrange(range)
    insert(contentsOf: newEntries, at: range.lowerBound)
  }

  /// Adds `delta` to the `hidden` of every entry in `range`: tags on the edges to the children
  /// wholly inside, entries only in the two boundary leaves.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package mutating func addHidden(_ delta: Int32, in range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    guard !range.isEmpty, delta != 0 else { return }
    makeRootUnique()
    var stack: [(node: SharedNode<Item>, low: Int, high: Int)] = [
      (root, range.lowerBound, range.upperBound)
    ]
    // Each internal node visited, with the (at most two) children it descended into: the only
    // edges whose summaries change (the others keep theirs; tags do not enter a summary).
    var visited: [(node: SharedNode<Item>, first: Int?, last: Int?)] = []
    while let (node, low, high) = stack.popLast() {
      if node.height == 0 {
        for index in low..<high { node.entries[index].hidden &+= delta }
        node.recomputeSummary()
        continue
      }
      var (first, last): (Int?, Int?) = (nil, nil)
      var start = 0
      for index in node.children.indices {
        let end = start + node.children[index].summary.count
        if end <= low || start >= high {
        } else if low <= start && end <= high {
          node.children[index].tag &+= delta
        } else {
          let child = Self.uniqueChild(of: node, at: index)
          stack.append((child, Swift.max(low, start) - start, Swift.min(high, end) - start))
          if first == nil { first = index } else { last = index }
        }
        start = end
      }
      visited.append((node, first, last))
    }
    while let (node, first, last) = visited.popLast() {
      if let last { node.children[last].summary = node.children[last].node.summary }
      node.recomputeSummary(refreshing: first.map { $0..<$0 + 1 } ?? 0..<0)
    }
  }

  /// Calls `body` on every entry in `range`, in order, to change its key, level or flag (not its
  /// `hidden`, which is stored relative to the tags above it).
  ///
  /// - Complexity: O(k + b log n).
  @inlinable
  package mutating func updateEntries(
    in range: Range<Int>, _ body: (Int, inout SharedEntry<Item>) -> Void
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    guard !range.isEmpty else { return }
    makeRootUnique()
    var stack: [(node: SharedNode<Item>, low: Int, high: Int, start: Int)] = [
      (root, range.lowerBound, range.upperBound, 0)
    ]
    // Each internal node visited, with the children it descended into (a run of them): the
    // only edges whose summaries change.
    var visited: [(node: SharedNode<Item>, changed: Range<Int>)] = []
    while let (node, low, high, nodeStart) = stack.popLast() {
      if node.height == 0 {
        for index in low..<high {
          let hidden = node.entries[index].hidden
          body(nodeStart + index, &node.entries[index])
          node.entries[index].hidden = hidden
        }
        node.recomputeSummary()
        continue
      }
      var changed = 0..<0
      var start = node.summary.count
      for index in node.children.indices.reversed() {
        let end = start
        start -= node.children[index].summary.count
        guard end > low && start < high else { continue }
        let child = Self.uniqueChild(of: node, at: index)
        stack.append(
          (child, Swift.max(low, start) - start, Swift.min(high, end) - start, nodeStart + start))
        changed = changed.isEmpty ? index..<index + 1 : index..<changed.upperBound
      }
      visited.append((node, changed))
    }
    while let (node, changed) = visited.popLast() { node.recomputeSummary(refreshing: changed) }
  }
}

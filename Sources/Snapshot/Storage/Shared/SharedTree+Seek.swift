// Seeks by depth: the end of a subtree and the parent of an entry, through the smallest-depth
// summary, without parent pointers.

extension SharedTree {
  /// The path to the entry at `position`: each internal node, the child taken and where that
  /// child starts; then the leaf and where it starts. O(b log n).
  @inlinable
  func path(to position: Int) -> (
    path: [(node: SharedNode<Item>, index: Int, childStart: Int)], leaf: SharedNode<Item>,
    leafStart: Int
  ) {
    var path: [(node: SharedNode<Item>, index: Int, childStart: Int)] = []
    var node = root
    var nodeStart = 0
    while node.height > 0 {
      var index = 0
      var childStart = nodeStart
      while childStart + node.children[index].summary.count <= position {
        childStart += node.children[index].summary.count
        index += 1
      }
      path.append((node, index, childStart))
      node = node.children[index].node
      nodeStart = childStart
    }
    return (path, node, nodeStart)
  }

  /// The first position at or after `start` whose entry is at most `level` deep, or nil.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func firstPosition(from start: Int, levelAtMost level: Int) -> Int? {
    guard start < count, level >= 0 else { return nil }
    let limit = UInt32(clamping: level)
    var (path, node, nodeStart) = path(to: start)
    for index in (start - nodeStart)..<node.entries.count
    where node.entries[index].levelAndFlag >> 1 <= limit {
      return nodeStart + index
    }
    while let (parent, index, childStart) = path.popLast() {
      var after = childStart + parent.children[index].summary.count
      for next in parent.children[(index + 1)...] {
        if next.summary.minLevel <= limit {
          return Self.firstPosition(in: next.node, start: after, limit: limit)
        }
        after += next.summary.count
      }
    }
    return nil
  }

  @inlinable
  static func firstPosition(in subtree: SharedNode<Item>, start: Int, limit: UInt32) -> Int {
    var node = subtree
    var position = start
    while node.height > 0 {
      for child in node.children {
        if child.summary.minLevel <= limit {
          node = child.node
          break
        }
        position += child.summary.count
      }
    }
    let index = node.entries.firstIndex { $0.levelAndFlag >> 1 <= limit }!
    return position + index
  }

  /// The last position before `end` whose entry is at most `level` deep, or nil.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func lastPosition(before end: Int, levelAtMost level: Int) -> Int? {
    guard end > 0, end <= count, level >= 0 else { return nil }
    let limit = UInt32(clamping: level)
    let target = end - 1
    var (path, node, nodeStart) = path(to: target)
    var index = target - nodeStart
    while index >= 0 {
      if node.entries[index].levelAndFlag >> 1 <= limit { return nodeStart + index }
      index -= 1
    }
    while let (parent, index, childStart) = path.popLast() {
      var before = childStart
      for previous in parent.children[..<index].reversed() {
        before -= previous.summary.count
        if previous.summary.minLevel <= limit {
          return Self.lastPosition(in: previous.node, start: before, limit: limit)
        }
      }
    }
    return nil
  }

  @inlinable
  static func lastPosition(in subtree: SharedNode<Item>, start: Int, limit: UInt32) -> Int {
    var node = subtree
    var position = start
    while node.height > 0 {
      var childStart = position + node.summary.count
      for child in node.children.reversed() {
        childStart -= child.summary.count
        if child.summary.minLevel <= limit {
          node = child.node
          position = childStart
          break
        }
      }
    }
    let index = node.entries.lastIndex { $0.levelAndFlag >> 1 <= limit }!
    return position + index
  }

  /// The end of the subtree of the entry at `position`: the next position not below it.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func subtreeEnd(of position: Int) -> Int {
    let level = entry(at: position).level
    return firstPosition(from: position + 1, levelAtMost: level) ?? count
  }

  /// The position of the parent of the entry at `position`, or nil for a root entry.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func parentPosition(of position: Int) -> Int? {
    let level = entry(at: position).level
    guard level > 0 else { return nil }
    return lastPosition(before: position, levelAtMost: level - 1)
  }
}

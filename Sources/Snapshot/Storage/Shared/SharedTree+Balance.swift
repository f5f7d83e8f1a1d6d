// Keeping fills within bounds after an edit: splitting overfull children, merging underfull
// ones with a neighbour, and growing or shrinking the root.

extension SharedTree {
  /// How to cut `count` entries or children into nodes: full nodes then the rest on the
  /// rightmost spine (so that appending leaves full nodes behind), balanced elsewhere (so
  /// that every piece holds at least `base`). O(pieces).
  @inlinable
  func pieces(of count: Int, isRightmost: Bool) -> [Range<Int>] {
    guard count > capacity else { return [0..<count] }
    var result: [Range<Int>] = []
    if isRightmost {
      var start = 0
      while start < count {
        result.append(start..<Swift.min(start + capacity, count))
        start += capacity
      }
      return result
    }
    let pieceCount = (count + capacity - 1) / capacity
    let (size, extra) = count.quotientAndRemainder(dividingBy: pieceCount)
    var start = 0
    for piece in 0..<pieceCount {
      let end = start + size + (piece < extra ? 1 : 0)
      result.append(start..<end)
      start = end
    }
    return result
  }

  /// `node`'s entries or children cut into nodes of at most `capacity`. O(fill).
  @inlinable
  func split(_ node: SharedNode<Item>, isRightmost: Bool) -> [SharedNode<Item>] {
    pieces(of: node.fill, isRightmost: isRightmost).map { node.slice($0) }
  }

  /// `left` then `right`, each element given its side's edge tag with `absorb`, so that
  /// the two lists can hang under one edge tagged 0. O(b).
  @inlinable
  func concatenated<Element>(
    _ left: [Element], tag leftTag: Int32, _ right: [Element], tag rightTag: Int32,
    absorb: (inout Element, Int32) -> Void
  ) -> [Element] {
    var result = left
    result.reserveCapacity(left.count + right.count)
    result.append(contentsOf: right)
    for (range, tag) in [(0..<left.count, leftTag), (left.count..<result.count, rightTag)]
    where tag != 0 {
      for index in range { absorb(&result[index], tag) }
    }
    return result
  }

  /// The entries of two neighbouring leaves, their edge tags absorbed. O(b).
  @inlinable
  func mergedEntries(_ left: SharedChild<Item>, _ right: SharedChild<Item>)
    -> [SharedEntry<Item>]
  {
    concatenated(left.node.entries, tag: left.tag, right.node.entries, tag: right.tag) {
      $0.hidden &+= $1
    }
  }

  /// The children of two neighbouring internal nodes, their edge tags absorbed. O(b).
  @inlinable
  func mergedChildren(_ left: SharedChild<Item>, _ right: SharedChild<Item>)
    -> [SharedChild<Item>]
  {
    concatenated(left.node.children, tag: left.tag, right.node.children, tag: right.tag) {
      $0.tag &+= $1
    }
  }

  /// Brings every child of `node` (uniquely referenced) within its bounds: empty children
  /// go, overfull ones split, underfull ones off the rightmost spine merge with a neighbour;
  /// then recomputes `node`'s summary.
  ///
  /// Merging two internal nodes puts their children side by side, and a removal can leave
  /// an underfull node as the only child of its parent, so the merged list is brought within
  /// bounds the same way, one level down: an explicit stack of lists, one per level, each
  /// waiting for the merge below it. O(b) per level touched.
  @inlinable
  func fixChildren(of node: SharedNode<Item>, isRightmost: Bool) {
    if !needsFixing(node, isRightmost: isRightmost) {
      node.recomputeSummary()
      return
    }
    // A list of children being brought within bounds (nodes of height `height`), where it
    // stands, and which pair of it waits for the merge one level down.
    var stack:
      [(
        list: [SharedChild<Item>], height: Int, isRightmost: Bool, index: Int,
        merging: ClosedRange<Int>
      )] = [(node.children, node.height - 1, isRightmost, 0, 0...0)]
    var merged: [SharedNode<Item>]? = nil
    while !stack.isEmpty {
      var frame = stack.removeLast()
      if let pieces = merged {
        frame.list.replaceSubrange(frame.merging, with: pieces.map { SharedChild($0) })
        frame.index = frame.merging.lowerBound
        merged = nil
      }
      var descend: (list: [SharedChild<Item>], isRightmost: Bool)? = nil
      while frame.index < frame.list.count {
        let index = frame.index
        let child = frame.list[index]
        let fill = child.node.fill
        let isLast = index == frame.list.count - 1
        if fill == 0 {
          frame.list.remove(at: index)
          continue
        }
        if fill > capacity {
          let parts = split(child.node, isRightmost: frame.isRightmost && isLast)
          frame.list.replaceSubrange(
            index...index, with: parts.map { SharedChild($0, tag: child.tag) })
          frame.index += parts.count
          continue
        }
        guard fill < base && !(frame.isRightmost && isLast) && frame.list.count > 1 else {
          frame.index += 1
          continue
        }
        let left = isLast ? index - 1 : index
        let right = left + 1
        let mergedIsRightmost = frame.isRightmost && right == frame.list.count - 1
        if frame.height == 0 {
          let entries = mergedEntries(frame.list[left], frame.list[right])
          let parts = pieces(of: entries.count, isRightmost: mergedIsRightmost).map {
            SharedNode(height: 0, entries: Array(entries[$0]))
          }
          frame.list.replaceSubrange(left...right, with: parts.map { SharedChild($0) })
          frame.index = left
          continue
        }
        frame.merging = left...right
        descend = (mergedChildren(frame.list[left], frame.list[right]), mergedIsRightmost)
        break
      }
      if let (list, listIsRightmost) = descend {
        stack.append(frame)
        stack.append((list, frame.height - 1, listIsRightmost, 0, 0...0))
        continue
      }
      if stack.isEmpty {
        node.children = frame.list
      } else {
        let list = frame.list
        merged = pieces(of: list.count, isRightmost: frame.isRightmost).map {
          SharedNode(height: frame.height + 1, children: Array(list[$0]))
        }
      }
    }
    node.recomputeSummary()
  }

  /// Brings child `index` of `node` (uniquely referenced) within bounds after an insertion
  /// below it, the only change under `node`: splits it if overfull, then refreshes the edges
  /// of what replaced it and recomputes `node`'s summary, without visiting the other children
  /// (within bounds and with current edges, as before the insertion). O(b), and O(1) children
  /// visited when no split.
  @inlinable
  func fixGrownChild(of node: SharedNode<Item>, at index: Int, isRightmost: Bool) {
    let child = node.children[index]
    let fill = child.node.fill
    let childIsRightmost = isRightmost && index == node.children.count - 1
    if fill > capacity {
      let parts = split(child.node, isRightmost: childIsRightmost)
      node.children.replaceSubrange(
        index...index, with: parts.map { SharedChild($0, tag: child.tag) })
      node.recomputeSummary(refreshing: index..<index)
    } else if fill < base && !childIsRightmost && node.children.count > 1 {
      fixChildren(of: node, isRightmost: isRightmost)
    } else {
      node.recomputeSummary(refreshing: index..<index + 1)
    }
  }

  /// Brings the children of `node` (uniquely referenced) within bounds after a removal below
  /// it that changed only the children in `changed` (indices after the removal): the others
  /// are as they were, within bounds and with current edges, so only the changed ones are
  /// checked, and only when one of them is out of bounds does the whole list go through
  /// ``fixChildren(of:isRightmost:)``. Then `node`'s summary is added up from its edges, the
  /// changed ones refreshed, without visiting the other children. O(b), and O(1) children
  /// visited when none is out of bounds (a removal that visited every child would miss the
  /// cache b times a level at 10^6 entries).
  @inlinable
  func fixShrunkChildren(of node: SharedNode<Item>, changed: Range<Int>, isRightmost: Bool) {
    if changed.contains(where: { childNeedsFixing(node, at: $0, isRightmost: isRightmost) }) {
      fixChildren(of: node, isRightmost: isRightmost)
    } else {
      node.recomputeSummary(refreshing: changed)
    }
  }

  /// Whether some child of `node` is empty, overfull, or underfull off the rightmost spine.
  /// O(b).
  @inlinable
  func needsFixing(_ node: SharedNode<Item>, isRightmost: Bool) -> Bool {
    node.children.indices.contains { childNeedsFixing(node, at: $0, isRightmost: isRightmost) }
  }

  /// Whether child `index` of `node` is empty, overfull, or underfull off the rightmost
  /// spine. O(1).
  @inlinable
  func childNeedsFixing(_ node: SharedNode<Item>, at index: Int, isRightmost: Bool) -> Bool {
    let fill = node.children[index].node.fill
    let last = node.children.count - 1
    return fill == 0 || fill > capacity
      || (fill < base && !(isRightmost && index == last) && last > 0)
  }

  /// Splits an overfull root under a new one, and replaces an internal root with a single
  /// child by that child. O(b + pieces).
  @inlinable
  mutating func fixRoot() {
    while root.fill > capacity {
      let parts = split(root, isRightmost: true)
      root = SharedNode(height: root.height + 1, children: parts.map { SharedChild($0) })
    }
    while root.height > 0 && root.children.count <= 1 {
      guard !root.children.isEmpty else {
        root = SharedNode(height: 0)
        return
      }
      let tag = root.children[0].tag
      let child = Self.uniqueChild(of: root, at: 0)
      child.absorb(tag: tag)
      root = child
    }
  }
}

// Edits of the prototype tree: each copies the nodes on its path (the prototype copies them
// whether shared or not) and recurses only over the tree's height, at most 6 at 10^8 entries.

extension Tree {
  var height: Int {
    if case .inner(let inner) = root { return inner.height }
    return 0
  }

  /// Inserts `item` labelled `label` at `position`; `depth` is the depth word (outline) and
  /// `hidden` its true hidden count.
  mutating func insert(
    _ item: Item, label: UInt64, at position: Int, depth: UInt32 = 0, hidden: Int32 = 0
  ) {
    let entry = NewEntry(item: item, label: label, depth: depth, hidden: hidden &- rootTag)
    if let right = Self.insert(entry, into: &root, at: position) {
      let left = Edge(node: root, summary: root.summary)
      root = .inner(Inner(height: height + 1, edges: [left, right]))
    }
  }

  struct NewEntry {
    var item: Item
    var label: UInt64
    var depth: UInt32
    /// Relative to the tags above the node being entered.
    var hidden: Int32
  }

  /// Inserts into a copy of `node`; returns the edge of its right half when it split.
  static func insert(
    _ entry: NewEntry, into node: inout Node<Item, Payload>, at position: Int
  ) -> Edge<Item, Payload>? {
    switch node {
    case .leaf(let shared):
      let leaf = shared.copy()
      var target = leaf
      var offset = position
      var right: Leaf<Item, Payload>?
      if leaf.count == leaf.header.capacity {
        let half = leaf.count / 2
        let split = leaf.split(at: half)
        right = split
        if offset > half {
          target = split
          offset -= half
        }
      }
      target.openGap(at: offset)
      (target.items + offset).initialize(to: entry.item)
      target.labels[offset] = entry.label
      if Payload.hasOutlineColumns {
        target.depths[offset] = entry.depth
        target.hidden[offset] = entry.hidden
      }
      node = .leaf(leaf)
      return right.map { Edge(node: .leaf($0), summary: $0.summary) }
    case .inner(let shared):
      let inner = shared.copy()
      var rest = position
      var index = inner.edges.count - 1
      for (i, edge) in inner.edges.enumerated() {
        if rest <= edge.summary.count {
          index = i
          break
        }
        rest -= edge.summary.count
      }
      var inner2 = entry
      inner2.hidden &-= inner.edges[index].tag
      var child = inner.edges[index].node
      let split = insert(inner2, into: &child, at: rest)
      inner.edges[index].node = child
      inner.edges[index].summary = child.summary
      if var split {
        split.tag = inner.edges[index].tag
        inner.edges.insert(split, at: index + 1)
      }
      node = .inner(inner)
      guard inner.edges.count > Shape.innerCapacity else { return nil }
      let half = inner.edges.count / 2
      let right = Inner(height: inner.height, edges: ContiguousArray(inner.edges[half...]))
      inner.edges.removeSubrange(half...)
      return Edge(node: .inner(right), summary: right.summary)
    }
  }

  /// Removes the entry at `position`; returns its identifier and label.
  @discardableResult
  mutating func remove(at position: Int) -> (item: Item, label: UInt64) {
    let removed = Self.remove(from: &root, at: position)
    while case .inner(let inner) = root, inner.edges.count == 1 {
      rootTag &+= inner.edges[0].tag
      root = inner.edges[0].node
    }
    return removed
  }

  static func remove(
    from node: inout Node<Item, Payload>, at position: Int
  ) -> (item: Item, label: UInt64) {
    switch node {
    case .leaf(let shared):
      let leaf = shared.copy()
      let result = (leaf.items[position], leaf.labels[position])
      leaf.remove(at: position)
      node = .leaf(leaf)
      return result
    case .inner(let shared):
      let inner = shared.copy()
      var rest = position
      var index = 0
      for (i, edge) in inner.edges.enumerated() {
        if rest < edge.summary.count {
          index = i
          break
        }
        rest -= edge.summary.count
      }
      var child = inner.edges[index].node
      let result = remove(from: &child, at: rest)
      let summary = child.summary
      if summary.count == 0 {
        inner.edges.remove(at: index)
      } else {
        inner.edges[index].node = child
        inner.edges[index].summary = summary
      }
      node = .inner(inner)
      return result
    }
  }

  /// Adds `delta` to the hidden count of the entries in `range`: a tag on every edge whose
  /// subtree lies inside it, entries changed only in the two boundary leaves.
  mutating func addHidden(_ delta: Int32, in range: Range<Int>) {
    guard !range.isEmpty else { return }
    if range.lowerBound == 0 && range.upperBound >= count {
      rootTag &+= delta
      return
    }
    Self.addHidden(delta, in: range, to: &root)
  }

  static func addHidden(_ delta: Int32, in range: Range<Int>, to node: inout Node<Item, Payload>) {
    switch node {
    case .leaf(let shared):
      let leaf = shared.copy()
      let hidden = leaf.hidden
      for i in max(0, range.lowerBound)..<min(leaf.count, range.upperBound) { hidden[i] &+= delta }
      node = .leaf(leaf)
    case .inner(let shared):
      let inner = shared.copy()
      var start = 0
      for i in inner.edges.indices {
        let end = start + inner.edges[i].summary.count
        defer { start = end }
        if end <= range.lowerBound || start >= range.upperBound { continue }
        if start >= range.lowerBound && end <= range.upperBound {
          inner.edges[i].tag &+= delta
          continue
        }
        var child = inner.edges[i].node
        addHidden(delta, in: (range.lowerBound - start)..<(range.upperBound - start), to: &child)
        inner.edges[i].node = child
        inner.edges[i].summary = child.summary
      }
      node = .inner(inner)
    }
  }

  /// Sets the depth word of the entry at `position`.
  mutating func setDepth(_ depth: UInt32, at position: Int) {
    Self.setDepth(depth, at: position, in: &root)
  }

  static func setDepth(_ depth: UInt32, at position: Int, in node: inout Node<Item, Payload>) {
    switch node {
    case .leaf(let shared):
      let leaf = shared.copy()
      leaf.depths[position] = depth
      node = .leaf(leaf)
    case .inner(let shared):
      let inner = shared.copy()
      var rest = position
      for i in inner.edges.indices {
        let count = inner.edges[i].summary.count
        if rest < count {
          var child = inner.edges[i].node
          setDepth(depth, at: rest, in: &child)
          inner.edges[i].node = child
          inner.edges[i].summary = child.summary
          break
        }
        rest -= count
      }
      node = .inner(inner)
    }
  }

  /// The first position at or after `start` whose depth is at most `depth`, or `count`:
  /// subtrees whose smallest depth is deeper are skipped whole.
  func firstPosition(from start: Int, atMostDepth depth: UInt32) -> Int {
    var node = root
    var base = 0
    // Descend to the first candidate; on a miss, climb by restarting from the root past it.
    var from = start
    while from < count {
      node = root
      base = 0
      var found: Int?
      descent: while true {
        switch node {
        case .leaf(let leaf):
          let depths = leaf.depths
          for i in max(0, from - base)..<leaf.count
          where depths[i] & ~Shape.expandedBit <= depth {
            found = base + i
            break
          }
          break descent
        case .inner(let inner):
          var next: Node<Item, Payload>?
          for edge in inner.edges {
            let end = base + edge.summary.count
            if end <= from || edge.summary.minDepth > depth {
              if end > from { from = end }
              base = end
              continue
            }
            next = edge.node
            break
          }
          guard let next else { break descent }
          node = next
        }
      }
      if let found { return found }
      if case .leaf(let leaf) = node { from = max(from, base + leaf.count) }
    }
    return count
  }
}

// One generic persistent tree: inner nodes of edges (child, summary, tag), leaves of columns.

/// A child: a leaf or an inner node (one word: the enum packs the tag in spare bits).
enum Node<Item, Payload: LeafPayload> {
  case leaf(Leaf<Item, Payload>)
  case inner(Inner<Item, Payload>)

  var object: AnyObject {
    switch self {
    case .leaf(let leaf): leaf
    case .inner(let inner): inner
    }
  }

  var summary: Summary {
    switch self {
    case .leaf(let leaf): leaf.summary
    case .inner(let inner): inner.summary
    }
  }
}

/// An edge from an inner node to a child: the child, a copy of its summary, and the range tag
/// added to the hidden count of every entry below.
struct Edge<Item, Payload: LeafPayload> {
  var node: Node<Item, Payload>
  var summary: Summary
  var tag: Int32 = 0
}

final class Inner<Item, Payload: LeafPayload> {
  var edges: ContiguousArray<Edge<Item, Payload>>
  let height: Int

  init(height: Int, edges: ContiguousArray<Edge<Item, Payload>>) {
    self.height = height
    self.edges = edges
  }

  var summary: Summary {
    var result = Summary()
    for edge in edges { result.add(edge.summary, tag: edge.tag) }
    return result
  }

  func copy() -> Inner { Inner(height: height, edges: edges) }
}

/// A persistent summarised B+ tree: copy O(1), an edit copies its path.
struct Tree<Item: Hashable, Payload: LeafPayload> {
  var root: Node<Item, Payload>
  var rootTag: Int32 = 0

  init() { root = .leaf(Leaf.make()) }

  var count: Int { root.summary.count }

  /// Builds the tree of `items` with evenly spaced labels (entry i gets `(i + 1) << 32`),
  /// leaves full, level by level. `depth(i)` gives the depth words of outline entries.
  init(_ items: UnsafeBufferPointer<Item>, depth: ((Int) -> UInt32)? = nil) {
    var level = ContiguousArray<Edge<Item, Payload>>()
    level.reserveCapacity(items.count / Shape.leafCapacity + 1)
    var start = 0
    while start < items.count {
      let n = min(Shape.leafCapacity, items.count - start)
      let leaf = Leaf<Item, Payload>.make()
      leaf.items.initialize(from: items.baseAddress! + start, count: n)
      let labels = leaf.labels
      for i in 0..<n { labels[i] = UInt64(start + i + 1) << 32 }
      if Payload.hasOutlineColumns, let depth {
        for i in 0..<n { leaf.depths[i] = depth(start + i) }
        leaf.hidden.initialize(repeating: 0, count: n)
      }
      leaf.count = n
      level.append(Edge(node: .leaf(leaf), summary: leaf.summary))
      start += n
    }
    var height = 1
    while level.count > 1 {
      var next = ContiguousArray<Edge<Item, Payload>>()
      next.reserveCapacity(level.count / Shape.innerCapacity + 1)
      var i = 0
      while i < level.count {
        let end = min(level.count, i + Shape.innerCapacity)
        let inner = Inner(height: height, edges: ContiguousArray(level[i..<end]))
        next.append(Edge(node: .inner(inner), summary: inner.summary))
        i = end
      }
      level = next
      height += 1
    }
    root = level.first?.node ?? .leaf(Leaf.make())
  }

  /// The leaf holding `position` and the offset in it, with the tags summed on the way.
  /// Retains nothing beyond the result; allocates nothing.
  func seek(position: Int) -> (leaf: Leaf<Item, Payload>, offset: Int, tag: Int32) {
    var node = root
    var rest = position
    var tag = rootTag
    while true {
      switch node {
      case .leaf(let leaf): return (leaf, rest, tag)
      case .inner(let inner):
        var chosen = inner.edges.count - 1
        for (i, edge) in inner.edges.enumerated() {
          if rest < edge.summary.count {
            chosen = i
            break
          }
          rest -= edge.summary.count
        }
        tag &+= inner.edges[chosen].tag
        node = inner.edges[chosen].node
      }
    }
  }

  /// The position of the entry labelled `label` and its identifier, or nil: one descent by
  /// the edges' largest labels, counting the entries passed.
  func seek(label: UInt64) -> (position: Int, item: Item)? {
    var node = root
    var position = 0
    while true {
      switch node {
      case .leaf(let leaf):
        let labels = leaf.labels
        var low = 0
        var high = leaf.count
        while low < high {
          let mid = (low + high) / 2
          if labels[mid] < label { low = mid + 1 } else { high = mid }
        }
        guard low < leaf.count, labels[low] == label else { return nil }
        return (position + low, leaf.items[low])
      case .inner(let inner):
        var found: Node<Item, Payload>?
        for edge in inner.edges {
          if label <= edge.summary.maxLabel {
            found = edge.node
            break
          }
          position += edge.summary.count
        }
        guard let next = found else { return nil }
        node = next
      }
    }
  }

  /// The label of the entry at `position` (nil past the end).
  func label(at position: Int) -> UInt64? {
    guard position >= 0, position < count else { return nil }
    let (leaf, offset, _) = seek(position: position)
    return leaf.labels[offset]
  }
}

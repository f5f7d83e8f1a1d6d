// The walker of the diff: a cursor over one tree, forwards or backwards, whose stack of
// frames is a fixed tuple (no allocation) and retains nothing (the tree holds every node).

/// One level of the walk: an inner node, the edge being visited, the tags above it.
struct Frame<Item, Payload: LeafPayload> {
  unowned(unsafe) var inner: Inner<Item, Payload>
  var edge: Int
  var tag: Int32
}

/// A walker's position: the node it stands on (a subtree, or a leaf with an offset).
struct Walker<Item: Hashable, Payload: LeafPayload> {
  typealias F = Frame<Item, Payload>
  /// At most 8 levels: 128 × 32^7 entries.
  var frames: (F?, F?, F?, F?, F?, F?, F?, F?) = (nil, nil, nil, nil, nil, nil, nil, nil)
  var depth = 0
  var node: Node<Item, Payload>
  /// The tags summed down to `node`.
  var tag: Int32
  /// Entries of the current leaf already passed (from its start, or its end going back).
  var offset = 0
  let forward: Bool
  var done = false

  init(_ tree: Tree<Item, Payload>, forward: Bool) {
    node = tree.root
    tag = tree.rootTag
    self.forward = forward
    done = tree.count == 0
  }

  @inline(__always) func frame(_ i: Int) -> F {
    withUnsafeBytes(of: frames) {
      $0.load(fromByteOffset: i * MemoryLayout<F?>.stride, as: F?.self)!
    }
  }

  @inline(__always) mutating func setFrame(_ i: Int, _ value: F) {
    withUnsafeMutableBytes(of: &frames) {
      $0.storeBytes(of: value, toByteOffset: i * MemoryLayout<F?>.stride, as: F?.self)
    }
  }

  var height: Int {
    switch node {
    case .leaf: 0
    case .inner(let inner): inner.height
    }
  }

  /// Steps into the current inner node's first child (last, going back).
  mutating func descend() {
    guard case .inner(let inner) = node else { return }
    let edge = forward ? 0 : inner.edges.count - 1
    setFrame(depth, F(inner: inner, edge: edge, tag: tag))
    depth += 1
    tag &+= inner.edges[edge].tag
    node = inner.edges[edge].node
  }

  /// Moves past the current subtree to the next one at the lowest level that has one.
  mutating func next() {
    offset = 0
    while depth > 0 {
      var top = frame(depth - 1)
      let following = forward ? top.edge + 1 : top.edge - 1
      if following >= 0 && following < top.inner.edges.count {
        top.edge = following
        setFrame(depth - 1, top)
        tag = top.tag &+ top.inner.edges[following].tag
        node = top.inner.edges[following].node
        return
      }
      depth -= 1
    }
    done = true
  }
}

/// Walks two trees together from one end, skipping every subtree the two hold at the same
/// place (the same object under the same tags) and comparing the rest span by span; returns
/// how many entries are alike from that end, at most `limit`.
func alikeEntries<Item: Hashable, Payload: LeafPayload>(
  _ a: Tree<Item, Payload>, _ b: Tree<Item, Payload>, forward: Bool, limit: Int
) -> Int {
  var x = Walker(a, forward: forward)
  var y = Walker(b, forward: forward)
  var alike = 0
  while !x.done && !y.done && alike < limit {
    if x.offset == 0 && y.offset == 0 {
      if x.node.object === y.node.object && x.tag == y.tag {
        let count = x.node.summary.count
        if alike + count > limit { break }
        alike += count
        x.next()
        y.next()
        continue
      }
      let hx = x.height
      let hy = y.height
      if hx > 0 || hy > 0 {
        if hx >= hy { x.descend() }
        if hy >= hx { y.descend() }
        continue
      }
    } else if x.offset == 0 && x.height > 0 {
      x.descend()
      continue
    } else if y.offset == 0 && y.height > 0 {
      y.descend()
      continue
    }
    guard case .leaf(let p) = x.node, case .leaf(let q) = y.node else { break }
    let n = min(p.count - x.offset, q.count - y.offset, limit - alike)
    let same = sameSpan(p, x, q, y, n)
    alike += same
    if same < n { break }
    x.offset += n
    y.offset += n
    if x.offset == p.count { x.next() }
    if y.offset == q.count { y.next() }
  }
  return alike
}

/// How many of the next `n` entries of two leaves are alike (identifier, and for outlines
/// depth word and true hidden count).
@inline(__always)
func sameSpan<Item: Hashable, Payload: LeafPayload>(
  _ p: Leaf<Item, Payload>, _ x: Walker<Item, Payload>, _ q: Leaf<Item, Payload>,
  _ y: Walker<Item, Payload>, _ n: Int
) -> Int {
  let pi = p.items
  let qi = q.items
  for k in 0..<n {
    let i = x.forward ? x.offset + k : p.count - 1 - x.offset - k
    let j = y.forward ? y.offset + k : q.count - 1 - y.offset - k
    if pi[i] != qi[j] { return k }
    if Payload.hasOutlineColumns {
      if p.depths[i] != q.depths[j] || p.hidden[i] &+ x.tag != q.hidden[j] &+ y.tag { return k }
    }
  }
  return n
}

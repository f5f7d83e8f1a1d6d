/// The rows a data source shows, section by section, as an order-statistics structure: the
/// position of a row, the row at a position, and inserting or removing a run of k adjacent
/// rows all cost O(log n) expected (plus O(k) for the run), whatever the size of the list.
///
/// Each section's rows form an implicit treap (a binary search tree ordered by position,
/// heap-ordered by random priorities, so its depth is O(log n) expected whatever the data).
/// Every node keeps its subtree's size; a row's position is found by walking up from its
/// node, which an identifier index reaches in O(1) expected. All nodes of all sections live
/// in one array; freed nodes are reused. No operation recurses.
@usableFromInline
struct VisibleRows<Item: Hashable> {
  @usableFromInline
  struct Node {
    @usableFromInline var item: Item?
    @usableFromInline var left: Int32 = -1
    @usableFromInline var right: Int32 = -1
    @usableFromInline var parent: Int32 = -1
    @usableFromInline var size: Int32 = 1
    @usableFromInline var priority: UInt32
    @usableFromInline var section: Int32

    @inlinable init(item: Item, priority: UInt32, section: Int32) {
      self.item = item
      self.priority = priority
      self.section = section
    }
  }

  @usableFromInline var nodes: [Node] = []
  @usableFromInline var free: [Int32] = []
  /// The root of each section's treap (-1: no rows), by section index.
  @usableFromInline var roots: [Int32] = []
  /// Item -> node: an open-addressing table, linear probing, at most half full. Each bucket
  /// holds the low 32 bits of the item's hash above the node number plus one (0: empty), so
  /// that probing and rehashing rarely touch the nodes: a changed row costs one cache miss
  /// here, not three. The rows' own table rather than a `Dictionary`, so that identifiers
  /// with a broken `Hashable` conformance cannot stop the program: equal items with different
  /// hashes are told apart as the section snapshot's index tells them apart.
  @usableFromInline var buckets: [UInt64] = []
  @usableFromInline var indexedCount = 0
  @usableFromInline var random: UInt64 = 0x9E37_79B9_7F4A_7C15

  @inlinable init() {}

  // MARK: Queries

  /// The number of sections. O(1).
  @inlinable var sectionCount: Int { roots.count }

  /// The number of rows in `section`. O(1).
  @inlinable func count(inSection section: Int) -> Int {
    size(roots[section])
  }

  @inlinable func size(_ node: Int32) -> Int {
    node < 0 ? 0 : Int(nodes[Int(node)].size)
  }

  /// The section and position of `item`, or nil when it is not a row. O(log n) expected.
  @inlinable func location(of item: Item) -> (section: Int, row: Int)? {
    let node = node(of: item)
    guard node >= 0 else { return nil }
    return (Int(nodes[Int(node)].section), rank(node))
  }

  /// The position of `node` within its section. O(depth).
  @inlinable func rank(_ node: Int32) -> Int {
    var position = size(nodes[Int(node)].left)
    var current = node
    var parent = nodes[Int(current)].parent
    while parent >= 0 {
      if nodes[Int(parent)].right == current {
        position += size(nodes[Int(parent)].left) + 1
      }
      current = parent
      parent = nodes[Int(current)].parent
    }
    return position
  }

  /// The item at `row` of `section`; `row` must be in range. O(log n) expected.
  @inlinable func item(at row: Int, inSection section: Int) -> Item {
    nodes[Int(node(at: row, in: roots[section]))].item!
  }

  @inlinable func node(at row: Int, in root: Int32) -> Int32 {
    var current = root
    var remaining = row
    while true {
      let leftSize = size(nodes[Int(current)].left)
      if remaining < leftSize {
        current = nodes[Int(current)].left
      } else if remaining == leftSize {
        return current
      } else {
        remaining -= leftSize + 1
        current = nodes[Int(current)].right
      }
    }
  }

  /// The rows of `section`, in order. O(rows).
  @inlinable func items(inSection section: Int) -> [Item] {
    var result: [Item] = []
    result.reserveCapacity(count(inSection: section))
    forEachNode(in: roots[section]) { result.append(nodes[Int($0)].item!) }
    return result
  }

  /// The rows at positions `range` of `section`, in order; `range` must be in bounds.
  /// O(k + log n) expected for k rows: one descent to the first, then an in-order walk.
  @inlinable func items(in range: Range<Int>, inSection section: Int) -> [Item] {
    var result: [Item] = []
    guard !range.isEmpty else { return result }
    result.reserveCapacity(range.count)
    // Nodes whose own row and right subtree are still to come, nearest last.
    var pending: [Int32] = []
    var current = roots[section]
    var remaining = range.lowerBound
    while current >= 0 {
      let left = nodes[Int(current)].left
      let leftSize = left < 0 ? 0 : Int(nodes[Int(left)].size)
      if remaining < leftSize {
        pending.append(current)
        current = left
      } else if remaining == leftSize {
        pending.append(current)
        break
      } else {
        remaining -= leftSize + 1
        current = nodes[Int(current)].right
      }
    }
    while result.count < range.count, let node = pending.popLast() {
      result.append(nodes[Int(node)].item!)
      var next = nodes[Int(node)].right
      while next >= 0 {
        pending.append(next)
        next = nodes[Int(next)].left
      }
    }
    return result
  }

  /// Calls `body` with every node of the treap at `root`, in order. O(size), no recursion.
  @inlinable func forEachNode(in root: Int32, _ body: (Int32) -> Void) {
    var stack: [Int32] = []
    var current = root
    while current >= 0 || !stack.isEmpty {
      while current >= 0 {
        stack.append(current)
        current = nodes[Int(current)].left
      }
      let node = stack.removeLast()
      body(node)
      current = nodes[Int(node)].right
    }
  }

  // MARK: Sections

  /// Replaces every section's rows. O(n) for n rows.
  @inlinable mutating func reset(sections: [[Item]]) {
    nodes.removeAll(keepingCapacity: true)
    free.removeAll()
    indexedCount = 0
    roots = []
    buckets = [UInt64](
      repeating: 0, count: Self.bucketCount(for: sections.reduce(0) { $0 + $1.count }))
    for items in sections {
      roots.append(-1)
      insert(items, at: 0, inSection: roots.count - 1)
    }
  }

  /// Replaces the rows of `section`. O(old rows + new rows).
  @inlinable mutating func replaceRows(inSection section: Int, with items: [Item]) {
    release(roots[section])
    roots[section] = -1
    insert(items, at: 0, inSection: section)
  }

  /// Adds an empty section at the end. O(1) amortized.
  @inlinable mutating func appendSection() {
    roots.append(-1)
  }

  // MARK: Rows

  /// Inserts `items` as rows `row ..< row + items.count` of `section`. The items must not be
  /// rows already. O(k + log n) expected for k items.
  @inlinable mutating func insert(
    _ items: some Collection<Item>, at row: Int, inSection section: Int
  ) {
    guard !items.isEmpty else { return }
    let block = build(items, section: Int32(section))
    let (before, after) = split(roots[section], at: row)
    roots[section] = merge(merge(before, block), after)
  }

  /// Removes rows `rows` of `section`, returning their items in order. O(k + log n) expected
  /// for k rows.
  @inlinable @discardableResult
  mutating func remove(_ rows: Range<Int>, inSection section: Int) -> [Item] {
    guard !rows.isEmpty else { return [] }
    let (before, rest) = split(roots[section], at: rows.lowerBound)
    let (middle, after) = split(rest, at: rows.count)
    roots[section] = merge(before, after)
    var removed: [Item] = []
    removed.reserveCapacity(rows.count)
    forEachNode(in: middle) { removed.append(nodes[Int($0)].item!) }
    release(middle)
    return removed
  }

  // MARK: Index

  @inlinable static func bucketCount(for count: Int) -> Int {
    var buckets = 8
    while buckets < count &* 2 { buckets &*= 2 }
    return buckets
  }

  @inline(__always) @inlinable static func entry(hash: Int, node: Int32) -> UInt64 {
    UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(UInt32(bitPattern: node &+ 1))
  }

  @inline(__always) @inlinable static func node(_ entry: UInt64) -> Int32 {
    Int32(bitPattern: UInt32(truncatingIfNeeded: entry)) &- 1
  }

  @inline(__always) @inlinable static func hash(_ entry: UInt64) -> Int {
    Int(entry >> 32)
  }

  /// The node holding `item`, or -1. O(1) expected.
  @inlinable func node(of item: Item) -> Int32 {
    guard !buckets.isEmpty else { return -1 }
    let mask = buckets.count &- 1
    let hash = item.hashValue
    let tag = UInt64(UInt32(truncatingIfNeeded: hash))
    var bucket = hash & mask
    // The table is at most half full, so the probe meets an empty bucket.
    while true {
      let entry = buckets[bucket]
      if entry == 0 { return -1 }
      if entry >> 32 == tag, nodes[Int(Self.node(entry))].item == item { return Self.node(entry) }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// Adds `node` to the index. O(1) amortized.
  @inlinable mutating func indexNode(_ node: Int32, hash: Int) {
    if (indexedCount &+ 1) &* 2 > buckets.count {
      rebuildIndex(bucketCount: Self.bucketCount(for: indexedCount &+ 1))
    }
    let mask = buckets.count &- 1
    var bucket = hash & mask
    while buckets[bucket] != 0 { bucket = (bucket &+ 1) & mask }
    buckets[bucket] = Self.entry(hash: hash, node: node)
    indexedCount &+= 1
  }

  /// Removes `node` from the index (backward-shift deletion). O(1) expected; a scan of the
  /// table when the item's hash changed since it was indexed.
  @inlinable mutating func unindex(_ node: Int32, hash: Int) {
    let mask = buckets.count &- 1
    var hole = hash & mask
    var probes = 0
    // `node` is in the table, so one full turn finds it.
    while Self.node(buckets[hole]) != node && probes <= mask {
      hole = (hole &+ 1) & mask
      probes &+= 1
    }
    guard Self.node(buckets[hole]) == node else { return }
    buckets[hole] = 0
    indexedCount &-= 1
    var probe = hole
    while true {
      probe = (probe &+ 1) & mask
      let moving = buckets[probe]
      if moving == 0 { break }
      let ideal = Self.hash(moving) & mask
      // Move `moving` into the hole unless its ideal bucket lies cyclically in (hole, probe].
      if (probe &- ideal) & mask >= (probe &- hole) & mask {
        buckets[hole] = moving
        buckets[probe] = 0
        hole = probe
      }
    }
  }

  /// Reads the bucket each hash starts at, before the buckets are written: the loads are
  /// independent, so the processor overlaps their cache misses, and the writes that follow
  /// find the buckets cached. For k rows this turns k misses in a row into about k / 10.
  @inlinable func touchBuckets(_ hashes: [Int]) {
    guard !buckets.isEmpty else { return }
    let mask = buckets.count &- 1
    var sink: UInt64 = 0
    buckets.withUnsafeBufferPointer { table in
      for hash in hashes { sink |= table[hash & mask] }
    }
    withExtendedLifetime(sink) {}
  }

  /// Rehashes into `bucketCount` buckets from the stored hashes, touching no node.
  @inlinable mutating func rebuildIndex(bucketCount: Int) {
    var table = [UInt64](repeating: 0, count: bucketCount)
    let mask = bucketCount &- 1
    for entry in buckets where entry != 0 {
      var target = Self.hash(entry) & mask
      while table[target] != 0 { target = (target &+ 1) & mask }
      table[target] = entry
    }
    buckets = table
  }

  // MARK: Treap internals

  @inlinable mutating func nextPriority() -> UInt32 {
    // xorshift64*: priorities independent of the items, so no input can unbalance the treap.
    random ^= random >> 12
    random ^= random << 25
    random ^= random >> 27
    return UInt32(truncatingIfNeeded: (random &* 0x2545_F491_4F6C_DD1D) >> 32)
  }

  @inlinable mutating func allocate(_ item: Item, section: Int32) -> Int32 {
    let node = Node(item: item, priority: nextPriority(), section: section)
    if let slot = free.popLast() {
      nodes[Int(slot)] = node
      return slot
    }
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  /// Frees every node of the treap at `root` and forgets their items. O(size).
  @inlinable mutating func release(_ root: Int32) {
    guard root >= 0 else { return }
    var released: [Int32] = []
    var stack: [Int32] = [root]
    while let node = stack.popLast() {
      let (left, right) = (nodes[Int(node)].left, nodes[Int(node)].right)
      if left >= 0 { stack.append(left) }
      if right >= 0 { stack.append(right) }
      released.append(node)
    }
    let hashes = released.map { nodes[Int($0)].item!.hashValue }
    touchBuckets(hashes)
    for (node, hash) in zip(released, hashes) {
      unindex(node, hash: hash)
      nodes[Int(node)].item = nil
      free.append(node)
    }
  }

  /// A treap of `items` in order, built in O(k) with a stack (a Cartesian tree on random
  /// priorities), each item indexed.
  @inlinable mutating func build(_ items: some Collection<Item>, section: Int32) -> Int32 {
    var stack: [Int32] = []
    stack.reserveCapacity(64)
    let hashes = items.map(\.hashValue)
    if (indexedCount &+ hashes.count) &* 2 > buckets.count {
      rebuildIndex(bucketCount: Self.bucketCount(for: indexedCount &+ hashes.count))
    }
    touchBuckets(hashes)
    for (item, hash) in zip(items, hashes) {
      let node = allocate(item, section: section)
      indexNode(node, hash: hash)
      var lastPopped: Int32 = -1
      while let top = stack.last, nodes[Int(top)].priority < nodes[Int(node)].priority {
        stack.removeLast()
        finish(top)
        lastPopped = top
      }
      nodes[Int(node)].left = lastPopped
      if lastPopped >= 0 { nodes[Int(lastPopped)].parent = node }
      if let top = stack.last {
        nodes[Int(top)].right = node
        nodes[Int(node)].parent = top
      }
      stack.append(node)
    }
    // The stack is the right spine, root first; the nodes above each one are its right subtree.
    for node in stack.reversed() { finish(node) }
    return stack.first ?? -1
  }

  /// Recomputes the size of `node` from its children.
  @inlinable mutating func finish(_ node: Int32) {
    nodes[Int(node)].size = Int32(
      1 + size(nodes[Int(node)].left) + size(nodes[Int(node)].right))
  }

  /// Splits the treap at `root` into its first `count` rows and the rest. O(depth).
  @inlinable mutating func split(_ root: Int32, at count: Int) -> (Int32, Int32) {
    var leftRoot: Int32 = -1
    var rightRoot: Int32 = -1
    var leftTail: Int32 = -1
    var rightTail: Int32 = -1
    var path: [Int32] = []
    var current = root
    var remaining = count
    while current >= 0 {
      path.append(current)
      let leftSize = size(nodes[Int(current)].left)
      if remaining <= leftSize {
        // `current` and its right subtree go right; keep splitting its left subtree.
        if rightTail < 0 {
          rightRoot = current
          nodes[Int(current)].parent = -1
        } else {
          nodes[Int(rightTail)].left = current
          nodes[Int(current)].parent = rightTail
        }
        rightTail = current
        current = nodes[Int(current)].left
      } else {
        remaining -= leftSize + 1
        if leftTail < 0 {
          leftRoot = current
          nodes[Int(current)].parent = -1
        } else {
          nodes[Int(leftTail)].right = current
          nodes[Int(current)].parent = leftTail
        }
        leftTail = current
        current = nodes[Int(current)].right
      }
    }
    if leftTail >= 0 { nodes[Int(leftTail)].right = -1 }
    if rightTail >= 0 { nodes[Int(rightTail)].left = -1 }
    for node in path.reversed() { finish(node) }
    return (leftRoot, rightRoot)
  }

  /// Joins two treaps, every row of `first` before every row of `second`. O(depth).
  @inlinable mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
    if first < 0 { return second }
    if second < 0 { return first }
    var root: Int32 = -1
    var tail: Int32 = -1
    var attachRight = false
    var path: [Int32] = []
    var a = first
    var b = second
    @inline(__always) func attach(_ node: Int32, _ nodes: inout [Node]) {
      if tail < 0 {
        root = node
      } else if attachRight {
        nodes[Int(tail)].right = node
      } else {
        nodes[Int(tail)].left = node
      }
      if node >= 0 { nodes[Int(node)].parent = tail }
    }
    while a >= 0 && b >= 0 {
      if nodes[Int(a)].priority > nodes[Int(b)].priority {
        attach(a, &nodes)
        path.append(a)
        tail = a
        attachRight = true
        a = nodes[Int(a)].right
      } else {
        attach(b, &nodes)
        path.append(b)
        tail = b
        attachRight = false
        b = nodes[Int(b)].left
      }
    }
    attach(a >= 0 ? a : b, &nodes)
    for node in path.reversed() { finish(node) }
    return root
  }

  // MARK: Invariants

  /// A description of the first broken invariant, or nil. O(n).
  @usableFromInline func invariantViolation() -> String? {
    var seen = 0
    for (section, root) in roots.enumerated() {
      if root >= 0 && nodes[Int(root)].parent != -1 {
        return "section \(section): root has a parent"
      }
      var stack: [Int32] = root >= 0 ? [root] : []
      while let node = stack.popLast() {
        let n = nodes[Int(node)]
        guard let item = n.item else { return "section \(section): a freed node is linked" }
        if n.section != Int32(section) {
          return "row \(item): section \(n.section), expected \(section)"
        }
        if self.node(of: item) != node { return "row \(item): the index points elsewhere" }
        if n.size != Int32(1 + size(n.left) + size(n.right)) { return "row \(item): wrong size" }
        for child in [n.left, n.right] where child >= 0 {
          if nodes[Int(child)].parent != node { return "row \(item): child's parent differs" }
          if nodes[Int(child)].priority > n.priority { return "row \(item): heap order broken" }
          stack.append(child)
        }
        seen += 1
      }
    }
    if seen != indexedCount { return "\(indexedCount) indexed items, \(seen) rows" }
    if buckets.filter({ $0 != 0 }).count != seen { return "the index holds other than every row" }
    if seen + free.count != nodes.count {
      return "nodes leak: \(nodes.count) nodes, \(seen) rows, \(free.count) free"
    }
    return nil
  }
}

// The prototype's section snapshot (outline leaves): expand and collapse as range tags.

import Snapshot

/// A section snapshot on the prototype tree: a pre-order sequence of entries with depths.
package struct ProtoOutline<ID: Hashable & Sendable> {
  var tree: Tree<ID, OutlinePayload>
  var index: SharedLabelIndex

  /// The outline of `items` in pre-order, entry i at `depth(i)`, every entry expanded.
  package init(_ items: [ID], depth: (Int) -> UInt32) {
    let words = (0..<items.count).map { depth($0) | Shape.expandedBit }
    (tree, index) = items.withUnsafeBufferPointer {
      (Tree($0, depth: { words[$0] }), buildIndex($0))
    }
  }

  package var count: Int { tree.count }

  /// Visible entries (the root summary).
  package var visibleCount: Int {
    tree.root.summary.visible(tag: tree.rootTag)
  }

  package func index(of item: ID) -> Int? { tree.position(of: item, index: index)?.position }

  /// Collapses `item`: one range tag over its descendants, O(b log n) whatever their number.
  package mutating func collapse(_ item: ID) { setExpanded(item, false) }

  package mutating func expand(_ item: ID) { setExpanded(item, true) }

  mutating func setExpanded(_ item: ID, _ expanded: Bool) {
    guard let (position, _) = tree.position(of: item, index: index) else { return }
    let (leaf, offset, _) = tree.seek(position: position)
    let word = leaf.depths[offset]
    guard (word & Shape.expandedBit != 0) != expanded else { return }
    let depth = word & ~Shape.expandedBit
    let end = tree.firstPosition(from: position + 1, atMostDepth: depth)
    tree.addHidden(expanded ? -1 : 1, in: position + 1..<end)
    tree.setDepth(expanded ? word | Shape.expandedBit : depth, at: position)
  }

  /// The number of entries alike at both ends of `old` and this outline (identifiers, depth
  /// words and visibility), with the middles: the diff front end.
  package func changedMiddle(from old: ProtoOutline) -> Int {
    let (_, before, after) = tree.middles(from: old.tree)
    return before.count + after.count
  }
}

/// Bytes of a tree's allocations (objects, tail-allocated columns, inner edge arrays), as
/// malloc is asked for them.
func structureBytes<Item: Hashable, Payload: LeafPayload>(
  _ tree: Tree<Item, Payload>
) -> Int {
  var bytes = 0
  var stack = [tree.root]
  while let node = stack.popLast() {
    switch node {
    case .leaf(let leaf):
      var words = Leaf<Item, Payload>.itemBytes(leaf.header.capacity) / 8 + leaf.header.capacity
      if Payload.hasOutlineColumns { words += leaf.header.capacity }
      bytes += 16 + MemoryLayout<LeafHeader>.stride + words * 8
    case .inner(let inner):
      bytes += 16 + 16 + 32 + inner.edges.capacity * MemoryLayout<Edge<Item, Payload>>.stride
      stack.append(contentsOf: inner.edges.map(\.node))
    }
  }
  return bytes
}

/// Bytes of a label index (12 a pair, plus bucket and node overhead as main counts it).
func structureBytes(_ index: SharedLabelIndex) -> Int {
  var pairs = 0
  index.forEachPair { _, _ in pairs += 1 }
  return pairs * 12 + pairs / 244 * 114
}

extension ProtoSectioned {
  package var structureBytes: Int {
    SnapshotPrototype.structureBytes(tree) + SnapshotPrototype.structureBytes(index)
  }
}

extension ProtoOutline {
  package var structureBytes: Int {
    SnapshotPrototype.structureBytes(tree) + SnapshotPrototype.structureBytes(index)
  }
}

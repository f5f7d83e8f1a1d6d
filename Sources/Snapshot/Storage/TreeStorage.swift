/// The copy-on-write storage of a section snapshot: the tree, and caches derived from it.
///
/// Depth-first positions, levels and visibility are caches, rebuilt in one O(n) pass the
/// first time a query needs them after a mutation; ``CacheGate`` makes that safe when
/// several threads read one snapshot.
@usableFromInline
final class TreeStorage<Item: Hashable & Sendable>: @unchecked Sendable {
  @usableFromInline var tree: Tree<Item>
  @usableFromInline var cache = TreeCache()
  @usableFromInline let gate = CacheGate()

  @inlinable init() {
    tree = Tree()
  }

  @inlinable init(tree: Tree<Item>) {
    self.tree = tree
  }

  /// Makes `cache` current. O(1) when it is, else O(n).
  @inlinable @inline(__always)
  func ensureCaches() {
    gate.ensureValid { cache.rebuild(from: tree) }
  }

  @inlinable
  func invalidateCaches() {
    gate.invalidate()
  }
}

/// Positions, depths and visibility of a tree's live slots.
@usableFromInline
struct TreeCache: Sendable {
  /// Per slot: position in depth-first order, and depth × 2 + (1 if every ancestor is
  /// expanded). Packed so that one cache line answers index, level and visibility.
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var position: Int32
    @usableFromInline var depthAndVisibility: Int32

    @inlinable init(position: Int32, depthAndVisibility: Int32) {
      self.position = position
      self.depthAndVisibility = depthAndVisibility
    }

    @inlinable var depth: Int32 { depthAndVisibility >> 1 }
    @inlinable var isVisible: Bool { depthAndVisibility & 1 != 0 }
  }

  /// Live slots in depth-first order.
  @usableFromInline var order: [Int32] = []
  /// Slot -> entry (meaningful for live slots).
  @usableFromInline var entries: [Entry] = []

  @inlinable init() {}

  @inlinable
  mutating func rebuild<Item>(from tree: Tree<Item>) {
    order.removeAll(keepingCapacity: true)
    order.reserveCapacity(tree.liveCount)
    if entries.count != tree.nodes.count {
      entries = [Entry](
        repeating: Entry(position: -1, depthAndVisibility: 0), count: tree.nodes.count)
    }
    entries.withUnsafeMutableBufferPointer { entries in
      tree.nodes.withUnsafeBufferPointer { nodes in
        var current = tree.firstRoot
        while current >= 0 {
          let s = Int(current)
          let parent = nodes[s].parent
          var info: Int32 = 1
          if parent >= 0 {
            let parentInfo = entries[Int(parent)].depthAndVisibility
            let visible = parentInfo & 1 != 0 && nodes[Int(parent)].isExpanded
            info = ((parentInfo >> 1) &+ 1) << 1 | (visible ? 1 : 0)
          }
          entries[s] = Entry(
            position: Int32(truncatingIfNeeded: order.count), depthAndVisibility: info)
          order.append(current)
          current = tree.successor(of: current, within: -1, descend: true)
        }
      }
    }
  }
}

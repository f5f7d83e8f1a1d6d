// Every item (or every visible item) in one walk that reads a node's leaves together and copies
// whole leaves without testing their entries.

extension SharedTree {
  /// A leaf as a walk of the items hands it over: its entries (whose `hidden` is relative to
  /// the tags above it), those tags, and whether every entry qualifies (all of them, or all
  /// visible).
  @usableFromInline
  typealias LeafRun = (entries: UnsafeBufferPointer<SharedEntry<Item>>, tag: Int32, all: Bool)

  /// Every item, or every visible item, in order, written into an array allocated once at
  /// its final size: a subtree with no visible entry is skipped, read from the edge above it,
  /// and leaves all of whose entries qualify are copied four side by side without testing
  /// their entries (so that four leaves' entries are read from memory at once).
  ///
  /// - Complexity: O(k + b log n) for the k items returned (visible only: plus the hidden
  ///   entries of leaves that hold visible ones).
  @inlinable
  package func items(visibleOnly: Bool) -> [Item] {
    let total = visibleOnly ? visibleCount : count
    // With no capacity the standard library hands out its one shared empty storage and still
    // writes the count into it: a data race between threads (ThreadSanitizer).
    guard total > 0 else { return [] }
    return [Item](unsafeUninitializedCapacity: total) { buffer, initialized in
      guard let start = buffer.baseAddress else { return }
      let end = start + total
      var next = start
      Self.forEachLeafBatch(of: root, tag: 0, visibleOnly: visibleOnly) { leaves in
        var index = 0
        while index < leaves.count {
          if index &+ 4 <= leaves.count, leaves[index].all, leaves[index &+ 1].all,
            leaves[index &+ 2].all, leaves[index &+ 3].all
          {
            // Summaries that disagreed with the entries would stop here, not write past the end.
            precondition(
              leaves[index].entries.count &+ leaves[index &+ 1].entries.count
                &+ leaves[index &+ 2].entries.count &+ leaves[index &+ 3].entries.count
                <= end - next, "visible counts disagree with the entries")
            next = Self.initializeItems(
              of: leaves[index].entries, leaves[index &+ 1].entries,
              leaves[index &+ 2].entries, leaves[index &+ 3].entries, at: next)
            index &+= 4
            continue
          }
          let (entries, tag, all) = leaves[index]
          for entry in entries where all || entry.hidden &+ tag == 0 {
            precondition(next < end, "visible counts disagree with the entries")
            next.initialize(to: entry.item)
            next += 1
          }
          index &+= 1
        }
      }
      initialized = next - start
      precondition(initialized == total, "visible counts disagree with the entries")
    }
  }

  /// Writes the items of four runs of entries, one after another, from `target` on, reading
  /// the four side by side; returns the place after the last. O(k) for the k entries.
  @inlinable
  static func initializeItems(
    of first: UnsafeBufferPointer<SharedEntry<Item>>,
    _ second: UnsafeBufferPointer<SharedEntry<Item>>,
    _ third: UnsafeBufferPointer<SharedEntry<Item>>,
    _ fourth: UnsafeBufferPointer<SharedEntry<Item>>,
    at target: UnsafeMutablePointer<Item>
  ) -> UnsafeMutablePointer<Item> {
    let targets = (
      target, target + first.count, target + first.count + second.count,
      target + first.count + second.count + third.count
    )
    let common = Swift.min(first.count, second.count, third.count, fourth.count)
    var index = 0
    while index < common {
      (targets.0 + index).initialize(to: first[index].item)
      (targets.1 + index).initialize(to: second[index].item)
      (targets.2 + index).initialize(to: third[index].item)
      (targets.3 + index).initialize(to: fourth[index].item)
      index &+= 1
    }
    // The tails (leaves of different sizes), one at a time.
    for tail in common..<first.count { (targets.0 + tail).initialize(to: first[tail].item) }
    for tail in common..<second.count { (targets.1 + tail).initialize(to: second[tail].item) }
    for tail in common..<third.count { (targets.2 + tail).initialize(to: third[tail].item) }
    for tail in common..<fourth.count { (targets.3 + tail).initialize(to: fourth[tail].item) }
    return targets.3 + fourth.count
  }

  /// Appends every item, or every visible item, in order, to `result` (see
  /// ``items(visibleOnly:)``).
  ///
  /// - Complexity: O(k + b log n) for the k items appended (visible only: plus the hidden
  ///   entries of leaves that hold visible ones).
  @inlinable
  package func appendItems(visibleOnly: Bool, to result: inout [Item]) {
    Self.appendItems(of: root, tag: 0, visibleOnly: visibleOnly, to: &result)
  }

  /// Appends the items of the subtree at `node`, reached through edges whose tags add up to
  /// `tag`, or its visible items only, in order, to `result` (see
  /// ``appendItems(visibleOnly:to:)``).
  ///
  /// - Complexity: O(k + b log n) for the k items appended.
  @inlinable
  package static func appendItems(
    of node: SharedNode<Item>, tag: Int32, visibleOnly: Bool, to result: inout [Item]
  ) {
    forEachLeafBatch(of: node, tag: tag, visibleOnly: visibleOnly) { leaves in
      for (entries, tag, all) in leaves {
        for entry in entries where all || entry.hidden &+ tag == 0 { result.append(entry.item) }
      }
    }
  }

  /// Calls `body` with the leaves of the subtree at `node` (reached through edges whose tags
  /// add up to `tag`), in order, a batch at a time: the leaves of one node one level up (or
  /// `node` alone, if a leaf). With `visibleOnly`, a subtree with no visible entry is skipped,
  /// read from the edge above it.
  ///
  /// The walk retains nothing, and reads a batch's leaves before handing them over (loads
  /// that do not wait for one another). The buffers stay valid for the call: the caller
  /// holds `node`, every node holds its children and entries, and a node reachable from a
  /// tree being read is never written.
  ///
  /// - Complexity: O(n / b + b log n) for the n entries below, without the calls.
  @inlinable
  static func forEachLeafBatch(
    of node: SharedNode<Item>, tag: Int32, visibleOnly: Bool,
    _ body: (UnsafeBufferPointer<LeafRun>) -> Void
  ) {
    if node.height == 0 {
      let all = !visibleOnly || node.summary.visibleCount(tag: tag) == node.summary.count
      node.entries.withUnsafeBufferPointer { entries in
        withUnsafeTemporaryAllocation(of: LeafRun.self, capacity: 1) { leaves in
          leaves.initializeElement(at: 0, to: (entries, tag, all))
          body(UnsafeBufferPointer(leaves))
        }
      }
      return
    }
    // The leaves of one node one level up, read before they are handed over.
    var leaves: [LeafRun] = []
    leaves.reserveCapacity(node.height == 1 ? node.children.count : 128)
    func gather(_ node: SharedNode<Item>, tag: Int32) {
      leaves.removeAll(keepingCapacity: true)
      node.children.withUnsafeBufferPointer { children in
        for child in children {
          let childTag = tag &+ child.tag
          let visible = visibleOnly ? child.summary.visibleCount(tag: childTag) : 0
          if visibleOnly && visible == 0 { continue }
          let entries = Unmanaged.passUnretained(child.node)._withUnsafeGuaranteedRef {
            $0.entries.withUnsafeBufferPointer { $0 }
          }
          leaves.append((entries, childTag, !visibleOnly || visible == child.summary.count))
        }
      }
      if !leaves.isEmpty { leaves.withUnsafeBufferPointer(body) }
    }
    if node.height == 1 {
      gather(node, tag: tag)
      return
    }
    var stack: [(node: Unmanaged<SharedNode<Item>>, tag: Int32)] = []
    stack.reserveCapacity(node.height &* 128)
    stack.append((.passUnretained(node), tag))
    while let (next, tag) = stack.popLast() {
      next._withUnsafeGuaranteedRef { node in
        if node.height == 1 {
          gather(node, tag: tag)
          return
        }
        node.children.withUnsafeBufferPointer { children in
          // Reversed, so that the first pops first.
          var index = children.count
          while index > 0 {
            index &-= 1
            let childTag = tag &+ children[index].tag
            if visibleOnly && children[index].summary.visibleCount(tag: childTag) == 0 {
              continue
            }
            stack.append((.passUnretained(children[index].node), childTag))
          }
        }
      }
    }
  }
}

/// A node of a ``SharedTree``: a leaf holds entries, an internal node holds children.
///
/// Nodes are shared between snapshots. A node is written only while the whole path to it
/// is uniquely referenced (``SharedTree`` checks `isKnownUniquelyReferenced` on every
/// reference it follows before writing); so once two trees hold it, it never changes, and
/// reading it from several threads is safe.
@usableFromInline package final class SharedNode<Item: Hashable & Sendable>: @unchecked Sendable {
  /// 0 for a leaf.
  @usableFromInline package let height: Int
  @exclusivity(unchecked) @usableFromInline package var summary: SharedSummary
  @exclusivity(unchecked) @usableFromInline package var entries: [SharedEntry<Item>]
  @exclusivity(unchecked) @usableFromInline package var children: [SharedChild<Item>]

  @inlinable
  package init(
    height: Int, entries: [SharedEntry<Item>] = [], children: [SharedChild<Item>] = []
  ) {
    self.height = height
    self.entries = entries
    self.children = children
    self.summary = .empty
    recomputeSummary()
  }

  @inlinable
  init(copying other: SharedNode) {
    height = other.height
    summary = other.summary
    entries = other.entries
    children = other.children
  }

  /// Entries of a leaf, children of an internal node.
  @inlinable package var fill: Int {
    height == 0 ? entries.count : children.count
  }

  /// Recomputes ``summary`` from the entries or the children's summaries.
  ///
  /// - Complexity: O(b).
  @inlinable
  package func recomputeSummary() {
    var result = SharedSummary.empty
    if height == 0 {
      for entry in entries { result.add(entry) }
    } else {
      for index in children.indices {
        children[index].summary = children[index].node.summary
        result.add(children[index].summary, tag: children[index].tag)
      }
    }
    summary = result
  }

  /// Recomputes ``summary`` of an internal node after only the children in `changed` were
  /// edited: refreshes their edges' summaries and adds up every edge, without visiting the
  /// other children (whose edges are current). O(b), touching only the changed children.
  @inlinable
  package func recomputeSummary(refreshing changed: Range<Int>) {
    precondition(height > 0, "a leaf has no edges to refresh")
    children.withUnsafeMutableBufferPointer { children in
      for index in changed { children[index].summary = children[index].node.summary }
      var result = SharedSummary.empty
      for index in children.indices {
        result.add(children[index].summary, tag: children[index].tag)
      }
      summary = result
    }
  }

  /// Adds `tag` to every entry below (to the entries of a leaf, to the edges of an internal
  /// node), so that the edge above can carry 0. Call only on a uniquely referenced node. O(b).
  @inlinable
  func absorb(tag: Int32) {
    guard tag != 0 else { return }
    if height == 0 {
      for index in entries.indices { entries[index].hidden &+= tag }
    } else {
      for index in children.indices { children[index].tag &+= tag }
    }
    if summary.count > 0 { summary.minHidden &+= tag }
  }

  /// A node of the same height holding `range` of this node's entries or children.
  @inlinable
  func slice(_ range: Range<Int>) -> SharedNode {
    height == 0
      ? SharedNode(height: 0, entries: Array(entries[range]))
      : SharedNode(height: height, children: Array(children[range]))
  }
}

/// An edge from an internal node to a child: the child, a tag added to the `hidden` of
/// every entry below it (how expand and collapse change a whole subtree in O(1)), and a copy
/// of the child's summary, so that a seek scans a node's edges without visiting every child
/// (kept current by the parent's ``SharedNode/recomputeSummary()``).
@usableFromInline package struct SharedChild<Item: Hashable & Sendable>: Sendable {
  @usableFromInline package var node: SharedNode<Item>
  @usableFromInline package var tag: Int32
  @usableFromInline package var summary: SharedSummary

  @inlinable
  package init(_ node: SharedNode<Item>, tag: Int32 = 0) {
    self.node = node
    self.tag = tag
    self.summary = node.summary
  }
}

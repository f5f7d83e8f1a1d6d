// Reading two trees in step, leaf by leaf, without copying their entries out: how `==` and
// the diff of snapshots built apart find what two trees hold alike (see the article
// "Diffs of snapshots built apart").

extension SharedTree {
  /// Whether both trees hold as many entries and `equal` holds for the entries at each
  /// position (their `hidden` relative to the tags above their leaves), walking the leaves of
  /// both in step and skipping, whole, a leaf both trees hold.
  ///
  /// - Complexity: O(1) when the roots are the same node; otherwise O(n).
  @inlinable
  package func entriesEqual(
    _ other: SharedTree, by equal: (SharedEntry<Item>, SharedEntry<Item>) -> Bool
  ) -> Bool {
    guard count == other.count else { return false }
    if root === other.root { return true }
    return commonPrefixCount(with: other, limit: count, by: equal) == count
  }

  /// How many leading entries the two trees hold alike: the length of the longest prefix,
  /// at most `limit`, along which `equal` holds for the entries at each position (their
  /// `hidden` relative to the tags above their leaves). A leaf both trees hold at the same
  /// place counts whole, unread.
  ///
  /// - Complexity: O(p + b log n) for the p entries compared.
  @inlinable
  package func commonPrefixCount(
    with other: SharedTree, limit: Int,
    by equal: (SharedEntry<Item>, SharedEntry<Item>) -> Bool
  ) -> Int {
    Self.commonRunCount(
      Leaves(root, reversed: false), Leaves(other.root, reversed: false), limit: limit,
      reversed: false, by: equal)
  }

  /// How many trailing entries the two trees hold alike: ``commonPrefixCount(with:limit:by:)``
  /// read from the ends.
  ///
  /// - Complexity: O(s + b log n) for the s entries compared.
  @inlinable
  package func commonSuffixCount(
    with other: SharedTree, limit: Int,
    by equal: (SharedEntry<Item>, SharedEntry<Item>) -> Bool
  ) -> Int {
    Self.commonRunCount(
      Leaves(root, reversed: true), Leaves(other.root, reversed: true), limit: limit,
      reversed: true, by: equal)
  }

  /// The walk behind ``commonPrefixCount(with:limit:by:)`` and
  /// ``commonSuffixCount(with:limit:by:)``: both trees' leaves in step, from the front or
  /// from the back. Each side's current leaf is read through `(leaf, done)`: the entries of
  /// the leaf not yet compared are its first `count - done` (from the back) or its last
  /// `count - done` (from the front).
  @inlinable
  static func commonRunCount(
    _ leftLeaves: Leaves, _ rightLeaves: Leaves, limit: Int, reversed: Bool,
    by equal: (SharedEntry<Item>, SharedEntry<Item>) -> Bool
  ) -> Int {
    var (leftLeaves, rightLeaves) = (leftLeaves, rightLeaves)
    var left: (leaf: SharedNode<Item>, done: Int)? = nil
    var right: (leaf: SharedNode<Item>, done: Int)? = nil
    var matched = 0
    while matched < limit {
      if left == nil || left!.done == left!.leaf.entries.count {
        guard let leaf = leftLeaves.next() else { return matched }
        left = (leaf, 0)
        continue
      }
      if right == nil || right!.done == right!.leaf.entries.count {
        guard let leaf = rightLeaves.next() else { return matched }
        right = (leaf, 0)
        continue
      }
      let (leftLeaf, leftDone) = left!
      let (rightLeaf, rightDone) = right!
      let length = Swift.min(
        leftLeaf.entries.count - leftDone, rightLeaf.entries.count - rightDone, limit - matched)
      if leftLeaf === rightLeaf && leftDone == 0 && rightDone == 0
        && length == leftLeaf.entries.count
      {
        matched += length
      } else {
        let same = leftLeaf.entries.withUnsafeBufferPointer { leftEntries in
          rightLeaf.entries.withUnsafeBufferPointer { rightEntries in
            var offset = 0
            if reversed {
              var (i, j) = (leftEntries.count - 1 - leftDone, rightEntries.count - 1 - rightDone)
              while offset < length && equal(leftEntries[i], rightEntries[j]) {
                offset += 1
                i -= 1
                j -= 1
              }
            } else {
              var (i, j) = (leftDone, rightDone)
              while offset < length && equal(leftEntries[i], rightEntries[j]) {
                offset += 1
                i += 1
                j += 1
              }
            }
            return offset
          }
        }
        matched += same
        guard same == length else { return matched }
      }
      left = (leftLeaf, leftDone + length)
      right = (rightLeaf, rightDone + length)
    }
    return matched
  }

  /// The leaves of a tree one after another, from the front or from the back, without a
  /// stack (so without allocating): it steps through the children of the current leaf's
  /// parent, and descends from the root again, by position, when they run out (once per
  /// b leaves).
  @usableFromInline
  struct Leaves {
    @usableFromInline let root: SharedNode<Item>
    @usableFromInline let reversed: Bool
    /// The node of height 1 whose children are being stepped through, and the current one.
    @usableFromInline var parent: SharedNode<Item>?
    @usableFromInline var index = 0
    /// Entries in the leaves handed out so far.
    @usableFromInline var passed = 0
    @usableFromInline var rootHandedOut = false

    @inlinable
    init(_ root: SharedNode<Item>, reversed: Bool = false) {
      self.root = root
      self.reversed = reversed
    }

    @inlinable
    mutating func next() -> SharedNode<Item>? {
      if root.height == 0 {
        defer { rootHandedOut = true }
        return rootHandedOut ? nil : root
      }
      if let parent {
        let step = reversed ? -1 : 1
        if parent.children.indices.contains(index + step) {
          index += step
          let leaf = parent.children[index].node
          passed += leaf.entries.count
          return leaf
        }
      }
      let count = root.summary.count
      guard passed < count else { return nil }
      // The entry to reach, counted from the front.
      var position = reversed ? count - 1 - passed : passed
      var node = root
      while true {
        var child = 0
        while child < node.children.count - 1
          && position >= node.children[child].summary.count
        {
          position -= node.children[child].summary.count
          child += 1
        }
        if node.height == 1 {
          parent = node
          index = child
          let leaf = node.children[child].node
          passed += leaf.entries.count
          return leaf
        }
        node = node.children[child].node
      }
    }
  }
}

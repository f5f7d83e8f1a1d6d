// Reading an entry by its label in one descent, and every item (or every visible item) in
// one walk that copies whole leaves at a time.

extension SharedTree {
  /// The position and the entry (with its absolute `hidden`) labelled `key`, or nil: what
  /// `position(ofKey:)` and `entry(at:)` give together, in one descent.
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func located(key: UInt64) -> (position: Int, entry: SharedEntry<Item>)? {
    descend(toKey: key, countingVisible: false).map { ($0.position, $0.entry) }
  }

  /// Appends every item, or every visible item, in order, to `result`: a leaf all of whose
  /// entries qualify is copied whole, and a subtree with no visible entry is skipped.
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
    var stack: [(node: SharedNode<Item>, tag: Int32)] = [(node, tag)]
    while let (node, tag) = stack.popLast() {
      if node.height == 0 {
        let all = !visibleOnly || node.summary.visibleCount(tag: tag) == node.entries.count
        // Through the buffer: iterating the array property would retain and release per entry.
        node.entries.withUnsafeBufferPointer { entries in
          if all {
            for index in entries.indices { result.append(entries[index].item) }
          } else {
            for index in entries.indices where entries[index].hidden &+ tag == 0 {
              result.append(entries[index].item)
            }
          }
        }
        continue
      }
      node.children.withUnsafeBufferPointer { children in
        var index = children.count
        while index > 0 {
          index -= 1
          let childTag = tag &+ children[index].tag
          if visibleOnly && children[index].summary.visibleCount(tag: childTag) == 0 { continue }
          stack.append((children[index].node, childTag))
        }
      }
    }
  }
}

extension SharedList {
  /// Whether `item` is in the list: the trie walk and one descent by label (the label index
  /// stores no items).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func contains(_ item: Item) -> Bool {
    find(item, hash: SharedLabelIndex.hash(item)) != nil
  }

  /// The position and entry of `item`, or nil, in one lookup and one descent (the descent that
  /// confirms the label's item).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func located(_ item: Item) -> (position: Int, entry: SharedEntry<Item>)? {
    find(item, hash: SharedLabelIndex.hash(item)).map { ($0.position, $0.entry) }
  }
}

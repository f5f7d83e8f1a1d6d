// Reading an entry by its label in one descent.

extension SharedTree {
  /// The entry labelled `key` (with its absolute `hidden`), or nil: a descent that compares
  /// labels only, counting nothing.
  ///
  /// - Complexity: O(log n) comparisons, through O(log n) nodes.
  @inlinable
  package func entry(labelled key: UInt64) -> SharedEntry<Item>? {
    descend(toKey: key, countingPosition: false, countingVisible: false)?.entry
  }
}

extension SharedList {
  /// Whether `item` is in the list: the trie walk and one descent by label (the label index
  /// stores no items).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func contains(_ item: Item) -> Bool {
    find(item, hash: SharedLabelIndex.hash(item), countingPosition: false) != nil
  }

  /// The position and entry of `item`, or nil, in one lookup and one descent (the descent that
  /// confirms the label's item).
  ///
  /// - Complexity: O(b log n).
  @inlinable
  package func located(_ item: Item) -> (position: Int, entry: SharedEntry<Item>)? {
    find(item, hash: SharedLabelIndex.hash(item)).map { ($0.position, $0.entry) }
  }

  /// The entry of `item` (with its absolute `hidden`), or nil: the trie walk and one descent
  /// by label that counts nothing (what `level(of:)` and `isExpanded(_:)` need).
  ///
  /// - Complexity: O(log₁₆ n + bucket) in the label index and O(log n) comparisons in the tree.
  @inlinable
  package func entry(of item: Item) -> SharedEntry<Item>? {
    find(item, hash: SharedLabelIndex.hash(item), countingPosition: false)?.entry
  }
}

extension SharedList {
  /// Stops the program with a description if an invariant does not hold.
  ///
  /// - Complexity: O(n log n).
  @usableFromInline package func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("SharedList invariant violated: \(violation)")
    }
  }

  /// A description of the first invariant that does not hold, or nil: the tree's own; the label
  /// index's own, every label in it naming an entry of the tree; the same number of items in
  /// both; and every entry found, by its item, at its position and under its label.
  ///
  /// - Complexity: O(n log n).
  @usableFromInline package func _invariantViolation() -> String? {
    if let violation = tree._invariantViolation() { return "tree: \(violation)" }
    var items: [UInt64: Item] = [:]
    items.reserveCapacity(tree.count)
    tree.forEach(in: 0..<tree.count) { _, entry in
      items[entry.key] = entry.item
      return true
    }
    if let violation = labelIndex._invariantViolation(hashOf: { label in
      guard let item = items[label] else { return nil }
      return SharedLabelIndex.hash(item)
    }) {
      return "labels: \(violation)"
    }
    if labelIndex.count != tree.count {
      return "\(labelIndex.count) labels for \(tree.count) entries"
    }
    var violation: String? = nil
    tree.forEach(in: 0..<tree.count) { position, entry in
      guard let found = find(entry.item, hash: SharedLabelIndex.hash(entry.item)),
        found.position == position, found.label == entry.key
      else {
        violation = "\(entry.item) at \(position) not found there under \(entry.key)"
        return false
      }
      return true
    }
    return violation
  }
}

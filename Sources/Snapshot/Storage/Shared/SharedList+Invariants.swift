extension SharedList {
  /// Stops the program with a description if an invariant does not hold.
  ///
  /// - Complexity: O(n log n).
  @usableFromInline package func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("SharedList invariant violated: \(violation)")
    }
  }

  /// A description of the first invariant that does not hold, or nil: the tree's and the trie's
  /// own, the same number of items in both, and every entry's label found under its item.
  ///
  /// - Complexity: O(n log n).
  @usableFromInline package func _invariantViolation() -> String? {
    if let violation = tree._invariantViolation() { return "tree: \(violation)" }
    if let violation = labels._invariantViolation() { return "labels: \(violation)" }
    if labels.count != tree.count {
      return "\(labels.count) labels for \(tree.count) entries"
    }
    var violation: String? = nil
    tree.forEach(in: 0..<tree.count) { position, entry in
      if labels.value(forKey: entry.item) != entry.key {
        violation = "label of \(entry.item) at \(position) is not \(entry.key)"
        return false
      }
      return true
    }
    return violation
  }
}

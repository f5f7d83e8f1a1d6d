// Internal consistency checks, in the style of swift-collections, for tests.

extension DiffableDataSourceSnapshot {
  /// Checks every internal invariant of the storage and stops the program with a message
  /// naming the first one broken: the shared list's own (tree, trie, labels); the outline
  /// has two levels, each section's entry collapsed and followed by its items; marks name
  /// present identifiers; the arrays kept from the appends that built it, if any, are the
  /// tree's sections and items. O(n log n); meant for tests.
  public func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("Snapshot invariant broken: \(violation)")
    }
  }

  /// The first broken internal invariant (see ``_checkInvariants()``), or nil. Lets tests
  /// report a failure with its seed instead of stopping. O(n log n).
  public func _invariantViolation() -> String? {
    do {
      try checkInvariants()
      return nil
    } catch {
      return error.message
    }
  }

  private func checkInvariants() throws(InvariantViolation) {
    func check(
      _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(InvariantViolation) {
      if !condition { throw InvariantViolation(message: message()) }
    }
    let list = storage.list
    if let violation = list._invariantViolation() { throw InvariantViolation(message: violation) }
    // A two-level outline: a section entry (depth 0, collapsed) first, items at depth 1.
    var sections = 0
    var shape: String? = nil
    list.tree.forEach(in: 0..<list.count) { position, entry in
      switch entry.item {
      case .section(let section):
        sections += 1
        if entry.level != 0 || entry.isExpanded {
          shape =
            "section \(section) at \(position): depth \(entry.level), expanded "
            + "\(entry.isExpanded)"
        }
      case .item(let item):
        if entry.level != 1 { shape = "item \(item) at \(position): depth \(entry.level)" }
      }
      return shape == nil
    }
    if let shape { throw InvariantViolation(message: shape) }
    try check(
      sections == numberOfSections,
      "\(sections) section entries, \(numberOfSections) visible entries")
    for section in storage.reloadedSections.elements {
      try check(storage.place(of: section) != nil, "reload mark on absent section \(section)")
    }
    for item in storage.reloadedItems.elements + storage.reconfiguredItems.elements {
      try check(storage.place(of: item) != nil, "mark on absent item \(item)")
    }
    // The arrays kept from the appends that built the snapshot are what the tree holds.
    if let violation = storage.builtLayoutViolation() {
      throw InvariantViolation(message: violation)
    }
  }
}

/// The first broken invariant found by `checkInvariants()`.
private struct InvariantViolation: Swift.Error {
  var message: String
}

// Internal consistency checks, in the style of swift-collections, for tests.

extension DiffableDataSourceSectionSnapshot {
  /// Checks every internal invariant of the storage and stops the program with a message
  /// naming the first one broken: the sequence's nodes hold their bounds and summaries,
  /// levels form a pre-order, labels increase, each entry's visibility matches its
  /// ancestors' expansion, and the index holds exactly the entries, each under its label.
  /// O(n log n); meant for tests.
  public func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("Section snapshot invariant broken: \(violation)")
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
    if let violation = list._invariantViolation() { throw InvariantViolation(message: violation) }
  }
}

/// The first broken invariant found by `checkInvariants()`.
private struct InvariantViolation: Swift.Error {
  var message: String
}

// Internal consistency checks, in the style of swift-collections, for tests.

extension DiffableDataSourceSnapshot {
  /// Checks every internal invariant of the storage and stops the program with a message
  /// naming the first one broken: section slots, positions and the free list agree; every
  /// item's recorded location holds it; marks name present identifiers; valid caches agree.
  /// O(n); meant for tests.
  public func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("Snapshot invariant broken: \(violation)")
    }
  }

  /// The first broken internal invariant (see ``_checkInvariants()``), or nil. Lets tests
  /// report a failure with its seed instead of stopping. O(n).
  public func _invariantViolation() -> String? {
    do {
      try checkInvariants()
      return nil
    } catch {
      return error.message
    }
  }

  private func checkInvariants() throws(InvariantViolation) {
    let s = storage.state
    func check(
      _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(InvariantViolation) {
      if !condition { throw InvariantViolation(message: message()) }
    }
    try check(s.sectionIDs.count == s.sectionItems.count, "slot arrays differ in length")
    try check(s.position.count == s.sectionIDs.count, "position array length")
    try check(s.order.count + s.freeSlots.count == s.sectionIDs.count, "slots lost or leaked")
    try check(s.slotOfSection.count == s.order.count, "section index size")
    for (index, slot) in s.order.enumerated() {
      try check(s.position[Int(slot)] == Int32(index), "position of slot \(slot)")
      try check(s.slotOfSection[s.sectionIDs[Int(slot)]] == slot, "section index of slot \(slot)")
    }
    for slot in s.freeSlots {
      try check(s.position[Int(slot)] == -1, "free slot \(slot) has a position")
      try check(s.sectionItems[Int(slot)].isEmpty, "free slot \(slot) holds items")
    }
    var itemTotal = 0
    for slot in s.order {
      for (index, item) in s.sectionItems[Int(slot)].enumerated() {
        let location = s.locationOfItem[item]
        try check(
          location?.slot == slot && location?.index == Int32(index),
          "location of item \(item) is \(String(describing: location)), expected \(slot):\(index)")
        itemTotal += 1
      }
    }
    try check(
      itemTotal == s.locationOfItem.count, "\(s.locationOfItem.count) locations, \(itemTotal) items"
    )
    for section in s.reloadedSections.elements {
      try check(s.slotOfSection[section] != nil, "reload mark on absent section \(section)")
    }
    for item in s.reloadedItems.elements + s.reconfiguredItems.elements {
      try check(s.locationOfItem[item] != nil, "mark on absent item \(item)")
    }
    if storage.gate.isValid.load(ordering: .acquiring) {
      var total = 0
      try check(storage.offsets.count == s.order.count, "offset cache length")
      for (index, slot) in s.order.enumerated() {
        try check(storage.offsets[index] == total, "offset cache of section \(index)")
        total += s.sectionItems[Int(slot)].count
      }
    }
  }
}

/// The first broken invariant found by `checkInvariants()`.
private struct InvariantViolation: Swift.Error {
  var message: String
}

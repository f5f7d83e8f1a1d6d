// Internal consistency checks, in the style of swift-collections, for tests.

extension DiffableDataSourceSnapshot {
  /// Checks every internal invariant of the storage and stops the program with a message
  /// naming the first one broken: section slots, positions and the free list agree; every
  /// item's recorded location holds it; marks name present identifiers; valid caches agree.
  /// O(n); meant for tests.
  public func _checkInvariants() {
    let s = storage.state
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      precondition(condition, "Snapshot invariant broken: \(message())")
    }
    check(s.sectionIDs.count == s.sectionItems.count, "slot arrays differ in length")
    check(s.position.count == s.sectionIDs.count, "position array length")
    check(s.order.count + s.freeSlots.count == s.sectionIDs.count, "slots lost or leaked")
    check(s.slotOfSection.count == s.order.count, "section index size")
    for (index, slot) in s.order.enumerated() {
      check(s.position[Int(slot)] == Int32(index), "position of slot \(slot)")
      check(s.slotOfSection[s.sectionIDs[Int(slot)]] == slot, "section index of slot \(slot)")
    }
    for slot in s.freeSlots {
      check(s.position[Int(slot)] == -1, "free slot \(slot) has a position")
      check(s.sectionItems[Int(slot)].isEmpty, "free slot \(slot) holds items")
    }
    var itemTotal = 0
    for slot in s.order {
      for (index, item) in s.sectionItems[Int(slot)].enumerated() {
        let location = s.locationOfItem[item]
        check(
          location?.slot == slot && location?.index == Int32(index),
          "location of item \(item) is \(String(describing: location)), expected \(slot):\(index)")
        itemTotal += 1
      }
    }
    check(
      itemTotal == s.locationOfItem.count, "\(s.locationOfItem.count) locations, \(itemTotal) items"
    )
    for section in s.reloadedSections.elements {
      check(s.slotOfSection[section] != nil, "reload mark on absent section \(section)")
    }
    for item in s.reloadedItems.elements + s.reconfiguredItems.elements {
      check(s.locationOfItem[item] != nil, "mark on absent item \(item)")
    }
    if storage.gate.isValid.load(ordering: .acquiring) {
      var total = 0
      check(storage.offsets.count == s.order.count, "offset cache length")
      for (index, slot) in s.order.enumerated() {
        check(storage.offsets[index] == total, "offset cache of section \(index)")
        total += s.sectionItems[Int(slot)].count
      }
    }
  }
}

/// Where an item is: its section's slot and its index within that section.
@usableFromInline
struct ItemLocation: Sendable {
  @usableFromInline var slot: Int32
  @usableFromInline var index: Int32

  @inlinable
  init(slot: Int32, index: Int32) {
    self.slot = slot
    self.index = index
  }
}

/// The sections and items of a sectioned snapshot.
///
/// - Sections live in slots (reused through a free list) so that moving, inserting or
///   deleting a section never touches the locations of other sections' items.
/// - `order` lists the slots in display order; `position` maps a slot back (eagerly kept,
///   O(sections) per section change).
/// - Each item's location (slot, index in section) is kept eagerly: appending is O(1),
///   inserting or deleting inside a section is O(that section).
///
/// A struct, so that a whole operation works on it with one exclusive access (class
/// properties would pay a dynamic exclusivity check on every access in a loop).
@usableFromInline
struct Sections<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  @usableFromInline var sectionIDs: [Section] = []
  @usableFromInline var sectionItems: [[Item]] = []
  /// Slot -> display position, or -1 for a free slot.
  @usableFromInline var position: [Int32] = []
  @usableFromInline var freeSlots: [Int32] = []
  @usableFromInline var order: [Int32] = []
  @usableFromInline var slotOfSection: [Section: Int32] = [:]
  @usableFromInline var locationOfItem: [Item: ItemLocation] = [:]

  @usableFromInline var reloadedSections = OrderedMarks<Section>()
  @usableFromInline var reloadedItems = OrderedMarks<Item>()
  @usableFromInline var reconfiguredItems = OrderedMarks<Item>()

  @inlinable init() {}

  // MARK: Sections

  /// Allocates a slot for `section` (not yet placed in `order`). O(1) amortized.
  @inlinable
  mutating func allocateSlot(for section: Section) -> Int32 {
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      sectionIDs[Int(slot)] = section
    } else {
      slot = Int32(truncatingIfNeeded: sectionIDs.count)
      sectionIDs.append(section)
      sectionItems.append([])
      position.append(-1)
    }
    slotOfSection[section] = slot
    return slot
  }

  /// Places `slots` in display order at `index`. O(sections).
  @inlinable
  mutating func place(_ slots: [Int32], at index: Int) {
    order.insert(contentsOf: slots, at: index)
    renumberSections(from: index)
  }

  /// Removes the slot at display `index` from `order` (the slot stays allocated).
  /// O(sections).
  @inlinable
  mutating func unplace(at index: Int) -> Int32 {
    let slot = order.remove(at: index)
    position[Int(slot)] = -1
    renumberSections(from: index)
    return slot
  }

  @inlinable
  mutating func renumberSections(from index: Int) {
    var index = index
    while index < order.count {
      position[Int(order[index])] = Int32(truncatingIfNeeded: index)
      index += 1
    }
  }

  /// Frees `slot` and forgets its items. O(items of the section).
  @inlinable
  mutating func freeSlot(_ slot: Int32) {
    for item in sectionItems[Int(slot)] { forgetItem(item) }
    sectionItems[Int(slot)] = []
    slotOfSection[sectionIDs[Int(slot)]] = nil
    reloadedSections.remove(sectionIDs[Int(slot)])
    position[Int(slot)] = -1
    freeSlots.append(slot)
  }

  // MARK: Items

  /// Forgets `item`'s location and marks (does not touch the section's array). O(1).
  @inlinable
  mutating func forgetItem(_ item: Item) {
    locationOfItem[item] = nil
    if !reloadedItems.isEmpty { reloadedItems.remove(item) }
    if !reconfiguredItems.isEmpty { reconfiguredItems.remove(item) }
  }

  /// Records the locations of the items of `slot` from `index` on. O(items renumbered).
  @inlinable
  mutating func renumberItems(in slot: Int32, from index: Int) {
    let items = sectionItems[Int(slot)]
    var index = index
    while index < items.count {
      locationOfItem[items[index]] = ItemLocation(
        slot: slot, index: Int32(truncatingIfNeeded: index))
      index += 1
    }
  }

  // MARK: Bulk operations

  /// Frees the slots of the known `sections` and closes the gaps in `order`.
  /// O(k + sections + items removed).
  @inlinable
  mutating func deleteSections(_ sections: [Section]) {
    for section in sections {
      guard let slot = slotOfSection[section] else { continue }
      freeSlot(slot)
    }
    let position = self.position
    order.removeAll { position[Int($0)] < 0 }
    renumberSections(from: 0)
  }

  /// Removes the known `items` from their sections. O(k + items of the sections touched).
  @inlinable
  mutating func deleteItems(_ items: [Item]) {
    var touched = Set<Int32>()
    for item in items {
      guard let location = locationOfItem[item] else { continue }
      touched.insert(location.slot)
      forgetItem(item)
    }
    for slot in touched {
      let locations = locationOfItem
      sectionItems[Int(slot)].removeAll { locations[$0] == nil }
      renumberItems(in: slot, from: 0)
    }
  }

  /// Why new items could not be recorded.
  @usableFromInline
  enum NewItemConflict {
    case repeated(Item)
    case present(Item)
  }

  /// Records locations for new `items` (in `slot` from index `start`; slot -1 records
  /// placeholders to be renumbered). On a conflict, removes what it recorded and returns
  /// it. O(k) expected.
  @inlinable
  mutating func recordNewItems(_ items: [Item], in slot: Int32, from start: Int)
    -> NewItemConflict?
  {
    for (offset, item) in items.enumerated() {
      let location = ItemLocation(slot: slot, index: Int32(truncatingIfNeeded: start + offset))
      guard let existing = locationOfItem.updateValue(location, forKey: item) else {
        continue
      }
      let repeated = existing.slot == slot && Int(existing.index) >= start
      if !repeated { locationOfItem[item] = existing }
      for earlier in items[..<offset] { locationOfItem[earlier] = nil }
      return repeated ? .repeated(item) : .present(item)
    }
    return nil
  }
}

/// The copy-on-write storage of a sectioned snapshot: the sections, and the global offset of
/// each section (for `indexOfItem`), a cache rebuilt in O(sections) when a query needs it
/// after a mutation.
@usableFromInline
final class SectionedStorage<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  @unchecked Sendable
{
  @usableFromInline var state: Sections<Section, Item>
  @usableFromInline let gate = CacheGate()
  /// Display position -> number of items in the sections before it (valid behind `gate`).
  @usableFromInline var offsets: [Int] = []

  @inlinable init(state: Sections<Section, Item> = Sections()) {
    self.state = state
  }

  @inlinable
  func ensureCaches() {
    gate.ensureValid {
      let state = self.state
      var offsets: [Int] = []
      offsets.reserveCapacity(state.order.count)
      var total = 0
      for slot in state.order {
        offsets.append(total)
        total += state.sectionItems[Int(slot)].count
      }
      self.offsets = offsets
    }
  }
}

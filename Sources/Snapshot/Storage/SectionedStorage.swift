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
/// The two indexes are Swift dictionaries, so identifiers whose `Hashable` conformance is
/// broken can leave stale entries in them (a removal that does not find its key). Nothing
/// trusts an entry blindly: ``placedSlot(of:)`` and ``location(of:)`` check it against the
/// arrays, and a stale entry counts as absent. Insertions make room first (see
/// `GrowingFirst.swift`), so no such identifier can stop the program.
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

  // MARK: Checked lookups

  /// The slot of `section`, if the section is placed: an index entry that the slot arrays
  /// contradict (left by broken hashing) counts as absent. O(1) expected.
  @inlinable
  func placedSlot(of section: Section) -> Int32? {
    guard let slot = slotOfSection[section], position[Int(slot)] >= 0,
      sectionIDs[Int(slot)] == section
    else { return nil }
    return slot
  }

  /// Where `item` is, if it is in a placed section: an index entry that the section's items
  /// contradict (left by broken hashing) counts as absent. O(1) expected.
  @inlinable
  func location(of item: Item) -> ItemLocation? {
    guard let location = locationOfItem[item], isCurrent(location, of: item) else { return nil }
    return location
  }

  /// Whether `location` holds `item` in a placed section. O(1).
  @inlinable
  func isCurrent(_ location: ItemLocation, of item: Item) -> Bool {
    let slot = Int(location.slot)
    let index = Int(location.index)
    guard slot >= 0, slot < position.count, position[slot] >= 0, index >= 0,
      index < sectionItems[slot].count
    else { return false }
    return sectionItems[slot][index] == item
  }

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
    slotOfSection.updateValueGrowingFirst(slot, forKey: section)
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

  /// Updates the recorded locations of the items of `slot` from `index` on (items whose
  /// entry the index cannot find are left alone). O(items renumbered).
  @inlinable
  mutating func renumberItems(in slot: Int32, from index: Int) {
    let items = sectionItems[Int(slot)]
    var index = index
    while index < items.count {
      locationOfItem.replaceValue(
        ItemLocation(slot: slot, index: Int32(truncatingIfNeeded: index)), forKey: items[index])
      index += 1
    }
  }

  /// Records the locations of all the items of `slot`, new to the index. O(items).
  @inlinable
  mutating func recordItems(of slot: Int32) {
    let items = sectionItems[Int(slot)]
    locationOfItem.reserveRoom(for: items.count)
    for (index, item) in items.enumerated() {
      locationOfItem[item] = ItemLocation(slot: slot, index: Int32(truncatingIfNeeded: index))
    }
  }

  // MARK: Bulk operations

  /// Frees the slots of the known `sections` and closes the gaps in `order`.
  /// O(k + sections + items removed).
  @inlinable
  mutating func deleteSections(_ sections: [Section]) {
    for section in sections {
      guard let slot = placedSlot(of: section) else { continue }
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
      guard let location = location(of: item) else { continue }
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
    case irreflexive(Item)
  }

  /// Records locations for new `items` (in `slot` from index `start`; slot -1 records
  /// placeholders to be renumbered). On a conflict (an item repeated, already present, or
  /// not equal to itself), removes what it recorded and returns it. O(k) expected.
  @inlinable
  mutating func recordNewItems(_ items: [Item], in slot: Int32, from start: Int)
    -> NewItemConflict?
  {
    // Room for every item, and for putting back an entry that one displaces.
    locationOfItem.reserveRoom(for: items.count + 1)
    for (offset, item) in items.enumerated() {
      guard item == item else {
        for earlier in items[..<offset] { locationOfItem[earlier] = nil }
        return .irreflexive(item)
      }
      let location = ItemLocation(slot: slot, index: Int32(truncatingIfNeeded: start + offset))
      guard let existing = locationOfItem.updateValue(location, forKey: item) else {
        continue
      }
      let repeated = existing.slot == slot && Int(existing.index) >= start
      // A stale entry (see the type's documentation) is simply replaced.
      if !repeated && !isCurrent(existing, of: item) { continue }
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

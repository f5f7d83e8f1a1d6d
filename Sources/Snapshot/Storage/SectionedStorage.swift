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

/// The copy-on-write storage of a sectioned snapshot.
///
/// - Sections live in slots (reused through a free list) so that moving, inserting or
///   deleting a section never touches the locations of other sections' items.
/// - `order` lists the slots in display order; `position` maps a slot back (eagerly kept,
///   O(sections) per section change).
/// - Each item's location (slot, index in section) is kept eagerly: appending is O(1),
///   inserting or deleting inside a section is O(that section).
/// - The global offset of each section (for `indexOfItem`) is a cache rebuilt in
///   O(sections) when a query needs it after a mutation.
@usableFromInline
final class SectionedStorage<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  @unchecked Sendable
{
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

  @usableFromInline let gate = CacheGate()
  /// Display position -> number of items in the sections before it (valid behind `gate`).
  @usableFromInline var offsets: [Int] = []

  @inlinable init() {}

  @inlinable
  init(copying other: SectionedStorage) {
    sectionIDs = other.sectionIDs
    sectionItems = other.sectionItems
    position = other.position
    freeSlots = other.freeSlots
    order = other.order
    slotOfSection = other.slotOfSection
    locationOfItem = other.locationOfItem
    reloadedSections = other.reloadedSections
    reloadedItems = other.reloadedItems
    reconfiguredItems = other.reconfiguredItems
  }

  // MARK: Sections

  /// Allocates a slot for `section` (not yet placed in `order`). O(1) amortized.
  @inlinable
  func allocateSlot(for section: Section) -> Int32 {
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
  func place(_ slots: [Int32], at index: Int) {
    order.insert(contentsOf: slots, at: index)
    renumberSections(from: index)
  }

  /// Removes the slot at display `index` from `order` (the slot stays allocated).
  /// O(sections).
  @inlinable
  func unplace(at index: Int) -> Int32 {
    let slot = order.remove(at: index)
    position[Int(slot)] = -1
    renumberSections(from: index)
    return slot
  }

  @inlinable
  func renumberSections(from index: Int) {
    var index = index
    while index < order.count {
      position[Int(order[index])] = Int32(truncatingIfNeeded: index)
      index += 1
    }
  }

  /// Frees `slot` and forgets its items. O(items of the section).
  @inlinable
  func freeSlot(_ slot: Int32) {
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
  func forgetItem(_ item: Item) {
    locationOfItem[item] = nil
    if !reloadedItems.isEmpty { reloadedItems.remove(item) }
    if !reconfiguredItems.isEmpty { reconfiguredItems.remove(item) }
  }

  /// Records the locations of the items of `slot` from `index` on. O(items renumbered).
  @inlinable
  func renumberItems(in slot: Int32, from index: Int) {
    let items = sectionItems[Int(slot)]
    var index = index
    while index < items.count {
      locationOfItem[items[index]] = ItemLocation(
        slot: slot, index: Int32(truncatingIfNeeded: index))
      index += 1
    }
  }

  // MARK: Caches

  @inlinable
  func ensureCaches() {
    gate.ensureValid(rebuildCaches)
  }

  @inlinable
  func rebuildCaches() {
    offsets.removeAll(keepingCapacity: true)
    var total = 0
    for slot in order {
      offsets.append(total)
      total += sectionItems[Int(slot)].count
    }
  }
}

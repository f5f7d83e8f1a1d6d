// The diff of related snapshots whose trees differ by one stretch of inserted or deleted
// items, or not at all (only marks): the batch read off the leaves the trees do not share,
// without the compressed layouts and the token match (see the article "Snapshots that share
// structure", section "Narrow changes").

/// A change between two related sectioned snapshots that the diff reads off the leaves their
/// trees do not share.
@usableFromInline
enum NarrowChange: Sendable {
  /// The same entries on both sides: the batch is this snapshot's item marks (by index
  /// path, which is the same in both frames).
  case marks(reloaded: [ListIndexPath], reconfigured: [ListIndexPath])
  /// Consecutive items of one section inserted, by new index path.
  case inserted([ListIndexPath])
  /// Consecutive items of one section deleted, by old index path.
  case deleted([ListIndexPath])
  /// One empty section inserted, by new index.
  case insertedSection(Int)
  /// One empty section deleted, by old index.
  case deletedSection(Int)
  /// One item moved within its section, past at least two others.
  case moved(from: ListIndexPath, to: ListIndexPath)
}

extension DiffableDataSourceSnapshot {
  @usableFromInline typealias Entry = SectionedEntry<SectionIdentifierType, ItemIdentifierType>
  @usableFromInline typealias Placed = SharedTree<Entry>.Placed

  /// The change from `old`, whose tree shares nodes with this one and differs from it in
  /// `unshared` (see ``SharedTree/unsharedLeaves(from:to:)``), when it is narrow: both trees
  /// hold the same entries and no section is marked for reload; or, with no marks at all,
  /// the entries differ only by one stretch of items one side holds and the other does not,
  /// by one empty section, or by one item moved within its section past at least two others.
  /// Nil otherwise (the compressed diff then decides).
  ///
  /// - Complexity: O(m b log n) for the m marked items; otherwise O(u + b log n) for the u
  ///   entries of the unshared leaves.
  @inlinable
  func narrowChange(from old: Self, unshared: (old: [Placed], new: [Placed])) -> NarrowChange? {
    guard storage.reloadedSections.isEmpty else { return nil }
    if unshared.old.isEmpty && unshared.new.isEmpty {
      guard storage.list.count == old.storage.list.count else { return nil }
      let reloaded = storage.reloadedItems.elements
      let reconfigured = storage.reconfiguredItems.elements.filter {
        storage.reloadedItems.members[$0] == nil
      }
      return .marks(
        reloaded: reloaded.compactMap(storage.indexPath(of:)).sorted(),
        reconfigured: reconfigured.compactMap(storage.indexPath(of:)).sorted())
    }
    guard !storage.hasItemMarks else { return nil }
    let oldRanges = Self.adjacentRanges(unshared.old)
    let newRanges = Self.adjacentRanges(unshared.new)
    let oldCount = old.storage.list.count
    let newCount = storage.list.count
    if oldRanges.count <= 1 && newRanges.count <= 1 {
      // One side may have no unshared leaf (a whole leaf inserted or deleted): its range is
      // empty, where the other side's starts.
      let start = oldRanges.first?.lowerBound ?? newRanges.first?.lowerBound ?? 0
      let oldSpan = oldRanges.first ?? start..<start
      let newSpan = newRanges.first ?? start..<start
      guard oldSpan.lowerBound == newSpan.lowerBound,
        oldCount - oldSpan.upperBound == newCount - newSpan.upperBound
      else { return nil }
      let (oldMiddle, newMiddle, prefix) = Self.middles(unshared.old[...], unshared.new[...])
      // One side's middle must be empty and the other's items only.
      guard oldMiddle.isEmpty != newMiddle.isEmpty else { return nil }
      let (middle, side) = oldMiddle.isEmpty ? (newMiddle, storage) : (oldMiddle, old.storage)
      if middle.count == 1, case .section(let section) = middle[middle.startIndex] {
        // One section alone: empty when the next entry on its side is a section's, or none.
        let next = start + prefix + 1
        if next < side.list.count, case .item = side.list.tree.entry(at: next).item {
          return nil
        }
        guard let index = side.place(of: section)?.index else { return nil }
        return oldMiddle.isEmpty ? .insertedSection(index) : .deletedSection(index)
      }
      for entry in middle {
        guard case .item = entry else { return nil }
      }
      let first = side.indexPath(ofPosition: start + prefix)
      let paths = (0..<middle.count).map {
        ListIndexPath(item: first.item + $0, section: first.section)
      }
      return oldMiddle.isEmpty ? .inserted(paths) : .deleted(paths)
    }
    // Two stretches apart on each side, with the same shared entries before, between and
    // after them: one item taken out of one and put into the other is a move.
    guard oldRanges.count == 2, newRanges.count == 2,
      oldRanges[0].lowerBound == newRanges[0].lowerBound,
      oldRanges[1].lowerBound - oldRanges[0].upperBound
        == newRanges[1].lowerBound - newRanges[0].upperBound,
      oldCount - oldRanges[1].upperBound == newCount - newRanges[1].upperBound
    else { return nil }
    let cut = (
      old: Self.leafCount(unshared.old, before: oldRanges[1].lowerBound),
      new: Self.leafCount(unshared.new, before: newRanges[1].lowerBound)
    )
    let first = Self.middles(unshared.old[..<cut.old], unshared.new[..<cut.new])
    let second = Self.middles(unshared.old[cut.old...], unshared.new[cut.new...])
    // The item leaves the first stretch and lands in the second, or the reverse.
    let leaving = first.old.count == 1 && first.new.isEmpty && second.old.isEmpty
    let landing = first.new.count == 1 && first.old.isEmpty && second.new.isEmpty
    guard leaving || landing else { return nil }
    let (moved, arrived) = leaving ? (first.old, second.new) : (second.old, first.new)
    guard arrived.count == 1, case .item = moved[moved.startIndex],
      moved[moved.startIndex] == arrived[arrived.startIndex]
    else { return nil }
    let from = old.storage.indexPath(
      ofPosition: oldRanges[leaving ? 0 : 1].lowerBound + (leaving ? first : second).prefix)
    let to = storage.indexPath(
      ofPosition: newRanges[leaving ? 1 : 0].lowerBound + (leaving ? second : first).prefix)
    guard
      // Within one section, past at least two items: moving the item is then the one
      // fewest move (past one item, moving that item instead ties).
      from.section == to.section, abs(from.item - to.item) >= 2
    else { return nil }
    return .moved(from: from, to: to)
  }

  /// The entries of `old` and of `new` (leaves, in order) between their common prefix and
  /// their common suffix, and the prefix's length. O(entries).
  @inlinable
  static func middles(
    _ old: ArraySlice<Placed>, _ new: ArraySlice<Placed>
  ) -> (old: ArraySlice<Entry>, new: ArraySlice<Entry>, prefix: Int) {
    let oldEntries = entries(of: old)
    let newEntries = entries(of: new)
    let limit = Swift.min(oldEntries.count, newEntries.count)
    var prefix = 0
    while prefix < limit && oldEntries[prefix] == newEntries[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix
      && oldEntries[oldEntries.count - 1 - suffix] == newEntries[newEntries.count - 1 - suffix]
    {
      suffix += 1
    }
    return (
      oldEntries[prefix..<oldEntries.count - suffix],
      newEntries[prefix..<newEntries.count - suffix], prefix
    )
  }

  /// The entries of `leaves`, in order. O(entries).
  @inlinable
  static func entries(of leaves: ArraySlice<Placed>) -> [Entry] {
    var result: [Entry] = []
    // One allocation, not one per doubling.
    result.reserveCapacity(leaves.reduce(0) { $0 + $1.node.entries.count })
    for leaf in leaves {
      for entry in leaf.node.entries { result.append(entry.item) }
    }
    return result
  }

  /// How many of `leaves` start before `position`. O(leaves).
  @inlinable
  static func leafCount(_ leaves: [Placed], before position: Int) -> Int {
    var count = 0
    while count < leaves.count && leaves[count].start < position { count += 1 }
    return count
  }

  /// The ranges of positions that `leaves` (in order) cover, adjacent leaves merged.
  /// O(leaves).
  @inlinable
  static func adjacentRanges(_ leaves: [Placed]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for leaf in leaves {
      let range = leaf.start..<leaf.start + leaf.node.entries.count
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    return ranges
  }
}

extension NarrowChange {
  /// The single batch of the change.
  ///
  /// - Complexity: O(changes).
  @inlinable
  var batch: BatchUpdate {
    switch self {
    case .marks(let reloaded, let reconfigured):
      BatchUpdate(reloadedItems: reloaded, reconfiguredItems: reconfigured)
    case .inserted(let paths): BatchUpdate(insertedItems: paths)
    case .deleted(let paths): BatchUpdate(deletedItems: paths)
    case .insertedSection(let index): BatchUpdate(insertedSections: [index])
    case .deletedSection(let index): BatchUpdate(deletedSections: [index])
    case .moved(let from, let to):
      BatchUpdate(movedItems: [BatchUpdate.ItemMove(from: from, to: to)])
    }
  }

  /// The staged form of the change, each stage's layout listed on first read: `old`'s
  /// layout for item updates, `new`'s after deletes or inserts.
  ///
  /// - Complexity: O(changes); O(n) more for each stage layout read.
  @inlinable
  func stages<Section, Item>(
    old: SectionedStorage<Section, Item>, new: SectionedStorage<Section, Item>
  ) -> StagedBatchUpdate<Section, Item> {
    let batch = batch
    guard !batch.isEmpty else { return StagedBatchUpdate(stages: []) }
    let kind: StagedBatchUpdate<Section, Item>.Stage.Kind
    switch self {
    // Staged item updates are addressed in the old layout, the same as the new one here.
    case .marks: kind = .itemUpdates
    case .inserted, .moved: kind = .itemInsertsAndMoves
    case .insertedSection: kind = .sectionInsertsAndMoves
    case .deleted, .deletedSection: kind = .deletes
    }
    let shown = kind == .itemUpdates ? old : new
    let stage = StagedBatchUpdate<Section, Item>.Stage(
      kind: kind, batch: batch, deferredLayout: DeferredLayout { shown.layout })
    return StagedBatchUpdate(stages: [stage])
  }
}

extension SectionedStorage {
  /// The index path of `item`, or nil when it is not here. O(b log n): one seek by label,
  /// one by section.
  @inlinable
  func indexPath(of item: Item) -> ListIndexPath? {
    guard let place = place(of: item) else { return nil }
    return indexPath(ofItemAt: place.position, sectionsBefore: place.sections)
  }

  /// The index path of the item whose entry is at `position`. O(b log n): the sections
  /// (the visible entries) before it counted, then the last one's entry found.
  @inlinable
  func indexPath(ofPosition position: Int) -> ListIndexPath {
    indexPath(ofItemAt: position, sectionsBefore: list.tree.visibleRows(before: position))
  }

  /// The index path of the item whose entry is at `position`, after `sections` section
  /// entries (at least one). O(b log n).
  @inlinable
  func indexPath(ofItemAt position: Int, sectionsBefore sections: Int) -> ListIndexPath {
    let sectionPosition = list.tree.position(ofVisibleRow: sections - 1)
    return ListIndexPath(item: position - sectionPosition - 1, section: sections - 1)
  }
}

extension BatchUpdate {
  /// Where a row or section of the layout before a batch is after it, and back: Android
  /// DiffUtil's `convertOldPositionToNew` for a ``BatchUpdate``, computed from the batch
  /// alone.
  ///
  /// A position has no counterpart (the answer is nil) exactly when the batch deletes or
  /// inserts it: a deleted or inserted row, both halves of a reload (the view turns a reload
  /// into a delete at the old position and an insert at the shifted one), and every row of
  /// a deleted, inserted or reloaded section. A moved row or section maps to its
  /// destination; every other one to the place the list view's fill rule gives it (the
  /// survivors keep their relative order and fill the free slots of the new layout, in
  /// order). This is what a list view does with the batch, so the answers agree with the
  /// rows it shows: an adapter uses them to keep the user's place, to carry a selection or a
  /// scroll anchor across an update, or to answer for a cell by its old index path.
  ///
  /// ```swift
  /// let map = batch.positionMap               // O(k log k), once per batch
  /// let anchor = map.newIndexPath(forOld: firstVisible)   // O(log k) per question
  /// ```
  ///
  /// The answers are only meaningful for positions inside the frame asked about (an old
  /// position of the layout before the batch, a new one of the layout after it), and only
  /// for a batch a list view accepts; a negative index answers nil.
  public struct PositionMap: Sendable {
    /// The old sections that do not fill a free slot: deleted, reloaded or moved away.
    @usableFromInline let sectionsLeaving: [Int]
    /// The ascending new sections that are not free slots (inserted, a reload's insert, or a
    /// move destination).
    @usableFromInline let sectionsTaken: [Int]
    /// Old sections deleted or reloaded.
    @usableFromInline let sectionsGone: Set<Int>
    /// New sections inserted or the insert half of a reload.
    @usableFromInline let sectionsFresh: Set<Int>
    @usableFromInline let sectionMoveForward: [Int: Int]
    @usableFromInline let sectionMoveBackward: [Int: Int]
    /// By old section: the ascending item indexes that do not fill a free slot.
    @usableFromInline let itemsLeaving: [Int: [Int]]
    /// By new section: its ascending item indexes that are not free slots.
    @usableFromInline let itemsTaken: [Int: [Int]]
    @usableFromInline let itemsGone: Set<ListIndexPath>
    @usableFromInline let itemsFresh: Set<ListIndexPath>
    @usableFromInline let itemMoveForward: [ListIndexPath: ListIndexPath]
    @usableFromInline let itemMoveBackward: [ListIndexPath: ListIndexPath]

    /// Prepares the map of `batch`.
    ///
    /// - Complexity: O(k log k) for a batch of k entries.
    public init(_ batch: BatchUpdate) {
      let sectionDeletes = Array(Set(batch.deletedSections)).sorted()
      let sectionInserts = Array(Set(batch.insertedSections)).sorted()
      var reloadTargets: [Int: Int] = [:]
      for s in batch.reloadedSections {
        let target = Self.shift(s, deletes: sectionDeletes, inserts: sectionInserts)
        reloadTargets[s] = target
      }
      var forward: [Int: Int] = [:]
      var backward: [Int: Int] = [:]
      for move in batch.movedSections {
        forward[move.source] = move.destination
        backward[move.destination] = move.source
      }
      sectionsGone = Set(batch.deletedSections).union(batch.reloadedSections)
      sectionsFresh = Set(batch.insertedSections).union(reloadTargets.values)
      sectionMoveForward = forward
      sectionMoveBackward = backward
      sectionsLeaving = Array(sectionsGone.union(forward.keys)).sorted()
      sectionsTaken = Array(sectionsFresh.union(backward.keys)).sorted()

      // Items: a reload lands where the view's own shift puts it (deletes, then inserts).
      var deletes: [Int: [Int]] = [:]
      for path in Set(batch.deletedItems) { deletes[path.section, default: []].append(path.item) }
      var inserts: [Int: [Int]] = [:]
      for path in Set(batch.insertedItems) { inserts[path.section, default: []].append(path.item) }
      for key in deletes.keys { deletes[key]?.sort() }
      for key in inserts.keys { inserts[key]?.sort() }
      var fresh = Set(batch.insertedItems)
      for path in batch.reloadedItems {
        let section = Self.shift(path.section, deletes: sectionDeletes, inserts: sectionInserts)
        let item = Self.shift(
          path.item, deletes: deletes[path.section] ?? [], inserts: inserts[section] ?? [])
        fresh.insert(ListIndexPath(item: item, section: section))
      }
      var itemForward: [ListIndexPath: ListIndexPath] = [:]
      var itemBackward: [ListIndexPath: ListIndexPath] = [:]
      for move in batch.movedItems {
        itemForward[move.source] = move.destination
        itemBackward[move.destination] = move.source
      }
      itemsGone = Set(batch.deletedItems).union(batch.reloadedItems)
      itemsFresh = fresh
      itemMoveForward = itemForward
      itemMoveBackward = itemBackward
      var leaving: [Int: [Int]] = [:]
      for path in itemsGone.union(itemForward.keys) {
        leaving[path.section, default: []].append(path.item)
      }
      for key in leaving.keys { leaving[key]?.sort() }
      itemsLeaving = leaving
      var taken: [Int: [Int]] = [:]
      for path in fresh.union(itemBackward.keys) {
        taken[path.section, default: []].append(path.item)
      }
      for key in taken.keys { taken[key]?.sort() }
      itemsTaken = taken
    }

    /// The index after the batch of the section at old index `section`, or nil when the
    /// batch deletes or reloads it.
    ///
    /// - Complexity: O(log k) for a batch of k entries.
    @inlinable
    public func newSection(forOld section: Int) -> Int? {
      guard section >= 0, !sectionsGone.contains(section) else { return nil }
      if let destination = sectionMoveForward[section] { return destination }
      let rank = section - Self.countLess(sectionsLeaving, than: section)
      return Self.slot(rank, skipping: sectionsTaken)
    }

    /// The index before the batch of the section at new index `section`, or nil when the
    /// batch inserts it (or it is the insert half of a reload).
    ///
    /// - Complexity: O(log k) for a batch of k entries.
    @inlinable
    public func oldSection(forNew section: Int) -> Int? {
      guard section >= 0, !sectionsFresh.contains(section) else { return nil }
      if let source = sectionMoveBackward[section] { return source }
      let rank = section - Self.countLess(sectionsTaken, than: section)
      return Self.slot(rank, skipping: sectionsLeaving)
    }

    /// The index path after the batch of the row at old index path `path`, or nil when the
    /// batch deletes or reloads the row or its section.
    ///
    /// - Complexity: O(log k) for a batch of k entries.
    @inlinable
    public func newIndexPath(forOld path: ListIndexPath) -> ListIndexPath? {
      guard path.item >= 0, !itemsGone.contains(path) else { return nil }
      guard let section = newSection(forOld: path.section) else { return nil }
      if let destination = itemMoveForward[path] { return destination }
      let rank = path.item - Self.countLess(itemsLeaving[path.section] ?? [], than: path.item)
      return ListIndexPath(
        item: Self.slot(rank, skipping: itemsTaken[section] ?? []), section: section)
    }

    /// The index path before the batch of the row at new index path `path`, or nil when the
    /// batch inserts the row or its section (a reload's insert included).
    ///
    /// - Complexity: O(log k) for a batch of k entries.
    @inlinable
    public func oldIndexPath(forNew path: ListIndexPath) -> ListIndexPath? {
      guard path.item >= 0, !itemsFresh.contains(path) else { return nil }
      guard let section = oldSection(forNew: path.section) else { return nil }
      if let source = itemMoveBackward[path] { return source }
      let rank = path.item - Self.countLess(itemsTaken[path.section] ?? [], than: path.item)
      return ListIndexPath(
        item: Self.slot(rank, skipping: itemsLeaving[section] ?? []), section: section)
    }

    // MARK: - Free slots

    /// The `rank`-th position (from 0) not in the ascending, distinct `skipped`: the p with
    /// p - (skipped before p) == rank. `skipped[j] - j` is nondecreasing, and p is rank plus
    /// the number of j with `skipped[j] - j <= rank`.
    @inlinable static func slot(_ rank: Int, skipping skipped: [Int]) -> Int {
      var low = 0
      var high = skipped.count
      while low < high {
        let middle = low + (high - low) / 2
        if skipped[middle] - middle <= rank { low = middle + 1 } else { high = middle }
      }
      return rank + low
    }

    /// UIKit's shift of a reload: `index` less the ascending `deletes` before it, then moved
    /// past every one of the ascending `inserts` at or before it.
    @usableFromInline static func shift(_ index: Int, deletes: [Int], inserts: [Int]) -> Int {
      slot(index - countLess(deletes, than: index), skipping: inserts)
    }

    /// The number of elements of the ascending `sorted` less than `value`.
    @inlinable package static func countLess(_ sorted: [Int], than value: Int) -> Int {
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = low + (high - low) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The map of this batch's positions, old to new and back (``PositionMap``). Prepare it
  /// once and ask it many questions.
  ///
  /// - Complexity: O(k log k) for a batch of k entries.
  public var positionMap: PositionMap { PositionMap(self) }

  /// The index path after the batch of the row at old index path `path`, or nil when the
  /// batch deletes or reloads it (or its section): ``PositionMap/newIndexPath(forOld:)``.
  ///
  /// - Complexity: O(k log k) for a batch of k entries (it prepares a ``PositionMap``; keep
  ///   one to ask in O(log k)).
  public func newIndexPath(forOld path: ListIndexPath) -> ListIndexPath? {
    positionMap.newIndexPath(forOld: path)
  }

  /// The index path before the batch of the row at new index path `path`, or nil when the
  /// batch inserts it (or its section): ``PositionMap/oldIndexPath(forNew:)``.
  ///
  /// - Complexity: O(k log k) for a batch of k entries (it prepares a ``PositionMap``; keep
  ///   one to ask in O(log k)).
  public func oldIndexPath(forNew path: ListIndexPath) -> ListIndexPath? {
    positionMap.oldIndexPath(forNew: path)
  }
}

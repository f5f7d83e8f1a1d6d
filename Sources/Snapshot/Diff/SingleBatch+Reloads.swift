// The single batch around reloads: placing marked sections and items so that every reload
// lands where the view will look for it, and deciding each item's fate.

extension DiffMatch {
  /// Chooses the sections the single batch keeps in place when sections are marked for reload
  /// (the choice for the staged form counts every section alike).
  ///
  /// A heaviest increasing subsequence of the common sections' old indexes, weighing:
  /// - an unmarked section `1 << 32`, plus 1 when its items change or hold a reload (off the
  ///   subsequence it could not move, and would be deleted and inserted);
  /// - a marked section 1 when a reload of it would land on its new index, else 0: off the
  ///   subsequence it is deleted and inserted, which moves nothing.
  ///
  /// So the fewest unmarked sections leave their place, then the fewest sections are deleted
  /// and inserted. Whether the reload of a marked section on the subsequence lands does not
  /// depend on which subsequence is chosen: the view shifts it by the section deletes and
  /// inserts, so it lands when as many sections move before it in the old layout as in the
  /// new; the sections on the subsequence before it are the same in both, so that holds when
  /// as many *movable* sections (unmarked, items unchanged, no item reloads) come before it
  /// in the old layout as in the new.
  ///
  /// - Complexity: O(c log c) for c common sections (O(c) when they kept their order).
  @inlinable
  mutating func placeSectionsAroundReloads() {
    var movableBefore = [Int](repeating: 0, count: old.count)
    var movable = 0
    for s in 0..<old.count {
      movableBefore[s] = movable
      let t = oldToNew[s]
      if t >= 0 && !sectionReloadMarked[t] && !changed[s] && !sectionHasItemReload[t] {
        movable += 1
      }
    }
    var keys: [Int] = []
    var weights: [Int] = []
    var common: [Int] = []
    movable = 0
    for t in 0..<new.count where newToOld[t] >= 0 {
      let s = newToOld[t]
      keys.append(s)
      common.append(t)
      if sectionReloadMarked[t] {
        weights.append(movableBefore[s] == movable ? 1 : 0)
      } else {
        let dirty = changed[s] || sectionHasItemReload[t]
        weights.append(1 << 32 | (dirty ? 1 : 0))
        if !dirty { movable += 1 }
      }
    }
    let flags = heaviestIncreasingSubsequence(keys: keys, weights: weights)
    for (k, t) in common.enumerated() { sectionStationary[t] = flags[k] }
  }

  /// Chooses, in each kept section holding items marked for reload, the runs the single batch
  /// keeps in place (the choice for the staged form counts every item alike).
  ///
  /// A heaviest increasing subsequence of the runs' old positions, weighing each run
  /// `u << 32 | l` for its `u` unmarked items (by ``weightOffsets`` when set) and its `l` marked items whose reload would land
  /// on their new row. A marked item off the subsequence is deleted and inserted, which moves
  /// nothing; so the fewest unmarked items move, then the fewest marked ones are deleted and
  /// inserted rather than reloaded.
  ///
  /// Whether the reload of a marked item on the subsequence lands does not depend on which
  /// subsequence is chosen either: the view shifts it by the batch's deletes and inserts, so
  /// it lands when as many moves start before it in its old section as end before it in its
  /// new one (and its section's own shift holds). The items on the subsequence before it are
  /// the same in both, every unmarked item of the section stays or moves, and the items
  /// changing sections are decided by the section fates: so it lands when as many items that
  /// keep their cell (``keepsCell(old:new:fates:)``) come before it in the old section as in
  /// the new.
  ///
  /// - Complexity: one pass over the changed middle of each such section, plus O(r log r) for
  ///   its r runs (O(r) when they kept their order).
  @inlinable
  mutating func placeItemsAroundReloads(fates: [SectionFate], shiftHolds: [Bool]) {
    var oldKeptBefore: [Int] = []
    var newKeptBefore: [Int] = []
    var members: [Int] = []
    var keys: [Int] = []
    var weights: [Int] = []
    for t in 0..<new.count where sectionHasItemReload[t] {
      let s = newToOld[t]
      guard s >= 0, changed[s], fates[t] == .kept else { continue }
      let newBase = newOffsets[t]
      let start = middleStart[s]
      let newStart = prefix[s]
      let reloadsCanLand = shiftHolds[t]
      if reloadsCanLand {
        oldKeptBefore.removeAll(keepingCapacity: true)
        var kept = 0
        for i in start..<middleEnd[s] {
          oldKeptBefore.append(kept)
          let to = oldTarget[oldSlots[s] + i]
          if to >= 0 && keepsCell(old: packPosition(s, i), new: to, fates: fates) { kept += 1 }
        }
        newKeptBefore.removeAll(keepingCapacity: true)
        kept = 0
        for j in newStart..<new[t].items.count - suffix[s] {
          newKeptBefore.append(kept)
          let from = newSource[newSlots[t] + j]
          if from >= 0 && keepsCell(old: from, new: packPosition(t, j), fates: fates) { kept += 1 }
        }
      }
      members.removeAll(keepingCapacity: true)
      keys.removeAll(keepingCapacity: true)
      weights.removeAll(keepingCapacity: true)
      for k in runBounds[t]..<runBounds[t + 1] where runs[k].oldSection == s {
        let run = runs[k]
        var unmarked = 0
        var landing = 0
        for offset in 0..<run.length {
          let j = run.newStart + offset
          if newMark[newBase + j] != Self.reloadMark {
            unmarked += weightOffsets.isEmpty ? 1 : itemWeight(newBase + j)
          } else if reloadsCanLand
            && oldKeptBefore[run.oldStart + offset - start] == newKeptBefore[j - newStart]
          {
            landing += 1
          }
        }
        members.append(k)
        keys.append(run.oldStart)
        weights.append(unmarked << 32 | landing)
      }
      let flags = heaviestIncreasingSubsequence(keys: keys, weights: weights)
      for (position, k) in members.enumerated() { runStationary[k] = flags[position] }
    }
  }

  /// Whether an item present in both layouts keeps its cell in the single batch (stays or
  /// moves) rather than getting a fresh one: it is not marked for reload, and, if it changes
  /// sections, the move is one the batch can express.
  ///
  /// - Complexity: O(1).
  @inlinable
  func keepsCell(old from: Int, new to: Int, fates: [SectionFate]) -> Bool {
    let newSection = packedSection(to)
    if newMark[newOffsets[newSection] + packedIndex(to)] == Self.reloadMark { return false }
    if newToOld[newSection] == packedSection(from) { return true }
    return pairFate(old: from, new: to, isReload: false, isMover: true, sectionFates: fates).move
  }

  /// What the single batch does with an item at packed `old` and packed `new` positions.
  ///
  /// - Complexity: O(1).
  @inlinable
  func pairFate(
    old from: Int,
    new to: Int,
    isReload: Bool,
    isMover: Bool,
    sectionFates fates: [SectionFate]
  ) -> PairFate {
    var fate = PairFate()
    let oldSection = packedSection(from)
    let newSection = packedSection(to)
    let oldSectionNew = oldToNew[oldSection]
    let oldKept = oldSectionNew >= 0 && fates[oldSectionNew] == .kept
    let newKept = newToOld[newSection] >= 0 && fates[newSection] == .kept
    if !oldKept || !newKept {
      fate.delete = oldKept
      fate.insert = newKept
      return fate
    }
    if oldSectionNew != newSection {
      // UIKit counts a move in or out of a section only when the raw section numbers of its
      // two ends differ.
      if oldSection == newSection || isReload {
        fate.delete = true
        fate.insert = true
      } else {
        fate.move = true
      }
    } else if isMover {
      if isReload {
        fate.delete = true
        fate.insert = true
      } else {
        fate.move = true
      }
    } else if isReload {
      fate.reload = true
    }
    return fate
  }
}

/// Checks whether the view puts a reloaded item back where it belongs.
///
/// The view turns a reload at old `(s, i)` into a delete there and an insert at `(s', i')`,
/// shifted by the batch's deletes and inserts but not by its moves. For an item that does not
/// move, in a section whose own shift holds, that lands on the item's new position exactly
/// when as many moves end before it in its new section as start before it in its old section
/// (counted by raw section numbers).
@usableFromInline
struct ReloadShiftCheck {
  @usableFromInline let destinations: [ListIndexPath]
  @usableFromInline var sources: [ListIndexPath]?
  @usableFromInline let moves: [BatchUpdate.ItemMove]

  @inlinable
  init(moves: [BatchUpdate.ItemMove]) {
    self.moves = moves
    self.destinations = moves.map(\.destination)
    self.sources = nil
  }

  /// - Complexity: O(log k) for k moves, after an O(k log k) sort on first use.
  @inlinable
  mutating func holds(from oldPath: ListIndexPath, to newPath: ListIndexPath) -> Bool {
    if moves.isEmpty { return true }
    if sources == nil { sources = moves.map(\.source).sorted() }
    let before = Self.count(in: sources!, section: oldPath.section, below: oldPath.item)
    let after = Self.count(in: destinations, section: newPath.section, below: newPath.item)
    return before == after
  }

  /// The number of sorted paths in `section` with an item below `item`.
  @inlinable
  static func count(in paths: [ListIndexPath], section: Int, below item: Int) -> Int {
    lowerBound(paths, ListIndexPath(item: item, section: section))
      - lowerBound(paths, ListIndexPath(item: 0, section: section))
  }

  @inlinable
  static func lowerBound(_ paths: [ListIndexPath], _ path: ListIndexPath) -> Int {
    var low = 0
    var high = paths.count
    while low < high {
      let middle = (low + high) / 2
      if paths[middle] < path { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension DiffMatch {
  /// What the single batch does with a section present in both layouts.
  @usableFromInline
  enum SectionFate {
    /// Stays in place; its items get item operations.
    case kept
    /// Moves, with its items unchanged: no item operations inside it.
    case moved
    /// Stays in place and is reloaded: its items are rebuilt with it.
    case reloaded
    /// Deleted and inserted again: a moved section whose contents change, or a reload the
    /// view would misplace.
    case replaced
  }

  /// What the single batch does with an item present in both layouts.
  @usableFromInline
  struct PairFate {
    @usableFromInline var delete = false
    @usableFromInline var insert = false
    @usableFromInline var move = false
    @usableFromInline var reload = false

    @inlinable
    init() {}
  }

  /// The one batch that turns the old layout into the new one, valid under every rule of the
  /// list-view contract.
  ///
  /// Changes the view cannot take in one batch are rewritten:
  /// - a moved section whose items change (or which is reloaded, or holds reloaded items) is
  ///   deleted and inserted;
  /// - a reloaded section or item whose index the view would shift onto another position
  ///   (the view shifts reloads by the batch's deletes and inserts, not by its moves) is
  ///   deleted and inserted;
  /// - a reloaded item that moves is deleted and inserted;
  /// - an item moving from old section `a` into new section `b` with `a == b` as raw numbers
  ///   (the view would not count it as leaving or entering) is deleted and inserted, as is an
  ///   item moving out of a deleted, reloaded or replaced section or into one.
  ///
  /// Without reload marks, the batch keeps in place the sections and runs the staged form
  /// keeps (a heaviest increasing subsequence, by count). With reload marks it chooses its own
  /// (``placeSectionsAroundReloads()``, ``placeItemsAroundReloads(fates:shiftHolds:)``): a
  /// marked entry gets a fresh cell either way, so it weighs nothing against the unmarked
  /// entries that would otherwise move, and only breaks ties where it can stay a reload.
  ///
  /// - Complexity: O(n + m) over the matched layouts, plus O(k log k) for k moves and marks
  ///   when reloads need their shifted positions checked; with reload marks, O(c log c) more
  ///   for c common sections when sections are marked, and, in the sections holding marked
  ///   items, one pass over their changed middles plus O(r log r) for their r runs.
  @inlinable
  func singleBatch() -> BatchUpdate {
    let sectionReloads = sectionReloadMarked.contains(true)
    let itemReloads = sectionHasItemReload.contains(true)
    guard sectionReloads || itemReloads else {
      let (fates, shiftHolds) = sectionFates()
      return emitSingleBatch(fates: fates, sectionShiftHolds: shiftHolds)
    }
    var placed = self
    if sectionReloads { placed.placeSectionsAroundReloads() }
    let (fates, shiftHolds) = placed.sectionFates()
    if itemReloads { placed.placeItemsAroundReloads(fates: fates, shiftHolds: shiftHolds) }
    return placed.emitSingleBatch(fates: fates, sectionShiftHolds: shiftHolds)
  }

  /// The single batch, once the sections and runs that keep their place are chosen.
  ///
  /// - Complexity: O(n + m) over the matched layouts, plus O(k log k) for k moves and marks
  ///   when reloads need their shifted positions checked.
  @inlinable
  func emitSingleBatch(fates: [SectionFate], sectionShiftHolds: [Bool]) -> BatchUpdate {
    var batch = BatchUpdate()

    // Sections.
    for s in 0..<old.count {
      let t = oldToNew[s]
      if t < 0 || fates[t] == .replaced {
        batch.deletedSections.append(s)
      } else if fates[t] == .reloaded {
        batch.reloadedSections.append(s)
      }
    }
    for t in 0..<new.count {
      let s = newToOld[t]
      if s < 0 || fates[t] == .replaced {
        batch.insertedSections.append(t)
      } else if fates[t] == .moved {
        batch.movedSections.append(BatchUpdate.SectionMove(from: s, to: t))
      }
    }

    // Item moves, by destination.
    let hasMarks = !newMark.isEmpty
    for t in 0..<new.count where newToOld[t] >= 0 && fates[t] == .kept {
      let s = newToOld[t]
      let base = newOffsets[t]
      for k in runBounds[t]..<runBounds[t + 1] where runs[k].oldSection != s || !runStationary[k] {
        let run = runs[k]
        for offset in 0..<run.length {
          let j = run.newStart + offset
          let from = packPosition(run.oldSection, run.oldStart + offset)
          let isReload = hasMarks && newMark[base + j] == Self.reloadMark
          let fate = pairFate(
            old: from, new: packPosition(t, j), isReload: isReload, isMover: true,
            sectionFates: fates)
          if fate.move {
            batch.movedItems.append(
              BatchUpdate.ItemMove(
                from: ListIndexPath(item: run.oldStart + offset, section: run.oldSection),
                to: ListIndexPath(item: j, section: t)))
          }
        }
      }
    }

    // Item deletes, by old position (reloaded items are handled with the marks).
    for s in 0..<old.count {
      let t = oldToNew[s]
      guard t >= 0, fates[t] == .kept, changed[s] else { continue }
      for i in middleStart[s]..<middleEnd[s] {
        let to = oldTarget[oldSlots[s] + i]
        if to < 0 {
          batch.deletedItems.append(ListIndexPath(item: i, section: s))
          continue
        }
        let toSection = packedSection(to)
        if toSection == t && !hasMarks { continue }  // stays in its section: no delete
        if hasMarks && newMark[newOffsets[toSection] + packedIndex(to)] == Self.reloadMark {
          continue
        }
        let fate = pairFate(
          old: packPosition(s, i), new: to, isReload: false, isMover: false, sectionFates: fates)
        if fate.delete { batch.deletedItems.append(ListIndexPath(item: i, section: s)) }
      }
    }

    // Item inserts, by new position (reloaded items are handled with the marks).
    for t in 0..<new.count {
      let s = newToOld[t]
      guard s >= 0, fates[t] == .kept, changed[s] else { continue }
      let base = newOffsets[t]
      let slots = newSlots[t]
      for j in prefix[s]..<new[t].items.count - suffix[s] {
        let from = newSource[slots + j]
        if from < 0 {
          batch.insertedItems.append(ListIndexPath(item: j, section: t))
          continue
        }
        if packedSection(from) == s && !hasMarks { continue }  // stays in its section
        if hasMarks && newMark[base + j] == Self.reloadMark { continue }
        let fate = pairFate(
          old: from, new: packPosition(t, j), isReload: false, isMover: false,
          sectionFates: fates)
        if fate.insert { batch.insertedItems.append(ListIndexPath(item: j, section: t)) }
      }
    }

    // Marked items.
    if !marked.isEmpty {
      var shifts = ReloadShiftCheck(moves: batch.movedItems)
      var addedDeletes = false
      var addedInserts = false
      for mark in marked {
        let oldPath = ListIndexPath(item: packedIndex(mark.old), section: packedSection(mark.old))
        let newPath = ListIndexPath(item: packedIndex(mark.new), section: packedSection(mark.new))
        let newSection = packedSection(mark.new)
        if !mark.isReload {
          // A reconfigure is addressed in the final layout: fine wherever the item keeps its
          // cell (it stays, moves, or sits in a moved section).
          let fate = pairFate(
            old: mark.old, new: mark.new, isReload: false,
            isMover: isMover(newSection, packedIndex(mark.new)), sectionFates: fates)
          let keepsCell =
            fate.move || (!fate.delete && !fate.insert && fates[newSection] == .kept)
            || (fates[newSection] == .moved && oldToNew[packedSection(mark.old)] == newSection)
          if keepsCell { batch.reconfiguredItems.append(newPath) }
          continue
        }
        var fate = pairFate(
          old: mark.old, new: mark.new, isReload: true,
          isMover: isMover(newSection, packedIndex(mark.new)), sectionFates: fates)
        if fate.reload
          && !(sectionShiftHolds[newSection] && shifts.holds(from: oldPath, to: newPath))
        {
          fate.reload = false
          fate.delete = true
          fate.insert = true
        }
        if fate.reload { batch.reloadedItems.append(oldPath) }
        if fate.delete {
          batch.deletedItems.append(oldPath)
          addedDeletes = true
        }
        if fate.insert {
          batch.insertedItems.append(newPath)
          addedInserts = true
        }
      }
      if addedDeletes { batch.deletedItems.sort() }
      if addedInserts { batch.insertedItems.sort() }
      batch.reloadedItems.sort()
      batch.reconfiguredItems.sort()
    }
    return batch
  }

  /// Decides each section present in both layouts, by new index (other entries unused), and
  /// whether the view's shift of the section's index (by section deletes and inserts, not by
  /// moves) lands on its new index: true when as many kept section moves end before it as
  /// start before it. Reloads inside a section need that to hold.
  ///
  /// - Complexity: O(sections).
  @inlinable
  func sectionFates() -> (fates: [SectionFate], shiftHolds: [Bool]) {
    var fates = [SectionFate](repeating: .kept, count: new.count)
    for t in 0..<new.count {
      let s = newToOld[t]
      guard s >= 0, !sectionStationary[t] else { continue }
      let dirty = changed[s] || sectionReloadMarked[t] || sectionHasItemReload[t]
      fates[t] = dirty ? .replaced : .moved
    }
    var movedOutBefore = [Int](repeating: 0, count: old.count + 1)
    for s in 0..<old.count {
      let t = oldToNew[s]
      movedOutBefore[s + 1] = movedOutBefore[s] + (t >= 0 && fates[t] == .moved ? 1 : 0)
    }
    var shiftHolds = [Bool](repeating: false, count: new.count)
    var movedInBefore = 0
    for t in 0..<new.count {
      let s = newToOld[t]
      guard s >= 0 else { continue }
      if fates[t] == .moved {
        movedInBefore += 1
        continue
      }
      shiftHolds[t] = movedInBefore == movedOutBefore[s]
      if sectionReloadMarked[t] && fates[t] == .kept {
        fates[t] = shiftHolds[t] ? .reloaded : .replaced
      }
    }
    return (fates, shiftHolds)
  }
}

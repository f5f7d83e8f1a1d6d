extension DiffMatch {
  /// The staged form: every move between sections present in both layouts kept as a move,
  /// every reload as a reload, in up to five batches each valid on its own (see
  /// ``StagedBatchUpdate``). Items moving into inserted or out of deleted sections are
  /// deleted (stage 2) and inserted (stage 4).
  ///
  /// - Complexity: O(n + m) beyond the matching, plus O(k log k) for k marks; each stage's
  ///   layout is built once (O(n + m) copies of identifiers).
  @inlinable
  func stagedBatches() -> StagedBatchUpdate<SectionID, ItemID> {
    var stages: [StagedBatchUpdate<SectionID, ItemID>.Stage] = []

    // 1. Item reloads and reconfigures, in the old layout (a section reloaded at the end
    //    refreshes its items anyway).
    var updates = BatchUpdate()
    for mark in marked where !sectionReloadMarked[packedSection(mark.new)] {
      let path = ListIndexPath(item: packedIndex(mark.old), section: packedSection(mark.old))
      if mark.isReload {
        updates.reloadedItems.append(path)
      } else {
        updates.reconfiguredItems.append(path)
      }
    }
    if !updates.isEmpty {
      updates.reloadedItems.sort()
      updates.reconfiguredItems.sort()
      stages.append(.init(kind: .itemUpdates, batch: updates, layout: old))
    }

    // 2. Deletes: sections that go, items that go or land in an inserted section. Records
    //    where each surviving old item sits afterwards.
    var deletes = BatchUpdate()
    // By old slot (as `oldTarget`): matched items lie in the old middles.
    var survivorIndex = [Int](repeating: -1, count: oldTarget.count)
    var afterDeletes: [Section] = []
    var afterDeletesIndex = [Int](repeating: -1, count: old.count)
    for s in 0..<old.count {
      guard oldToNew[s] >= 0 else {
        deletes.deletedSections.append(s)
        continue
      }
      afterDeletesIndex[s] = afterDeletes.count
      guard changed[s] else {
        afterDeletes.append(old[s])
        continue
      }
      let items = old[s].items
      var kept = Array(items[..<middleStart[s]])
      let slots = oldSlots[s]
      for i in middleStart[s]..<middleEnd[s] {
        let to = oldTarget[slots + i]
        if to < 0 || newToOld[packedSection(to)] < 0 {
          deletes.deletedItems.append(ListIndexPath(item: i, section: s))
        } else {
          survivorIndex[slots + i] = kept.count
          kept.append(items[i])
        }
      }
      kept.append(contentsOf: items[middleEnd[s]...])
      afterDeletes.append(Section(old[s].id, items: kept))
    }
    if !deletes.isEmpty {
      stages.append(.init(kind: .deletes, batch: deletes, layout: afterDeletes))
    }

    // 3. Section inserts and moves; common sections keep their post-delete items.
    var sectionChanges = BatchUpdate()
    var afterSections: [Section] = []
    afterSections.reserveCapacity(new.count)
    for t in 0..<new.count {
      let s = newToOld[t]
      if s < 0 {
        sectionChanges.insertedSections.append(t)
        afterSections.append(new[t])
      } else {
        if !sectionStationary[t] {
          sectionChanges.movedSections.append(
            BatchUpdate.SectionMove(from: afterDeletesIndex[s], to: t))
        }
        afterSections.append(afterDeletes[afterDeletesIndex[s]])
      }
    }
    if !sectionChanges.isEmpty {
      stages.append(
        .init(kind: .sectionInsertsAndMoves, batch: sectionChanges, layout: afterSections))
    }

    // 4. Item inserts and moves: every section now sits at its final index in both frames,
    //    so moves across sections are counted right.
    var itemChanges = BatchUpdate()
    for t in 0..<new.count {
      let s = newToOld[t]
      guard s >= 0, changed[s] else { continue }
      let slots = newSlots[t]
      var k = runBounds[t]
      for j in prefix[s]..<new[t].items.count - suffix[s] {
        let from = newSource[slots + j]
        let fromSection = from < 0 ? -1 : packedSection(from)
        if from < 0 || oldToNew[fromSection] < 0 {
          itemChanges.insertedItems.append(ListIndexPath(item: j, section: t))
          continue
        }
        while runs[k].newStart + runs[k].length <= j { k += 1 }
        guard fromSection != s || !runStationary[k] else { continue }
        let sourceIndex = survivorIndex[oldSlots[fromSection] + packedIndex(from)]
        itemChanges.movedItems.append(
          BatchUpdate.ItemMove(
            from: ListIndexPath(item: sourceIndex, section: oldToNew[fromSection]),
            to: ListIndexPath(item: j, section: t)))
      }
    }
    if !itemChanges.isEmpty {
      stages.append(.init(kind: .itemInsertsAndMoves, batch: itemChanges, layout: new))
    }

    // 5. Section reloads, in the new layout.
    var reloads = BatchUpdate()
    for t in 0..<new.count where sectionReloadMarked[t] { reloads.reloadedSections.append(t) }
    if !reloads.isEmpty {
      stages.append(.init(kind: .sectionReloads, batch: reloads, layout: new))
    }
    return StagedBatchUpdate(stages: stages)
  }
}

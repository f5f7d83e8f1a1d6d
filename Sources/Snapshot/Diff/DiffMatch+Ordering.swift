// Matching two layouts, the second half: locating the marks, and ordering sections and the
// runs of items so that the fewest of them move.

extension DiffMatch {
  /// Reads a table entry; an absent one becomes `newOnly`.
  @inlinable
  static func claim(_ value: inout Int) -> Int {
    let found = value
    if found == absent { value = newOnly }
    return found
  }

  /// The packed old position of new item `index` of new section `section`, or -1.
  ///
  /// - Complexity: O(1).
  @inlinable
  func source(_ section: Int, _ index: Int) -> Int {
    let s = newToOld[section]
    if s >= 0 {
      if !changed[s] || index < prefix[s] { return packPosition(s, index) }
      let newCount = new[section].items.count
      if index >= newCount - suffix[s] {
        return packPosition(s, index - newCount + old[s].items.count)
      }
    }
    return newSource[newSlots[section] + index]
  }

  /// Records the marks that fall on sections and items present in both layouts.
  ///
  /// - Complexity: O(1) without marks; with item marks, one probe of the mark table per new
  ///   item in a section present in both layouts.
  @inlinable
  mutating func locateMarks(
    _ marks: DiffMarks<SectionID, ItemID>,
    oldSectionIndex: [SectionID: Int]
  ) {
    for id in marks.reloadedSections {
      // The table is empty when the sections were matched by position (at most 8 of them).
      let s = oldSectionIndex.isEmpty ? old.firstIndex { $0.id == id } : oldSectionIndex[id]
      if let s, oldToNew[s] >= 0 { sectionReloadMarked[oldToNew[s]] = true }
    }
    if marks.reloadedItems.isEmpty && marks.reconfiguredItems.isEmpty { return }
    var kinds = [ItemID: UInt8](
      minimumCapacity: marks.reloadedItems.count + marks.reconfiguredItems.count)
    for item in marks.reconfiguredItems { kinds[item] = Self.reconfigureMark }
    for item in marks.reloadedItems { kinds[item] = Self.reloadMark }
    newMark = [UInt8](repeating: 0, count: newOffsets[new.count])
    for t in 0..<new.count where newToOld[t] >= 0 {
      for (j, item) in new[t].items.enumerated() {
        guard let kind = kinds[item] else { continue }
        let from = source(t, j)
        guard from >= 0, oldToNew[packedSection(from)] >= 0 else { continue }
        newMark[newOffsets[t] + j] = kind
        marked.append(
          MarkedItem(old: from, new: packPosition(t, j), isReload: kind == Self.reloadMark))
        if kind == Self.reloadMark { sectionHasItemReload[t] = true }
      }
    }
  }

  /// Chooses the sections that stay in place: a heaviest increasing subsequence of the old
  /// indexes of the sections present in both, preferring, among the longest, those whose
  /// contents change (a moved section cannot carry item changes in the same batch). The
  /// staged form keeps this choice; so does the single batch, unless sections are marked for
  /// reload (``placeSectionsAroundReloads()``).
  ///
  /// - Complexity: O(c) when the sections kept their order, else O(c log c), for c common
  ///   sections.
  @inlinable
  mutating func orderSections() {
    var keys: [Int] = []
    var weights: [Int] = []
    var common: [Int] = []
    for t in 0..<new.count where newToOld[t] >= 0 {
      let s = newToOld[t]
      keys.append(s)
      let dirty = changed[s] || sectionReloadMarked[t] || sectionHasItemReload[t]
      weights.append(1 << 32 | (dirty ? 1 : 0))
      common.append(t)
    }
    let flags = heaviestIncreasingSubsequence(keys: keys, weights: weights)
    sectionStationary = [Bool](repeating: false, count: new.count)
    for (k, t) in common.enumerated() { sectionStationary[t] = flags[k] }
  }

  /// Chooses, in each changed section, the runs that stay in place: a heaviest increasing
  /// subsequence of their old positions weighted by length (by ``weightOffsets`` when set),
  /// so that the fewest items move.
  /// The staged form keeps this choice; so does the single batch, except in sections holding
  /// items marked for reload (``placeItemsAroundReloads(fates:shiftHolds:)``).
  ///
  /// - Complexity: O(r) for r runs that kept their order, O(r log r) otherwise.
  @inlinable
  mutating func orderItems() {
    runStationary = [Bool](repeating: false, count: runs.count)
    var members: [Int] = []
    var keys: [Int] = []
    var weights: [Int] = []
    for t in 0..<new.count {
      let s = newToOld[t]
      guard s >= 0, changed[s] else { continue }
      members.removeAll(keepingCapacity: true)
      keys.removeAll(keepingCapacity: true)
      weights.removeAll(keepingCapacity: true)
      for k in runBounds[t]..<runBounds[t + 1] where runs[k].oldSection == s {
        members.append(k)
        keys.append(runs[k].oldStart)
        weights.append(weightOffsets.isEmpty ? runs[k].length : weight(of: runs[k], in: t))
      }
      let flags = heaviestIncreasingSubsequence(keys: keys, weights: weights)
      for (position, k) in members.enumerated() { runStationary[k] = flags[position] }
    }
  }

  /// Whether the new item at `index` of new section `section` moves relative to its old
  /// section's other items (true as well for an item that changes sections).
  ///
  /// - Complexity: O(log r) for the r runs of the section.
  @inlinable
  func isMover(_ section: Int, _ index: Int) -> Bool {
    let s = newToOld[section]
    if s < 0 { return true }
    if !changed[s] || index < prefix[s] || index >= new[section].items.count - suffix[s] {
      return false
    }
    var low = runBounds[section]
    var high = runBounds[section + 1]
    while high - low > 1 {
      let middle = (low + high) / 2
      if runs[middle].newStart <= index { low = middle } else { high = middle }
    }
    return !runStationary[low]
  }
}

import Snapshot

// The counts and the placement: the section and item counts, the place every kept section
// and item takes (rule 2) with its identity checked against the new layout, and the
// reconfigures.

extension BatchSimulation {
  func checkSectionCount() throws(BatchRules.Violation) {
    let expected = old.count + freshSectionIndexes.count - goneSections.count
    guard expected == new.count else {
      throw invalid(
        .sectionCount,
        "invalid number of sections. The number of sections contained in the collection view "
          + "after the update (\(new.count)) must be equal to the number of sections contained "
          + "in the collection view before the update (\(old.count)), plus or minus the number "
          + "of sections inserted or deleted (\(freshSectionIndexes.count) inserted, "
          + "\(goneSections.count) deleted).")
    }
  }

  /// Rule 2 for sections: moved ones take their destinations, fresh ones their indexes, the
  /// others keep their order in the free slots; then identities.
  mutating func placeSections() throws(BatchRules.Violation) {
    sectionOrigin = [Int?](repeating: nil, count: new.count)
    for move in batch.movedSections { sectionOrigin[move.destination] = move.source }
    var survivors = old.indices.filter {
      !goneSections.contains($0) && !sectionSources.contains($0)
    }[...]
    // The section count holds, so there are exactly as many survivors as free slots.
    for t in new.indices
    where !freshSectionIndexes.contains(t) && !sectionDestinations.contains(t) {
      sectionOrigin[t] = survivors.popFirst()
    }
    var carriedSections = Set<S>()
    for t in new.indices {
      guard let s = sectionOrigin[t] else { continue }
      guard new[t].id == old[s].id else {
        throw invalid(
          .sectionIdentity,
          "section \(t) after the update shows section \(s) from before the update "
            + "(\(old[s].id)), but the new layout has \(new[t].id) there")
      }
      carriedSections.insert(old[s].id)
    }
    for t in freshSectionIndexes.sorted() {
      if carriedSections.contains(new[t].id) {
        throw invalid(
          .sectionIdentity,
          "inserted section \(t) holds \(new[t].id), which is carried over from before the "
            + "update")
      }
      if let s = reloadedSectionTargets[t], new[t].id != old[s].id {
        throw invalid(
          .sectionIdentity,
          "the reload of section \(s) (\(old[s].id)) lands at section \(t), which holds "
            + "\(new[t].id)")
      }
      outcome.freshSections.insert(new[t].id)
    }
    outcome.movedSections = Set(batch.movedSections.map { old[$0.source].id })
  }

  /// The item count of every continuing section, the way UIKit counts: a move counts as in or
  /// out only when the raw numbers of its source and destination sections differ.
  func checkItemCounts() throws(BatchRules.Violation) {
    var insertedInto: [Int: Int] = [:]
    for path in freshItemPaths { insertedInto[path.section, default: 0] += 1 }
    var deletedFrom: [Int: Int] = [:]
    for path in goneItems { deletedFrom[path.section, default: 0] += 1 }
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    for move in batch.movedItems where move.source.section != move.destination.section {
      movedIn[move.destination.section, default: 0] += 1
      movedOut[move.source.section, default: 0] += 1
    }
    for t in new.indices {
      guard let s = sectionOrigin[t] else { continue }
      let inserted = insertedInto[t, default: 0]
      let deleted = deletedFrom[s, default: 0]
      let into = movedIn[t, default: 0]
      let outOf = movedOut[s, default: 0]
      let before = old[s].items.count
      let after = new[t].items.count
      guard before + inserted + into - deleted - outOf == after else {
        throw invalid(
          .itemCount,
          "invalid number of items in section \(t). The number of items contained in an "
            + "existing section after the update (\(after)) must be equal to the number of "
            + "items contained in that section before the update (\(before)), plus or minus the "
            + "number of items inserted or deleted from that section (\(inserted) inserted, "
            + "\(deleted) deleted) and plus or minus the number of items moved into or out of "
            + "that section (\(into) moved in, \(outOf) moved out).")
      }
    }
  }

  /// Rule 2 for items, section by section, then identities.
  // swiftlint:disable:next function_body_length cyclomatic_complexity
  mutating func placeItems() throws(BatchRules.Violation) {
    // Carried-over items: those of surviving sections that are not deleted or reloaded.
    var carriedItems = Set<I>()
    for s in old.indices where !goneSections.contains(s) {
      for (i, item) in old[s].items.enumerated()
      where !goneItems.contains(ListIndexPath(item: i, section: s)) {
        carriedItems.insert(item)
      }
    }
    var movesInto: [Int: [BatchUpdate.ItemMove]] = [:]
    for move in batch.movedItems { movesInto[move.destination.section, default: []].append(move) }

    for t in new.indices {
      let items = new[t].items
      guard let s = sectionOrigin[t] else {
        for item in items {
          if carriedItems.contains(item) {
            throw invalid(
              .itemIdentity,
              "item \(item) in section \(t), which is inserted or reloaded, is carried over "
                + "from before the update")
          }
          outcome.freshItems.insert(item)
        }
        continue
      }
      var origin = [I?](repeating: nil, count: items.count)
      var filled = [Bool](repeating: false, count: items.count)
      for j in items.indices where freshItemPaths.contains(ListIndexPath(item: j, section: t)) {
        filled[j] = true
      }
      for move in movesInto[t, default: []] {
        origin[move.destination.item] = old[move.source.section].items[move.source.item]
        filled[move.destination.item] = true
      }
      var stayers = old[s].items.enumerated().filter {
        let path = ListIndexPath(item: $0.offset, section: s)
        return !goneItems.contains(path) && !itemSources.contains(path)
      }.map(\.element)[...]
      for j in items.indices where !filled[j] {
        guard let item = stayers.popFirst() else {
          throw invalid(
            .itemIdentity,
            "section \(t) after the update has more slots than items: no surviving item of "
              + "section \(s) is left for index path \(ListIndexPath(item: j, section: t))")
        }
        origin[j] = item
      }
      if !stayers.isEmpty {
        throw invalid(
          .itemIdentity,
          "section \(t) after the update has no slot left for \(stayers.count) surviving items "
            + "of section \(s)")
      }
      for j in items.indices {
        let path = ListIndexPath(item: j, section: t)
        if let item = origin[j] {
          guard item == items[j] else {
            throw invalid(
              .itemIdentity,
              "index path \(path) after the update shows \(item), but the new layout has "
                + "\(items[j]) there")
          }
        } else {
          if carriedItems.contains(items[j]) {
            throw invalid(
              .itemIdentity,
              "inserted index path \(path) holds \(items[j]), which is carried over from "
                + "before the update")
          }
          if let from = reloadedItemTargets[path] {
            let reloadedItem = old[from.section].items[from.item]
            if reloadedItem != items[j] {
              throw invalid(
                .itemIdentity,
                "the reload of index path \(from) (\(reloadedItem)) lands at \(path), which "
                  + "holds \(items[j])")
            }
          }
          outcome.freshItems.insert(items[j])
        }
      }
    }
    outcome.movedItems = Set(batch.movedItems.map { old[$0.source.section].items[$0.source.item] })
  }

  /// Reconfigures, in the final layout: only cells that were kept.
  mutating func checkReconfigures() throws(BatchRules.Violation) {
    for path in batch.reconfiguredItems {
      let item = new[path.section].items[path.item]
      if outcome.freshItems.contains(item) {
        throw invalid(
          .reconfigureOfFreshItem,
          "attempt to reconfigure index path \(path) (\(item)), which gets a fresh cell in "
            + "this update (inserted, reloaded, or in an inserted or reloaded section)")
      }
      outcome.reconfiguredItems.insert(item)
    }
  }
}

// The diff front end: the alike ends found by walking both trees together (shared subtrees
// skipped by identity, the rest compared span by span), the middle handed to the engine.

import Snapshot

extension Tree {
  /// The entries from `start` for `count`, read leaf by leaf.
  func items(from start: Int, count: Int) -> [Item] {
    var result: [Item] = []
    result.reserveCapacity(count)
    var position = start
    while position < start + count {
      let (leaf, offset, _) = seek(position: position)
      let n = min(leaf.count - offset, start + count - position)
      result.append(contentsOf: UnsafeBufferPointer(start: leaf.items + offset, count: n))
      position += n
    }
    return result
  }

  /// The alike prefix and suffix of two trees, and their two middles.
  func middles(from old: Tree) -> (prefix: Int, old: [Item], new: [Item]) {
    if root.object === old.root.object && rootTag == old.rootTag { return (count, [], []) }
    let limit = min(count, old.count)
    let prefix = alikeEntries(old, self, forward: true, limit: limit)
    let suffix = alikeEntries(old, self, forward: false, limit: limit - prefix)
    return (
      prefix, old.items(from: prefix, count: old.count - prefix - suffix),
      items(from: prefix, count: count - prefix - suffix)
    )
  }
}

extension ProtoSectioned {
  /// The number of changes of the batch from `old` to this snapshot (sections, items,
  /// marks): what the bench compares with main's `changeCount`.
  package func changeCount(from old: ProtoSectioned) -> Int {
    var changes = 0
    if sections != old.sections {
      let batch = try? BatchUpdate(
        from: old.sections.map { LayoutSection($0, items: [ID]()) },
        to: sections.map { LayoutSection($0, items: [ID]()) })
      changes += (batch?.insertedSections.count ?? 0) + (batch?.deletedSections.count ?? 0)
    }
    let (_, before, after) = tree.middles(from: old.tree)
    if !before.isEmpty || !after.isEmpty {
      let section = sections[0]
      let batch = try? BatchUpdate(
        from: [LayoutSection(section, items: before)], to: [LayoutSection(section, items: after)])
      changes +=
        (batch?.insertedItems.count ?? 0) + (batch?.deletedItems.count ?? 0)
        + (batch?.moveCount ?? 0)
    }
    changes += newMarks(reloads, old.reloads) + newMarks(reconfigures, old.reconfigures)
    return changes
  }

  /// The marks of `marks` not in `old`, each found by label: O(m log n).
  func newMarks(_ marks: [UInt64], _ old: [UInt64]) -> Int {
    var found = 0
    for label in marks where !old.contains(label) {
      if tree.seek(label: label) != nil { found += 1 }
    }
    return found
  }
}

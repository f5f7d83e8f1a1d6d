// A whole apply of a snapshot made from the data source's own rows (`snapshot()`, then edits):
// the two are related, so the diff costs what the edits changed, and sections that are plain
// lists take the same edits. The same for a snapshot built apart from arrays after the rows
// were, which is diffed as those arrays.

extension DiffableDataSource {
  /// The rows snapshot, if it still shows what the data source shows. O(1). (`package` for
  /// the property tests' support target, which counts the applies diffed as related.)
  @inlinable package var currentRows: Snapshot? {
    rowsRevision == revision ? rows : nil
  }

  /// Shows `snapshot`, made from `current` (the rows shown now) by edits, in one batch, when
  /// it keeps the same sections in the same order and every section whose items change is a
  /// plain list (``SectionState/isPlainList``): the batch comes from the diff of related
  /// snapshots (or, for two snapshots built apart that keep the arrays they were built from,
  /// from the diff of those arrays), and each changed section takes the batch's edits.
  /// Returns false, having changed nothing, when the snapshot is not such a one, or when it
  /// inserts an item that a section holds hidden (below a collapsed parent, or folded).
  ///
  /// - Complexity: O(k b log n) for k edits between the two, plus O(s log n) per inserted
  ///   item for s sections, plus the items of each reloaded section (compared); for two
  ///   snapshots that keep their arrays, the diff of the arrays instead of O(k b log n).
  @inlinable func applyRelated(
    _ snapshot: Snapshot, to current: Snapshot, animatingDifferences: Bool
  ) -> Bool {
    guard updateStyle == .singleBatch, snapshot.numberOfSections == sections.count else {
      return false
    }
    let batch: BatchUpdate
    let unshared = snapshot.relatedLeaves(from: current)
    if let unshared, let change = snapshot.narrowChange(from: current, unshared: unshared) {
      // The section count is the same, so a narrow change keeps every section.
      batch = change.batch
    } else if let (old, new) = snapshot.compressedLayouts(from: current, unshared: unshared) {
      for (index, section) in new.enumerated() where section.id != sections[index].id {
        return false
      }
      batch = BatchUpdate(compressedFrom: old, to: new, marks: snapshot.marks)
    } else if let built = snapshot.storage.builtLayout, current.storage.builtLayout != nil {
      for (index, section) in built.sections.enumerated() where section.id != sections[index].id {
        return false
      }
      batch = snapshot.batchUpdate(from: current)
    } else {
      return false
    }
    guard batch.deletedSections.isEmpty, batch.insertedSections.isEmpty,
      batch.movedSections.isEmpty
    else { return false }
    // A reloaded section is a delete and an insert to the view: the batch lists no item
    // edits inside it, so this path takes it only when its items stay as they are.
    for index in batch.reloadedSections {
      let id = sections[index].id
      guard let old = try? current.tryItemIdentifiers(inSection: id),
        let new = try? snapshot.tryItemIdentifiers(inSection: id), old == new
      else { return false }
    }
    // Each section's leaving and arriving items, by index.
    var leaving: [Int: [Int]] = [:]
    var arriving: [Int: [Int]] = [:]
    for path in batch.deletedItems { leaving[path.section, default: []].append(path.item) }
    for path in batch.insertedItems {
      // An inserted row that a section holds hidden moves from there: the general path
      // takes it out of that tree.
      let item = snapshot.item(at: path.item, inSectionAt: path.section)
      for section in sections where section.tree.contains(item) { return false }
      arriving[path.section, default: []].append(path.item)
    }
    for move in batch.movedItems {
      leaving[move.source.section, default: []].append(move.source.item)
      arriving[move.destination.section, default: []].append(move.destination.item)
    }
    var edited: [(index: Int, tree: SectionSnapshot)] = []
    for index in Set(leaving.keys).union(arriving.keys).sorted() {
      let id = sections[index].id
      guard sections[index].isPlainList, headerMode(for: id) == .none else { return false }
      var tree = sections[index].tree
      do {
        let whole = try tree.editList(
          removing: (leaving[index] ?? []).map { current.item(at: $0, inSectionAt: index) },
          inserting: arriving[index] ?? [], count: snapshot.numberOfItems(inSection: id),
          itemAt: { snapshot.item(at: $0, inSectionAt: index) })
        guard whole else { return false }
      } catch {
        return false
      }
      edited.append((index, tree))
    }
    for (index, tree) in edited {
      sections[index].tree = tree
      sections[index].isPlainList = true
    }
    rows = snapshot.withoutMarks
    rowsRevision = revision
    deliver(batch, animated: animatingDifferences)
    return true
  }
}

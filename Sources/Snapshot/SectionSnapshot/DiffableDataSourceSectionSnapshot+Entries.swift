// Building a section snapshot at once from its pre-order entries, which every builder,
// initializer and decoder hands over after checking them.

extension DiffableDataSourceSectionSnapshot {
  /// A snapshot of `entries`: items in pre-order, each with its level and expansion, already
  /// checked (unique, equal to themselves, levels in pre-order).
  ///
  /// Identifiers whose `Hashable` conformance is broken can pass a caller's check and still
  /// collide in the snapshot's index; then the entries are added one at a time and each
  /// refused one is left out, with its descendants, instead of stopping the program.
  ///
  /// - Complexity: O(n log₁₆ n) for the index, O(n) for the sequence.
  @inlinable init(entries: [SharedEntry<ItemIdentifierType>]) {
    do {
      self.init(list: try SharedList(entries))
    } catch {
      self.init()
      var skippedBelow = Int.max
      for entry in entries {
        if entry.level > skippedBelow { continue }
        skippedBelow = Int.max
        let fresh = SharedEntry(item: entry.item, level: entry.level, isExpanded: entry.isExpanded)
        do {
          try list.insert([fresh], at: count)
        } catch {
          skippedBelow = entry.level
        }
      }
    }
  }
}

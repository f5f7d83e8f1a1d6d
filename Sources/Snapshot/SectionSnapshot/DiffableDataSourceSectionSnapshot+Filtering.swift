// The value-level filter: a copy holding the items that match and their ancestors.

extension DiffableDataSourceSectionSnapshot {
  /// A copy that holds the items for which `isIncluded` returns true and every ancestor of
  /// those items, in the same order and at the same levels, so that each match keeps its
  /// path. Every ancestor of a match is expanded in the copy (so each match is visible); a
  /// match with no matching descendant keeps its own expansion state.
  ///
  /// ```swift
  /// // Food ▸ 🍏, 🥐;  Drinks ▸ 🥤
  /// let found = snapshot.filtered { $0 == "🥐" }
  /// found.visibleItems  // ["Food", "🥐"]
  /// ```
  ///
  /// Collapsed subtrees are searched too. `isIncluded` is called once per item, in
  /// depth-first order; if it throws, no further item is asked and the error is thrown.
  ///
  /// - Complexity: O(n) calls of `isIncluded` for the n items, in one depth-first pass, plus
  ///   O(k log₁₆ k) to build the copy's index for the k items kept. The copy shares no
  ///   storage with the original.
  @inlinable
  public func filtered<Failure: Swift.Error>(
    _ isIncluded: (ItemIdentifierType) throws(Failure) -> Bool
  ) throws(Failure) -> Self {
    var kept: [SharedEntry<ItemIdentifierType>] = []
    // path[l]: the entry at level l on the path to the current entry, and its index in
    // `kept` once kept (-1 before).
    var path: [(entry: SharedEntry<ItemIdentifierType>, kept: Int)] = []
    var failure: Failure?
    forEachEntry(in: 0..<count) { _, entry in
      guard failure == nil else { return }
      let level = entry.level
      path.removeLast(Swift.max(0, path.count - level))
      path.append((SharedEntry(item: entry.item, level: level, isExpanded: entry.isExpanded), -1))
      let matches: Bool
      do throws(Failure) {
        matches = try isIncluded(entry.item)
      } catch {
        failure = error
        return
      }
      guard matches else { return }
      // Keep the ancestors not kept yet (expanded), then the match.
      var first = level
      while first > 0 && path[first - 1].kept < 0 { first -= 1 }
      for index in first..<level {
        path[index].entry.isExpanded = true
        path[index].kept = kept.count
        kept.append(path[index].entry)
      }
      // The kept entry above the new ones (a match kept earlier) now has a match below it.
      if first > 0 { kept[path[first - 1].kept].isExpanded = true }
      path[level].kept = kept.count
      kept.append(path[level].entry)
    }
    if let failure { throw failure }
    return Self(entries: kept)
  }
}

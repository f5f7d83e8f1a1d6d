// The producer of the diff of related snapshots: both snapshots' compressed layouts, found
// from the leaves their trees do not share (see the article "Snapshots that share
// structure", section "How a diff finds shared subtrees").

extension DiffableDataSourceSnapshot {
  @usableFromInline typealias Compressed = [CompressedSection<
    SectionIdentifierType, ItemIdentifierType
  >]

  /// The compressed layouts of `old` and of this snapshot, or nil when they hold nothing
  /// alike (diff their ``layout``s instead). `unshared`, when given, is what
  /// ``SharedTree/unsharedLeaves(from:to:)`` found for the two trees.
  ///
  /// For related snapshots, every entry of a leaf the two trees do not share is an item
  /// piece; every stretch of shared leaves is a shared run, cut where either side's unshared leaves interrupt it (so
  /// that a run is the same run on both sides), at every section entry (so that a run lies in
  /// one section), and around every item this snapshot marks for reload or reconfigure
  /// (which is then an item piece on both sides). A run is named by its place among the
  /// entries both trees share, the same on both sides. A run whose section differs between
  /// the two sides (only its part before the run's first section entry can) is listed as
  /// items on both. For snapshots built apart (whose trees share no node), the entries
  /// alike at the start and at the end, compared in place, stand for the shared leaves, and
  /// everything between them is item pieces; nil when both keep the arrays they were built
  /// from (``SectionedStorage/builtLayout``), whose layouts are then O(1) to read.
  ///
  /// - Complexity: O(b u + p + m b log n) for the u nodes the trees do not share, the p
  ///   pieces, and the m marked items, plus O(b s log n) for the s sections within shared
  ///   runs: O(k b log n + s b log n) when this snapshot was made from `old` by k edits. For
  ///   snapshots built apart, O(a) more to compare the a entries alike at both ends, in
  ///   place, and u counts the entries between them.
  @inlinable
  func compressedLayouts(
    from old: Self, unshared known: (old: [Placed], new: [Placed])? = nil
  ) -> (old: Compressed, new: Compressed)? {
    let (oldTree, newTree) = (old.storage.list.tree, storage.list.tree)
    var found: (old: SharedGaps, new: SharedGaps)?
    if oldTree.mayShareNodes(with: newTree) {
      let unshared = known ?? SharedTree.unsharedLeaves(from: oldTree, to: newTree)
      let oldGaps = SharedGaps(unshared: unshared.old, count: oldTree.count)
      if oldGaps.sharedCount > 0 {
        found = (oldGaps, SharedGaps(unshared: unshared.new, count: newTree.count))
      }
    }
    if found == nil {
      // Both built by appends of whole arrays, and not edited since: their layouts are those
      // arrays, which the diff compares as arrays (faster than reading two trees).
      if old.storage.builtLayout != nil && storage.builtLayout != nil { return nil }
      // Snapshots built apart share no node (known without a walk: their lineages differ),
      // but may hold a common prefix and suffix of entries: those stand for themselves as
      // runs.
      var pieces:
        (
          old: [BuiltPiece<SectionIdentifierType, ItemIdentifierType>],
          new: [BuiltPiece<SectionIdentifierType, ItemIdentifierType>]
        )?
      if let oldPieces = old.storage.keptPieces, let newPieces = storage.keptPieces {
        pieces = (oldPieces, newPieces)
      }
      guard let (prefix, suffix) = Self.alikeEnds(of: oldTree, and: newTree, pieces: pieces)
      else { return nil }
      found = (
        SharedGaps(unshared: [prefix..<oldTree.count - suffix], count: oldTree.count),
        SharedGaps(unshared: [prefix..<newTree.count - suffix], count: newTree.count)
      )
    }
    guard let (oldGaps, newGaps) = found, oldGaps.sharedCount > 0,
      oldGaps.sharedCount == newGaps.sharedCount
    else { return nil }
    // Where runs are cut, in shared coordinates, and which single entries are items.
    var sortedCuts = SharedGaps.boundaries(of: oldGaps, and: newGaps)
    var forced = Set<Int>()
    if !storage.reloadedItems.isEmpty || !storage.reconfiguredItems.isEmpty {
      for item in storage.reloadedItems.elements + storage.reconfiguredItems.elements {
        guard let position = storage.place(of: item)?.position,
          let coordinate = newGaps.sharedCoordinate(of: position)
        else { continue }
        forced.insert(coordinate)
        sortedCuts += [coordinate, coordinate + 1]
      }
      sortedCuts.sort()
    }
    // The section entries inside shared stretches are the same on both sides.
    let sections = storage.sectionsInGaps(newGaps)
    var oldLayout = old.storage.compressedLayout(
      gaps: oldGaps, cuts: sortedCuts, forced: forced, sections: sections)
    var newLayout = storage.compressedLayout(
      gaps: newGaps, cuts: sortedCuts, forced: forced, sections: sections)
    // Runs whose section differs between the two sides become items on both.
    let misplaced = Self.misplacedRuns(oldLayout, newLayout)
    if !misplaced.isEmpty {
      Self.expandRuns(misplaced, in: &oldLayout)
      Self.expandRuns(misplaced, in: &newLayout)
    }
    return (oldLayout, newLayout)
  }

  /// How many entries at the start and at the end two trees built apart hold alike, when
  /// what lies between is at most an eighth of the entries (a token costs a few times what
  /// an item of a layout does, so a longer middle is diffed as layouts) and the ends hold
  /// something; else nil. When the prefix leaves a middle too long unless the suffix reaches
  /// a given entry, that entry is compared first (one seek on each side), and a difference
  /// there ends the search. `pieces`, when given, are both snapshots' kept arrays (see
  /// ``SectionedStorage/keptPieces``), compared instead of the trees.
  ///
  /// - Complexity: O(a + b log n) for the a entries compared, read in place; O(a + p) for p
  ///   pieces when they are given.
  @inlinable
  static func alikeEnds(
    of old: SharedTree<SectionedEntry<SectionIdentifierType, ItemIdentifierType>>,
    and new: SharedTree<SectionedEntry<SectionIdentifierType, ItemIdentifierType>>,
    pieces: (
      old: [BuiltPiece<SectionIdentifierType, ItemIdentifierType>],
      new: [BuiltPiece<SectionIdentifierType, ItemIdentifierType>]
    )? = nil
  ) -> (prefix: Int, suffix: Int)? {
    let limit = Swift.min(old.count, new.count)
    let longest = Swift.max(old.count, new.count)
    // The middle is at least the difference of the counts.
    guard longest - limit <= limit / 8 else { return nil }
    let prefix =
      if let pieces {
        BuiltPieces.commonPrefixCount(pieces.old, pieces.new, limit: limit)
      } else {
        old.commonPrefixCount(with: new, limit: limit) { $0.item == $1.item }
      }
    if prefix == limit { return limit > 0 ? (prefix, 0) : nil }
    // The suffix must reach this far back for the middle to be short enough: when the entries
    // that far from the ends differ, it does not, and reading it would be wasted.
    let needed = longest - limit / 8 - prefix
    guard needed <= limit - prefix else { return nil }
    if needed > 0
      && old.entry(at: old.count - needed).item != new.entry(at: new.count - needed).item
    {
      return nil
    }
    let suffix =
      if let pieces {
        BuiltPieces.commonSuffixCount(pieces.old, pieces.new, limit: limit - prefix)
      } else {
        old.commonSuffixCount(with: new, limit: limit - prefix) { $0.item == $1.item }
      }
    guard prefix + suffix > 0, longest - prefix - suffix <= limit / 8 else { return nil }
    return (prefix, suffix)
  }

  /// Replaces the runs named in `ids` by their items, merging neighbouring item pieces.
  /// O(p + items expanded).
  @inlinable
  static func expandRuns(_ ids: Set<Int>, in layout: inout Compressed) {
    for index in layout.indices {
      var pieces: [CompressedPiece<ItemIdentifierType>] = []
      for piece in layout[index].pieces {
        var expanded = piece
        if case .shared(let id, _, let items) = piece, ids.contains(id) {
          expanded = .items(items())
        }
        if case .items(let more) = expanded, case .items(let earlier)? = pieces.last {
          pieces[pieces.count - 1] = .items(earlier + more)
        } else {
          pieces.append(expanded)
        }
      }
      layout[index].pieces = pieces
    }
  }
}

/// The stretches of one tree outside the leaves it does not share with another: each gap's
/// position and its place among the shared entries ("shared coordinate"), which is the same
/// in both trees for the same entry.
@usableFromInline
struct SharedGaps {
  /// Each gap: its first position, its first shared coordinate, and its length.
  @usableFromInline var gaps: [(position: Int, coordinate: Int, count: Int)] = []
  /// The unshared ranges, in order, merged where they touch.
  @usableFromInline var unshared: [Range<Int>] = []
  @usableFromInline var sharedCount = 0

  /// The gaps of a tree of `count` entries whose unshared leaves are `unshared` (in order).
  /// O(leaves).
  @inlinable
  init<Item>(unshared leaves: [SharedTree<Item>.Placed], count: Int) {
    self.init(
      unshared: leaves.map { $0.start..<$0.start + $0.node.entries.count }, count: count)
  }

  /// The gaps of a tree of `count` entries outside the ranges `unshared` (in order, apart).
  /// O(ranges).
  @inlinable
  init(unshared ranges: [Range<Int>], count: Int) {
    for range in ranges where !range.isEmpty {
      if let last = unshared.last, last.upperBound == range.lowerBound {
        unshared[unshared.count - 1] = last.lowerBound..<range.upperBound
      } else {
        unshared.append(range)
      }
    }
    var position = 0
    for range in unshared + [count..<count] {
      if range.lowerBound > position {
        gaps.append((position, sharedCount, range.lowerBound - position))
        sharedCount += range.lowerBound - position
      }
      position = range.upperBound
    }
  }

  /// The shared coordinate of the entry at `position`, or nil if it is in an unshared leaf.
  /// O(log gaps).
  @inlinable
  func sharedCoordinate(of position: Int) -> Int? {
    var low = 0
    var high = gaps.count
    while low < high {
      let middle = (low + high) / 2
      if gaps[middle].position + gaps[middle].count <= position {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < gaps.count, gaps[low].position <= position else { return nil }
    return gaps[low].coordinate + position - gaps[low].position
  }
}

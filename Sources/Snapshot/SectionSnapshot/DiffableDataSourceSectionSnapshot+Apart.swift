// What two section snapshots built apart (sharing no storage) hold alike at both ends, found
// by reading both trees' leaves in step from the front and from the back, and their visible
// rows as compressed pieces for the diff: the alike ends stand for their rows, only the
// middles are listed. How a data source applies a separately built section snapshot.

/// How many entries two section trees hold alike at their front and at their back: the same
/// item, at the same depth, with the same expansion flag, at the same place from that end.
/// The two ends never overlap (``prefix`` + ``suffix`` is at most the shorter tree's count).
@usableFromInline package struct AlikeEnds: Sendable, Equatable {
  @usableFromInline package var prefix: Int
  @usableFromInline package var suffix: Int

  @inlinable init(prefix: Int, suffix: Int) {
    self.prefix = prefix
    self.suffix = suffix
  }
}

extension DiffableDataSourceSectionSnapshot {
  /// The entries `old` and `new` hold alike at both ends (see ``AlikeEnds``), read in place.
  ///
  /// - Complexity: O(p + s + b log n) for the p + s alike entries, plus one entry more at each
  ///   end where they differ.
  @inlinable package static func alikeEnds(_ old: Self, _ new: Self) -> AlikeEnds {
    let (a, b) = (old.list.tree, new.list.tree)
    let limit = Swift.min(a.count, b.count)
    let alike = {
      (x: SharedEntry<ItemIdentifierType>, y: SharedEntry<ItemIdentifierType>) -> Bool in
      x.levelAndFlag == y.levelAndFlag && x.item == y.item
    }
    let prefix = a.commonPrefixCount(with: b, limit: limit, by: alike)
    let suffix = a.commonSuffixCount(with: b, limit: limit - prefix, by: alike)
    return AlikeEnds(prefix: prefix, suffix: suffix)
  }

  /// The visible items of `old` and of `new`, two trees holding `ends` alike, as compressed
  /// pieces: the rows of the alike prefix as one shared run, the rows of each middle listed,
  /// and the rows of the alike suffix as a second shared run.
  ///
  /// A prefix entry's ancestors are all in the prefix, so it is shown alike in both trees. A
  /// suffix entry's may lie before it, in the middles, expanded in one tree and collapsed in
  /// the other: the suffix then shows different rows. The entries of a suffix shown in one tree
  /// and not in the other are the first of it (those whose outside ancestors differ; from an
  /// entry no deeper than every outside ancestor that is expanded in both, the rest is shown
  /// alike), and the rows shown of any stretch of it in one tree include those shown in the
  /// other: equal counts mean equal rows. So the suffix run is cut where it starts showing the
  /// same rows: at its first entry at most ℓ deep, for the deepest ℓ whose cut gives equal
  /// row counts (a binary search over ℓ, each step one seek and two counts); the entries cut
  /// off join the middles.
  ///
  /// - Complexity: O(b log n) for the runs, O(b log n · log d) more when the suffix's first
  ///   entry is d deep and shown differently, plus the middles' entries listed.
  @inlinable static func compressedVisibleItems(
    from old: Self, to new: Self, ends: AlikeEnds
  ) -> (old: [CompressedPiece<ItemIdentifierType>], new: [CompressedPiece<ItemIdentifierType>]) {
    let (a, b) = (old.list.tree, new.list.tree)
    var prefix = ends.prefix
    // Equal by the argument above; a run is only given when it is.
    let prefixRows = b.visibleRows(before: prefix)
    if a.visibleRows(before: prefix) != prefixRows { prefix = 0 }
    // The suffix's rows in either tree, for a suffix of `length` entries.
    func suffixRows(_ tree: SharedTree<ItemIdentifierType>, _ length: Int) -> Int {
      tree.visibleCount - tree.visibleRows(before: tree.count - length)
    }
    func showsAlike(_ length: Int) -> Bool { suffixRows(a, length) == suffixRows(b, length) }
    var suffix = ends.suffix
    if suffix > 0, !showsAlike(suffix) {
      let start = b.count - suffix
      // The suffix from its first entry at most `level` deep (empty when there is none).
      func cut(_ level: Int) -> Int {
        b.firstPosition(from: start, levelAtMost: level).map { b.count - $0 } ?? 0
      }
      // From a root on, every ancestor is inside the suffix: level 0 always shows alike.
      var (low, high) = (0, Swift.max(0, b.entry(at: start).level - 1))
      while low < high {
        let middle = low + (high - low + 1) / 2
        if showsAlike(cut(middle)) { low = middle } else { high = middle - 1 }
      }
      suffix = cut(low)
    }
    func pieces(_ tree: SharedTree<ItemIdentifierType>) -> [CompressedPiece<ItemIdentifierType>] {
      var result: [CompressedPiece<ItemIdentifierType>] = []
      func run(_ id: Int, _ range: Range<Int>) {
        let count =
          tree.visibleRows(before: range.upperBound) - tree.visibleRows(before: range.lowerBound)
        guard count > 0 else { return }
        result.append(
          .shared(
            id: id, count: count,
            items: CompressedRunItems { Self.visibleItems(of: tree, in: range) }))
      }
      run(0, 0..<prefix)
      let middle = Self.visibleItems(of: tree, in: prefix..<(tree.count - suffix))
      if !middle.isEmpty { result.append(.items(middle)) }
      run(1, (tree.count - suffix)..<tree.count)
      return result
    }
    return (pieces(a), pieces(b))
  }

  /// The items of the visible entries of `tree` at positions `range`, in order.
  ///
  /// - Complexity: O(k + b log n) for the k entries of `range`.
  @inlinable static func visibleItems(
    of tree: SharedTree<ItemIdentifierType>, in range: Range<Int>
  ) -> [ItemIdentifierType] {
    var items: [ItemIdentifierType] = []
    tree.forEach(in: range, visibleOnly: true) { _, entry in
      items.append(entry.item)
      return true
    }
    return items
  }
}

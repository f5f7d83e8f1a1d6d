// Where the diff of related snapshots cuts its shared runs, and which runs change sections
// (see `DiffableDataSourceSnapshot.compressedLayouts(from:)`): read in order, with neither
// hashing nor sorting.

extension SharedGaps {
  /// The shared coordinates where a gap of `first` or of `second` starts or ends, in
  /// increasing order, each once: one merge of the two sides' boundaries, which are in order
  /// already. O(gaps).
  @inlinable
  static func boundaries(of first: SharedGaps, and second: SharedGaps) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(2 * (first.gaps.count + second.gaps.count))
    func add(_ coordinate: Int) {
      if result.last != coordinate { result.append(coordinate) }
    }
    // Boundary k of a side is its gap k / 2's start (k even) or end (k odd).
    func boundary(_ gaps: SharedGaps, _ k: Int) -> Int {
      let gap = gaps.gaps[k / 2]
      return k % 2 == 0 ? gap.coordinate : gap.coordinate + gap.count
    }
    let (firstCount, secondCount) = (2 * first.gaps.count, 2 * second.gaps.count)
    var (i, j) = (0, 0)
    while i < firstCount || j < secondCount {
      if j == secondCount || (i < firstCount && boundary(first, i) <= boundary(second, j)) {
        add(boundary(first, i))
        i += 1
      } else {
        add(boundary(second, j))
        j += 1
      }
    }
    return result
  }
}

extension DiffableDataSourceSnapshot {
  /// The runs of `new` whose section in `old` differs or that `old` does not list. The two
  /// layouts of one related pair list the same runs in the same order (the same cuts and the
  /// same section entries, in shared coordinates), so one walk along both compares them in
  /// step; should they not, a table of `old`'s runs by identifier answers.
  ///
  /// - Complexity: O(p) for the p pieces of both.
  @inlinable
  static func misplacedRuns(_ old: Compressed, _ new: Compressed) -> Set<Int> {
    var misplaced = Set<Int>()
    var oldAt = (section: 0, piece: 0)
    var newAt = (section: 0, piece: 0)
    while true {
      let oldRun = nextRun(in: old, at: &oldAt)
      let newRun = nextRun(in: new, at: &newAt)
      guard let oldRun, let newRun else {
        if oldRun == nil && newRun == nil { return misplaced }
        break
      }
      guard oldRun.id == newRun.id else { break }
      if old[oldRun.section].id != new[newRun.section].id { misplaced.insert(newRun.id) }
    }
    // The layouts list different runs: compare by identifier.
    var sectionOfRun: [Int: SectionIdentifierType] = [:]
    for section in old {
      for case .shared(let id, _, _) in section.pieces { sectionOfRun[id] = section.id }
    }
    misplaced = []
    for section in new {
      for case .shared(let id, _, _) in section.pieces where sectionOfRun[id] != section.id {
        misplaced.insert(id)
      }
    }
    return misplaced
  }

  /// The identifier and section index of the first shared run of `layout` at or after `at`
  /// (a section index and a piece index), moving `at` past it; nil when there is none.
  /// O(pieces skipped).
  @inlinable
  static func nextRun(
    in layout: Compressed, at: inout (section: Int, piece: Int)
  ) -> (id: Int, section: Int)? {
    while at.section < layout.count {
      while at.piece < layout[at.section].pieces.count {
        let piece = at.piece
        at.piece += 1
        if case .shared(let id, _, _) = layout[at.section].pieces[piece] {
          return (id, at.section)
        }
      }
      at.section += 1
      at.piece = 0
    }
    return nil
  }
}

// One side of the compressed layouts of two related sectioned snapshots (see
// `DiffableDataSourceSnapshot.compressedLayouts(from:)`).

extension SectionedStorage {
  /// This outline as a compressed layout: the unshared ranges of `gaps` as items; each gap
  /// cut at `cuts` (sorted shared coordinates), a piece of one entry whose coordinate is in
  /// `forced` as items, every other piece as shared runs named by their first coordinate, cut
  /// again at the section entries inside them.
  ///
  /// `sections` lists the section entries inside the gaps by shared coordinate, in order
  /// (see ``sectionsInGaps(_:)``): both sides hold them alike, so one side's walk serves both.
  ///
  /// - Complexity: O(u + c + s) for the u entries of unshared ranges, the c cuts and the s
  ///   section entries inside shared runs, plus O(log n) for each run.
  @inlinable
  func compressedLayout(
    gaps: SharedGaps, cuts: [Int], forced: Set<Int>,
    sections: [(coordinate: Int, section: Section)]
  ) -> [CompressedSection<Section, Item>] {
    var layout = CompressedLayoutBuilder<Section, Item>()
    var nextCut = 0
    var nextUnshared = 0
    var nextSection = 0
    // Every run lists its items through this one closure, which holds the tree alone (the
    // whole storage would retain its label index and marks too).
    let tree = list.tree
    let lister: @Sendable (Range<Int>) -> [Item] = { Self.items(in: $0, of: tree) }
    for gap in gaps.gaps + [(position: list.count, coordinate: gaps.sharedCount, count: 0)] {
      // The unshared ranges before this gap.
      while nextUnshared < gaps.unshared.count,
        gaps.unshared[nextUnshared].lowerBound < gap.position
      {
        appendEntries(in: gaps.unshared[nextUnshared], to: &layout)
        nextUnshared += 1
      }
      // The gap, piece by piece.
      let end = gap.coordinate + gap.count
      var start = gap.coordinate
      while start < end {
        while nextCut < cuts.count && cuts[nextCut] <= start { nextCut += 1 }
        let stop = nextCut < cuts.count ? Swift.min(cuts[nextCut], end) : end
        let range = gap.position + start - gap.coordinate..<gap.position + stop - gap.coordinate
        if stop - start == 1 && forced.contains(start) {
          appendEntries(in: range, to: &layout)
        } else {
          appendRuns(
            in: range, coordinate: start, sections: sections, next: &nextSection,
            lister: lister, to: &layout)
        }
        start = stop
      }
    }
    return layout.finished()
  }

  /// Adds the entries in `range` one by one: sections start, items are item pieces.
  /// O(k + (k / b + 1) log n).
  @inlinable
  func appendEntries(
    in range: Range<Int>, to layout: inout CompressedLayoutBuilder<Section, Item>
  ) {
    list.tree.forEachRun(in: range) { _, entries in
      for entry in entries {
        switch entry.item {
        case .section(let section): layout.startSection(section)
        case .item(let item): layout.append(item)
        }
      }
    }
  }

  /// The section entries inside the gaps, by shared coordinate, in order. Every section entry
  /// outside the unshared ranges lies in a gap, so once the sections counted in those ranges
  /// and those found add up to all of them, the walk stops. O(u) to count the sections of
  /// the u unshared entries, plus O(b (s + 1) log n) per gap read for the s section entries
  /// (each found by a walk that skips every node without one).
  @inlinable
  func sectionsInGaps(_ gaps: SharedGaps) -> [(coordinate: Int, section: Section)] {
    var result: [(coordinate: Int, section: Section)] = []
    var remaining = numberOfSections
    for range in gaps.unshared {
      list.tree.forEachRun(in: range) { _, entries in
        for entry in entries where entry.levelAndFlag >> 1 == 0 { remaining -= 1 }
      }
    }
    for gap in gaps.gaps where remaining > 0 {
      _ = list.tree.walkShallowEntries(
        in: gap.position..<gap.position + gap.count, levelAtMost: 0
      ) { position, entry in
        if case .section(let section) = entry.item {
          result.append((gap.coordinate + position - gap.position, section))
          remaining -= 1
        }
        return remaining > 0
      }
    }
    return result
  }

  /// Adds the shared entries in `range`, whose first has shared coordinate `coordinate`:
  /// runs between the section entries (`sections` from `next` on, which moves past those in
  /// the range), each run named by its first coordinate and listing its items through
  /// `lister`. O(s + 1) for the s section entries in `range`.
  @inlinable
  func appendRuns(
    in range: Range<Int>, coordinate: Int, sections: [(coordinate: Int, section: Section)],
    next: inout Int, lister: @escaping @Sendable (Range<Int>) -> [Item],
    to layout: inout CompressedLayoutBuilder<Section, Item>
  ) {
    var start = range.lowerBound
    func run(to end: Int) {
      guard end > start else { return }
      let runRange = start..<end
      layout.append(
        run: coordinate + start - range.lowerBound, count: runRange.count,
        items: CompressedRunItems(range: runRange, list: lister))
    }
    let end = coordinate + range.count
    while next < sections.count && sections[next].coordinate < coordinate { next += 1 }
    while next < sections.count && sections[next].coordinate < end {
      let position = range.lowerBound + sections[next].coordinate - coordinate
      run(to: position)
      layout.startSection(sections[next].section)
      start = position + 1
      next += 1
    }
    run(to: range.upperBound)
  }
}

/// Collects a compressed layout section by section, gathering consecutive items into one
/// piece.
@usableFromInline
struct CompressedLayoutBuilder<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  @usableFromInline var sections: [CompressedSection<Section, Item>] = []
  @usableFromInline var pending: [Item] = []

  @inlinable init() {}

  /// Closes the items gathered so far into a piece of the current section. O(1).
  @inlinable
  mutating func flush() {
    guard !pending.isEmpty, !sections.isEmpty else { return }
    sections[sections.count - 1].pieces.append(.items(pending))
    pending = []
  }

  @inlinable
  mutating func startSection(_ section: Section) {
    flush()
    sections.append(CompressedSection(section, pieces: []))
  }

  @inlinable
  mutating func append(_ item: Item) {
    pending.append(item)
  }

  @inlinable
  mutating func append(
    run id: Int, count: Int, items: CompressedRunItems<Item>
  ) {
    flush()
    guard !sections.isEmpty else { return }
    sections[sections.count - 1].pieces.append(.shared(id: id, count: count, items: items))
  }

  @inlinable
  mutating func finished() -> [CompressedSection<Section, Item>] {
    flush()
    return sections
  }
}

/// The diff of two compressed layouts (see ``CompressedPiece``): the engine's match over
/// tokens, where a shared run is one token weighing its count, so that it costs what the
/// pieces hold rather than what the layouts hold.
///
/// A shared run is contiguous and identically ordered in both layouts, so a heaviest chain of
/// unmoved items takes all of it or none of it, and weighing a run token by its count gives
/// the same fewest moves as the items would. A run the producer should not have given (one
/// that must move, changes sections, or is missing from one layout) ends up moved, deleted or
/// inserted in the tokens' batch: its items are then listed one by one and the match is run
/// again, so the result is always a batch over the listed layouts.
///
/// Not checked, as checking would cost a hash per run: that no two runs of one layout share
/// an identifier, and that marks name only items of `.items` pieces (``CompressedPiece``
/// requires both; a mark on an item inside a run is not seen).
@usableFromInline
struct CompressedDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline typealias Token = CompressedToken<ItemID>
  @usableFromInline typealias Layout = TokenLayout<SectionID, ItemID>
  @usableFromInline typealias Match = DiffMatch<SectionID, Token>

  @usableFromInline let old: [CompressedSection<SectionID, ItemID>]
  @usableFromInline let new: [CompressedSection<SectionID, ItemID>]
  @usableFromInline let marks: DiffMarks<SectionID, Token>
  /// Runs listed item by item.
  @usableFromInline var expanding: Set<Int> = []
  /// Whether every run is listed item by item.
  @usableFromInline var expandingAll = false
  @usableFromInline var rounds = 0

  /// - Complexity: O(marks).
  @inlinable
  init(
    old: [CompressedSection<SectionID, ItemID>],
    new: [CompressedSection<SectionID, ItemID>],
    marks: DiffMarks<SectionID, ItemID>
  ) {
    self.old = old
    self.new = new
    self.marks = DiffMarks(
      reloadedSections: marks.reloadedSections,
      reloadedItems: marks.reloadedItems.map { .item($0) },
      reconfiguredItems: marks.reconfiguredItems.map { .item($0) })
  }

  /// The tokens of both layouts and their match, or nil when the match fails with every run
  /// listed (identifiers that break `Hashable`, or duplicates the producer let through).
  /// A failed match with runs as tokens is retried with every run listed.
  ///
  /// - Complexity: O(p + i) for p pieces and i listed items, plus the match over the tokens.
  @inlinable
  mutating func match() -> (match: Match, old: Layout, new: Layout)? {
    while true {
      let oldLayout = Layout(old, expanding: expanding, expandingAll: expandingAll)
      let newLayout = Layout(new, expanding: expanding, expandingAll: expandingAll)
      do {
        let match = try Match(
          old: oldLayout.sections, new: newLayout.sections, marks: marks,
          verifyUniqueness: false, weightOffsets: newLayout.weightOffsets)
        return (match, oldLayout, newLayout)
      } catch {
        if expandingAll { return nil }
        expandingAll = true
      }
    }
  }

  /// Lists `runs` item by item from now on; from the third round on, every run.
  ///
  /// - Complexity: O(runs).
  @inlinable
  mutating func expand(_ runs: [Int]) {
    rounds += 1
    if rounds >= 3 { expandingAll = true } else { expanding.formUnion(runs) }
  }

  /// The items of every shared run of `old` and `new`, by identifier.
  ///
  /// - Complexity: O(p) for p pieces.
  @inlinable
  static func runItems(
    _ old: [CompressedSection<SectionID, ItemID>], _ new: [CompressedSection<SectionID, ItemID>]
  ) -> RunItems<ItemID> {
    var runs: RunItems<ItemID> = [:]
    for section in old + new {
      for case .shared(let id, _, let items) in section.pieces { runs[id] = items }
    }
    return runs
  }

  /// `batch`, over the tokens of `old` and `new`, mapped to item indexes; `touched` gathers
  /// the runs that the batch lists as items (it is right only when none does).
  ///
  /// - Complexity: O(k) for the k entries of the batch.
  @inlinable
  static func itemBatch(
    _ batch: BatchUpdate, from old: Layout, to new: Layout, touched: inout [Int]
  ) -> BatchUpdate {
    func map(_ path: ListIndexPath, in layout: Layout) -> ListIndexPath {
      let (mapped, run) = layout.itemPath(path)
      if let run { touched.append(run) }
      return mapped
    }
    var result = batch
    result.deletedItems = batch.deletedItems.map { map($0, in: old) }
    result.reloadedItems = batch.reloadedItems.map { map($0, in: old) }
    result.insertedItems = batch.insertedItems.map { map($0, in: new) }
    result.reconfiguredItems = batch.reconfiguredItems.map { map($0, in: new) }
    result.movedItems = batch.movedItems.map {
      BatchUpdate.ItemMove(from: map($0.source, in: old), to: map($0.destination, in: new))
    }
    return result
  }
}

extension CompressedSection {
  /// The section with its pieces listed item by item.
  ///
  /// - Complexity: O(n) for the n items of the section.
  @inlinable
  var listed: LayoutSection<SectionID, ItemID> {
    var items: [ItemID] = []
    for piece in pieces {
      switch piece {
      case .items(let listed): items.append(contentsOf: listed)
      case .shared(_, _, let shared): items.append(contentsOf: shared())
      }
    }
    return LayoutSection(id, items: items)
  }
}

extension CompressedDiff {
  /// The single batch over the listed layouts, listing the runs it must (``rounds`` counts
  /// the retries); every section replaced when the match fails.
  ///
  /// - Complexity: see ``BatchUpdate/init(compressedFrom:to:marks:)``.
  @inlinable
  mutating func singleBatch() -> BatchUpdate {
    while let (match, oldLayout, newLayout) = match() {
      var touched: [Int] = []
      let batch = Self.itemBatch(
        match.singleBatch(), from: oldLayout, to: newLayout, touched: &touched)
      if touched.isEmpty { return batch }
      expand(touched)
    }
    return BatchUpdate(deletedSections: Array(old.indices), insertedSections: Array(new.indices))
  }

  /// The staged form over the listed layouts, each stage's layout listed on first read,
  /// listing the runs it must (``rounds`` counts the retries); every section replaced when
  /// the match fails.
  ///
  /// - Complexity: see ``StagedBatchUpdate/init(compressedFrom:to:marks:)``.
  @inlinable
  mutating func stagedBatches() -> StagedBatchUpdate<SectionID, ItemID> {
    typealias Stage = StagedBatchUpdate<SectionID, ItemID>.Stage
    while let (match, oldLayout, newLayout) = match() {
      var touched: [Int] = []
      var stages: [Stage] = []
      var previous = oldLayout
      // Item updates show the old layout, item inserts and moves and section reloads the new
      // one (see `DiffMatch.stagedBatches()`): their offsets and listing are shared.
      let runs = LazyValue { [old, new] in Self.runItems(old, new) }
      let listedOld = DeferredLayout { oldLayout.expanded(runs.value) }
      let listedNew = DeferredLayout { newLayout.expanded(runs.value) }
      for stage in match.stagedBatches().stages {
        let frame: Layout
        let layout: DeferredLayout<SectionID, ItemID>
        switch stage.kind {
        case .itemUpdates: (frame, layout) = (oldLayout, listedOld)
        case .itemInsertsAndMoves, .sectionReloads: (frame, layout) = (newLayout, listedNew)
        case .deletes, .sectionInsertsAndMoves:
          let tokens = stage.layout
          frame = Layout(tokens: tokens)
          layout = DeferredLayout { Layout.expand(tokens, runs.value) }
        }
        let batch = Self.itemBatch(stage.batch, from: previous, to: frame, touched: &touched)
        stages.append(Stage(kind: Stage.Kind(stage.kind), batch: batch, deferredLayout: layout))
        previous = frame
      }
      if touched.isEmpty { return StagedBatchUpdate(stages: stages) }
      expand(touched)
    }
    var stages: [Stage] = []
    if !old.isEmpty {
      stages.append(
        Stage(kind: .deletes, batch: BatchUpdate(deletedSections: Array(old.indices)), layout: []))
    }
    if !new.isEmpty {
      let new = new
      stages.append(
        Stage(
          kind: .sectionInsertsAndMoves, batch: BatchUpdate(insertedSections: Array(new.indices)),
          deferredLayout: DeferredLayout { new.map(\.listed) }))
    }
    return StagedBatchUpdate(stages: stages)
  }
}

extension BatchUpdate {
  /// The one batch that turns the compressed layout `old` into `new`: what
  /// ``init(from:to:marks:)`` gives for the listed layouts, without listing the shared runs.
  /// The layouts must hold no duplicate identifiers (snapshots guarantee it), and marks may
  /// name only items of `.items` pieces: nothing is thrown; should the match fail anyway
  /// (identifiers that break `Hashable`), the batch replaces every section.
  ///
  /// - Complexity: O(p + i) expected for p pieces and i items of `.items` pieces, plus
  ///   O(r log r) for r reordered runs of tokens; a run that must move (which a producer of
  ///   related snapshots never gives) is listed, adding its count.
  @inlinable
  package init<SectionID, ItemID>(
    compressedFrom old: [CompressedSection<SectionID, ItemID>],
    to new: [CompressedSection<SectionID, ItemID>],
    marks: DiffMarks<SectionID, ItemID> = DiffMarks()
  ) {
    var diff = CompressedDiff(old: old, new: new, marks: marks)
    self = diff.singleBatch()
  }
}

extension StagedBatchUpdate {
  /// The staged form of the change from the compressed layout `old` to `new`: what
  /// ``init(from:to:marks:)`` gives for the listed layouts, without listing the shared runs.
  /// Each stage's ``Stage/layout`` is listed on its first read. The layouts must hold no
  /// duplicate identifiers, and marks may name only items of `.items` pieces: nothing is
  /// thrown; should the match fail anyway, the stages replace every section.
  ///
  /// - Complexity: as ``BatchUpdate/init(compressedFrom:to:marks:)``, plus O(t) for the t
  ///   tokens of each intermediate layout; O(n) more for each stage layout read.
  @inlinable
  package init(
    compressedFrom old: [CompressedSection<SectionID, ItemID>],
    to new: [CompressedSection<SectionID, ItemID>],
    marks: DiffMarks<SectionID, ItemID> = DiffMarks()
  ) {
    var diff = CompressedDiff(old: old, new: new, marks: marks)
    self = diff.stagedBatches()
  }
}

extension StagedBatchUpdate.Stage.Kind {
  /// The same kind, from a staged update over other identifier types.
  ///
  /// - Complexity: O(1).
  @inlinable
  init<S, I>(_ kind: StagedBatchUpdate<S, I>.Stage.Kind) {
    switch kind {
    case .itemUpdates: self = .itemUpdates
    case .deletes: self = .deletes
    case .sectionInsertsAndMoves: self = .sectionInsertsAndMoves
    case .itemInsertsAndMoves: self = .itemInsertsAndMoves
    case .sectionReloads: self = .sectionReloads
    }
  }
}

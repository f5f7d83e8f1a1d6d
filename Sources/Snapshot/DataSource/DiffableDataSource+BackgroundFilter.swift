// Filtering large lists off the caller's actor: the walk of each section's tree runs on the
// global concurrent executor; the result is shown on the caller's actor, the latest call
// winning.

extension DiffableDataSource {
  /// Filters `section` (nil: every section) as ``filter(in:filteringDescendantsOfMatches:animated:_:)``
  /// does, but walks the trees off the caller's actor: the caller's actor stays free while
  /// `isIncluded` is asked about every item.
  ///
  /// The trees are read on the caller's actor (O(1) copies), walked off it, and the result is
  /// shown back on it. The latest filter wins: a later call of any filter method (this one,
  /// ``filter(in:filteringDescendantsOfMatches:animated:_:)``, ``narrowFilter(in:animated:_:)``
  /// or ``clearFilter(in:animated:)``) made meanwhile replaces this one, which then changes
  /// nothing. Any other update made meanwhile makes the walk run again on the new state.
  ///
  /// - Parameters:
  ///   - section: the section to filter, or nil for every section and each section added
  ///     while the filter is set.
  ///   - filteringDescendantsOfMatches: whether an expanded match shows only the matches
  ///     below it and the way to them.
  ///   - animated: whether the list view animates the batch.
  ///   - isolation: the actor the data source is used from; the caller's by default.
  ///   - isIncluded: whether an item matches; called off the caller's actor.
  /// - Returns: whether the filter is shown, was replaced by a later filter call, or was
  ///   dropped because the task was cancelled.
  /// - Throws: ``DataSourceError`` when `section` is not one of the data source's; nothing
  ///   changes then.
  /// - Complexity: on the caller's actor, O(s) per attempt for s sections, plus O(r) for the
  ///   r rows of sections filtered already, then the commit: O(s) and the batch's size. The
  ///   walk, O(n) for the n items with one call of `isIncluded` each, runs off it.
  @inlinable
  public func filterInBackground(
    in section: SectionIdentifierType? = nil, filteringDescendantsOfMatches: Bool = false,
    animated: Bool = true, isolation: isolated (any Actor)? = #isolation,
    _ isIncluded: @escaping @Sendable (ItemIdentifierType) -> Bool
  ) async throws(Error) -> BackgroundApplyOutcome {
    filterOrder &+= 1
    let ticket = filterOrder
    while true {
      if Task.isCancelled { return .cancelled }
      let indexes = try filterTargets(section, .filter)
      let stamp = stateStamp
      let jobs = indexes.map { index in
        FilterJob(
          index: index, tree: sections[index].tree, header: filterHeader(ofSection: index),
          old: shownBefore(index))
      }
      let walks = await Self.filterOffActor(
        jobs, filtersDescendants: filteringDescendantsOfMatches, isIncluded,
        hook: _backgroundDiffHook)
      if Task.isCancelled { return .cancelled }
      if filterOrder != ticket { return .superseded }
      if stamp != stateStamp { continue }
      try performUnfilteredUpdate(.filter) { () throws(Error) in
        var changes: [FilterChange] = []
        for (job, walk) in zip(jobs, walks) {
          var filter = RowFilter(
            tests: [isIncluded], filtersDescendants: filteringDescendantsOfMatches)
          filter.rows = walk.rows
          filter.matches = walk.matches
          changes.append((job.index, filter, walk.edit))
        }
        if section == nil {
          filterForNewSections = RowFilter(
            tests: [isIncluded], filtersDescendants: filteringDescendantsOfMatches)
        }
        try replaceFilters(changes, .filter, animated: animated)
      }
      return .applied
    }
  }

  /// One section to filter off the caller's actor: its tree (an O(1) copy), how its header
  /// is shown, and the rows it shows now.
  @usableFromInline struct FilterJob: Sendable {
    @usableFromInline var index: Int
    @usableFromInline var tree: SectionSnapshot
    @usableFromInline var header: SectionSnapshot.FilterHeader
    @usableFromInline var old: ShownRows

    @inlinable init(
      index: Int, tree: SectionSnapshot, header: SectionSnapshot.FilterHeader, old: ShownRows
    ) {
      self.index = index
      self.tree = tree
      self.header = header
      self.old = old
    }
  }

  /// Walks each job's tree on the global concurrent executor (a nonisolated `async`
  /// function), then runs the test hook there. O(n) for the n items of the trees.
  @inlinable
  nonisolated static func filterOffActor(
    _ jobs: [FilterJob], filtersDescendants: Bool,
    _ isIncluded: @escaping @Sendable (ItemIdentifierType) -> Bool,
    hook: (@Sendable () async -> Void)?
  ) async -> [FilterWalk] {
    let walks = jobs.map { job in
      filterWalk(
        job.tree, inSection: job.index, header: job.header, collapsed: [],
        filtersDescendants: filtersDescendants, from: job.old, isMatch: isIncluded)
    }
    await hook?()
    return walks
  }
}

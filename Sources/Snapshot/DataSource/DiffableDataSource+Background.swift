// Applies whose diff runs off the caller's actor, in the manner of Android's AsyncListDiffer:
// only snapshots and layouts (Sendable values) leave the actor, the diff runs on the global
// executor, and the result is committed back on the caller's actor, re-diffed if the data
// source changed meanwhile, dropped if a later apply replaced it. What the commit replaces,
// or a result left unused, is freed off the actor too (see `OffActorRelease`).

extension DiffableDataSource {
  /// How an apply made with ``applyInBackground(_:animatingDifferences:isolation:)`` or
  /// ``applyInBackground(_:to:animatingDifferences:expansion:isolation:)`` ended.
  public enum BackgroundApplyOutcome: Sendable, Equatable {
    /// The snapshot is shown, and the list view received the difference.
    case applied
    /// A later apply replaced this one before it was shown; nothing changed.
    case superseded
    /// The calling task was cancelled before the snapshot was shown; nothing changed.
    case cancelled
  }

  /// Shows `snapshot` as ``tryApply(_:animatingDifferences:)`` does, but diffs off the
  /// caller's actor: the caller's actor stays free while the diff runs.
  ///
  /// The state to diff against is read on the caller's actor, the diff runs on the global
  /// concurrent executor, and the result is committed back on the caller's actor:
  /// - if the data source changed meanwhile (an expand, a move, a synchronous apply, a change
  ///   of ``updateStyle`` or ``defaultHeaderMode``), the snapshot is diffed again against the
  ///   current state, off the actor, before it is committed;
  /// - if a later apply was made meanwhile (synchronous, or submitted in the background), this
  ///   one commits nothing and returns ``BackgroundApplyOutcome/superseded``: the latest
  ///   apply wins, as with `AsyncListDiffer`;
  /// - if the calling task is cancelled, nothing is committed and the outcome is
  ///   ``BackgroundApplyOutcome/cancelled``.
  ///
  /// Errors are the synchronous apply's, checked at commit: nothing changes when it throws.
  /// This is a distinct name rather than an `async` overload of
  /// ``apply(_:animatingDifferences:completion:)``: in an async context, Swift prefers an
  /// `async` overload, so every existing synchronous call there would need an `await`.
  ///
  /// - Parameters:
  ///   - snapshot: the sections and items to show.
  ///   - animatingDifferences: whether the list view animates the batch; false sends the
  ///     same batch, to be applied without animation.
  ///   - isolation: the actor the data source is used from; the caller's by default.
  /// - Returns: whether the snapshot was applied, superseded by a later apply, or dropped
  ///   because the task was cancelled.
  /// - Complexity: on the caller's actor, O(1) per attempt to take the state (the section
  ///   trees are copies that share their storage), then the commit: O(s) for s sections to
  ///   install the new ones and O(the update's size) to deliver it. What the commit replaces
  ///   (the old sections, and the rows kept by ``snapshot()``, now stale), or an attempt's
  ///   result left unused, is handed in O(1) to a task that frees it off the actor. Listing
  ///   the rows, building the new sections and the diff (``BatchUpdate/init(from:to:marks:)``)
  ///   run off it.
  @inlinable
  public func applyInBackground(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async throws(Error) -> BackgroundApplyOutcome {
    let ticket = applyOrder.submit(section: nil)
    defer { applyOrder.finish() }
    while true {
      if Task.isCancelled { return .cancelled }
      let stamp = stateStamp
      // O(1) here: the section trees are copies that share their storage. Listing the rows
      // and building the new sections happen off the actor, with the diff.
      var work = await Self.showOffActor(
        snapshot, context: applyContext, style: updateStyle, hook: _backgroundDiffHook)
      let outcome: Result<BackgroundApplyOutcome?, Error>  // nil: diff again
      if Task.isCancelled {
        outcome = .success(.cancelled)
      } else if applyOrder.isSuperseded(ticket, section: nil) {
        outcome = .success(.superseded)
      } else if stamp != stateStamp {
        outcome = .success(nil)
      } else {
        outcome = Result { () throws(Error) -> BackgroundApplyOutcome? in
          try performUpdate(.apply) { () throws(Error) in
            let update = try work.diff.get(.apply)
            // The new sections go in, the ones they replace come out into `work`.
            work.sections = install(work.sections)
            deliver(update, animated: animatingDifferences)
          }
          return .applied
        }
      }
      // What dies now (the replaced sections, or the unused new ones, and the rows snapshot
      // the update made stale) is freed off the actor: O(1) here.
      OffActorRelease.release(consume work, takeStaleRows())
      if let outcome = try outcome.get() { return outcome }
    }
  }

  /// Makes `snapshot` the tree of `section` as
  /// ``tryApply(_:to:animatingDifferences:expansion:)`` does, but diffs the section's rows off
  /// the caller's actor, with the rules of ``applyInBackground(_:animatingDifferences:isolation:)``.
  /// A later apply of the whole list or of the same section supersedes it; a section apply to
  /// another section does not (it is a change meanwhile: the rows are diffed again).
  ///
  /// The misuse checks, the rows and their diff all run off the actor; errors are thrown at
  /// commit, as the whole form's are.
  ///
  /// - Parameters:
  ///   - snapshot: the section's new tree.
  ///   - section: the section whose tree it becomes.
  ///   - animatingDifferences: whether the list view animates the batch; false sends the
  ///     same batch, to be applied without animation.
  ///   - expansion: whose expansion state the items present before and after keep: the
  ///     data source's (``ExpansionPolicy/preserveCurrent``) or the snapshot's.
  ///   - isolation: the actor the data source is used from; the caller's by default.
  /// - Returns: whether the snapshot was applied, superseded by a later apply, or dropped
  ///   because the task was cancelled.
  /// - Complexity: on the caller's actor, O(s) per attempt for s sections (taking the state),
  ///   then the commit: O(the update's size). The section's old tree (for a tree built apart,
  ///   O(n) to free), or an attempt's result left unused, is handed in O(1) to a task that
  ///   frees it off the actor. The rest, the cost of
  ///   ``tryApply(_:to:animatingDifferences:expansion:)``, runs off it.
  @inlinable
  public func applyInBackground(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType,
    animatingDifferences: Bool = true, expansion: ExpansionPolicy = .preserveCurrent,
    isolation: isolated (any Actor)? = #isolation
  ) async throws(Error) -> BackgroundApplyOutcome {
    let ticket = applyOrder.submit(section: section)
    defer { applyOrder.finish() }
    while true {
      if Task.isCancelled { return .cancelled }
      let stamp = stateStamp
      // O(1) here: the section trees are copies that share their storage. The misuse checks,
      // the rows and the diff are worked out off the actor.
      let change = await Self.sectionChangeOffActor(
        snapshot, to: section, expansion: expansion, context: applyContext, style: updateStyle,
        hook: _backgroundDiffHook)
      var replaced: SectionSnapshot? = nil
      let outcome: Result<BackgroundApplyOutcome?, Error>  // nil: diff again
      if Task.isCancelled {
        outcome = .success(.cancelled)
      } else if applyOrder.isSuperseded(ticket, section: section) {
        outcome = .success(.superseded)
      } else if stamp != stateStamp {
        outcome = .success(nil)
      } else {
        outcome = Result { () throws(Error) -> BackgroundApplyOutcome? in
          try performUpdate(.applyToSection) { () throws(Error) in
            replaced = commit(try change.get(), to: section, animated: animatingDifferences)
          }
          return .applied
        }
      }
      // What dies now (the replaced tree, all of it for a tree built apart; the change when
      // unused; the rows snapshot the update made stale) is freed off the actor: O(1) here.
      OffActorRelease.release(consume change, consume replaced, takeStaleRows())
      if let outcome = try outcome.get() { return outcome }
    }
  }

  /// The change a section apply makes, worked out from `context` on the global concurrent
  /// executor (a nonisolated `async` function) as ``tryApply(_:to:animatingDifferences:expansion:)``
  /// works it out; then the test hook runs there, when the section exists (a new section
  /// needs no diff). `context` is freed there too: it may hold the last copy of a section
  /// tree that an update replaced meanwhile. O(the section apply's cost).
  @inlinable
  nonisolated static func sectionChangeOffActor(
    _ snapshot: SectionSnapshot, to section: SectionIdentifierType, expansion: ExpansionPolicy,
    context: consuming ApplyContext, style: UpdateStyle, hook: (@Sendable () async -> Void)?
  ) async -> Result<SectionChange, Error> {
    let result = Result { () throws(Error) -> SectionChange in
      try context.sectionChange(
        snapshot, to: section, expansion: expansion, style: style, verify: true)
    }
    if case .success(let change) = result, change.index != nil { await hook?() }
    return result
  }

  /// What decides whether a diff computed earlier still describes the current state.
  @usableFromInline struct StateStamp: Equatable {
    @usableFromInline var revision: Int
    @usableFromInline var style: UpdateStyle
    @usableFromInline var defaultHeaderMode: SectionHeaderMode

    @inlinable init(revision: Int, style: UpdateStyle, defaultHeaderMode: SectionHeaderMode) {
      self.revision = revision
      self.style = style
      self.defaultHeaderMode = defaultHeaderMode
    }
  }

  @usableFromInline var stateStamp: StateStamp {
    StateStamp(revision: revision, style: updateStyle, defaultHeaderMode: defaultHeaderMode)
  }

  /// A diff's result as it comes back to the caller's actor.
  @usableFromInline enum BackgroundDiff: Sendable {
    case update(Update)
    case broken(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>)

    /// The update, or the error an apply throws. O(1).
    @inlinable
    func get(_ operation: Error.Operation) throws(Error) -> Update {
      switch self {
      case .update(let update): return update
      case .broken(let error): throw Error(operation, .brokenIdentifiers(error))
      }
    }
  }

  /// The sections that show `snapshot` and the diff from the rows `context` shows, computed
  /// off the caller's actor. `context` is freed there too: it may hold the last copy of a
  /// section tree that an update replaced meanwhile. O(n + m) plus the diff's cost.
  @inlinable
  nonisolated static func showOffActor(
    _ snapshot: Snapshot, context: consuming ApplyContext, style: UpdateStyle,
    hook: (@Sendable () async -> Void)?
  ) async -> WholeChange {
    let old = context.layout
    let (newSections, newRows) = context.sectionsShowing(snapshot, rows: old)
    let new = zip(newSections, newRows).map { LayoutSection($0.id, items: $1) }
    let result = await diffOffActor(
      from: old, to: new, marks: snapshot.marks, style: style, hook: hook)
    return WholeChange(sections: newSections, diff: result)
  }

  /// What a whole apply worked out off the caller's actor: the sections that show the
  /// snapshot, and the diff.
  @usableFromInline struct WholeChange: Sendable {
    @usableFromInline var sections: [SectionState]
    @usableFromInline var diff: BackgroundDiff

    @inlinable init(sections: [SectionState], diff: BackgroundDiff) {
      self.sections = sections
      self.diff = diff
    }
  }

  /// Diffs `old` against `new` on the global concurrent executor (a nonisolated `async`
  /// function), then runs the test hook there. O(the diff's cost).
  @inlinable
  nonisolated static func diffOffActor(
    from old: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    to new: [LayoutSection<SectionIdentifierType, ItemIdentifierType>],
    marks: DiffMarks<SectionIdentifierType, ItemIdentifierType>, style: UpdateStyle,
    hook: (@Sendable () async -> Void)?
  ) async -> BackgroundDiff {
    let result: BackgroundDiff
    do throws(DuplicateIdentifierError<SectionIdentifierType, ItemIdentifierType>) {
      switch style {
      case .singleBatch: result = .update(.batch(try BatchUpdate(from: old, to: new, marks: marks)))
      case .staged:
        result = .update(.stages(try StagedBatchUpdate(from: old, to: new, marks: marks)))
      }
    } catch {
      result = .broken(error)
    }
    await hook?()
    return result
  }
}

/// The order of applies, for deciding which background applies a later one replaces: every
/// apply, synchronous or submitted in the background, takes the next serial number. A pending
/// background apply is superseded by any later apply, unless both are section applies to
/// different sections.
@usableFromInline
struct ApplyOrder<Section: Hashable> {
  @usableFromInline var serial = 0
  @usableFromInline var lastWhole = 0
  @usableFromInline var lastSection: [Section: Int] = [:]
  @usableFromInline var pending = 0

  @inlinable init() {}

  /// Records a synchronous apply (of `section`, or of the whole list when nil). O(1).
  @inlinable mutating func record(section: Section?) {
    serial &+= 1
    if let section {
      if pending > 0 { lastSection[section] = serial }
    } else {
      lastWhole = serial
    }
  }

  /// Records a background apply that starts now and returns its serial number. O(1).
  @inlinable mutating func submit(section: Section?) -> Int {
    pending &+= 1
    record(section: section)
    return serial
  }

  /// Records that a background apply ended. O(1), or O(sections) when the last one ends.
  @inlinable mutating func finish() {
    pending &-= 1
    if pending == 0 { lastSection = [:] }
  }

  /// Whether an apply made after the background apply `ticket` replaces it. O(1) expected.
  @inlinable func isSuperseded(_ ticket: Int, section: Section?) -> Bool {
    guard let section else { return serial != ticket }
    return lastWhole > ticket || (lastSection[section] ?? 0) > ticket
  }
}

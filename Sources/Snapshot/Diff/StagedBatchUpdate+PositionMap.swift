extension StagedBatchUpdate {
  /// Where a row or section of the layout before the stages is after the last one, and
  /// back: the ``BatchUpdate/PositionMap`` of every stage, asked in turn.
  ///
  /// A position has no counterpart when any stage deletes or inserts it (a reload's halves
  /// included), so a row a stage reloads maps to nil although it is shown before and after.
  public struct PositionMap: Sendable {
    /// The stages' maps, in order.
    public let stages: [BatchUpdate.PositionMap]

    /// Prepares the map of every stage of `update`.
    ///
    /// - Complexity: O(k log k) for k entries over all stages.
    public init(_ update: StagedBatchUpdate) {
      stages = update.stages.map { BatchUpdate.PositionMap($0.batch) }
    }

    /// The index after the last stage of the section at old index `section`, or nil when a
    /// stage deletes or reloads it.
    ///
    /// - Complexity: O(s log k) for s stages of k entries.
    public func newSection(forOld section: Int) -> Int? {
      var current = section
      for stage in stages {
        guard let next = stage.newSection(forOld: current) else { return nil }
        current = next
      }
      return current
    }

    /// The index before the first stage of the section at new index `section`, or nil when a
    /// stage inserts it (a reload's insert included).
    ///
    /// - Complexity: O(s log k) for s stages of k entries.
    public func oldSection(forNew section: Int) -> Int? {
      var current = section
      for stage in stages.reversed() {
        guard let previous = stage.oldSection(forNew: current) else { return nil }
        current = previous
      }
      return current
    }

    /// The index path after the last stage of the row at old index path `path`, or nil when
    /// a stage deletes or reloads the row or its section.
    ///
    /// - Complexity: O(s log k) for s stages of k entries.
    public func newIndexPath(forOld path: ListIndexPath) -> ListIndexPath? {
      var current = path
      for stage in stages {
        guard let next = stage.newIndexPath(forOld: current) else { return nil }
        current = next
      }
      return current
    }

    /// The index path before the first stage of the row at new index path `path`, or nil
    /// when a stage inserts the row or its section (a reload's insert included).
    ///
    /// - Complexity: O(s log k) for s stages of k entries.
    public func oldIndexPath(forNew path: ListIndexPath) -> ListIndexPath? {
      var current = path
      for stage in stages.reversed() {
        guard let previous = stage.oldIndexPath(forNew: current) else { return nil }
        current = previous
      }
      return current
    }
  }

  /// The map of the stages' positions, old to new and back, stage by stage (``PositionMap``).
  ///
  /// - Complexity: O(k log k) for k entries over all stages.
  public var positionMap: PositionMap { PositionMap(self) }

  /// The index path after the last stage of the row at old index path `path`, or nil when a
  /// stage deletes or reloads it: ``PositionMap/newIndexPath(forOld:)``.
  ///
  /// - Complexity: O(k log k) for k entries over all stages (it prepares a ``PositionMap``).
  public func newIndexPath(forOld path: ListIndexPath) -> ListIndexPath? {
    positionMap.newIndexPath(forOld: path)
  }

  /// The index path before the first stage of the row at new index path `path`, or nil when
  /// a stage inserts it: ``PositionMap/oldIndexPath(forNew:)``.
  ///
  /// - Complexity: O(k log k) for k entries over all stages (it prepares a ``PositionMap``).
  public func oldIndexPath(forNew path: ListIndexPath) -> ListIndexPath? {
    positionMap.oldIndexPath(forNew: path)
  }
}

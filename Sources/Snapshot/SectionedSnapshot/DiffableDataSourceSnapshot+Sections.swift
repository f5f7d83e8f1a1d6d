// Adding, removing, moving and reloading sections.

extension DiffableDataSourceSnapshot {
  /// Adds `sections`, empty, after the last section.
  ///
  /// Stops the program if a section is already present, repeated in `sections` or not equal
  /// to itself (see ``SnapshotError/Reason/irreflexiveSection(_:)``);
  /// ``tryAppendSections(_:)`` throws instead.
  ///
  /// - Complexity: O(k) amortized for k sections.
  @inlinable
  public mutating func appendSections(_ sections: [SectionIdentifierType]) {
    trap { () throws(Error) in try tryAppendSections(sections) }
  }

  /// Adds `sections` after the last section, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k) amortized for k sections.
  @inlinable
  public mutating func tryAppendSections(_ sections: [SectionIdentifierType]) throws(Error) {
    try validateNewSections(sections, for: .appendSections, destination: nil)
    guard !sections.isEmpty else { return }
    makeUnique()
    let slots = sections.map { storage.state.allocateSlot(for: $0) }
    storage.state.place(slots, at: storage.state.order.count)
  }

  /// Inserts `sections`, empty, just before `destination`.
  ///
  /// Stops the program on an unknown destination, on sections already present, repeated or
  /// not equal to themselves,
  /// or when `destination` is among `sections`; ``tryInsertSections(_:beforeSection:)``
  /// throws instead.
  ///
  /// - Complexity: O(k + sections).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifierType], beforeSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertSections(sections, beforeSection: destination) }
  }

  /// Inserts `sections` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + sections).
  @inlinable
  public mutating func tryInsertSections(
    _ sections: [SectionIdentifierType], beforeSection destination: SectionIdentifierType
  ) throws(Error) {
    try insertSections(sections, relativeTo: destination, after: false)
  }

  /// Inserts `sections`, empty, just after `destination`.
  ///
  /// Stops the program on an unknown destination, on sections already present, repeated or
  /// not equal to themselves,
  /// or when `destination` is among `sections`; ``tryInsertSections(_:afterSection:)``
  /// throws instead.
  ///
  /// - Complexity: O(k + sections).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifierType], afterSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertSections(sections, afterSection: destination) }
  }

  /// Inserts `sections` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k + sections).
  @inlinable
  public mutating func tryInsertSections(
    _ sections: [SectionIdentifierType], afterSection destination: SectionIdentifierType
  ) throws(Error) {
    try insertSections(sections, relativeTo: destination, after: true)
  }

  @inlinable
  mutating func insertSections(
    _ sections: [SectionIdentifierType], relativeTo destination: SectionIdentifierType,
    after: Bool
  ) throws(Error) {
    guard !sections.isEmpty else { return }
    let operation: Error.Operation = after ? .insertSectionsAfter : .insertSectionsBefore
    guard let target = storage.state.placedSlot(of: destination) else {
      throw Error(operation, .unknownDestinationSection(destination))
    }
    try validateNewSections(sections, for: operation, destination: destination)
    makeUnique()
    let slots = sections.map { storage.state.allocateSlot(for: $0) }
    storage.state.place(slots, at: Int(storage.state.position[Int(target)]) + (after ? 1 : 0))
  }

  /// Removes `sections` and their items. Unknown sections are ignored, as Apple does.
  ///
  /// - Complexity: O(k + sections + items removed).
  @inlinable
  public mutating func deleteSections(_ sections: [SectionIdentifierType]) {
    guard sections.contains(where: { storage.state.placedSlot(of: $0) != nil }) else { return }
    makeUnique()
    storage.state.deleteSections(sections)
  }

  /// Moves `section`, with its items, just before `destination`.
  ///
  /// Stops the program if either section is absent or they are the same;
  /// ``tryMoveSection(_:beforeSection:)`` throws instead.
  ///
  /// - Complexity: O(sections).
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifierType, beforeSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveSection(section, beforeSection: destination) }
  }

  /// Moves `section` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(sections).
  @inlinable
  public mutating func tryMoveSection(
    _ section: SectionIdentifierType, beforeSection destination: SectionIdentifierType
  ) throws(Error) {
    try moveSection(section, relativeTo: destination, after: false)
  }

  /// Moves `section`, with its items, just after `destination`.
  ///
  /// Stops the program if either section is absent or they are the same;
  /// ``tryMoveSection(_:afterSection:)`` throws instead.
  ///
  /// - Complexity: O(sections).
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifierType, afterSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveSection(section, afterSection: destination) }
  }

  /// Moves `section` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(sections).
  @inlinable
  public mutating func tryMoveSection(
    _ section: SectionIdentifierType, afterSection destination: SectionIdentifierType
  ) throws(Error) {
    try moveSection(section, relativeTo: destination, after: true)
  }

  @inlinable
  mutating func moveSection(
    _ section: SectionIdentifierType, relativeTo destination: SectionIdentifierType,
    after: Bool
  ) throws(Error) {
    let operation: Error.Operation = after ? .moveSectionAfter : .moveSectionBefore
    let moving = try slot(of: section, for: operation)
    guard let target = storage.state.placedSlot(of: destination) else {
      throw Error(operation, .unknownDestinationSection(destination))
    }
    if moving == target { throw Error(operation, .sectionMovedRelativeToItself(section)) }
    makeUnique()
    _ = storage.state.unplace(at: Int(storage.state.position[Int(moving)]))
    storage.state.place([moving], at: Int(storage.state.position[Int(target)]) + (after ? 1 : 0))
  }

  /// Marks `sections` for reloading: the next apply redraws them. Naming a section twice is
  /// fine. Stops the program if a section is absent; ``tryReloadSections(_:)`` throws
  /// instead.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func reloadSections(_ sections: [SectionIdentifierType]) {
    trap { () throws(Error) in try tryReloadSections(sections) }
  }

  /// Marks `sections` for reloading, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k).
  @inlinable
  public mutating func tryReloadSections(_ sections: [SectionIdentifierType]) throws(Error) {
    for section in sections { _ = try slot(of: section, for: .reloadSections) }
    guard !sections.isEmpty else { return }
    makeUnique()
    for section in sections { storage.state.reloadedSections.insert(section) }
  }

  /// Checks that `sections` are new, distinct, and each equal to itself. O(k).
  @inlinable
  func validateNewSections(
    _ sections: [SectionIdentifierType], for operation: Error.Operation,
    destination: SectionIdentifierType?
  ) throws(Error) {
    var seen = Set<SectionIdentifierType>(minimumCapacity: sections.count)
    for section in sections {
      guard section == section else { throw Error(operation, .irreflexiveSection(section)) }
      if section == destination {
        throw Error(operation, .destinationInInsertedSections(section))
      }
      if storage.state.placedSlot(of: section) != nil {
        throw Error(operation, .sectionAlreadyInSnapshot(section))
      }
      if !seen.insert(section).inserted { throw Error(operation, .duplicateSection(section)) }
    }
  }
}

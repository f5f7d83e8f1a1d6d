// Adding, removing, moving and reloading sections.

extension DiffableDataSourceSnapshot {
  /// Adds `sections`, empty, after the last section.
  ///
  /// Stops the program if a section is already present, repeated in `sections` or not equal
  /// to itself (see ``SnapshotError/Reason/irreflexiveSection(_:)``);
  /// ``tryAppendSections(_:)`` throws instead.
  ///
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
  @inlinable
  public mutating func appendSections(_ sections: [SectionIdentifierType]) {
    trap { () throws(Error) in try tryAppendSections(sections) }
  }

  /// Adds `sections` after the last section, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
  @inlinable
  public mutating func tryAppendSections(_ sections: [SectionIdentifierType]) throws(Error) {
    try validateNewSections(sections, for: .appendSections, destination: nil)
    try insertNewSections(sections, at: storage.list.count, for: .appendSections)
  }

  /// Inserts `sections`, empty, just before `destination`.
  ///
  /// Stops the program on an unknown destination, on sections already present, repeated or
  /// not equal to themselves,
  /// or when `destination` is among `sections`; ``tryInsertSections(_:beforeSection:)``
  /// throws instead.
  ///
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifierType], beforeSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertSections(sections, beforeSection: destination) }
  }

  /// Inserts `sections` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
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
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifierType], afterSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryInsertSections(sections, afterSection: destination) }
  }

  /// Inserts `sections` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n) for k sections: a checked lookup and a trie walk each, and
  ///   one splice of the tree.
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
    guard let target = storage.place(of: destination)?.position else {
      throw Error(operation, .unknownDestinationSection(destination))
    }
    try validateNewSections(sections, for: operation, destination: destination)
    try insertNewSections(
      sections, at: after ? storage.sectionEnd(of: target) : target, for: operation)
  }

  /// Inserts `sections` (checked new) at `position`, a section boundary. O(k + b log n) in
  /// the tree and k trie walks.
  @inlinable
  mutating func insertNewSections(
    _ sections: [SectionIdentifierType], at position: Int, for operation: Error.Operation
  ) throws(Error) {
    do {
      if position == storage.list.count {
        try storage.appendSections(sections)
      } else {
        try storage.insertSections(sections, at: position)
      }
    } catch {
      // Only identifiers whose hashing is broken get here: the trie met an equal identifier
      // that the checked lookups of `validateNewSections` did not find.
      guard case .duplicate(.section(let section)) = error else {
        throw Error(operation, .sectionAlreadyInSnapshot(sections[0]))
      }
      throw Error(operation, .sectionAlreadyInSnapshot(section))
    }
  }

  /// Removes `sections` and their items. Unknown sections are ignored, as Apple does.
  ///
  /// - Complexity: O(k b log n + m) for the m items removed with them, each removed from
  ///   the trie in O(log n); O(n) instead when that costs less (the storage is rebuilt).
  @inlinable
  public mutating func deleteSections(_ sections: [SectionIdentifierType]) {
    storage.removeSections(at: sections.compactMap { storage.place(of: $0)?.position })
  }

  /// Moves `section`, with its items, just before `destination`.
  ///
  /// Stops the program if either section is absent or they are the same;
  /// ``tryMoveSection(_:beforeSection:)`` throws instead.
  ///
  /// - Complexity: O((m + 1) b log n) for the m items of the moved section: they are taken
  ///   out and put back with new labels, one trie walk each.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifierType, beforeSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveSection(section, beforeSection: destination) }
  }

  /// Moves `section` just before `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O((m + 1) b log n) for the m items of the moved section: they are taken
  ///   out and put back with new labels, one trie walk each.
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
  /// - Complexity: O((m + 1) b log n) for the m items of the moved section: they are taken
  ///   out and put back with new labels, one trie walk each.
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifierType, afterSection destination: SectionIdentifierType
  ) {
    trap { () throws(Error) in try tryMoveSection(section, afterSection: destination) }
  }

  /// Moves `section` just after `destination`, or throws without changing the snapshot.
  ///
  /// - Complexity: O((m + 1) b log n) for the m items of the moved section: they are taken
  ///   out and put back with new labels, one trie walk each.
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
    let source = try place(of: section, for: operation).position
    guard let target = storage.place(of: destination)?.position else {
      throw Error(operation, .unknownDestinationSection(destination))
    }
    if source == target { throw Error(operation, .sectionMovedRelativeToItself(section)) }
    let length = storage.sectionEnd(of: source) - source
    // Where the destination's boundary is once the section is out.
    let boundary = after ? storage.sectionEnd(of: target) : target
    storage.relocate(
      at: source, length: length, to: boundary > source ? boundary - length : boundary,
      level: 0)
  }

  /// Marks `sections` for reloading: the next apply redraws them. Naming a section twice is
  /// fine. Stops the program if a section is absent; ``tryReloadSections(_:)`` throws
  /// instead.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func reloadSections(_ sections: [SectionIdentifierType]) {
    trap { () throws(Error) in try tryReloadSections(sections) }
  }

  /// Marks `sections` for reloading, or throws without changing the snapshot.
  ///
  /// - Complexity: O(k b log n): a checked lookup each.
  @inlinable
  public mutating func tryReloadSections(_ sections: [SectionIdentifierType]) throws(Error) {
    for section in sections { _ = try place(of: section, for: .reloadSections) }
    for section in sections { storage.reloadedSections.insert(section) }
  }

  /// Checks that `sections` are new, distinct, and each equal to itself. O(k b log n).
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
      if storage.place(of: section) != nil {
        throw Error(operation, .sectionAlreadyInSnapshot(section))
      }
      if !seen.insert(section).inserted { throw Error(operation, .duplicateSection(section)) }
    }
  }
}

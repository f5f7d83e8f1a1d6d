// The data source's internal structure, checked for tests.

extension DiffableDataSource {
  /// Stops the program if the data source's internal structure is inconsistent: every
  /// section's rows must be its tree's visible items (or its header alone when folded), every tree valid and in its header mode,
  /// and no item in two sections. For tests.
  ///
  /// - Complexity: O(n) for n items.
  @inlinable public func _checkInvariants() {
    if let violation = _invariantViolation() { preconditionFailure(violation) }
  }

  /// The first broken invariant (see ``_checkInvariants()``), or nil.
  ///
  /// - Complexity: O(n) for n items.
  @inlinable public func _invariantViolation() -> String? {
    if sectionIndexes.count != sections.count { return "section index size differs" }
    for section in pinnedHeaderModes {
      if sectionIndexes[section] == nil { return "section \(section): pinned, but absent" }
      if headerModes[section] == nil { return "section \(section): pinned, but has no mode" }
    }
    if held != nil { return "batches are held back outside an update" }
    for (id, filter) in filters {
      guard let index = sectionIndexes[id] else { return "section \(id): filtered, but absent" }
      let fresh = refreshed(filter, inSection: index)
      if !filter.rows.tree.isIdentical(to: sections[index].tree) {
        return "section \(id): the filter's rows are not of the section's tree"
      }
      if !fresh.rows.sameRows(as: filter.rows) {
        return "section \(id): the filter shows \(filter.rows.items), its tests \(fresh.rows.items)"
      }
      if fresh.matches != filter.matches { return "section \(id): the filter's matches differ" }
    }
    var owner: [ItemIdentifierType: SectionIdentifierType] = [:]
    for (index, section) in sections.enumerated() {
      if sectionIndexes[section.id] != index { return "section \(section.id): index differs" }
      if let violation = section.tree._invariantViolation() {
        return "section \(section.id): \(violation)"
      }
      if rowCount(inSection: index) != shownRows(section.tree, section.id).count {
        return "section \(section.id): row count differs from the tree's shown items"
      }
      do {
        try Self.checkHeaderMode(headerMode(for: section.id), section.tree, section.id, .apply)
      } catch {
        return "section \(section.id): \(error)"
      }
      for item in section.tree.items {
        if let other = owner.updateValue(section.id, forKey: item) {
          return "item \(item) in sections \(other) and \(section.id)"
        }
      }
    }
    return nil
  }
}

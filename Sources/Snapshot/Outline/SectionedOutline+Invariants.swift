// Internal consistency checks, in the style of swift-collections, for tests.

extension SectionedOutline {
  /// Checks every internal invariant and stops the program with a message naming the first
  /// one broken: the section list, the trees and the section index have one entry per
  /// section; every section is equal to itself and indexed at its position; no item is in two
  /// sections; every section's tree passes its own
  /// ``DiffableDataSourceSectionSnapshot/_checkInvariants()``.
  ///
  /// - Complexity: O(n) for n items; meant for tests.
  public func _checkInvariants() {
    if let violation = _invariantViolation() {
      preconditionFailure("Sectioned outline invariant broken: \(violation)")
    }
  }

  /// The first broken internal invariant (see ``_checkInvariants()``), or nil. Lets tests
  /// report a failure with its seed instead of stopping.
  ///
  /// - Complexity: O(n) for n items.
  public func _invariantViolation() -> String? {
    guard trees.count == sectionIDs.count else {
      return "\(sectionIDs.count) sections but \(trees.count) trees"
    }
    guard indexOfSection.count == sectionIDs.count else {
      return "section index holds \(indexOfSection.count) of \(sectionIDs.count) sections"
    }
    for (index, section) in sectionIDs.enumerated() {
      guard section == section else { return "section \(section) is not equal to itself" }
      guard indexOfSection[section] == index else {
        return "section \(section) at \(index) is indexed at "
          + (indexOfSection[section].map(String.init) ?? "nil")
      }
    }
    var owner = [ItemIdentifierType: Int](minimumCapacity: numberOfItems)
    for (index, tree) in trees.enumerated() {
      if let violation = tree._invariantViolation() {
        return "tree of section \(sectionIDs[index]): \(violation)"
      }
      for item in tree.items {
        if let first = owner.updateValue(index, forKey: item) {
          return "item \(item) is in sections \(sectionIDs[first]) and \(sectionIDs[index])"
        }
      }
    }
    return nil
  }
}

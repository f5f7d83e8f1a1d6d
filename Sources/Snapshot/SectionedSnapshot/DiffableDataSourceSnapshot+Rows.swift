// Reads by position the data source makes of a sectioned snapshot, and a copy without marks.

extension DiffableDataSourceSnapshot {
  /// The item at `index` of the section at `section` (both in range). O(b log n).
  @inlinable func item(at index: Int, inSectionAt section: Int) -> ItemIdentifierType {
    let tree = storage.list.tree
    guard
      case .item(let item) = tree.entry(at: tree.position(ofVisibleRow: section) + 1 + index).item
    else { preconditionFailure("no item \(index) in section \(section)") }
    return item
  }

  /// This snapshot without its reload and reconfigure marks. O(1).
  @inlinable var withoutMarks: Self {
    var copy = self
    copy.storage.reloadedSections = OrderedMarks()
    copy.storage.reloadedItems = OrderedMarks()
    copy.storage.reconfiguredItems = OrderedMarks()
    return copy
  }
}

extension DiffableDataSourceSnapshot {
  /// The bucket size of the identifier index a snapshot built at once gets. O(1).
  @inlinable static var defaultBucketCapacity: Int { SharedLabelIndex.defaultBucketCapacity }
}

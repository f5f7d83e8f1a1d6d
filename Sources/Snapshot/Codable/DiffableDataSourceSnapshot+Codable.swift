// Persisting a sectioned snapshot: its sections and the items of each, in order.

extension DiffableDataSourceSnapshot: Encodable
where SectionIdentifierType: Encodable, ItemIdentifierType: Encodable {
  /// Writes the sections and their items, in order, as two parallel columns:
  ///
  /// ```json
  /// { "sections": ["Fruit", "Empty", "Bread"],
  ///   "items":    [["🍏", "🍓"], [], ["🥐"]] }
  /// ```
  ///
  /// - `sections`: the section identifiers, in order.
  /// - `items`: for each section, its item identifiers, in order.
  ///
  /// Reload and reconfigure marks are not written: they describe the next apply, not the
  /// content. ``init(from:)`` reads it back.
  ///
  /// - Complexity: O(n), read leaf by leaf.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SectionedCodingKeys.self)
    let layout = layout
    try container.encode(layout.map(\.id), forKey: .sections)
    try container.encode(layout.map(\.items), forKey: .items)
  }
}

extension DiffableDataSourceSnapshot: Decodable
where SectionIdentifierType: Decodable, ItemIdentifierType: Decodable {
  /// Reads a snapshot written by ``encode(to:)`` (keys `sections` and `items`, both
  /// required), checking every entry. The result has no reload or reconfigure marks.
  ///
  /// Throws `DecodingError.dataCorrupted`, with the coding path of the offending entry and
  /// a debug description saying what is wrong, for: columns of different lengths, a section
  /// found twice, an item found twice in one section or in two (naming both positions), an
  /// identifier not equal to itself (such as `Double.nan`).
  /// Wrong types and missing keys fail with the decoder's own `typeMismatch` and
  /// `keyNotFound`. Never stops the program.
  ///
  /// - Complexity: O(n log₁₆ n): checked with dictionaries, then built at once.
  public init(from decoder: any Decoder) throws {
    typealias Key = SectionedCodingKeys
    let container = try decoder.container(keyedBy: Key.self)
    let sections = try container.decode([SectionIdentifierType].self, forKey: .sections)
    let items = try container.decode([[ItemIdentifierType]].self, forKey: .items)
    let path = container.codingPath
    guard items.count == sections.count else {
      throw corruptedData(
        at: path, [Key.items],
        "items.count is \(items.count) but sections.count is \(sections.count); each section "
          + "needs exactly one list of items")
    }
    // Tables sized for every identifier up front: inserting never rehashes, so identifiers
    // with broken hashing cannot stop the program (see `GrowingFirst.swift`).
    var firstIndexOfSection = [SectionIdentifierType: Int](minimumCapacity: sections.count)
    for (index, section) in sections.enumerated() {
      guard section == section else {
        throw corruptedData(
          at: path, [Key.sections, IndexCodingKey(index)],
          "section \(section) at index \(index) \(irreflexiveExplanation)")
      }
      if let first = firstIndexOfSection.updateValue(index, forKey: section) {
        throw corruptedData(
          at: path, [Key.sections, IndexCodingKey(index)],
          "section \(section) at index \(index) duplicates the section at index \(first); "
            + "section identifiers must be unique")
      }
    }
    var place = [ItemIdentifierType: (section: Int, index: Int)](
      minimumCapacity: items.reduce(0) { $0 + $1.count })
    for (sectionIndex, sectionItems) in items.enumerated() {
      for (index, item) in sectionItems.enumerated() {
        guard item == item else {
          throw corruptedData(
            at: path, [Key.items, IndexCodingKey(sectionIndex), IndexCodingKey(index)],
            "item \(item) at items[\(sectionIndex)][\(index)] (section "
              + "\(sections[sectionIndex])) \(irreflexiveExplanation)")
        }
        if let first = place.updateValue((sectionIndex, index), forKey: item) {
          throw corruptedData(
            at: path, [Key.items, IndexCodingKey(sectionIndex), IndexCodingKey(index)],
            "item \(item) at items[\(sectionIndex)][\(index)] (section "
              + "\(sections[sectionIndex])) duplicates the item at items[\(first.section)]"
              + "[\(first.index)] (section \(sections[first.section])); item identifiers "
              + "must be unique across sections")
        }
      }
    }
    self.init(uniqueSections: sections, items: items)
  }
}

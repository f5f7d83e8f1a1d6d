// Persisting a sectioned outline: its sections and each section's tree.

extension SectionedOutline: Encodable
where SectionIdentifierType: Encodable, ItemIdentifierType: Encodable {
  /// Writes the sections, in order, and the tree of each, as two parallel columns:
  ///
  /// ```json
  /// { "sections":  ["Animals", "Food"],
  ///   "snapshots": [ { "items": ["Animals", "Dogs", "Shiba"], "levels": [0, 0, 1],
  ///                    "expanded": [1] },
  ///                  { "items": ["Food"], "levels": [0], "expanded": [] } ] }
  /// ```
  ///
  /// - `sections`: the section identifiers, in order.
  /// - `snapshots`: for each section, its tree in the format of
  ///   ``DiffableDataSourceSectionSnapshot/encode(to:)`` (columns `items`, `levels`,
  ///   `expanded`).
  ///
  /// ``init(from:)`` reads it back.
  ///
  /// - Complexity: O(n).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SectionedCodingKeys.self)
    try container.encode(sectionIDs, forKey: .sections)
    try container.encode(trees, forKey: .snapshots)
  }
}

extension SectionedOutline: Decodable
where SectionIdentifierType: Decodable, ItemIdentifierType: Decodable {
  /// Reads an outline written by ``encode(to:)`` (keys `sections` and `snapshots`, both
  /// required), checking every entry.
  ///
  /// Throws `DecodingError.dataCorrupted`, with the coding path of the offending entry and
  /// a debug description saying what is wrong, for everything
  /// ``DiffableDataSourceSectionSnapshot/init(from:)`` refuses in a section's tree, and for
  /// columns of different lengths, a section found twice or not equal to itself, and an item
  /// found in two sections (naming both positions). Never stops the program.
  ///
  /// - Complexity: O(n).
  public init(from decoder: any Decoder) throws {
    typealias Key = SectionedCodingKeys
    let container = try decoder.container(keyedBy: Key.self)
    let sections = try container.decode([SectionIdentifierType].self, forKey: .sections)
    let trees = try container.decode([SectionSnapshot].self, forKey: .snapshots)
    let path = container.codingPath
    guard trees.count == sections.count else {
      throw corruptedData(
        at: path, [Key.snapshots],
        "snapshots.count is \(trees.count) but sections.count is \(sections.count); each "
          + "section needs exactly one snapshot")
    }
    var outline = Self()
    // Tables sized for every identifier up front: inserting never rehashes, so identifiers
    // with broken hashing cannot stop the program (see `GrowingFirst.swift`).
    outline.indexOfSection = .init(minimumCapacity: sections.count)
    for (index, section) in sections.enumerated() {
      guard section == section else {
        throw corruptedData(
          at: path, [Key.sections, IndexCodingKey(index)],
          "section \(section) at index \(index) \(irreflexiveExplanation)")
      }
      if let first = outline.indexOfSection.updateValue(index, forKey: section) {
        throw corruptedData(
          at: path, [Key.sections, IndexCodingKey(index)],
          "section \(section) at index \(index) duplicates the section at index \(first); "
            + "section identifiers must be unique")
      }
    }
    var owner = [ItemIdentifierType: Int](minimumCapacity: trees.reduce(0) { $0 + $1.count })
    for (sectionIndex, tree) in trees.enumerated() {
      for item in tree.items {
        guard let first = owner.updateValue(sectionIndex, forKey: item) else { continue }
        let index = tree.index(of: item) ?? 0
        let firstIndex = trees[first].index(of: item) ?? 0
        throw corruptedData(
          at: path,
          [
            Key.snapshots, IndexCodingKey(sectionIndex), SectionSnapshotCodingKeys.items,
            IndexCodingKey(index),
          ],
          "item \(item) of section \(sections[sectionIndex]) (snapshots[\(sectionIndex)]"
            + ".items[\(index)]) is also in section \(sections[first]) "
            + "(snapshots[\(first)].items[\(firstIndex)]); item identifiers must be unique "
            + "across sections")
      }
    }
    outline.sectionIDs = sections
    outline.trees = trees
    self = outline
  }
}

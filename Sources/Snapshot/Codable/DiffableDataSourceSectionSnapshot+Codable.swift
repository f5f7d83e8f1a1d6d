// Persisting a section snapshot: its tree, order and expansion state.

extension DiffableDataSourceSectionSnapshot: Encodable where ItemIdentifierType: Encodable {
  /// Writes the tree, its order and its expansion state as three parallel, depth-first
  /// columns:
  ///
  /// ```json
  /// { "items":    ["Food", "Meat", "Pork", "Drinks"],
  ///   "levels":   [0, 1, 2, 0],
  ///   "expanded": [0, 1] }
  /// ```
  ///
  /// - `items`: every item identifier, depth-first (each parent before its children,
  ///   siblings in order), as ``items`` lists them.
  /// - `levels`: the level of each item (0 for a root). An item's parent is the nearest item
  ///   before it one level up, so the tree needs no parent references: a cycle cannot be
  ///   written, and a missing parent shows as a level more than one deeper than the previous
  ///   item's.
  /// - `expanded`: the positions, in `items`, of the expanded items, in increasing order.
  ///
  /// Equal snapshots encode identically. ``init(from:)`` reads it back.
  ///
  /// - Complexity: O(n).
  public func encode(to encoder: any Encoder) throws {
    var items: [ItemIdentifierType] = []
    var levels: [Int] = []
    var expanded: [Int] = []
    items.reserveCapacity(count)
    levels.reserveCapacity(count)
    forEachEntry(in: 0..<count) { position, entry in
      items.append(entry.item)
      levels.append(entry.level)
      if entry.isExpanded { expanded.append(position) }
    }
    var container = encoder.container(keyedBy: SectionSnapshotCodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(levels, forKey: .levels)
    try container.encode(expanded, forKey: .expanded)
  }
}

extension DiffableDataSourceSectionSnapshot: Decodable where ItemIdentifierType: Decodable {
  /// Reads a tree written by ``encode(to:)`` (keys `items`, `levels`, `expanded`, all
  /// required), checking every entry.
  ///
  /// Throws `DecodingError.dataCorrupted`, with the coding path of the offending entry and
  /// a debug description saying what is wrong, for: columns of different lengths, a
  /// negative level, a first item not at level 0, a level more than one deeper than the
  /// previous item's (its parent is missing), an identifier found twice (naming both
  /// positions) or not equal to itself (such as `Double.nan`), an expanded position out of
  /// range or not in increasing order. Wrong types
  /// and missing keys fail with the decoder's own `typeMismatch` and `keyNotFound`. Never
  /// stops the program.
  ///
  /// - Complexity: O(n).
  public init(from decoder: any Decoder) throws {
    typealias Key = SectionSnapshotCodingKeys
    let container = try decoder.container(keyedBy: Key.self)
    let items = try container.decode([ItemIdentifierType].self, forKey: .items)
    let levels = try container.decode([Int].self, forKey: .levels)
    let expanded = try container.decode([Int].self, forKey: .expanded)
    let path = container.codingPath
    guard levels.count == items.count else {
      throw corruptedData(
        at: path, [Key.levels],
        "levels.count is \(levels.count) but items.count is \(items.count); each item needs "
          + "exactly one level")
    }
    var builder = TreeBuilder<ItemIdentifierType>(capacity: items.count)
    for (index, item) in items.enumerated() {
      let level = levels[index]
      guard level >= 0 else {
        throw corruptedData(
          at: path, [Key.levels, IndexCodingKey(index)],
          "level \(level) of item \(item) at index \(index) is negative")
      }
      guard level <= builder.maximumDepth else {
        let why =
          index == 0
          ? "the first item must be at level 0 (a root)"
          : "the item before it is at level \(levels[index - 1]), so its parent is missing "
            + "(a level may be at most one more than the previous item's)"
        throw corruptedData(
          at: path, [Key.levels, IndexCodingKey(index)],
          "item \(item) at index \(index) has level \(level), but \(why)")
      }
      let first = builder.append(item, depth: level, expanded: false)
      if first == TreeBuilder<ItemIdentifierType>.irreflexive {
        throw corruptedData(
          at: path, [Key.items, IndexCodingKey(index)],
          "item \(item) at index \(index) \(irreflexiveExplanation)")
      }
      if first >= 0 {
        throw corruptedData(
          at: path, [Key.items, IndexCodingKey(index)],
          "item \(item) at index \(index) duplicates the item at index \(first); "
            + "identifiers must be unique in a section snapshot")
      }
    }
    var previous = -1
    for (entry, index) in expanded.enumerated() {
      guard index >= 0, index < items.count else {
        throw corruptedData(
          at: path, [Key.expanded, IndexCodingKey(entry)],
          "expanded position \(index) is out of range: there are \(items.count) items")
      }
      guard index > previous else {
        throw corruptedData(
          at: path, [Key.expanded, IndexCodingKey(entry)],
          "expanded position \(index) follows \(previous); positions must be in increasing "
            + "order, each once")
      }
      builder.expand(at: index)
      previous = index
    }
    self = builder.snapshot
  }
}

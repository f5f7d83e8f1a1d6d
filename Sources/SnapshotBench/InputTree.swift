import Snapshot

/// Identifiers a file's tree can have: `Int` when every identifier in the file is an
/// integer, `String` otherwise.
protocol InputIdentifier: BenchIdentifier, Codable {
  /// The identifier of the only section of a one-section form (`0`, or `"0"`).
  static var onlySection: Self { get }
}

extension Int: InputIdentifier {
  static var onlySection: Int { 0 }
}

extension String: InputIdentifier {
  static var onlySection: String { "0" }
}

extension String: BenchIdentifier {
  static var key: String { "string" }
  static var label: String { "String" }
  static func random(_ generator: inout BenchGenerator) -> String {
    "new-" + String(generator.next(), radix: 36)
  }
}

/// The forms `--input` and `diff` read (`--format`).
enum InputFormat: String, CaseIterable, Sendable {
  /// The `Codable` form of a `DiffableDataSourceSectionSnapshot`: `items`, `levels`,
  /// `expanded`.
  case section
  /// The `Codable` form of a `DiffableDataSourceSnapshot`: `sections`, `items`.
  case sectioned
  /// The `Codable` form of a `SectionedOutline`: `sections`, `snapshots`.
  case outline
  /// Any JSON document, read as `outline` reads it: objects and arrays are parents.
  case json

  /// What the form is, in a few words.
  var title: String {
    switch self {
    case .section: "a section snapshot (items, levels, expanded)"
    case .sectioned: "a sectioned snapshot (sections, items)"
    case .outline: "a sectioned outline (sections, snapshots)"
    case .json: "a plain JSON document (objects and arrays are parents)"
    }
  }
}

/// Whether a file's section and item identifiers are integers.
struct IdentifierKinds: Equatable, Sendable {
  var sectionsAreIntegers: Bool
  var itemsAreIntegers: Bool

  /// Integers only where both are.
  func common(_ other: IdentifierKinds) -> IdentifierKinds {
    IdentifierKinds(
      sectionsAreIntegers: sectionsAreIntegers && other.sectionsAreIntegers,
      itemsAreIntegers: itemsAreIntegers && other.itemsAreIntegers)
  }

  var description: String {
    "\(sectionsAreIntegers ? "Int" : "String") sections, "
      + "\(itemsAreIntegers ? "Int" : "String") items"
  }
}

/// A tree read from a file, with its identifier types erased: what `--input` benchmarks and
/// `diff` compares.
protocol LoadedInput: Sendable {
  var file: String { get }
  var format: InputFormat { get }
  var kinds: IdentifierKinds { get }
  /// Sections, items and rows, in a few words.
  var summary: String { get }
  var itemCount: Int { get }
  /// The scenarios `--input` runs on the tree, edits generated from `seed`.
  func scenarios(seed: UInt64) -> [Scenario]
  /// `diff`'s report from this tree to `new`, or nil when their identifier types differ.
  func diffReport(to new: any LoadedInput, verbose: Bool, repeats: Int?) -> String?
}

/// A file's tree: its sections and the tree of each. A section snapshot or a plain JSON
/// document is one section, `0`; a sectioned snapshot's sections are flat trees.
struct InputTree<SectionID: InputIdentifier, ItemID: InputIdentifier>: LoadedInput {
  var file: String
  var format: InputFormat
  var outline: SectionedOutline<SectionID, ItemID>
  /// Plain JSON only: each scalar's value, so that `diff` marks the items whose value
  /// changed for reconfigure (as `outline` does after an edit).
  var values: [ItemID: String] = [:]

  var kinds: IdentifierKinds {
    IdentifierKinds(
      sectionsAreIntegers: SectionID.self == Int.self, itemsAreIntegers: ItemID.self == Int.self)
  }

  var itemCount: Int { outline.numberOfItems }

  var summary: String {
    let rows = outline.visibleSnapshot.numberOfItems
    let sections = outline.numberOfSections
    return "\(Format.count(sections)) section\(sections == 1 ? "" : "s"), "
      + "\(Format.count(itemCount)) items, \(Format.count(rows)) rows shown; \(kinds.description)"
  }

  /// Each section's tree as arrays.
  var forests: [InputForest<ItemID>] {
    outline.sectionIdentifiers.map { InputForest(outline.snapshot(for: $0)!) }
  }

  /// The rows a list shows: each section's visible items, as the file expands them (plain
  /// JSON: every parent expanded).
  var rows: DiffableDataSourceSnapshot<SectionID, ItemID> { outline.visibleSnapshot }
}

/// The snapshot whose sections are `sections` and whose items are each forest's items in
/// depth-first order (every parent expanded). O(n).
func expandedSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
  _ sections: [SectionID], _ forests: [InputForest<ItemID>]
) -> DiffableDataSourceSnapshot<SectionID, ItemID> {
  var snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>()
  snapshot.appendSections(sections)
  for (section, forest) in zip(sections, forests) {
    snapshot.appendItems(forest.depthFirstIDs, toSection: section)
  }
  return snapshot
}

/// The fewest moves that turn `old` into `new` when every move stays a move, computed
/// without the diff engine: the common sections off a longest increasing subsequence of
/// their new positions; in each common section, its items staying in it off a longest
/// increasing subsequence; and every item changing between two common sections. O(n log n).
func fewestMoves<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>(
  old: [LayoutSection<SectionID, ItemID>], new: [LayoutSection<SectionID, ItemID>]
) -> Int {
  var newSectionIndex = [SectionID: Int](minimumCapacity: new.count)
  for (index, section) in new.enumerated() { newSectionIndex[section.id] = index }
  let commonSections = old.compactMap { newSectionIndex[$0.id] }
  var moves = commonSections.count - longestIncreasingLength(commonSections)
  var oldSectionIDs = Set<SectionID>(minimumCapacity: old.count)
  for section in old { oldSectionIDs.insert(section.id) }
  var newPlace = [ItemID: (section: Int, index: Int)]()
  for (sectionIndex, section) in new.enumerated() {
    for (index, item) in section.items.enumerated() { newPlace[item] = (sectionIndex, index) }
  }
  for section in old {
    guard let sectionIndex = newSectionIndex[section.id] else { continue }
    var staying: [Int] = []
    for item in section.items {
      guard let place = newPlace[item], oldSectionIDs.contains(new[place.section].id) else {
        continue
      }
      if place.section == sectionIndex { staying.append(place.index) } else { moves += 1 }
    }
    moves += staying.count - longestIncreasingLength(staying)
  }
  return moves
}

/// The length of a longest strictly increasing subsequence of `values` (patience sorting).
/// O(n log n).
func longestIncreasingLength(_ values: [Int]) -> Int {
  var piles: [Int] = []
  for value in values {
    var low = 0
    var high = piles.count
    while low < high {
      let middle = (low + high) / 2
      if piles[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == piles.count { piles.append(value) } else { piles[low] = value }
  }
  return piles.count
}

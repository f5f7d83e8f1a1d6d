import Snapshot

/// One batch applied to one old layout the way a list view applies it, and compared with one
/// new layout: the engine of ``BatchRules/simulate(old:batch:new:allowDeletesInMovedSections:)``.
///
/// The phases run in the order of section 6 of the rules; each throws the first rule it finds
/// broken. A phase relies on the ones before it (bounds before any indexing, duplicates
/// before the section count), so no phase can trap.
struct BatchSimulation<S: Hashable & Sendable, I: Hashable & Sendable> {
  typealias Layout = [LayoutSection<S, I>]
  typealias Rule = BatchRules.Rule

  let old: Layout
  let batch: BatchUpdate
  let new: Layout
  let allowDeletesInMovedSections: Bool
  var outcome = BatchRules.Outcome<S, I>()

  // Filled by the phases, in order.
  var sectionSources: Set<Int> = []
  var sectionDestinations: Set<Int> = []
  /// New index -> old index of every section reload.
  var reloadedSectionTargets: [Int: Int] = [:]
  var goneSections: Set<Int> = []
  var freshSectionIndexes: Set<Int> = []
  var itemSources: Set<ListIndexPath> = []
  /// New index path -> old index path of every item reload.
  var reloadedItemTargets: [ListIndexPath: ListIndexPath] = [:]
  var goneItems: Set<ListIndexPath> = []
  var freshItemPaths: Set<ListIndexPath> = []
  /// For each new section, the old section it continues, or nil for a fresh one.
  var sectionOrigin: [Int?] = []

  init(old: Layout, batch: BatchUpdate, new: Layout, allowDeletesInMovedSections: Bool) {
    self.old = old
    self.batch = batch
    self.new = new
    self.allowDeletesInMovedSections = allowDeletesInMovedSections
  }

  mutating func run() throws(BatchRules.Violation) {
    try checkBounds()
    try checkDuplicates()
    try checkSectionCombinations()
    try checkItemCombinations()
    try checkSectionCount()
    try placeSections()
    try checkItemCounts()
    try placeItems()
    try checkReconfigures()
  }

  // MARK: - Helpers

  func invalid(_ rule: Rule, _ message: String) -> BatchRules.Violation {
    BatchRules.Violation(rule: rule, message: "Invalid update: " + message)
  }

  static func inBounds(_ path: ListIndexPath, _ layout: Layout) -> Bool {
    layout.indices.contains(path.section) && layout[path.section].items.indices.contains(path.item)
  }

  /// Why section `index` is out of a frame of `count` sections.
  static func sectionRoom(_ index: Int, count: Int, _ when: String) -> String {
    index < 0
      ? "but section numbers start at 0" : "but there are only \(count) sections \(when) the update"
  }

  /// Why `path` is out of `layout`.
  static func itemRoom(_ path: ListIndexPath, in layout: Layout, _ when: String) -> String {
    guard layout.indices.contains(path.section) else {
      return sectionRoom(path.section, count: layout.count, when)
    }
    if path.item < 0 { return "but item numbers start at 0" }
    return "but there are only \(layout[path.section].items.count) items in section "
      + "\(path.section) \(when) the update"
  }

  static func firstDuplicate<T: Hashable>(_ list: [T]) -> T? {
    var seen = Set<T>()
    return list.first { !seen.insert($0).inserted }
  }

  /// The number of elements of the ascending `sorted` that are less than `value` (a binary
  /// search, shared with the position map).
  static func countLess(_ sorted: [Int], than value: Int) -> Int {
    BatchUpdate.PositionMap.countLess(sorted, than: value)
  }

  /// ``BatchRules/shifted(_:deletes:inserts:)`` over ascending lists without duplicates.
  static func shift(_ index: Int, sortedDeletes: [Int], sortedInserts: [Int]) -> Int {
    var position = index - countLess(sortedDeletes, than: index)
    for insert in sortedInserts {
      guard insert <= position else { break }
      position += 1
    }
    return position
  }
}

import Foundation
import Testing

@testable import Snapshot

// Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
#if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))

  // Identifiers whose `Hashable` conformance is broken in each of the ways a hash table can
  // meet, and the work that must survive them: every `try` twin, the array-level diff and the
  // decoders may refuse such identifiers or give odd answers, never stop the program. Each
  // test runs in a child process, so that a crash fails that test alone.

  /// How an identifier's hash is broken.
  private protocol HashBreakage: Sendable {
    static func hash(id: Int, variant: Int, into hasher: inout Hasher)
  }

  /// An identifier with a broken `Hashable` conformance: `==` compares only `id`; the hash is
  /// whatever `Breakage` makes of `id` and `variant`.
  private struct BrokenID<Breakage: HashBreakage>: Hashable, Codable, Sendable,
    CustomStringConvertible
  {
    let id: Int
    let variant: Int

    init(_ id: Int, variant: Int) {
      self.id = id
      self.variant = variant
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { Breakage.hash(id: id, variant: variant, into: &hasher) }
    var description: String { "\(id)" }

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      self.init(try container.decode(Int.self), variant: try container.decode(Int.self))
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      try container.encode(id)
      try container.encode(variant)
    }
  }

  /// Equal values hash apart: the variant is hashed too.
  private enum HashedApart: HashBreakage {
    static func hash(id: Int, variant: Int, into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(variant)
    }
  }

  /// The hash changes on every call.
  private enum Restless: HashBreakage {
    static let calls = Locked(0)
    static func hash(id: Int, variant: Int, into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(
        calls.withLock {
          $0 += 1
          return $0
        })
    }
  }

  /// The hash mixes in a salt that the tests change between the two snapshots of a diff.
  private enum Resalted: HashBreakage {
    static let salt = Locked(0)
    static func hash(id: Int, variant: Int, into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(salt.withLock { $0 })
    }
    static func resalt() { salt.withLock { $0 += 1 } }
  }

  /// `count` identifiers cycling through `distinct` numbers, each with its own variant.
  private func ids<B: HashBreakage>(_ count: Int, distinct: Int, from start: Int = 0) -> [BrokenID<
    B
  >] {
    (0..<count).map { BrokenID($0 % distinct, variant: start + $0) }
  }

  /// Edits sectioned snapshots with every `try` twin, then diffs them every way there is.
  /// `between` runs after the old snapshot is built (it may change the hashes).
  private func editAndDiff<B: HashBreakage>(_: B.Type, between: () -> Void) {
    typealias ID = BrokenID<B>
    var old = DiffableDataSourceSnapshot<ID, ID>()
    for section: ID in ids(40, distinct: 3) { _ = try? old.tryAppendSections([section]) }
    _ = try? old.tryAppendSections(ids(40, distinct: 3, from: 100))
    for item: ID in ids(600, distinct: 7) { _ = try? old.tryAppendItems([item]) }
    _ = try? old.tryAppendItems(ids(600, distinct: 11, from: 1000))
    between()
    var new = old
    for item: ID in ids(300, distinct: 5, from: 2000) {
      _ = try? new.tryInsertItems([item], beforeItem: ID(1, variant: 0))
      _ = try? new.tryInsertItems([item], afterItem: ID(2, variant: 1))
    }
    for section: ID in ids(40, distinct: 4, from: 3000) {
      _ = try? new.tryInsertSections([section], beforeSection: ID(0, variant: 0))
      _ = try? new.tryInsertSections([section], afterSection: ID(1, variant: 1))
    }
    for (item, destination): (ID, ID) in zip(ids(100, distinct: 7), ids(100, distinct: 9)) {
      _ = try? new.tryMoveItem(item, beforeItem: destination)
      _ = try? new.tryMoveItem(item, afterItem: destination)
    }
    for (section, destination): (ID, ID) in zip(ids(20, distinct: 3), ids(20, distinct: 4)) {
      _ = try? new.tryMoveSection(section, beforeSection: destination)
      _ = try? new.tryMoveSection(section, afterSection: destination)
    }
    for item: ID in ids(300, distinct: 13) {
      _ = try? new.tryReloadItems([item])
      _ = try? new.tryReconfigureItems([item])
    }
    _ = try? new.tryReloadItems(ids(300, distinct: 13, from: 4000))
    _ = try? new.tryReloadSections(ids(40, distinct: 3, from: 5000))
    for section: ID in ids(40, distinct: 3) { _ = try? new.tryNumberOfItems(inSection: section) }
    for item: ID in ids(40, distinct: 7) {
      _ = new.indexOfItem(item)
      _ = new.sectionIdentifier(containingItem: item)
    }
    new.deleteItems(ids(50, distinct: 5, from: 6000))
    new.deleteSections(ids(3, distinct: 2, from: 7000))
    _ = new.layout
    _ = new.description

    // The diff: checked, trusted, staged, and at the array level with the marks.
    _ = try? new.tryBatchUpdate(from: old)
    _ = try? new.tryStagedBatchUpdate(from: old)
    _ = try? old.tryBatchUpdate(from: new)
    _ = new.batchUpdate(from: old)
    _ = new.stagedBatchUpdate(from: old)
    let marks = DiffMarks<ID, ID>(
      reloadedSections: ids(30, distinct: 3), reloadedItems: ids(300, distinct: 7),
      reconfiguredItems: ids(300, distinct: 11, from: 9000))
    for (from, to) in [(old.layout, new.layout), (new.layout, old.layout)] {
      _ = try? BatchUpdate(from: from, to: to, marks: marks)
      _ = try? StagedBatchUpdate(from: from, to: to, marks: marks)
    }
  }

  /// The array-level diff of layouts full of equal identifiers: in the old layout, in the new
  /// one, in both, as sections and as items, with marks.
  private func diffLayouts<B: HashBreakage>(_: B.Type) {
    typealias ID = BrokenID<B>
    let marks = DiffMarks<ID, ID>(
      reloadedSections: ids(30, distinct: 3), reloadedItems: ids(300, distinct: 7),
      reconfiguredItems: ids(300, distinct: 11, from: 9000))
    let crowd = [LayoutSection<ID, ID>(ID(0, variant: 0), items: ids(2000, distinct: 1))]
    let fresh = [LayoutSection<ID, ID>(ID(0, variant: 1), items: ids(2000, distinct: 1, from: 1))]
    let mixed = [LayoutSection<ID, ID>(ID(0, variant: 2), items: ids(2000, distinct: 50))]
    let lawful = [LayoutSection<ID, ID>(ID(0, variant: 0), items: [])]
    let sections = ids(2000, distinct: 1).map { LayoutSection<ID, ID>($0, items: []) }
    for old in [crowd, fresh, mixed, lawful, sections] {
      for new in [crowd, fresh, mixed, lawful, sections] {
        _ = try? BatchUpdate(from: old, to: new, marks: marks)
        _ = try? StagedBatchUpdate(from: old, to: new, marks: marks)
      }
    }
  }

  /// The wire format of a section snapshot, written by hand.
  private struct TreeWire<ID: Codable>: Codable {
    var items: [ID]
    var levels: [Int]
    var expanded: [Int]
  }

  /// The wire format of a sectioned snapshot.
  private struct SectionedWire<ID: Codable>: Codable {
    var sections: [ID]
    var items: [[ID]]
  }

  /// The wire format of a sectioned outline.
  private struct OutlineWire<ID: Codable>: Codable {
    var sections: [ID]
    var snapshots: [TreeWire<ID>]
  }

  /// Data read through key paths.
  private struct Shelf<ID> {
    var id: ID
    var books: [Book<ID>]
  }

  private struct Book<ID> {
    var id: ID
    var children: [Book<ID>]?
  }

  /// Builds, decodes and edits every type with the identifiers. `between` runs between the
  /// first and the second half (it may change the hashes).
  private func buildAndDecode<B: HashBreakage>(_: B.Type, between: () -> Void) {
    typealias ID = BrokenID<B>
    // The crowded sections (the same tree or all 2,000 items in each, checked against every
    // other section) are the heaviest part: fewer in the sanitizer pass.
    let crowdedSections = PropertySeeds.scaled(200)
    // Section snapshots and outlines.
    var tree = DiffableDataSourceSectionSnapshot<ID>()
    for item: ID in ids(600, distinct: 7) { _ = try? tree.tryAppend([item]) }
    between()
    for item: ID in ids(300, distinct: 9, from: 1000) {
      _ = try? tree.tryAppend([item], to: ID(1, variant: 1))
      _ = try? tree.tryInsert([item], before: ID(2, variant: 2))
    }
    let items: [ID] = ids(2000, distinct: 5)
    _ = try? DiffableDataSourceSectionSnapshot<ID>.tryBuild { items }
    var outline = SectionedOutline<ID, ID>()
    for section: ID in ids(crowdedSections, distinct: 3) {
      _ = try? outline.trySetSnapshot(tree, for: section)
    }
    outline.deleteSections(ids(3, distinct: 3, from: 500))
    _ = try? SectionedOutline<ID, ID>.tryBuild {
      for section: ID in ids(crowdedSections, distinct: 3) { SnapshotSection(section) { items } }
    }
    let shelves = ids(crowdedSections, distinct: 3).map { (section: ID) in
      Shelf(id: section, books: items.map { Book(id: $0, children: [Book(id: $0, children: nil)]) })
    }
    _ = try? SectionedOutline<ID, ID>.tryBuild(
      shelves, id: \.id, items: \.books, itemID: \.id, children: \.children)
    _ = try? DiffableDataSourceSectionSnapshot<ID>.tryBuild(
      shelves[0].books, id: \.id, children: \.children)

    // Sectioned snapshots.
    _ = try? DiffableDataSourceSnapshot<ID, ID>.tryBuild {
      for section: ID in ids(crowdedSections, distinct: 3) { SnapshotSection(section) { items } }
    }
    _ = try? DiffableDataSourceSnapshot<ID, ID>.tryBuild {
      for (index, section) in (ids(200, distinct: 1_000) as [ID]).enumerated() {
        SnapshotSection(section) { ids(10, distinct: 7, from: 10 * index) as [ID] }
      }
    }
    _ = try? DiffableDataSourceSnapshot<ID, ID>.tryBuild(
      shelves, id: \.id, items: \.books, itemID: \.id)

    // Decoding.
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    let wireTree = TreeWire(items: items, levels: items.map { _ in 0 }, expanded: [])
    if let data = try? encoder.encode(wireTree) {
      _ = try? decoder.decode(DiffableDataSourceSectionSnapshot<ID>.self, from: data)
    }
    let sectioned = SectionedWire<ID>(
      sections: ids(200, distinct: 3), items: (0..<200).map { ids(10, distinct: 7, from: $0) })
    if let data = try? encoder.encode(sectioned) {
      _ = try? decoder.decode(DiffableDataSourceSnapshot<ID, ID>.self, from: data)
    }
    let distinctSections = SectionedWire<ID>(
      sections: ids(200, distinct: 1_000), items: (0..<200).map { ids(10, distinct: 7, from: $0) })
    if let data = try? encoder.encode(distinctSections) {
      _ = try? decoder.decode(DiffableDataSourceSnapshot<ID, ID>.self, from: data)
    }
    let wireOutline = OutlineWire<ID>(
      sections: ids(200, distinct: 1_000),
      snapshots: (0..<200).map { index in
        let items: [ID] = ids(10, distinct: 7, from: 10 * index)
        return TreeWire(items: items, levels: items.map { _ in 0 }, expanded: [])
      })
    if let data = try? encoder.encode(wireOutline) {
      _ = try? decoder.decode(SectionedOutline<ID, ID>.self, from: data)
    }
    let crowdedOutline = OutlineWire<ID>(
      sections: ids(200, distinct: 3), snapshots: Array(repeating: wireTree, count: 200))
    if let data = try? encoder.encode(crowdedOutline) {
      _ = try? decoder.decode(SectionedOutline<ID, ID>.self, from: data)
    }
  }

  @Suite("Broken hashing never stops the program")
  struct BrokenHashingExitTests {
    @Test func equalValuesHashedApartInTheArrayLevelDiff() async {
      await #expect(processExitsWith: .success) { diffLayouts(HashedApart.self) }
    }

    @Test func hashesChangingOnEveryCallInTheArrayLevelDiff() async {
      await #expect(processExitsWith: .success) { diffLayouts(Restless.self) }
    }

    @Test func equalValuesHashedApartInSnapshotsAndDiffs() async {
      await #expect(processExitsWith: .success) { editAndDiff(HashedApart.self, between: {}) }
    }

    @Test func hashesChangingOnEveryCallInSnapshotsAndDiffs() async {
      await #expect(processExitsWith: .success) { editAndDiff(Restless.self, between: {}) }
    }

    @Test func hashesChangingBetweenTheTwoSnapshotsOfADiff() async {
      await #expect(processExitsWith: .success) {
        editAndDiff(Resalted.self, between: Resalted.resalt)
      }
    }

    @Test func equalValuesHashedApartInBuildersAndDecoders() async {
      await #expect(processExitsWith: .success) { buildAndDecode(HashedApart.self, between: {}) }
    }

    @Test func hashesChangingOnEveryCallInBuildersAndDecoders() async {
      await #expect(processExitsWith: .success) { buildAndDecode(Restless.self, between: {}) }
    }

    @Test func hashesChangingMidwayInBuildersAndDecoders() async {
      await #expect(processExitsWith: .success) {
        buildAndDecode(Resalted.self, between: Resalted.resalt)
      }
    }
  }
#endif

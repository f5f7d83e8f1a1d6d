import Testing

@testable import Snapshot

// The bulk operations in the random sequences: batched appends under one parent (with
// duplicates and absent parents refused, the list unchanged) and rebuilding the whole list
// from its pre-order sequence, after which the sequence goes on editing it and its copies.
extension SharedListPropertyTests {
  /// `kind` in 0..<18: 0..<14 an append (a quarter of them faulty), else a rebuild.
  static func generateBulk(
    _ kind: Int, anchor: Int, using generator: inout SeededGenerator
  ) -> Step {
    guard kind < 14 else { return .rebuild }
    return .append(
      anchor: anchor, toRoot: Int.random(in: 0..<5, using: &generator) == 0,
      count: Int.random(in: 1...9, using: &generator), expanded: Bool.random(using: &generator),
      fault: Int.random(in: 0..<4, using: &generator) == 0
        ? Int.random(in: 1...3, using: &generator) : 0)
  }

  static func applyBulk(_ step: Step, to state: inout State) -> String? {
    let count = state.model.rows.count
    switch step {
    case .append(let anchor, let toRoot, let newCount, let expanded, let fault):
      let parentPosition = toRoot || count == 0 ? nil : anchor % count
      var items = (0..<newCount).map { state.nextItem + 1 + $0 }
      var expected: SharedList<Int>.EditError? = nil
      var parent = parentPosition.map { state.model.rows[$0].item }
      switch fault {
      case 1 where count > 0:
        let existing = state.model.rows[anchor / 7 % count].item
        items[items.count / 2] = existing
        expected = .duplicate(existing)
      case 2:
        items.append(items[0])
        expected = .duplicate(items[0])
      case 3:
        parent = -1
        expected = .notFound(-1)
      default: break
      }
      let before = state.list.tree.root
      do {
        try state.list.append(items, to: parent, isExpanded: expanded)
        if let expected { return "append accepted, expected \(expected)" }
      } catch {
        guard error == expected else { return "append refused: \(error)" }
        guard state.list.tree.root === before else { return "refusal changed the tree" }
        return nil
      }
      state.nextItem += newCount
      let level = parentPosition.map { state.model.rows[$0].level + 1 } ?? 0
      let position = parentPosition.map { state.model.subtreeEnd(of: $0) } ?? count
      state.model.rows.insert(
        contentsOf: items.map { SharedListModel.Row(item: $0, level: level, isExpanded: expanded) },
        at: position)
    case .rebuild:
      do {
        state.list = try SharedList(
          state.model.rows.map {
            SharedEntry(item: $0.item, level: $0.level, isExpanded: $0.isExpanded)
          }, base: 2, bucketCapacity: 2)
      } catch { return "rebuild refused: \(error)" }
    default: break
    }
    return nil
  }

  @Test("bulk building refuses duplicates, bad depths and irreflexive items")
  func bulkBuildRefusals() {
    func entries(_ rows: [(Double, Int)]) -> [SharedEntry<Double>] {
      rows.map { SharedEntry(item: $0.0, level: $0.1, isExpanded: true) }
    }
    #expect(throws: SharedList<Double>.EditError.duplicate(2)) {
      try SharedList(entries([(1, 0), (2, 1), (3, 1), (2, 0)]), base: 2, bucketCapacity: 2)
    }
    #expect(throws: SharedList<Double>.EditError.badShape) {
      try SharedList(entries([(1, 0), (2, 2)]))
    }
    #expect(throws: SharedList<Double>.EditError.badShape) { try SharedList(entries([(1, 1)])) }
    #expect(throws: SharedList<Double>.EditError.self) {
      try SharedList(entries([(1, 0), (.nan, 1)]))
    }
    var list = SharedList<Double>()
    #expect(throws: SharedList<Double>.EditError.self) { try list.append([.nan], to: nil) }
    #expect(list.count == 0)
    let empty = try? SharedList<Double>([])
    #expect(empty?.count == 0)
    empty?._checkInvariants()
  }

  @Test("a bulk build of many items: every position, parent and visible row")
  func bulkBuildLarge() throws {
    var rows: [SharedListModel.Row] = []
    var generator = SeededGenerator(seed: 0xB01C_0001)
    for item in 0..<5_000 {
      let deepest = rows.last.map { $0.level + 1 } ?? 0
      rows.append(
        SharedListModel.Row(
          item: item, level: Int.random(in: 0...min(deepest, 6), using: &generator),
          isExpanded: Int.random(in: 0..<5, using: &generator) != 0))
    }
    let list = try SharedList(
      rows.map { SharedEntry(item: $0.item, level: $0.level, isExpanded: $0.isExpanded) },
      base: 3, bucketCapacity: 4)
    #expect(SharedListModel(rows: rows).mismatch(list) == nil)
    var appended = list
    try appended.append(Array(10_000..<10_100), to: 17)
    #expect(list.count == 5_000 && appended.count == 5_100)
    list._checkInvariants()
    appended._checkInvariants()
  }
}

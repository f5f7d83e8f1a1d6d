import SnapshotTestSupport
import Testing

@testable import Snapshot

/// A list view that only records: the last batch, and the rows the data source answers
/// with after it.
private final class MoveRecorder: DiffableListView {
  typealias SectionIdentifierType = Int
  typealias ItemIdentifierType = Int
  var batches: [BatchUpdate] = []
  var rows: [LayoutSection<Int, Int>] = []

  func reloadData(_ content: some ListContent<Int, Int>) {
    rows = RecordingListView<Int, Int>.read(content)
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, animated: Bool, content: some ListContent<Int, Int>
  ) {
    batches.append(batch)
    rows = RecordingListView<Int, Int>.read(content)
  }
}

/// `moveItem(at:to:viewAlreadyMoved: true)`: the batch the view receives, read from the
/// view's state (the rows before, with the dragged row already at its destination), lands on
/// the data source's rows by UIKit's rules, for random trees and drags (subtrees, parents
/// collapsed and expanded, across sections).
@Suite struct ViewAlreadyMovedTests {
  struct Drag: CustomStringConvertible {
    var trees: [[(Int, [Int])]]  // per section: roots with children
    var expanded: [Int]
    var from: ListIndexPath
    var to: ListIndexPath
    var description: String { "trees \(trees) expanded \(expanded) drag \(from) to \(to)" }
  }

  static func generate(_ g: inout SeededGenerator) -> [Drag] {
    var next = 0
    let trees = (0..<Int.random(in: 1...2, using: &g)).map { _ in
      (0..<Int.random(in: 1...4, using: &g)).map { _ -> (Int, [Int]) in
        next += 1
        let root = next
        let children = (0..<Int.random(in: 0...3, using: &g)).map { _ in
          next += 1
          return next
        }
        return (root, children)
      }
    }
    let expanded = (1...next).filter { _ in Bool.random(using: &g) }
    func path(_ g: inout SeededGenerator) -> ListIndexPath {
      ListIndexPath(
        item: Int.random(in: 0..<8, using: &g), section: Int.random(in: 0..<trees.count, using: &g))
    }
    return [Drag(trees: trees, expanded: expanded, from: path(&g), to: path(&g))]
  }

  static func check(_ drags: [Drag], carried: inout Int) -> String? {
    guard let drag = drags.first else { return nil }
    let view = MoveRecorder()
    let source = DiffableDataSource<Int, Int>(listView: view)
    source.reorderingHandlers.canReorderItem = { _ in true }
    for (section, roots) in drag.trees.enumerated() {
      var tree = DiffableDataSourceSectionSnapshot<Int>()
      for (root, children) in roots {
        tree.append([root])
        tree.append(children, to: root)
      }
      tree.expand(drag.expanded)
      source.apply(tree, to: section)
    }
    var shown = view.rows
    // The view moves the row first (when both paths are rows it could show).
    guard shown.indices.contains(drag.from.section),
      shown[drag.from.section].items.indices.contains(drag.from.item)
    else { return nil }
    let row = shown[drag.from.section].items.remove(at: drag.from.item)
    guard shown.indices.contains(drag.to.section),
      (0...shown[drag.to.section].items.count).contains(drag.to.item)
    else { return nil }
    shown[drag.to.section].items.insert(row, at: drag.to.item)
    view.batches = []
    do {
      try source.moveItem(at: drag.from, to: drag.to, viewAlreadyMoved: true)
    } catch {
      return nil  // refused: the adapter reloads
    }
    carried += 1
    guard let batch = view.batches.last else {
      return shown == view.rows ? nil : "no batch, but the rows differ: \(view.rows)"
    }
    if batch.movedItems.contains(where: { $0.source == drag.to && $0.destination != drag.to }) {
      return "the dragged row is moved again: \(batch)"
    }
    if let failure = BatchRules.check(old: shown, batch: batch, new: view.rows) {
      return "\(batch) from \(shown) to \(view.rows): \(failure)"
    }
    return nil
  }

  @Test func theRestLandsOnTheDataSourcesRows() {
    var carried = 0
    checkProperty(
      "moves the view already made", count: 2_000, base: 0x5EED_0601,
      generate: Self.generate, check: { Self.check($0, carried: &carried) })
    // Drags that name no row, or that the data source refuses, are not counted (677 of the
    // 2,000 are carried out).
    #expect(carried >= PropertySeeds.scaled(300), "too few drags carried out")
  }
}

// Fuzzes the data source with sequences of steps read from the input — whole and per-section
// applies (single batch or staged, with reload marks), expand, collapse, toggle, both kinds of
// move, per-section header modes and changes of the default header mode — with
// SnapshotTestSupport's ListViewSimulator as the list view. After every step: every batch was
// accepted, the view's rows are the data source's, the invariants hold, a refused step changed
// nothing and sent nothing, a move's transaction reaches its final snapshots, and a change of
// the default header mode sent nothing and changed no row.

import FuzzSupport
import Snapshot
import SnapshotTestSupport

typealias Source = DiffableDataSource<Int, Int>

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let view = ListViewSimulator<Int, Int>()
  let source = Source(listView: view)
  source.reorderingHandlers.canReorderItem = { $0 % 11 != 5 }
  var fresh = 1000
  var number = 0
  while !input.isAtEnd && number < 64 {
    number += 1
    let before = State(source)
    let batchesBefore = view.batchCount + view.reloadCount
    let refused = step(&input, source, &fresh, number)
    let after = State(source)
    if let failure = view.failures.first { fuzzFail("step \(number): batch refused: \(failure)") }
    fuzzCheck(
      view.sections == after.rows,
      "step \(number): the view shows \(view.sections), the source \(after.rows)")
    if let violation = source._invariantViolation() { fuzzFail("step \(number): \(violation)") }
    if refused {
      fuzzCheck(after == before, "step \(number): refused, but the state changed")
      fuzzCheck(
        view.batchCount + view.reloadCount == batchesBefore,
        "step \(number): refused, but the view was updated")
    }
  }
  return 0
}

/// What the data source shows and holds: rows, trees (with expansion) and header modes.
struct State: Equatable {
  var rows: [LayoutSection<Int, Int>]
  var trees: [String]
  var modes: [SectionHeaderMode]

  init(_ source: Source) {
    let snapshot = source.snapshot()
    rows = snapshot.sectionIdentifiers.map {
      LayoutSection($0, items: snapshot.itemIdentifiers(inSection: $0))
    }
    trees = snapshot.sectionIdentifiers.map { source.snapshot(for: $0).visualDescription() }
    modes = snapshot.sectionIdentifiers.map { source.headerMode(for: $0) }
  }
}

/// An index path from two bytes: mostly a row that exists (or one past a section's end), now
/// and then one that does not.
func path(_ input: inout FuzzInput, _ source: Source, past: Int = 0) -> ListIndexPath {
  let (section, row) = (input.int(0...15), input.int(0...31))
  guard section < 12, row < 28, source.numberOfSections > 0 else {
    return ListIndexPath(item: row, section: section)
  }
  let mapped = section % source.numberOfSections
  let rows = source.numberOfItems(inSection: mapped) + past
  return ListIndexPath(item: rows > 0 ? row % rows : row, section: mapped)
}

/// Carries out one step read from `input`; returns whether the data source refused it.
func step(_ input: inout FuzzInput, _ source: Source, _ fresh: inout Int, _ number: Int) -> Bool {
  source.updateStyle = input.int(0...3) == 0 ? .staged : .singleBatch
  do {
    switch input.int(0...12) {
    case 0, 1: try applyWhole(&input, source, &fresh)
    case 2, 3, 4: try applySection(&input, source)
    case 5: try source.expand(input.int(0...35))
    case 6: try source.collapse(input.int(0...35))
    case 7, 8: try source.toggle(input.int(0...35))
    case 9:
      let transaction = try source.moveItem(
        at: path(&input, source), to: path(&input, source, past: 1))
      checkTransaction(transaction, source, number)
    case 10:
      let transaction = try source.moveItem(at: path(&input, source), into: path(&input, source))
      checkTransaction(transaction, source, number)
    case 11:
      try source.setHeaderMode(
        input.bool() ? .firstItemInSection : .none, for: input.int(0...3))
    default:
      let before = State(source)
      let view = source.listView as? ListViewSimulator<Int, Int>
      let updates = (view?.batchCount ?? 0) + (view?.reloadCount ?? 0)
      source.defaultHeaderMode = input.bool() ? .firstItemInSection : .none
      fuzzCheck(State(source) == before, "step \(number): the default header mode changed state")
      fuzzCheck(
        (view?.batchCount ?? 0) + (view?.reloadCount ?? 0) == updates,
        "step \(number): changing the default header mode updated the view")
    }
  } catch {
    return true
  }
  return false
}

/// A move's transaction: its snapshots are the source's before and after, and each
/// difference (the list's over rows, each section's over its tree's visible items) turns
/// the initial state into the final one.
func checkTransaction(
  _ transaction: DiffableDataSourceTransaction<Int, Int>, _ source: Source, _ number: Int
) {
  fuzzCheck(transaction.finalSnapshot == source.snapshot(), "step \(number): final snapshot")
  fuzzCheck(
    transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      == transaction.finalSnapshot.itemIdentifiers,
    "step \(number): the transaction's difference misses its final snapshot")
  for section in transaction.sectionTransactions {
    fuzzCheck(
      section.initialSnapshot.visibleItems.applying(section.difference)
        == section.finalSnapshot.visibleItems,
      "step \(number): section \(section.sectionIdentifier)'s difference misses its final tree")
  }
}

/// A whole snapshot derived from the rows shown: some deleted, fresh ones appended, a section
/// added, one item moved, reload marks.
func applyWhole(_ input: inout FuzzInput, _ source: Source, _ fresh: inout Int) throws {
  var snapshot = source.snapshot()
  let mask = input.byte()
  for (index, item) in snapshot.itemIdentifiers.enumerated() where mask >> (index % 8) & 1 == 1 {
    if input.int(0...3) == 0 { snapshot.deleteItems([item]) }
  }
  let section = input.int(0...3)
  if snapshot.indexOfSection(section) == nil { snapshot.appendSections([section]) }
  for _ in 0..<input.int(0...3) {
    snapshot.appendItems([fresh], toSection: section)
    fresh += 1
  }
  let items = snapshot.itemIdentifiers
  if items.count >= 2 {
    let (a, b) = (items[input.int(0...255) % items.count], items[input.int(0...255) % items.count])
    if a != b { snapshot.moveItem(a, beforeItem: b) }
  }
  if input.bool(), let item = snapshot.itemIdentifiers.first { snapshot.reloadItems([item]) }
  if input.bool() { snapshot.reloadSections([section]) }
  try source.tryApply(snapshot)
}

/// A tree for one section: up to 12 items of 0–35, each under an earlier one or a root, some
/// expanded; applied with its own expansion or the current one.
func applySection(_ input: inout FuzzInput, _ source: Source) throws {
  let section = input.int(0...3)
  var tree = DiffableDataSourceSectionSnapshot<Int>()
  var added: [Int] = []
  for _ in 0..<input.int(0...12) {
    let item = input.int(0...35)
    guard !tree.contains(item) else { continue }
    let parent = added.isEmpty || input.bool() ? nil : added[input.int(0...255) % added.count]
    tree.append([item], to: parent)
    added.append(item)
  }
  tree.expand(added.filter { _ in input.bool() })
  let expansion: Source.ExpansionPolicy = input.bool() ? .useSnapshot : .preserveCurrent
  try source.tryApply(tree, to: section, expansion: expansion)
  fuzzCheck(source.snapshot(for: section).items == tree.items, "applied tree's items differ")
}

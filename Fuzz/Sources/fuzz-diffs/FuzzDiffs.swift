// Fuzzes the diff engine on layouts read from the input: BatchUpdate(from:to:marks:) and
// StagedBatchUpdate(from:to:marks:) throw exactly when a plain Set check finds a repeated
// identifier or one not equal to itself (and the error lists exactly those); otherwise
// SnapshotTestSupport's BatchRules applies the single batch, and every stage in turn, and gets
// the new layout. BatchRules is also given a batch made of arbitrary numbers, and must answer
// without trapping, whatever the layouts hold.

import FuzzSupport
import Snapshot
import SnapshotTestSupport

typealias Layout = [LayoutSection<Int, Double>]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiffs(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let old = layout(&input)
  let new = layout(&input)
  let marks = DiffMarks<Int, Double>(
    reloadedSections: (0..<input.int(0...2)).map { _ in input.int(0...7) },
    reloadedItems: (0..<input.int(0...3)).map { _ in item(&input) },
    reconfiguredItems: (0..<input.int(0...3)).map { _ in item(&input) })
  let garbage = arbitraryBatch(&input)
  checkDiff(old: old, new: new, marks: marks)
  // Never traps; its verdict on a batch of arbitrary numbers is not checked.
  _ = BatchRules.simulate(old: old, batch: garbage, new: new)
  _ = BatchRules.simulate(
    old: old, batch: garbage, new: new, allowDeletesInMovedSections: true)
  return 0
}

/// An item from a small set, so that repeats are common; now and then NaN.
func item(_ input: inout FuzzInput) -> Double {
  let byte = input.byte()
  return byte == 0xFF ? .nan : Double(byte % 40) / 2
}

/// Up to 6 sections (identifiers 0–7) of up to 10 items.
func layout(_ input: inout FuzzInput) -> Layout {
  (0..<input.int(0...6)).map { _ in
    LayoutSection(input.int(0...7), items: (0..<input.int(0...10)).map { _ in item(&input) })
  }
}

/// A batch of arbitrary numbers (negative ones and ones out of range included).
func arbitraryBatch(_ input: inout FuzzInput) -> BatchUpdate {
  func index() -> Int { input.int(-2...9) }
  func path() -> ListIndexPath { ListIndexPath(item: index(), section: index()) }
  func list<T>(_ make: () -> T) -> [T] { (0..<input.int(0...3)).map { _ in make() } }
  return BatchUpdate(
    deletedSections: list(index), insertedSections: list(index),
    movedSections: list { .init(from: index(), to: index()) }, reloadedSections: list(index),
    deletedItems: list(path), insertedItems: list(path),
    movedItems: list { .init(from: path(), to: path()) }, reloadedItems: list(path),
    reconfiguredItems: list(path))
}

/// The values that occur more than once (each once) and the count of values not equal to
/// themselves, by a plain Set.
func repeats<T: Hashable>(_ values: [T]) -> (repeated: Set<T>, irreflexive: Int) {
  var seen = Set<T>()
  var repeated = Set<T>()
  var irreflexive = 0
  for value in values {
    if value != value {
      irreflexive += 1
    } else if !seen.insert(value).inserted {
      repeated.insert(value)
    }
  }
  return (repeated, irreflexive)
}

/// Whether two layouts hold the same sections and items in the same order.
func same(_ a: Layout, _ b: Layout) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && $0.items == $1.items }
}

func checkDiff(old: Layout, new: Layout, marks: DiffMarks<Int, Double>) {
  let oldSections = repeats(old.map(\.id))
  let oldItems = repeats(old.flatMap(\.items))
  let newSections = repeats(new.map(\.id))
  let newItems = repeats(new.flatMap(\.items))
  let expected = DuplicateIdentifierError<Int, Double>(
    oldSections: Array(oldSections.repeated), oldItems: Array(oldItems.repeated),
    newSections: Array(newSections.repeated), newItems: Array(newItems.repeated))
  let clean =
    [
      oldSections.repeated.isEmpty, oldItems.repeated.isEmpty, newSections.repeated.isEmpty,
      newItems.repeated.isEmpty,
    ].allSatisfy { $0 } && oldItems.irreflexive == 0
    && newItems.irreflexive == 0

  /// The error lists exactly what the Set check found.
  func checkError(_ error: DuplicateIdentifierError<Int, Double>, _ what: String) {
    fuzzCheck(!clean, "\(what) threw \(error) for layouts without repeats")
    fuzzCheck(
      Set(error.oldSections) == oldSections.repeated
        && Set(error.newSections)
          == newSections.repeated
        && Set(error.oldItems) == oldItems.repeated
        && Set(error.newItems) == newItems.repeated
        && error.oldSections.count == oldSections.repeated.count
        && error.newSections.count == newSections.repeated.count
        && error.oldItems.count == oldItems.repeated.count
        && error.newItems.count == newItems.repeated.count,
      "\(what) threw \(error), the Set check found \(expected)")
    fuzzCheck(
      error.oldIrreflexiveItems.count == oldItems.irreflexive
        && error.newIrreflexiveItems.count == newItems.irreflexive
        && error.oldIrreflexiveSections.isEmpty && error.newIrreflexiveSections.isEmpty,
      "\(what) threw \(error): NaN items old \(oldItems.irreflexive), new \(newItems.irreflexive)"
    )
  }

  do {
    let batch = try BatchUpdate(from: old, to: new, marks: marks)
    fuzzCheck(clean, "BatchUpdate did not throw for \(expected)")
    if let failure = BatchRules.check(old: old, batch: batch, new: new) {
      fuzzFail("\(old) -> \(new): batch \(batch) breaks a rule: \(failure)")
    }
  } catch {
    checkError(error, "BatchUpdate")
  }

  do {
    let staged = try StagedBatchUpdate(from: old, to: new, marks: marks)
    fuzzCheck(clean, "StagedBatchUpdate did not throw for \(expected)")
    var shown = old
    for (number, stage) in staged.stages.enumerated() {
      if let failure = BatchRules.check(old: shown, batch: stage.batch, new: stage.layout) {
        fuzzFail("\(old) -> \(new): stage \(number) \(stage.batch) breaks a rule: \(failure)")
      }
      shown = stage.layout
    }
    fuzzCheck(same(shown, new), "\(old) -> \(new): the stages end at \(shown)")
  } catch {
    checkError(error, "StagedBatchUpdate")
  }
}

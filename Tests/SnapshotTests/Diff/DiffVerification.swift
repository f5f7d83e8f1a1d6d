import SnapshotTestSupport

@testable import Snapshot

typealias Layout = [LayoutSection<Int, Int>]

/// Builds a layout from `[(section, [items])]`.
func layout(_ sections: [(Int, [Int])]) -> Layout {
  sections.map { LayoutSection($0.0, items: $0.1) }
}

/// The length of a longest strictly increasing subsequence, by the O(n^2) dynamic programme
/// (independent of the engine's heaviest-subsequence code).
func longestIncreasingLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}

/// The fewest moves that turn `old` into `new` when every move is kept as a move: sections
/// present in both that are off a longest increasing subsequence, items of each common
/// section likewise, and every item that changes between sections present in both.
func minimumMoves(old: Layout, new: Layout) -> Int {
  let newSectionIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
  let commonSections = old.compactMap { newSectionIndex[$0.id] }
  var moves = commonSections.count - longestIncreasingLength(commonSections)
  let oldSectionIDs = Set(old.map(\.id))
  var newItemPlace: [Int: (section: Int, index: Int)] = [:]
  for section in new {
    for (j, item) in section.items.enumerated() { newItemPlace[item] = (section.id, j) }
  }
  for section in old where newSectionIndex[section.id] != nil {
    var sameSection: [Int] = []
    for item in section.items {
      guard let place = newItemPlace[item], oldSectionIDs.contains(place.section) else {
        continue
      }
      if place.section == section.id {
        sameSection.append(place.index)
      } else {
        moves += 1
      }
    }
    moves += sameSection.count - longestIncreasingLength(sameSection)
  }
  return moves
}

/// Everything the engine promises about one pair of layouts, checked independently. Returns a
/// description of the first broken promise, or nil.
func verifyDiff(
  old: Layout, new: Layout, marks: DiffMarks<Int, Int> = DiffMarks()
) -> String? {
  let single: BatchUpdate
  let staged: StagedBatchUpdate<Int, Int>
  do {
    single = try BatchUpdate(from: old, to: new, marks: marks)
    staged = try StagedBatchUpdate(from: old, to: new, marks: marks)
  } catch {
    return "unexpected error \(error)"
  }
  // The path used by snapshots (duplicates known absent) must give the same answers.
  do {
    let trusted = try DiffMatch(old: old, new: new, marks: marks, verifyUniqueness: false)
    if trusted.singleBatch() != single {
      return "trusted single batch differs: \(trusted.singleBatch()) vs \(single)"
    }
    if trusted.stagedBatches() != staged { return "trusted staged form differs" }
  } catch {
    return "unexpected error on the trusted path \(error)"
  }
  return verifyBatches(old: old, new: new, marks: marks, single: single, staged: staged)
}

/// Everything the engine promises about the single batch and the staged form it gave for one
/// pair of layouts, checked independently. Returns a description of the first broken
/// promise, or nil.
func verifyBatches(
  old: Layout, new: Layout, marks: DiffMarks<Int, Int>, single: BatchUpdate,
  staged: StagedBatchUpdate<Int, Int>
) -> String? {
  // What must be refreshed: marks on identifiers present in both layouts.
  let oldSections = Set(old.map(\.id))
  let newSections = Set(new.map(\.id))
  var oldItemSection: [Int: Int] = [:]
  for section in old { for item in section.items { oldItemSection[item] = section.id } }
  var newItemSection: [Int: Int] = [:]
  for section in new { for item in section.items { newItemSection[item] = section.id } }
  func inBoth(_ item: Int) -> Bool {
    guard let a = oldItemSection[item], let b = newItemSection[item] else { return false }
    return newSections.contains(a) && oldSections.contains(b)
  }
  let reloadSections = Set(marks.reloadedSections).intersection(oldSections).intersection(
    newSections)
  let reloadItems = Set(marks.reloadedItems.filter(inBoth))
  let reconfigureItems = Set(marks.reconfiguredItems.filter(inBoth)).subtracting(reloadItems)

  // The single batch.
  let outcome = BatchRules.simulate(old: old, batch: single, new: new)
  if let failure = outcome.failure { return "single batch \(single): \(failure)" }
  if let failure = verifyPositionMap(old: old, batch: single, new: new, outcome: outcome) {
    return "single batch \(single) position map: \(failure)"
  }
  if let missed = reloadSections.subtracting(outcome.freshSections).min() {
    return "single batch: section \(missed) marked for reload keeps its cells"
  }
  if let missed = reloadItems.subtracting(outcome.freshItems).min() {
    return "single batch: item \(missed) marked for reload keeps its cell"
  }
  if let missed = reconfigureItems.subtracting(outcome.freshItems).subtracting(
    outcome.reconfiguredItems
  ).min() {
    return "single batch: item \(missed) marked for reconfigure is not refreshed"
  }
  if let extra = outcome.reconfiguredItems.subtracting(reconfigureItems).min() {
    return "single batch: item \(extra) reconfigured without a mark"
  }
  let reloadedIDs = Set(single.reloadedItems.map { old[$0.section].items[$0.item] })
  if let extra = reloadedIDs.subtracting(reloadItems).min() {
    return "single batch: item \(extra) reloaded without a mark"
  }

  // The staged form: each stage valid on its own, ending at the new layout.
  var current = old
  var stagedFreshSections = Set<Int>()
  var stagedFreshItems = Set<Int>()
  var stagedReconfigured = Set<Int>()
  var stagedMovedSections = Set<Int>()
  var stagedMovedItems = Set<Int>()
  var previousKind: StagedBatchUpdate<Int, Int>.Stage.Kind?
  for (number, stage) in staged.stages.enumerated() {
    if stage.batch.isEmpty { return "stage \(number) (\(stage.kind)) is empty" }
    if stage.kind == previousKind { return "stage kind \(stage.kind) twice" }
    previousKind = stage.kind
    let result = BatchRules.simulate(old: current, batch: stage.batch, new: stage.layout)
    if let failure = result.failure {
      return "stage \(number) (\(stage.kind)) \(stage.batch): \(failure)"
    }
    if let failure = verifyPositionMap(
      old: current, batch: stage.batch, new: stage.layout, outcome: result)
    {
      return "stage \(number) (\(stage.kind)) \(stage.batch) position map: \(failure)"
    }
    if stage.kind != .itemUpdates && stage.kind != .sectionReloads
      && !(stage.batch.reloadedItems.isEmpty && stage.batch.reloadedSections.isEmpty)
    {
      return "stage \(number) (\(stage.kind)) reloads"
    }
    stagedFreshSections.formUnion(result.freshSections)
    stagedFreshItems.formUnion(result.freshItems)
    stagedReconfigured.formUnion(result.reconfiguredItems)
    stagedMovedSections.formUnion(result.movedSections)
    stagedMovedItems.formUnion(result.movedItems)
    current = stage.layout
  }
  if current != new { return "the stages end at \(current), not at the new layout" }
  if let failure = verifyStagedPositionMap(
    old: old, staged: staged, new: new, refreshed: stagedFreshItems)
  {
    return failure
  }
  if let missed = reloadSections.subtracting(stagedFreshSections).min() {
    return "staged: section \(missed) marked for reload is not reloaded"
  }
  if let missed = reloadItems.subtracting(stagedFreshItems).min() {
    return "staged: item \(missed) marked for reload is not reloaded"
  }
  if let missed = reconfigureItems.subtracting(stagedFreshItems).subtracting(stagedReconfigured)
    .min()
  {
    return "staged: item \(missed) marked for reconfigure is not refreshed"
  }

  // Moves: the staged form keeps the fewest.
  let minimum = minimumMoves(old: old, new: new)
  if staged.moveCount != minimum {
    return "staged form makes \(staged.moveCount) moves, the minimum is \(minimum)"
  }
  // Without reload marks the single batch keeps the same entries in place as the staged form,
  // so it makes the same moves except those it rewrote as a delete plus an insert. With reload
  // marks it may keep others in place (a marked entry gets a fresh cell either way, so it
  // never makes an unmarked one move); the counts below hold in both cases.
  if reloadSections.isEmpty && reloadItems.isEmpty {
    if let extra = outcome.movedSections.subtracting(stagedMovedSections).min() {
      return "single batch moves section \(extra), which the staged form does not move"
    }
    if let extra = outcome.movedItems.subtracting(stagedMovedItems).min() {
      return "single batch moves item \(extra), which the staged form does not move"
    }
    for section in stagedMovedSections.subtracting(outcome.movedSections).sorted()
    where !outcome.freshSections.contains(section) {
      return "single batch neither moves nor replaces section \(section)"
    }
    for item in stagedMovedItems.subtracting(outcome.movedItems).sorted()
    where !outcome.freshItems.contains(item) {
      return "single batch neither moves nor replaces item \(item)"
    }
  }

  // The fewest unmarked entries displaced (moved, or deleted and inserted): the unmarked
  // common sections off a longest increasing subsequence; then, in each section kept in place
  // (neither moved nor fresh), its unmarked items off a longest increasing subsequence, plus
  // every unmarked item changing between two kept sections.
  let oldSectionIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
  let unmarkedOrder = new.compactMap { section in
    reloadSections.contains(section.id) ? nil : oldSectionIndex[section.id]
  }
  let sectionsDisplaced = unmarkedOrder.count - longestIncreasingLength(unmarkedOrder)
  let displacedSections = unmarkedOrder.filter {
    outcome.movedSections.contains(old[$0].id) || outcome.freshSections.contains(old[$0].id)
  }.count
  if displacedSections != sectionsDisplaced {
    return "single batch displaces \(displacedSections) unmarked sections, the least is "
      + "\(sectionsDisplaced)"
  }
  let keptSections = oldSections.intersection(newSections).subtracting(outcome.movedSections)
    .subtracting(outcome.freshSections)
  var itemsDisplaced = 0
  for section in new where keptSections.contains(section.id) {
    let oldIndex = Dictionary(
      uniqueKeysWithValues: old[oldSectionIndex[section.id]!].items.enumerated().map { ($1, $0) })
    let order = section.items.compactMap { reloadItems.contains($0) ? nil : oldIndex[$0] }
    itemsDisplaced += order.count - longestIncreasingLength(order)
  }
  var displacedItems = 0
  for (item, from) in oldItemSection where !reloadItems.contains(item) {
    guard let to = newItemSection[item], keptSections.contains(from), keptSections.contains(to)
    else { continue }
    if from != to { itemsDisplaced += 1 }
    if outcome.movedItems.contains(item) || outcome.freshItems.contains(item) {
      displacedItems += 1
    }
  }
  if displacedItems != itemsDisplaced {
    return "single batch displaces \(displacedItems) unmarked items, the least is \(itemsDisplaced)"
  }

  // Nothing gets a fresh cell without a reason: being new, marked, or a move the rules forbid
  // (a section whose items change or hold a reload; an item changing sections).
  let sectionItems = (
    old: Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.items) }),
    new: Dictionary(uniqueKeysWithValues: new.map { ($0.id, $0.items) })
  )
  for section in outcome.freshSections
  where oldSections.contains(section) && !reloadSections.contains(section) {
    let items = sectionItems.new[section]!
    let dirty = sectionItems.old[section]! != items || items.contains(where: reloadItems.contains)
    if !dirty || (reloadSections.isEmpty && !stagedMovedSections.contains(section)) {
      return "single batch replaces section \(section) for no reason"
    }
  }
  for item in outcome.freshItems where inBoth(item) && !reloadItems.contains(item) {
    let (from, to) = (oldItemSection[item]!, newItemSection[item]!)
    let sectionsFresh = outcome.freshSections.contains(from) || outcome.freshSections.contains(to)
    if !sectionsFresh && (from == to || !stagedMovedItems.contains(item)) {
      return "single batch replaces item \(item) for no reason"
    }
  }
  return nil
}

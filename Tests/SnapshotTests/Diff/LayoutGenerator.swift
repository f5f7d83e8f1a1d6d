@testable import Snapshot

/// One step of a generated case. `initialSection` steps build the old layout; the others turn
/// a copy of it into the new layout and set marks. Indexes are taken modulo the current counts
/// (a step with nothing to act on does nothing), so any subsequence of steps is a valid case:
/// the property runner can shrink by dropping steps.
enum LayoutStep: CustomStringConvertible, Sendable {
  case initialSection(items: Int)
  case insertSection(at: Int, items: Int)
  case deleteSection(Int)
  case moveSection(from: Int, to: Int)
  case insertItems(section: Int, at: Int, count: Int)
  case deleteItems(section: Int, at: Int, count: Int)
  case moveItem(fromSection: Int, from: Int, toSection: Int, to: Int)
  /// Moves `count` random items of a section to random places in it.
  case scramble(section: Int, count: Int, seed: UInt64)
  case reloadSection(Int)
  case reloadItem(section: Int, at: Int)
  case reconfigureItem(section: Int, at: Int)

  var description: String {
    switch self {
    case .initialSection(let items): "initialSection(\(items))"
    case .insertSection(let at, let items): "insertSection(at: \(at), items: \(items))"
    case .deleteSection(let at): "deleteSection(\(at))"
    case .moveSection(let from, let to): "moveSection(\(from) -> \(to))"
    case .insertItems(let section, let at, let count):
      "insertItems(section: \(section), at: \(at), count: \(count))"
    case .deleteItems(let section, let at, let count):
      "deleteItems(section: \(section), at: \(at), count: \(count))"
    case .moveItem(let fromSection, let from, let toSection, let to):
      "moveItem([\(fromSection), \(from)] -> [\(toSection), \(to)])"
    case .scramble(let section, let count, let seed):
      "scramble(section: \(section), count: \(count), seed: \(seed))"
    case .reloadSection(let at): "reloadSection(\(at))"
    case .reloadItem(let section, let at): "reloadItem([\(section), \(at)])"
    case .reconfigureItem(let section, let at): "reconfigureItem([\(section), \(at)])"
    }
  }
}

/// A pair of layouts and the marks of the new one.
struct LayoutCase {
  var old: Layout = []
  var new: Layout = []
  var marks = DiffMarks<Int, Int>()

  /// Replays steps. Sections and items get fresh identifiers (two separate spaces).
  init(_ steps: [LayoutStep]) {
    var nextSection = 0
    var nextItem = 0
    func freshItems(_ count: Int) -> [Int] {
      defer { nextItem += count }
      return Array(nextItem..<nextItem + count)
    }
    for case .initialSection(let items) in steps {
      old.append(LayoutSection(nextSection, items: freshItems(items)))
      nextSection += 1
    }
    new = old
    var reloadedSections: [Int] = []
    var reloadedItems: [Int] = []
    var reconfiguredItems: [Int] = []
    for step in steps {
      switch step {
      case .initialSection:
        break
      case .insertSection(let at, let items):
        new.insert(LayoutSection(nextSection, items: freshItems(items)), at: at % (new.count + 1))
        nextSection += 1
      case .deleteSection(let at):
        if !new.isEmpty { new.remove(at: at % new.count) }
      case .moveSection(let from, let to):
        guard !new.isEmpty else { break }
        let section = new.remove(at: from % new.count)
        new.insert(section, at: to % (new.count + 1))
      case .insertItems(let section, let at, let count):
        guard !new.isEmpty else { break }
        let s = section % new.count
        new[s].items.insert(contentsOf: freshItems(count), at: at % (new[s].items.count + 1))
      case .deleteItems(let section, let at, let count):
        guard !new.isEmpty else { break }
        let s = section % new.count
        guard !new[s].items.isEmpty else { break }
        let start = at % new[s].items.count
        new[s].items.removeSubrange(start..<min(start + count, new[s].items.count))
      case .moveItem(let fromSection, let from, let toSection, let to):
        guard !new.isEmpty else { break }
        let s = fromSection % new.count
        guard !new[s].items.isEmpty else { break }
        let item = new[s].items.remove(at: from % new[s].items.count)
        let t = toSection % new.count
        new[t].items.insert(item, at: to % (new[t].items.count + 1))
      case .scramble(let section, let count, let seed):
        guard !new.isEmpty else { break }
        let s = section % new.count
        guard new[s].items.count > 1 else { break }
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<count {
          let item = new[s].items.remove(
            at: Int.random(in: 0..<new[s].items.count, using: &generator))
          new[s].items.insert(item, at: Int.random(in: 0...new[s].items.count, using: &generator))
        }
      case .reloadSection(let at):
        if !new.isEmpty { reloadedSections.append(new[at % new.count].id) }
      case .reloadItem(let section, let at):
        guard !new.isEmpty, !new[section % new.count].items.isEmpty else { break }
        let items = new[section % new.count].items
        reloadedItems.append(items[at % items.count])
      case .reconfigureItem(let section, let at):
        guard !new.isEmpty, !new[section % new.count].items.isEmpty else { break }
        let items = new[section % new.count].items
        reconfiguredItems.append(items[at % items.count])
      }
    }
    marks = DiffMarks(
      reloadedSections: reloadedSections, reloadedItems: reloadedItems,
      reconfiguredItems: reconfiguredItems)
  }
}

/// Random steps for a case of the given size class.
struct LayoutCaseGenerator {
  var maxSections: Int
  var maxItems: Int
  var maxSteps: Int
  var marks: Bool = true
  var scrambles: Bool = false

  func generate(_ g: inout SeededGenerator) -> [LayoutStep] {
    var steps: [LayoutStep] = []
    for _ in 0..<Int.random(in: 0...maxSections, using: &g) {
      steps.append(.initialSection(items: Int.random(in: 0...maxItems, using: &g)))
    }
    let indexRange = 0..<max(64, maxItems * 2)
    func index() -> Int { Int.random(in: indexRange, using: &g) }
    for _ in 0..<Int.random(in: 0...maxSteps, using: &g) {
      let smallCount = max(1, maxItems / 4)
      switch Int.random(in: 0..<(marks ? 12 : 9), using: &g) {
      case 0:
        steps.append(.insertSection(at: index(), items: Int.random(in: 0...maxItems, using: &g)))
      case 1: steps.append(.deleteSection(index()))
      case 2: steps.append(.moveSection(from: index(), to: index()))
      case 3:
        steps.append(
          .insertItems(
            section: index(), at: index(), count: Int.random(in: 1...smallCount, using: &g)))
      case 4:
        steps.append(
          .deleteItems(
            section: index(), at: index(), count: Int.random(in: 1...smallCount, using: &g)))
      case 5, 6:
        steps.append(
          .moveItem(fromSection: index(), from: index(), toSection: index(), to: index()))
      case 7:
        // Within the same section: the moves LIS must minimise.
        let section = index()
        steps.append(
          .moveItem(fromSection: section, from: index(), toSection: section, to: index()))
      case 8:
        if scrambles {
          steps.append(
            .scramble(
              section: index(), count: Int.random(in: 1...smallCount, using: &g), seed: g.next()))
        } else {
          steps.append(.moveSection(from: index(), to: index()))
        }
      case 9: steps.append(.reloadSection(index()))
      case 10: steps.append(.reloadItem(section: index(), at: index()))
      default: steps.append(.reconfigureItem(section: index(), at: index()))
      }
    }
    return steps
  }
}

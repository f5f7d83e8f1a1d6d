// The wire formats decoded into plain structs, without any check, and the checks written
// here independently of Snapshot's decoders: shape, and a Set of the identifiers seen.

import Foundation
import FuzzSupport

/// A plain model of a wire format: what the real decoder must refuse, and where an error
/// naming an identifier points.
protocol PlainModel: Decodable, Equatable {
  associatedtype Identifier: FuzzIdentifier
  /// Why the document is misshapen (column lengths, levels, expanded positions), or nil.
  var shapeProblem: String? { get }
  /// The identifiers that repeat (in their own space: sections or items) or are not equal
  /// to themselves.
  var flaggedIdentifiers: [Identifier] { get }
  /// The identifier a coding path points at (as ``numericPath(_:)`` gives it), if any.
  func identifier(at path: [Int]) -> Identifier?
}

/// The repeated and irreflexive values of `values`, by a plain Set.
func flagged<T: Hashable>(_ values: [T]) -> [T] {
  var seen = Set<T>()
  var result: [T] = []
  for value in values {
    if value != value || !seen.insert(value).inserted { result.append(value) }
  }
  return result
}

/// The section snapshot's columns.
struct PlainSection<Identifier: FuzzIdentifier>: PlainModel {
  var items: [Identifier]
  var levels: [Int]
  var expanded: [Int]

  var shapeProblem: String? {
    guard levels.count == items.count else { return "levels.count" }
    for (index, level) in levels.enumerated() {
      let maximum = index == 0 ? 0 : levels[index - 1] + 1
      guard (0...maximum).contains(level) else { return "level at \(index)" }
    }
    for (entry, position) in expanded.enumerated() {
      guard items.indices.contains(position) else { return "expanded[\(entry)] out of range" }
      guard entry == 0 || position > expanded[entry - 1] else { return "expanded order" }
    }
    return nil
  }

  var flaggedIdentifiers: [Identifier] { flagged(items) }

  func identifier(at path: [Int]) -> Identifier? {
    guard path.count == 2, path[0] == -1, items.indices.contains(path[1]) else { return nil }
    return items[path[1]]
  }
}

/// The sectioned snapshot's columns.
struct PlainSnapshot<Identifier: FuzzIdentifier>: PlainModel {
  var sections: [Identifier]
  var items: [[Identifier]]

  var shapeProblem: String? { items.count == sections.count ? nil : "items.count" }

  var flaggedIdentifiers: [Identifier] { flagged(sections) + flagged(items.flatMap { $0 }) }

  func identifier(at path: [Int]) -> Identifier? {
    if path.count == 2, path[0] == -2, sections.indices.contains(path[1]) {
      return sections[path[1]]
    }
    guard path.count == 3, path[0] == -1, items.indices.contains(path[1]),
      items[path[1]].indices.contains(path[2])
    else { return nil }
    return items[path[1]][path[2]]
  }
}

/// The sectioned outline's columns.
struct PlainOutline<Identifier: FuzzIdentifier>: PlainModel {
  var sections: [Identifier]
  var snapshots: [PlainSection<Identifier>]

  var shapeProblem: String? {
    if let problem = snapshots.lazy.compactMap(\.shapeProblem).first { return problem }
    return snapshots.count == sections.count ? nil : "snapshots.count"
  }

  var flaggedIdentifiers: [Identifier] {
    flagged(sections) + flagged(snapshots.flatMap(\.items))
  }

  func identifier(at path: [Int]) -> Identifier? {
    if path.count == 2, path[0] == -2, sections.indices.contains(path[1]) {
      return sections[path[1]]
    }
    guard path.count == 4, path[0] == -3, snapshots.indices.contains(path[1]) else { return nil }
    return snapshots[path[1]].identifier(at: Array(path[2...]))
  }
}

/// A coding path as numbers: indexes as they are, `items` -1, `sections` -2, `snapshots` -3,
/// other keys -4.
func numericPath(_ path: [any CodingKey]) -> [Int] {
  path.map { key in
    if let index = key.intValue { return index }
    switch key.stringValue {
    case "items": return -1
    case "sections": return -2
    case "snapshots": return -3
    default: return -4
    }
  }
}

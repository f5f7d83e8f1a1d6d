@testable import Snapshot

/// How a generated case's layouts are compressed.
enum CompressionMode: CaseIterable, CustomStringConvertible, Sendable {
  /// Every candidate stretch as one run.
  case maximal
  /// Every candidate stretch cut at random points, every piece a run.
  case split
  /// Every candidate stretch cut at random points, each piece a run or not.
  case random

  var description: String {
    switch self {
    case .maximal: "maximal"
    case .split: "split"
    case .random: "random"
    }
  }
}

/// A pair of compressed layouts standing for two listed ones, compressed as a producer of
/// related snapshots may: a run is a stretch of items contiguous and identically ordered in
/// both layouts, in sections with the same identifier, holding no marked item. Which
/// stretches become runs, and how the other items are cut into `.items` pieces, is drawn from
/// a seeded generator.
struct CompressedPair {
  typealias Compressed = [CompressedSection<Int, Int>]

  var old: Compressed
  var new: Compressed
  /// The number of shared runs (the same in both layouts).
  var runs: Int

  /// The layouts with no run: one `.items` piece per section.
  init(listing old: Layout, new: Layout) {
    self.old = old.map { CompressedSection($0.id, pieces: [.items($0.items)]) }
    self.new = new.map { CompressedSection($0.id, pieces: [.items($0.items)]) }
    runs = 0
  }

  init(old: Layout, new: Layout, marks: DiffMarks<Int, Int>, mode: CompressionMode, seed: UInt64) {
    var g = SeededGenerator(seed: seed)
    let marked = Set(marks.reloadedItems + marks.reconfiguredItems)
    var oldPlace: [Int: (section: Int, index: Int)] = [:]
    for section in old {
      for (i, item) in section.items.enumerated() { oldPlace[item] = (section.id, i) }
    }
    // Runs by their first item: identifier and items.
    var runStarts: [Int: (id: Int, items: [Int])] = [:]
    var nextID = Int.random(in: 0..<1_000, using: &g)
    for section in new {
      let items = section.items
      var j = 0
      while j < items.count {
        guard !marked.contains(items[j]), let place = oldPlace[items[j]],
          place.section == section.id
        else {
          j += 1
          continue
        }
        var end = j + 1
        while end < items.count, !marked.contains(items[end]),
          let next = oldPlace[items[end]],
          next.section == section.id, next.index == oldPlace[items[end - 1]]!.index + 1
        {
          end += 1
        }
        // The stretch j..<end may be compressed; cut it and choose its runs.
        var start = j
        while start < end {
          let length =
            mode == .maximal ? end - start : Int.random(in: 1...(end - start), using: &g)
          if mode != .random || Bool.random(using: &g) {
            runStarts[items[start]] = (nextID, Array(items[start..<start + length]))
            nextID += Int.random(in: 1...3, using: &g)
          }
          start += length
        }
        j = end
      }
    }
    runs = runStarts.count
    self.old = Self.compress(old, runStarts: runStarts, using: &g)
    self.new = Self.compress(new, runStarts: runStarts, using: &g)
  }

  /// `layout` with the runs starting at `runStarts` as shared pieces and the other items cut
  /// into `.items` pieces at random (sometimes empty ones).
  static func compress(
    _ layout: Layout, runStarts: [Int: (id: Int, items: [Int])], using g: inout SeededGenerator
  ) -> Compressed {
    layout.map { section in
      var pieces: [CompressedPiece<Int>] = []
      var pending: [Int] = []
      func flush() {
        while !pending.isEmpty || Int.random(in: 0..<8, using: &g) == 0 {
          let cut = Int.random(in: 0...pending.count, using: &g)
          pieces.append(.items(Array(pending[..<cut])))
          pending.removeFirst(cut)
        }
      }
      var i = 0
      while i < section.items.count {
        if let run = runStarts[section.items[i]] {
          flush()
          let items = run.items
          pieces.append(
            .shared(id: run.id, count: items.count, items: CompressedRunItems { items }))
          i += items.count
        } else {
          pending.append(section.items[i])
          i += 1
        }
      }
      flush()
      return CompressedSection(section.id, pieces: pieces)
    }
  }
}

/// The listed layout a compressed one stands for.
func listed(_ compressed: [CompressedSection<Int, Int>]) -> Layout {
  compressed.map(\.listed)
}

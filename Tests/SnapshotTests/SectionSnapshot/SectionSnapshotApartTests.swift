import Testing

@testable import Snapshot

/// The alike ends of two section snapshots built apart and their visible rows as compressed
/// pieces (how a data source applies a separately built section snapshot): random deep trees,
/// a copy built apart, random edits to the copy; after every edit the pieces of each tree
/// list exactly its visible items, and each shared run stands for the same rows in both.
@Suite("Section snapshots built apart: alike ends and compressed rows")
struct SectionSnapshotApartTests {
  typealias Tree = DiffableDataSourceSectionSnapshot<Int>

  enum Step: CustomStringConvertible {
    /// 0 expand or collapse, 1 delete, 2 insert a new item before, 3 move into as the last
    /// child, 4 move before; items named by raw positions modulo the tree's count.
    case edit(kind: Int, at: Int, other: Int)

    var description: String {
      switch self {
      case .edit(let kind, let at, let other): "edit(\(kind), at: \(at), other: \(other))"
      }
    }
  }

  /// A tree of `count` items with chains up to 8 deep, every third item expanded, in nodes of
  /// 2 to 4 entries; each call builds its own storage.
  static func base(_ count: Int) -> Tree {
    var tree = Tree(base: 2, bucketCapacity: 2)
    var chain: [Int] = []
    for item in 0..<count {
      // Deeper, shallower or a sibling, by a fixed pattern.
      switch item % 7 {
      case 0: chain = []
      case 3, 5: chain.removeLast(Swift.min(2, chain.count))
      default: break
      }
      tree.append([item], to: chain.last)
      chain.append(item)
      if chain.count > 8 { chain.removeFirst() }
    }
    tree.expand((0..<count).filter { $0 % 3 != 2 })
    return tree
  }

  /// The items the pieces stand for, and the shared runs by identifier.
  static func listed(_ pieces: [CompressedPiece<Int>]) -> (items: [Int], runs: [Int: [Int]]) {
    var items: [Int] = []
    var runs: [Int: [Int]] = [:]
    for piece in pieces {
      switch piece {
      case .items(let listed): items += listed
      case .shared(let id, let count, let run):
        let runItems = run()
        if runItems.count != count { runs[-1] = [] }
        runs[id] = runItems
        items += runItems
      }
    }
    return (items, runs)
  }

  static func run(_ steps: [Step]) -> String? {
    let old = base(60)
    var new = DataSourceProperty.rebuiltApart(old)
    var fresh = 1000
    for (index, step) in steps.enumerated() {
      guard case .edit(let kind, let at, let other) = step else { continue }
      let items = new.items
      if !items.isEmpty {
        let (first, second) = (items[at % items.count], items[other % items.count])
        switch kind {
        case 0:
          if new.isExpanded(first) { new.collapse([first]) } else { new.expand([first]) }
        case 1: try? new.tryDelete([first])
        case 2:
          try? new.tryInsert([fresh], before: first)
          fresh += 1
        case 3: try? new.tryMove(first, to: second)
        default: try? new.tryMove(first, before: second)
        }
      }
      new._checkInvariants()
      let ends = Tree.alikeEnds(old, new)
      if ends.prefix + ends.suffix > Swift.min(old.count, new.count) {
        return "step \(index): the ends \(ends) overlap"
      }
      let (oldPieces, newPieces) = Tree.compressedVisibleItems(from: old, to: new, ends: ends)
      let (oldListed, newListed) = (listed(oldPieces), listed(newPieces))
      if oldListed.items != old.visibleItems || newListed.items != new.visibleItems {
        return "step \(index): the pieces list \(oldListed.items) and \(newListed.items)"
      }
      if oldListed.runs != newListed.runs {
        return "step \(index): the shared runs differ: \(oldListed.runs) and \(newListed.runs)"
      }
    }
    return nil
  }

  @Test("the pieces of both trees list their visible items, the shared runs alike")
  func piecesListVisibleItems() {
    checkProperty(
      "apart pieces", count: 400, base: 0xA9A2_7E5D,
      generate: { random in
        (0..<Int.random(in: 1...12, using: &random)).map { _ in
          .edit(
            kind: Int.random(in: 0..<5, using: &random), at: Int.random(in: 0..<64, using: &random),
            other: Int.random(in: 0..<64, using: &random))
        }
      },
      check: Self.run)
  }

  @Test("a collapsed ancestor in the middle cuts the suffix where it shows the same rows")
  func collapsedAncestorCutsTheSuffix() {
    // 0 ▸ 1 ▸ 2 ▸ (3, 4), then roots 5 and 6: collapsing 1 hides 2, 3 and 4.
    var old = Tree()
    old.append([0, 5, 6])
    old.append([1], to: 0)
    old.append([2], to: 1)
    old.append([3, 4], to: 2)
    old.expand([0, 1, 2])
    var new = DataSourceProperty.rebuiltApart(old)
    new.collapse([1])
    let ends = Tree.alikeEnds(old, new)
    #expect(ends == AlikeEnds(prefix: 1, suffix: 5))
    let (oldPieces, newPieces) = Tree.compressedVisibleItems(from: old, to: new, ends: ends)
    let (oldListed, newListed) = (Self.listed(oldPieces), Self.listed(newPieces))
    #expect(oldListed.items == [0, 1, 2, 3, 4, 5, 6])
    #expect(newListed.items == [0, 1, 5, 6])
    // The suffix's shared run starts at the first root after the middle.
    #expect(newListed.runs[1] == [5, 6])
    #expect(oldListed.runs == newListed.runs)
  }
}

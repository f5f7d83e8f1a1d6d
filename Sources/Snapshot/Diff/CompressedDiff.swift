/// One entry of a compressed layout's diff: an item, or a shared run standing for its items
/// (equal to the same run, same identifier and count, of the other layout). Plain values:
/// comparing and copying tokens retains nothing.
@usableFromInline
enum CompressedToken<ItemID: Hashable & Sendable>: Hashable, Sendable {
  case item(ItemID)
  case run(id: Int, count: Int)

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.item(let a), .item(let b)): a == b
    case (.run(let a, let m), .run(let b, let n)): a == b && m == n
    default: false
    }
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    switch self {
    case .item(let item):
      hasher.combine(false)
      hasher.combine(item)
    case .run(let id, _):
      hasher.combine(true)
      hasher.combine(id)
    }
  }

  /// The hash tables of the diff call this rather than ``hash(into:)``: an item hashes as it
  /// does on its own (for `Int` and other standard identifiers, without building a `Hasher`),
  /// a run as its identifier under another seed. Equal tokens hash alike, which is all a hash
  /// table needs; tokens of different kinds are told apart by `==`.
  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    switch self {
    case .item(let item): item._rawHashValue(seed: seed)
    case .run(let id, _): id._rawHashValue(seed: ~seed)
    }
  }

  /// The number of items the token stands for. O(1).
  @inlinable
  var weight: Int {
    switch self {
    case .item: 1
    case .run(_, let count): count
    }
  }
}

/// The items of the shared runs of two compressed layouts, by run identifier.
@usableFromInline
typealias RunItems<ItemID: Hashable & Sendable> = [Int: CompressedRunItems<ItemID>]

/// A layout of tokens (items and shared runs) with the item offset of every token, so that a
/// batch over the tokens maps back to item indexes.
@usableFromInline
struct TokenLayout<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  @usableFromInline typealias Token = CompressedToken<ItemID>

  @usableFromInline var sections: [LayoutSection<SectionID, Token>]
  /// Cumulative weights by flat token index (one extra entry: the total).
  @usableFromInline var weightOffsets: [Int]
  /// Flat index of each section's first token (one extra entry: the total).
  @usableFromInline var sectionStarts: [Int]

  /// The tokens of a compressed layout: every item of an `.items` piece, every run as one
  /// token, except the runs `expanding` names (all of them with `expandingAll`) and runs whose
  /// count cannot be an item count, which are listed item by item.
  ///
  /// - Complexity: O(p + i) for p pieces and i listed items.
  @inlinable
  init(
    _ compressed: [CompressedSection<SectionID, ItemID>],
    expanding: Set<Int>,
    expandingAll: Bool
  ) {
    // Tokens per section, not counting the items of runs to list.
    var capacities: [Int] = []
    capacities.reserveCapacity(compressed.count)
    var capacity = 1
    for section in compressed {
      var tokens = 0
      for piece in section.pieces {
        if case .items(let items) = piece { tokens += items.count } else { tokens += 1 }
      }
      capacities.append(tokens)
      capacity += tokens
    }
    sections = []
    sections.reserveCapacity(compressed.count)
    weightOffsets = [0]
    weightOffsets.reserveCapacity(capacity)
    sectionStarts = [0]
    sectionStarts.reserveCapacity(compressed.count + 1)
    var total = 0
    // Pieces are read in place, by index: copying one would retain its run's lister.
    for index in compressed.indices {
      var tokens: [Token] = []
      tokens.reserveCapacity(capacities[index])
      for pieceIndex in compressed[index].pieces.indices {
        switch compressed[index].pieces[pieceIndex] {
        case .items(let items):
          for item in items {
            tokens.append(.item(item))
            total += 1
            weightOffsets.append(total)
          }
        case .shared(let id, let count, _):
          // A count outside 0...Int32.max is no item count; listing the run's items keeps
          // the offsets true (and far from overflow) whatever the producer says.
          if expandingAll || count < 0 || count > Int(Int32.max)
            || (!expanding.isEmpty && expanding.contains(id)),
            case .shared(_, _, let items) = compressed[index].pieces[pieceIndex]
          {
            for item in items() {
              tokens.append(.item(item))
              total += 1
              weightOffsets.append(total)
            }
          } else {
            tokens.append(.run(id: id, count: count))
            total += count
            weightOffsets.append(total)
          }
        }
      }
      sectionStarts.append(sectionStarts[sectionStarts.count - 1] + tokens.count)
      sections.append(LayoutSection(compressed[index].id, items: tokens))
    }
  }

  /// A layout of tokens, with offsets from the tokens' weights.
  ///
  /// - Complexity: O(t) for t tokens.
  @inlinable
  init(tokens: [LayoutSection<SectionID, Token>]) {
    sections = tokens
    weightOffsets = [0]
    sectionStarts = [0]
    sectionStarts.reserveCapacity(tokens.count + 1)
    var total = 0
    for section in tokens {
      for token in section.items {
        total += token.weight
        weightOffsets.append(total)
      }
      sectionStarts.append(weightOffsets.count - 1)
    }
  }

  /// The item index of the token at `path`, and the identifier of the run it is, if it is one.
  ///
  /// - Complexity: O(1).
  @inlinable
  func itemPath(_ path: ListIndexPath) -> (path: ListIndexPath, run: Int?) {
    let start = sectionStarts[path.section]
    let item = weightOffsets[start + path.item] - weightOffsets[start]
    var run: Int?
    if case .run(let id, _) = sections[path.section].items[path.item] { run = id }
    return (ListIndexPath(item: item, section: path.section), run)
  }

  /// The layout with every run listed item by item, from `runs`.
  ///
  /// - Complexity: O(n) for the n items the tokens stand for.
  @inlinable
  func expanded(_ runs: RunItems<ItemID>) -> [LayoutSection<SectionID, ItemID>] {
    Self.expand(sections, runs)
  }

  /// `sections` with every run listed item by item, from `runs` (which lists every run the
  /// tokens name: they come from the same compressed layouts).
  ///
  /// - Complexity: O(n) for the n items the tokens stand for.
  @inlinable
  static func expand(
    _ sections: [LayoutSection<SectionID, Token>], _ runs: RunItems<ItemID>
  ) -> [LayoutSection<SectionID, ItemID>] {
    sections.map { section in
      var items: [ItemID] = []
      for token in section.items {
        switch token {
        case .item(let item): items.append(item)
        case .run(let id, _): items.append(contentsOf: runs[id]?() ?? [])
        }
      }
      return LayoutSection(section.id, items: items)
    }
  }
}

extension DiffMatch {
  /// The weight of `run` of new section `section`, by ``weightOffsets`` (which must be set).
  ///
  /// - Complexity: O(1).
  @inlinable
  func weight(of run: Run, in section: Int) -> Int {
    let start = newOffsets[section] + run.newStart
    return weightOffsets[start + run.length] - weightOffsets[start]
  }

  /// The weight of the new item at flat index `flat`, by ``weightOffsets`` (which must be set).
  ///
  /// - Complexity: O(1).
  @inlinable
  func itemWeight(_ flat: Int) -> Int {
    weightOffsets[flat + 1] - weightOffsets[flat]
  }
}

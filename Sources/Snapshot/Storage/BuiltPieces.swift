// The arrays a sectioned snapshot was built from, cut into pieces by the few edits made
// since (see the article "Diffs of snapshots built apart", section "Snapshots built from
// arrays, then edited").

/// One piece of a sectioned snapshot's entries, in order: a section's entry, or a run of
/// items of one section, a slice of an array the snapshot was built from or given since.
@usableFromInline
enum BuiltPiece<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  case section(Section)
  case items(ArraySlice<Item>)

  /// The entries the piece stands for. O(1).
  @inlinable var count: Int {
    switch self {
    case .section: 1
    case .items(let items): items.count
    }
  }
}

/// A sectioned snapshot's entries as at most ``limit`` pieces (sections, and slices of the
/// arrays of items it was built from or given since), kept while it was edited only a few
/// times after being built from arrays: two such snapshots built apart are compared piece
/// by piece, as arrays compare, instead of reading two trees that share no node.
///
/// Written only while uniquely referenced (an edit of a storage whose pieces a copy shares
/// copies them first), so once two snapshots hold it, it never changes, and reading it from
/// several threads is safe.
@usableFromInline
final class BuiltPieces<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  @unchecked Sendable
{
  @usableFromInline typealias Piece = BuiltPiece<Section, Item>

  /// The most pieces kept: an edit scans them (O(p)), and a copy's first edit copies them.
  @inlinable static var limit: Int { 128 }

  @usableFromInline var pieces: [Piece]
  /// The items of every array the pieces were sliced from, when taken: the slices keep
  /// those arrays alive, so the pieces are dropped once they hold less than half of them.
  @usableFromInline var retained: Int

  @inlinable
  init(_ pieces: [Piece], retained: Int) {
    self.pieces = pieces
    self.retained = retained
  }

  /// The pieces of `sections`, each array whole; nil when there would be more than
  /// ``limit``. O(s).
  @inlinable
  convenience init?(_ sections: [LayoutSection<Section, Item>]) {
    guard sections.count <= Self.limit / 2 else { return nil }
    self.init(Self.pieces(of: sections), retained: 0)
    retained = itemCount
  }

  /// A copy, for an edit of pieces a copy of the snapshot shares. O(p).
  @inlinable
  convenience init(copying other: BuiltPieces) {
    self.init(other.pieces, retained: other.retained)
  }

  /// The pieces of `sections`, however many. O(s).
  @inlinable
  static func pieces(of sections: [LayoutSection<Section, Item>]) -> [Piece] {
    var result: [Piece] = []
    result.reserveCapacity(sections.count * 2)
    for section in sections {
      result.append(.section(section.id))
      if !section.items.isEmpty { result.append(.items(section.items[...])) }
    }
    return result
  }

  /// The items of all pieces. O(p).
  @inlinable var itemCount: Int {
    pieces.reduce(0) { total, piece in
      if case .items(let items) = piece { total + items.count } else { total }
    }
  }

  /// Whether the pieces are still worth keeping: at most ``limit`` of them, holding at
  /// least half the items of the arrays they keep alive. O(p).
  @inlinable var isWorthKeeping: Bool {
    pieces.count <= Self.limit && itemCount * 2 >= retained
  }

  /// Cuts the piece holding entry `position` in two where that entry starts, and returns the
  /// index of the piece starting there (the count of pieces at the end). O(p).
  @inlinable
  func cut(at position: Int) -> Int {
    var start = 0
    for index in pieces.indices {
      if start == position { return index }
      let count = pieces[index].count
      if position < start + count {
        // A section's piece is one entry: only a run of items has a place inside.
        guard case .items(let items) = pieces[index] else { preconditionFailure("unreachable") }
        let split = items.startIndex + (position - start)
        pieces[index] = .items(items[..<split])
        pieces.insert(.items(items[split...]), at: index + 1)
        return index + 1
      }
      start += count
    }
    precondition(start == position, "position \(position) past the pieces' \(start) entries")
    return pieces.count
  }

  /// Puts `new` (no empty run among them) so that the first starts at entry `position`.
  /// O(p + k) for k new pieces.
  @inlinable
  func insert(_ new: [Piece], at position: Int) {
    let index = cut(at: position)
    pieces.insert(contentsOf: new, at: index)
  }

  /// Puts `items` (an array given to the snapshot) as one more piece, starting at entry
  /// `position`. O(p).
  @inlinable
  func insert(_ items: [Item], at position: Int) {
    guard !items.isEmpty else { return }
    insert([.items(items[...])], at: position)
    retained += items.count
  }

  /// Takes out the pieces of entries `range` and returns them. O(p).
  @inlinable
  func remove(_ range: Range<Int>) -> [Piece] {
    let start = cut(at: range.lowerBound)
    let end = cut(at: range.upperBound)
    let removed = Array(pieces[start..<end])
    pieces.removeSubrange(start..<end)
    return removed
  }

  /// Every section with its items, each array made of its pieces: a section's only piece,
  /// when it is a whole array, is that array again, shared; else the section's array is
  /// reserved at its size and the pieces copied in. O(s + p + n) for the n items of cut
  /// arrays.
  @inlinable var layout: [LayoutSection<Section, Item>] {
    var result: [LayoutSection<Section, Item>] = []
    var index = 0
    while index < pieces.count {
      guard case .section(let section) = pieces[index] else {
        preconditionFailure("the pieces start with a section")
      }
      var end = index + 1
      var count = 0
      while end < pieces.count, case .items(let run) = pieces[end] {
        count += run.count
        end += 1
      }
      var items: [Item] = []
      if end == index + 2, case .items(let only) = pieces[index + 1] {
        items = Array(only)
      } else if count > 0 {
        items.reserveCapacity(count)
        for piece in pieces[index + 1..<end] {
          if case .items(let run) = piece { items.append(contentsOf: run) }
        }
      }
      result.append(LayoutSection(section, items: items))
      index = end
    }
    return result
  }
}

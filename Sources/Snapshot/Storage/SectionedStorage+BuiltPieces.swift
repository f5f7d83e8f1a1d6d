// The edits of a sectioned snapshot that keep the arrays it was built from, cut into pieces
// (see the article "Diffs of snapshots built apart", section "Snapshots built from arrays,
// then edited"): each writes the tree through `_list`, then makes the same edit to the
// pieces.

extension SectionedStorage {
  /// Makes `edit` to the kept arrays as pieces: the built layout cut into pieces (when it
  /// has at most half ``BuiltPieces/limit`` sections), or the pieces (copied first when a
  /// copy of the storage shares them); keeps the result while it is worth keeping. Keeps
  /// nothing when there was nothing, or when a copy shares a built layout: a copy and an
  /// edit of a held snapshot stay O(1) more, as a copy's diff against the snapshot it was
  /// made from reads the nodes they do not share, not arrays. O(p) for p pieces, plus the
  /// edit's cost.
  @inlinable
  mutating func editPieces(_ edit: (BuiltPieces<Section, Item>) -> Void) {
    let unique = keptIsUniquelyReferenced()
    let pieces: BuiltPieces<Section, Item>?
    switch kept {
    case .whole(let layout)?: pieces = unique ? BuiltPieces(layout.sections) : nil
    case .pieces(let kept)?: pieces = unique ? kept : BuiltPieces(copying: kept)
    case nil: pieces = nil
    }
    kept = nil
    guard let pieces else { return }
    edit(pieces)
    if pieces.isWorthKeeping { kept = .pieces(pieces) }
  }

  /// Inserts new `items` at `position` (where an item can go), or throws, changing nothing.
  /// O(k + b log n) in the tree and k trie walks, plus O(p) for p pieces.
  @inlinable
  mutating func insertItems(_ items: [Item], at position: Int) throws(EditError) {
    try _list.insertRun(
      items.lazy.map { .item($0) }, at: position, level: 1, hidden: 1, isExpanded: false)
    editPieces { $0.insert(items, at: position) }
  }

  /// Inserts new, empty `sections` at `position` (a section boundary), or throws, changing
  /// nothing. O(k + b log n) in the tree and k trie walks, plus O(p + k) for p pieces.
  @inlinable
  mutating func insertSections(_ sections: [Section], at position: Int) throws(EditError) {
    try _list.insertRun(
      sections.lazy.map { .section($0) }, at: position, level: 0, hidden: 0,
      isExpanded: false)
    guard sections.count <= BuiltPieces<Section, Item>.limit else {
      kept = nil
      return
    }
    editPieces { $0.insert(sections.map { .section($0) }, at: position) }
  }

  /// Moves the `length` entries at `source` (an item, or a section with its items) so that
  /// they start at `destination`, counted once they are out, at depth `level`. As
  /// ``SharedList/relocateSubtree(at:to:level:)``, plus O(p) for p pieces.
  @inlinable
  mutating func relocate(at source: Int, length: Int, to destination: Int, level: Int) {
    _list.relocateSubtree(at: source, to: destination, level: level)
    editPieces { pieces in
      let moved = pieces.remove(source..<source + length)
      pieces.insert(moved, at: destination)
    }
  }

  /// Takes `ranges` (sorted, disjoint) out of the pieces, or drops them when there are more
  /// ranges than pieces may be. O(r p) for r ranges and p pieces.
  @inlinable
  mutating func removeFromPieces(_ ranges: [Range<Int>]) {
    guard ranges.count <= BuiltPieces<Section, Item>.limit else {
      kept = nil
      return
    }
    editPieces { pieces in
      for range in ranges.reversed() { _ = pieces.remove(range) }
    }
  }
}

extension SectionedStorage {
  /// The kept arrays as pieces, whichever way they are kept (``builtPieces``, or
  /// ``builtLayout`` whole), or nil. O(1) for pieces, O(s) for a built layout of s sections.
  @inlinable var keptPieces: [BuiltPiece<Section, Item>]? {
    if let builtPieces { return builtPieces.pieces }
    if let builtLayout { return BuiltPieces.pieces(of: builtLayout.sections) }
    return nil
  }
}

// The arrays a sectioned snapshot was built from, kept beside its tree while it is nothing
// but those arrays (see the article "Diffs of snapshots built apart", section "Snapshots
// built from arrays").

/// The layout of a sectioned snapshot built by ``DiffableDataSourceSnapshot/appendSections(_:)``
/// and by ``DiffableDataSourceSnapshot/appendItems(_:toSection:)`` of whole arrays, as those
/// arrays were given (a section's later appends extend its array): Apple's usual way of
/// making a snapshot, anew from the model each time. The snapshots built at once (builders,
/// key paths, decoding, an outline's and a data source's rows) keep one as well. Such
/// snapshots are diffed against each other by comparing these arrays, as arrays compare (an
/// 8-byte `Int` each, in one block), instead of reading two trees that share no node;
/// ``DiffableDataSourceSnapshot/layout`` hands them out in O(1).
///
/// The arrays are the caller's, shared copy-on-write: keeping them costs nothing while the
/// caller keeps them too, and the identifiers' size an item when it does not (or when a
/// section had several appends, which made its array the snapshot's own).
///
/// Written only while uniquely referenced (an append checks `isKnownUniquelyReferenced` first
/// and drops it otherwise), so once two snapshots hold it, it never changes, and reading it
/// from several threads is safe.
@usableFromInline
final class BuiltLayout<Section: Hashable & Sendable, Item: Hashable & Sendable>:
  @unchecked Sendable
{
  @usableFromInline var sections: [LayoutSection<Section, Item>]

  @inlinable
  init(_ sections: [LayoutSection<Section, Item>] = []) {
    self.sections = sections
  }
}

extension SectionedStorage {
  /// Appends `sections`, empty, after the last section, keeping ``builtLayout`` (started
  /// when the storage was empty) when nothing else holds it; else adding them to the pieces
  /// when it keeps those (``builtPieces``; a built layout a copy shares is dropped, see
  /// ``editPieces(_:)``); or throws, changing nothing. O(k + b log n) in the tree and k trie
  /// walks, plus O(p) for p pieces.
  @inlinable
  mutating func appendSections(_ sections: [Section]) throws(EditError) {
    let end = _list.count
    try _list.insertRun(
      sections.lazy.map { .section($0) }, at: end, level: 0, hidden: 0, isExpanded: false)
    if end == 0 { kept = .whole(BuiltLayout()) }
    guard builtLayout != nil, keptIsUniquelyReferenced() else {
      editPieces { $0.insert(sections.map { .section($0) }, at: end) }
      return
    }
    builtLayout!.sections.append(contentsOf: sections.lazy.map { LayoutSection($0, items: []) })
  }

  /// Appends `items` at `end`, the end of the section at `index`, keeping ``builtLayout``
  /// when nothing else holds it: an empty section's array becomes `items` itself, shared with
  /// the caller; a section that has items gets them appended to its array (the first such
  /// append to an array the caller still shares copies it, so that the snapshot owns it);
  /// else adding `items` to the pieces as one more when it keeps those (``builtPieces``; a
  /// built layout a copy shares is dropped, see ``editPieces(_:)``); or throws, changing
  /// nothing. O(k + b log n) in the tree and k trie walks, plus O(k) amortized to extend the
  /// kept array (O(section) for that first copy), or O(p) for p pieces.
  @inlinable
  mutating func appendItems(_ items: [Item], at end: Int, toSectionAt index: Int)
    throws(EditError)
  {
    try _list.insertRun(
      items.lazy.map { .item($0) }, at: end, level: 1, hidden: 1, isExpanded: false)
    guard builtLayout != nil, keptIsUniquelyReferenced(), index < builtLayout!.sections.count
    else {
      editPieces { $0.insert(items, at: end) }
      return
    }
    if builtLayout!.sections[index].items.isEmpty {
      builtLayout!.sections[index].items = items
    } else {
      builtLayout!.sections[index].items.append(contentsOf: items)
    }
  }

  /// The first way ``builtLayout`` or ``builtPieces`` differs from the tree, or nil. O(n);
  /// for invariant checks.
  @inlinable
  func builtLayoutViolation() -> String? {
    if let builtPieces {
      guard builtPieces.isWorthKeeping else {
        return "\(builtPieces.pieces.count) pieces kept, for \(builtPieces.retained) items"
      }
      if case .items? = builtPieces.pieces.first { return "the pieces start with items" }
      for piece in builtPieces.pieces where piece.count == 0 { return "an empty piece" }
    }
    guard let kept = builtLayout?.sections ?? builtPieces?.layout else { return nil }
    var copy = self
    copy.kept = nil
    let read = copy.layout
    guard kept.count == read.count else {
      return "the built layout has \(kept.count) sections, the tree \(read.count)"
    }
    for (index, (kept, section)) in zip(kept, read).enumerated()
    where kept != section {
      return
        "section \(index) of the built layout is \(kept.id) with \(kept.items.count) items, "
        + "the tree holds \(section.id) with \(section.items.count) items, or other items"
    }
    return nil
  }
}

/// What a sectioned snapshot keeps of the arrays it was built from: all of them as they were
/// given, or cut into pieces by the few edits made since.
@usableFromInline
enum KeptArrays<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  case whole(BuiltLayout<Section, Item>)
  case pieces(BuiltPieces<Section, Item>)
}

extension SectionedStorage {
  /// The arrays this storage was built from, while it holds nothing else (see
  /// ``BuiltLayout``); nil once any other edit was made. Setting nil drops only these.
  @inlinable var builtLayout: BuiltLayout<Section, Item>? {
    get { if case .whole(let layout)? = kept { layout } else { nil } }
    set {
      if let newValue {
        kept = .whole(newValue)
      } else if case .whole? = kept {
        kept = nil
      }
    }
  }

  /// The arrays this storage was built from, cut into pieces by the few edits made since
  /// (see ``BuiltPieces``); nil while ``builtLayout`` is kept, or once the pieces were too
  /// many or an edit that does not keep them was made. Setting nil drops only these.
  @inlinable var builtPieces: BuiltPieces<Section, Item>? {
    get { if case .pieces(let pieces)? = kept { pieces } else { nil } }
    set {
      if let newValue {
        kept = .pieces(newValue)
      } else if case .pieces? = kept {
        kept = nil
      }
    }
  }

  /// Whether nothing but this storage holds the kept arrays' object, whole or pieces (false
  /// when there is none). O(1).
  @inlinable
  mutating func keptIsUniquelyReferenced() -> Bool {
    switch kept {
    case .whole(var layout)?:
      kept = nil
      defer { kept = .whole(layout) }
      return isKnownUniquelyReferenced(&layout)
    case .pieces(var pieces)?:
      kept = nil
      defer { kept = .pieces(pieces) }
      return isKnownUniquelyReferenced(&pieces)
    case nil:
      return false
    }
  }
}

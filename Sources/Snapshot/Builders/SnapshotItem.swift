// One item of a declared tree: the identifier, whether it starts expanded, and its children.

/// An item declared in a ``SectionSnapshotBuilder`` block: an identifier, whether it starts
/// expanded, and the items declared below it.
///
/// ```swift
/// let snapshot = DiffableDataSourceSectionSnapshot<String> {
///   SnapshotItem("Food", expanded: true) {
///     SnapshotItem("Meat") { "Pork"; "Beef" }
///     "Celery"
///   }
///   "Drinks"
/// }
/// ```
///
/// A plain value: declaring, copying and comparing items does not touch any snapshot. An
/// item with no children and an item with an empty children block are the same thing (a
/// section snapshot does not tell a leaf from a parent without children).
///
/// Items may nest to any depth: comparing and releasing a declared tree walk it with an
/// explicit stack, never by recursion.
public struct SnapshotItem<ItemIdentifierType: Hashable & Sendable>: Sendable {
  /// The item identifier.
  public var item: ItemIdentifierType
  /// Whether the item starts expanded. Expansion needs no children.
  public var isExpanded: Bool
  /// The children, boxed so that releasing a deep tree is iterative (see
  /// ``SnapshotItemChildren``); nil when there are none.
  @usableFromInline var box: SnapshotItemChildren<ItemIdentifierType>?

  /// Declares `item` with no children, collapsed unless `expanded` is true. O(1).
  @inlinable
  public init(_ item: ItemIdentifierType, expanded: Bool = false) {
    self.item = item
    self.isExpanded = expanded
    self.box = nil
  }

  /// Declares `item` with the children declared by the `children` block, collapsed unless
  /// `expanded` is true.
  ///
  /// - Complexity: O(c) for the c items the block declares at its own level (their subtrees
  ///   are shared, not copied).
  @inlinable
  public init(
    _ item: ItemIdentifierType, expanded: Bool = false,
    @SectionSnapshotBuilder<ItemIdentifierType> children: () -> [SnapshotItem]
  ) {
    self.item = item
    self.isExpanded = expanded
    let children = children()
    self.box = children.isEmpty ? nil : SnapshotItemChildren(children)
  }

  /// The items declared below this one, in order.
  ///
  /// - Complexity: reading is O(1); changing in place (`item.children.append(x)`) is O(1)
  ///   amortized when this item is the only owner of its children, O(c) otherwise.
  @inlinable
  public var children: [SnapshotItem] {
    get { box?.children ?? [] }
    set { box = newValue.isEmpty ? nil : SnapshotItemChildren(newValue) }
    _modify {
      if box == nil {
        box = SnapshotItemChildren([])
      } else if !isKnownUniquelyReferenced(&box!) {
        box = SnapshotItemChildren(box!.children)
      }
      yield &box!.children
      if box!.children.isEmpty { box = nil }
    }
  }

  /// This item, starting expanded (or collapsed when `isExpanded` is false), in the style of
  /// a SwiftUI modifier: `SnapshotItem("Food") { ... }.expanded()`. O(1).
  @inlinable
  public func expanded(_ isExpanded: Bool = true) -> SnapshotItem {
    var copy = self
    copy.isExpanded = isExpanded
    return copy
  }
}

extension SnapshotItem: Equatable {
  /// Two items are equal when their identifiers, their expansion and their children (in
  /// order, recursively) are equal.
  ///
  /// - Complexity: O(n) for the n items of the smaller tree; iterative, so any depth is fine.
  @inlinable
  public static func == (lhs: SnapshotItem, rhs: SnapshotItem) -> Bool {
    var pending: [(SnapshotItem, SnapshotItem)] = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      guard left.item == right.item, left.isExpanded == right.isExpanded else { return false }
      if left.box === right.box { continue }
      let (leftChildren, rightChildren) = (left.children, right.children)
      guard leftChildren.count == rightChildren.count else { return false }
      pending.append(contentsOf: zip(leftChildren, rightChildren).reversed())
    }
    return true
  }
}

extension SnapshotItem: CustomStringConvertible {
  /// The item and its subtree on one line, in declaration order: the identifier, then
  /// `(expanded)` when it starts expanded, then its children in braces, as in
  /// `Food (expanded) { Meat { Pork, Beef }, Celery }`.
  ///
  /// - Complexity: O(n) for the n items of the tree; iterative, so any depth is fine.
  public var description: String {
    var result = ""
    // At each open level: the items still to print, and whether one was printed already.
    var pending: [(rest: ArraySlice<SnapshotItem>, started: Bool)] = [([self][...], false)]
    while let (rest, started) = pending.last {
      guard let next = rest.first else {
        pending.removeLast()
        if !pending.isEmpty { result += " }" }
        continue
      }
      pending[pending.count - 1] = (rest.dropFirst(), true)
      if started { result += ", " }
      result += "\(next.item)"
      if next.isExpanded { result += " (expanded)" }
      let children = next.children
      if !children.isEmpty {
        result += " { "
        pending.append((children[...], false))
      }
    }
    return result
  }
}

/// The children of a ``SnapshotItem``, in a box whose `deinit` releases a whole subtree
/// with an explicit stack.
///
/// Swift releases nested values recursively (an array releases its elements, each of which
/// releases its own array...), so dropping a declared tree a few hundred thousand levels
/// deep would overflow the call stack. Here each box, when it goes, takes the children of
/// every descendant it owns alone and drops them one by one.
///
/// A box is only mutated while uniquely referenced (copy-on-write, see
/// ``SnapshotItem/children``), hence `@unchecked Sendable`.
@usableFromInline
final class SnapshotItemChildren<ItemIdentifierType: Hashable & Sendable>: @unchecked Sendable {
  @usableFromInline var children: [SnapshotItem<ItemIdentifierType>]

  @usableFromInline
  init(_ children: [SnapshotItem<ItemIdentifierType>]) {
    self.children = children
  }

  deinit {
    guard !children.isEmpty else { return }
    var pending: [SnapshotItem<ItemIdentifierType>] = []
    swap(&pending, &children)
    while var item = pending.popLast() {
      // Only a box this item alone owns dies with it; empty it first, so that its own
      // deinit has nothing to do. A shared box just loses one owner.
      if item.box != nil, isKnownUniquelyReferenced(&item.box!), !item.box!.children.isEmpty {
        var grandchildren: [SnapshotItem<ItemIdentifierType>] = []
        swap(&grandchildren, &item.box!.children)
        pending.append(contentsOf: grandchildren)
      }
    }
  }
}

extension DiffableDataSourceSectionSnapshot {
  /// The snapshot as declared items: its roots, each with its subtree and expansion state.
  /// Building a snapshot from the result gives back an equal snapshot.
  ///
  /// - Complexity: O(n). Iterative, so any depth is fine.
  @inlinable
  public var snapshotItems: [SnapshotItem<ItemIdentifierType>] {
    // The open items along the current path, each collecting its children.
    var open: [SnapshotItem<ItemIdentifierType>] = []
    var roots: [SnapshotItem<ItemIdentifierType>] = []
    func close(downTo depth: Int) {
      while open.count > depth {
        let done = open.removeLast()
        if open.isEmpty { roots.append(done) } else { open[open.count - 1].children.append(done) }
      }
    }
    forEachEntry(in: 0..<count) { _, entry in
      close(downTo: entry.level)
      open.append(SnapshotItem(entry.item, expanded: entry.isExpanded))
    }
    close(downTo: 0)
    return roots
  }
}

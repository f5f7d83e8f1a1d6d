// The prototype's sectioned snapshot: the item tree, the label index (main's trie, reused),
// the section list, the marks.

import Snapshot

/// Resolves a label to the identifier it labels by one seek of the tree.
struct TreeResolver<Item: Hashable, Payload: LeafPayload>: SharedLabelResolver {
  let tree: Tree<Item, Payload>
  func item(labelled label: UInt64) -> Item? { tree.seek(label: label)?.item }
}

/// The label index of `items`, labelled as the bulk build labels them.
func buildIndex<Item: Hashable>(_ items: UnsafeBufferPointer<Item>) -> SharedLabelIndex {
  SharedLabelIndex.build(
    count: items.count, bucketCapacity: SharedLabelIndex.defaultBucketCapacity,
    hash: { SharedLabelIndex.hash(items[$0]) }, label: { UInt64($0 + 1) << 32 },
    isSame: { items[$0] == items[$1] }
  ).index
}

extension Tree {
  /// The position of `item`, through `index`: O(log n).
  func position(of item: Item, index: SharedLabelIndex) -> (position: Int, label: UInt64)? {
    var found: (Int, UInt64)?
    _ = index.firstLabel(hash: SharedLabelIndex.hash(item)) { label in
      guard let (position, candidate) = seek(label: label), candidate == item else { return false }
      found = (position, label)
      return true
    }
    return found
  }

  /// A label between the entries at `position - 1` and `position` (the prototype does not
  /// relabel: it traps when the gap is exhausted).
  func label(before position: Int) -> UInt64 {
    let low = position > 0 ? label(at: position - 1)! : 0
    let high = position < count ? label(at: position)! : low + (1 << 33)
    precondition(high - low >= 2, "prototype: gap exhausted (no relabelling)")
    return low + (high - low) / 2
  }
}

/// A sectioned snapshot on the prototype tree. The section list here is an array of
/// (identifier, item count): the gate's inputs have one or two sections.
package struct ProtoSectioned<ID: Hashable & Sendable> {
  var tree: Tree<ID, SectionedPayload>
  var index: SharedLabelIndex
  var sections: [ID]
  var sectionCounts: [Int]
  /// Labels of reload and reconfigure marks, ascending.
  var reloads: [UInt64] = []
  var reconfigures: [UInt64] = []

  package init(section: ID, items: [ID]) {
    (tree, index) = items.withUnsafeBufferPointer { (Tree($0), buildIndex($0)) }
    sections = [section]
    sectionCounts = [items.count]
  }

  package var count: Int { tree.count }

  package func index(of item: ID) -> Int? { tree.position(of: item, index: index)?.position }

  package mutating func insert(_ item: ID, before other: ID) {
    guard let (position, _) = tree.position(of: other, index: index) else { return }
    let label = tree.label(before: position)
    let resolver = TreeResolver(tree: tree)
    guard index.insert(label, hash: SharedLabelIndex.hash(item), item: item, resolver: resolver)
    else { return }
    tree.insert(item, label: label, at: position)
    sectionCounts[0] += 1
  }

  package mutating func delete(_ item: ID) {
    guard let (position, label) = tree.position(of: item, index: index) else { return }
    _ = index.remove(label, hash: SharedLabelIndex.hash(item))
    tree.remove(at: position)
    sectionCounts[0] -= 1
  }

  package mutating func move(_ item: ID, after other: ID) {
    delete(item)
    guard let (position, _) = tree.position(of: other, index: index) else { return }
    let label = tree.label(before: position + 1)
    _ = index.insert(
      label, hash: SharedLabelIndex.hash(item), item: nil, resolver: TreeResolver(tree: tree))
    tree.insert(item, label: label, at: position + 1)
    sectionCounts[0] += 1
  }

  package mutating func reload(_ item: ID) {
    guard let (_, label) = tree.position(of: item, index: index) else { return }
    Self.mark(label, in: &reloads)
  }

  package mutating func reconfigure(_ item: ID) {
    guard let (_, label) = tree.position(of: item, index: index) else { return }
    Self.mark(label, in: &reconfigures)
  }

  static func mark(_ label: UInt64, in marks: inout [UInt64]) {
    var low = 0
    var high = marks.count
    while low < high {
      let mid = (low + high) / 2
      if marks[mid] < label { low = mid + 1 } else { high = mid }
    }
    if low == marks.count || marks[low] != label { marks.insert(label, at: low) }
  }

  package mutating func insertSection(_ section: ID, before other: ID) {
    guard let at = sections.firstIndex(of: other) else { return }
    sections.insert(section, at: at)
    sectionCounts.insert(0, at: at)
  }
}

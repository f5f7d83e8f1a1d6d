// Walking hierarchical data depth-first without recursion, and naming positions in it.

/// Calls `visit` with every element of the forest `roots` (children given by `children`:
/// nil for a leaf), depth-first, each parent before its children, with its depth (0 for a
/// root) and whether it is a parent (non-nil children, possibly empty).
///
/// Uses an explicit stack, so arbitrarily deep data cannot overflow the call stack. A throw
/// from `visit` stops the walk. O(n) for n elements.
@inlinable
func forEachDepthFirst<Roots: RandomAccessCollection, Failure: Error>(
  _ roots: Roots, children: (Roots.Element) -> Roots?,
  _ visit: (_ element: Roots.Element, _ depth: Int, _ isParent: Bool) throws(Failure) -> Void
) throws(Failure) {
  var stack: [(Roots, Roots.Index)] = []
  var current = roots
  var index = roots.startIndex
  while true {
    if index == current.endIndex {
      guard let (parent, next) = stack.popLast() else { return }
      current = parent
      index = next
      continue
    }
    let element = current[index]
    current.formIndex(after: &index)
    let kids = children(element)
    try visit(element, stack.count, kids != nil)
    if let kids, !kids.isEmpty {
      stack.append((current, index))
      current = kids
      index = kids.startIndex
    }
  }
}

/// Stops a walk early.
@usableFromInline
struct StopWalk: Error {
  @usableFromInline init() {}
}

/// The index paths (position among the roots, then among each parent's children) of the
/// elements at depth-first indices `targets`. For error messages only: O(max target).
@usableFromInline
func depthFirstPaths<Roots: RandomAccessCollection>(
  _ roots: Roots, children: (Roots.Element) -> Roots?, at targets: [Int]
) -> [[Int]] {
  var paths = [[Int]](repeating: [], count: targets.count)
  guard let last = targets.max() else { return paths }
  var counters: [Int] = []
  var index = 0
  try? forEachDepthFirst(roots, children: children) { (_, depth, _) throws(StopWalk) in
    if counters.count > depth {
      counters.removeLast(counters.count - depth - 1)
      counters[depth] += 1
    } else {
      counters.append(0)
    }
    for (position, target) in targets.enumerated() where target == index {
      paths[position] = counters
    }
    index += 1
    if index > last { throw StopWalk() }
  }
  return paths
}

extension DiffableDataSourceSectionSnapshot {
  /// The index path of `item` (position among the roots, then among each parent's
  /// children), or nil if absent. For error messages: O(depth × siblings).
  @usableFromInline
  func indexPath(of item: ItemIdentifierType) -> [Int]? {
    guard var position = position(of: item) else { return nil }
    var path: [Int] = []
    while true {
      let parent = list.tree.parentPosition(of: position)
      path.append(childPositions(of: parent).firstIndex(of: position) ?? 0)
      guard let parent else { break }
      position = parent
    }
    return path.reversed()
  }
}

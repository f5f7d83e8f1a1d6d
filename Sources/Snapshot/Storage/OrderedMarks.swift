/// Identifiers marked for reload or reconfigure: kept in the order first marked, each once.
@usableFromInline
struct OrderedMarks<Element: Hashable & Sendable>: Sendable {
  /// Marked elements, in marking order; may hold elements since unmarked (see `members`).
  @usableFromInline var log: [Element] = []
  @usableFromInline var members: Set<Element> = []

  @inlinable init() {}

  /// Marks `element`. O(1) expected.
  @inlinable
  mutating func insert(_ element: Element) {
    if members.insert(element).inserted { log.append(element) }
  }

  /// Unmarks `element`. O(1) expected.
  @inlinable
  mutating func remove(_ element: Element) {
    if members.remove(element) != nil, members.isEmpty { log.removeAll() }
  }

  /// The marked elements in marking order. O(marks logged).
  @inlinable
  var elements: [Element] {
    if log.count == members.count { return log }
    var seen = Set<Element>()
    return log.filter { members.contains($0) && seen.insert($0).inserted }
  }

  @inlinable var isEmpty: Bool { members.isEmpty }
}

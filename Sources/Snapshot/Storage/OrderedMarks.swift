/// Identifiers marked for reload or reconfigure: each once, in the order last marked.
@usableFromInline
struct OrderedMarks<Element: Hashable & Sendable>: Sendable {
  /// Marks in the order made; an entry is current only where `members` points at it.
  @usableFromInline var log: [Element] = []
  /// Marked element -> the position of its current entry in `log`.
  @usableFromInline var members: [Element: Int] = [:]

  @inlinable init() {}

  /// Marks `element` (a no-op if it is marked already). O(1) amortized.
  @inlinable
  mutating func insert(_ element: Element) {
    guard members[element] == nil else { return }
    members.updateValueGrowingFirst(log.count, forKey: element)
    log.append(element)
  }

  /// Unmarks `element`. O(1) amortized: stale entries are dropped once they outnumber the
  /// current ones.
  @inlinable
  mutating func remove(_ element: Element) {
    guard members.removeValue(forKey: element) != nil else { return }
    if log.count > 2 * members.count + 16 { log = elements }
    if members.isEmpty { log.removeAll() }
    if log.count == members.count {
      for (position, element) in log.enumerated() {
        members.replaceValue(position, forKey: element)
      }
    }
  }

  /// The marked elements in marking order. O(log length), which is O(marks) amortized.
  @inlinable
  var elements: [Element] {
    if log.count == members.count { return log }
    return log.enumerated().compactMap { members[$0.element] == $0.offset ? $0.element : nil }
  }

  @inlinable var isEmpty: Bool { members.isEmpty }
}

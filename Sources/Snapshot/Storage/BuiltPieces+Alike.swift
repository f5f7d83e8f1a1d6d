// What two sectioned snapshots' pieces (the arrays they were built from, cut by the edits
// made since) hold alike at both ends, compared as arrays compare: how the diff of two such
// snapshots built apart finds its shared runs without reading their trees.

extension BuiltPieces {
  /// How many leading entries `a` and `b` hold alike (the same section, or the same item,
  /// at each position), at most `limit`.
  ///
  /// - Complexity: O(p + k) for the p pieces passed and the k entries compared.
  @inlinable
  static func commonPrefixCount(_ a: [Piece], _ b: [Piece], limit: Int) -> Int {
    var (i, j) = (0, 0)
    // Entries of the current pieces already matched.
    var (x, y) = (0, 0)
    var matched = 0
    while matched < limit, i < a.count, j < b.count {
      switch (a[i], b[j]) {
      case (.section(let left), .section(let right)):
        guard left == right else { return matched }
        matched += 1
        i += 1
        j += 1
      case (.items(let left), .items(let right)):
        let length = Swift.min(left.count - x, right.count - y, limit - matched)
        let same = left.withUnsafeBufferPointer { left in
          right.withUnsafeBufferPointer { right in
            var offset = 0
            while offset < length && left[x + offset] == right[y + offset] { offset += 1 }
            return offset
          }
        }
        matched += same
        guard same == length else { return matched }
        x += length
        y += length
        if x == left.count { (i, x) = (i + 1, 0) }
        if y == right.count { (j, y) = (j + 1, 0) }
      default:
        return matched
      }
    }
    return matched
  }

  /// How many trailing entries `a` and `b` hold alike, at most `limit`:
  /// ``commonPrefixCount(_:_:limit:)`` read from the ends.
  ///
  /// - Complexity: O(p + k) for the p pieces passed and the k entries compared.
  @inlinable
  static func commonSuffixCount(_ a: [Piece], _ b: [Piece], limit: Int) -> Int {
    var (i, j) = (a.count - 1, b.count - 1)
    // Entries of the current pieces already matched, from their ends.
    var (x, y) = (0, 0)
    var matched = 0
    while matched < limit, i >= 0, j >= 0 {
      switch (a[i], b[j]) {
      case (.section(let left), .section(let right)):
        guard left == right else { return matched }
        matched += 1
        i -= 1
        j -= 1
      case (.items(let left), .items(let right)):
        let length = Swift.min(left.count - x, right.count - y, limit - matched)
        let same = left.withUnsafeBufferPointer { left in
          right.withUnsafeBufferPointer { right in
            var (l, r) = (left.count - 1 - x, right.count - 1 - y)
            var offset = 0
            while offset < length && left[l] == right[r] {
              offset += 1
              l -= 1
              r -= 1
            }
            return offset
          }
        }
        matched += same
        guard same == length else { return matched }
        x += length
        y += length
        if x == left.count { (i, x) = (i - 1, 0) }
        if y == right.count { (j, y) = (j - 1, 0) }
      default:
        return matched
      }
    }
    return matched
  }
}

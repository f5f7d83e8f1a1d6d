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
    commonRunCount(a, b, limit: limit, reversed: false)
  }

  /// How many trailing entries `a` and `b` hold alike, at most `limit`:
  /// ``commonPrefixCount(_:_:limit:)`` read from the ends.
  ///
  /// - Complexity: O(p + k) for the p pieces passed and the k entries compared.
  @inlinable
  static func commonSuffixCount(_ a: [Piece], _ b: [Piece], limit: Int) -> Int {
    commonRunCount(a, b, limit: limit, reversed: true)
  }

  /// The walk behind both: the pieces of `a` and `b` in step, from the front or from the
  /// back, comparing runs of items as arrays compare.
  @inlinable
  static func commonRunCount(_ a: [Piece], _ b: [Piece], limit: Int, reversed: Bool) -> Int {
    let step = reversed ? -1 : 1
    var (i, j) = reversed ? (a.count - 1, b.count - 1) : (0, 0)
    // Entries of the current pieces already matched, counted from the end the walk starts at.
    var (x, y) = (0, 0)
    var matched = 0
    while matched < limit, a.indices.contains(i), b.indices.contains(j) {
      switch (a[i], b[j]) {
      case (.section(let left), .section(let right)):
        guard left == right else { return matched }
        matched += 1
        i += step
        j += step
      case (.items(let left), .items(let right)):
        let length = Swift.min(left.count - x, right.count - y, limit - matched)
        let same = left.withUnsafeBufferPointer { left in
          right.withUnsafeBufferPointer { right in
            // The first places to compare, and the step between them.
            var (l, r) = reversed ? (left.count - 1 - x, right.count - 1 - y) : (x, y)
            var offset = 0
            while offset < length && left[l] == right[r] {
              offset += 1
              l += step
              r += step
            }
            return offset
          }
        }
        matched += same
        guard same == length else { return matched }
        x += length
        y += length
        if x == left.count { (i, x) = (i + step, 0) }
        if y == right.count { (j, y) = (j + step, 0) }
      default:
        return matched
      }
    }
    return matched
  }
}

// Inserting user identifiers into Swift's hash tables without ever stopping the program.
//
// `Dictionary` and `Set` stop the program ("Duplicate keys of type … were found in a
// Dictionary") when they meet identifiers whose `Hashable` conformance is broken (equal
// values with different hashes, or hashes that change between calls) while rehashing: an
// insertion that has to grow the table looks its key up again afterwards and stops if the
// answer changed, and in debug builds growing the table (`reserveCapacity` included) stops
// as soon as it meets two equal keys. No type can rule such identifiers out.
//
// An insertion into a table with room to spare never rehashes. So every insertion of
// identifiers into a `Dictionary` or `Set` goes either into a table created with enough
// `minimumCapacity` for everything it will receive, or through `reserveRoom(for:)`, which
// grows a table by building a larger one and inserting the entries one by one into its
// spare room (equal keys then merge; nothing stops).

extension Dictionary {
  /// Makes room for `additional` more keys, so that inserting them cannot rehash.
  ///
  /// - Complexity: O(1) when there is room; otherwise O(count), and growth is geometric,
  ///   so insertions stay O(1) amortized.
  @inlinable
  mutating func reserveRoom(for additional: Int) {
    let needed = count &+ additional
    if needed > capacity { grow(toHold: Swift.max(needed, capacity &* 2)) }
  }

  /// Replaces the table with one that holds `minimumCapacity` keys, filled by insertion.
  /// O(count).
  @inlinable @inline(never)
  mutating func grow(toHold minimumCapacity: Int) {
    var larger = Self(minimumCapacity: minimumCapacity)
    for (key, value) in self { larger[key] = value }
    self = larger
  }

  /// `updateValue(_:forKey:)` after making room, so that it cannot rehash.
  ///
  /// - Complexity: O(1) amortized, expected.
  @inlinable @discardableResult
  mutating func updateValueGrowingFirst(_ value: Value, forKey key: Key) -> Value? {
    reserveRoom(for: 1)
    return updateValue(value, forKey: key)
  }

  /// Replaces the value of `key` if the table finds it, and returns whether it did. Never
  /// inserts, so it cannot rehash.
  ///
  /// - Complexity: O(1) expected.
  @inlinable @discardableResult
  mutating func replaceValue(_ value: Value, forKey key: Key) -> Bool {
    guard let index = index(forKey: key) else { return false }
    values[index] = value
    return true
  }
}

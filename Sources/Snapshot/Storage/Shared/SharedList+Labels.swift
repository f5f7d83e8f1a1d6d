// Order labels: 64-bit keys that increase along the sequence, so that an item's label finds
// its position by one seek. New labels go in the gap between the neighbours; when the gap is
// used up, the smallest window around the insertion whose key span leaves every entry a gap
// of at least 4× the window's size is relabelled evenly.

extension SharedList {
  /// Labels for `count` new entries at `position`, relabelling neighbours if needed.
  /// O(count) when the gap suffices, else O(window · log n).
  @inlinable
  mutating func allocateKeys(count: Int, at position: Int) -> [UInt64] {
    keysWithoutRelabelling(count: count, at: position)
      ?? relabel(around: position, inserting: count)
  }

  /// Labels for `count` new entries at `position` from the gap between its neighbours, or nil
  /// when the gap is too small. O(count + b log n).
  @inlinable
  func keysWithoutRelabelling(count: Int, at position: Int) -> [UInt64]? {
    let low: UInt64 = position > 0 ? tree.entry(at: position - 1).key : 0
    let high: UInt64
    let step: UInt64
    if position == tree.count {
      high = .max
      step = Swift.min(Self.appendGap, (high - low) / UInt64(count + 1))
    } else {
      high = tree.entry(at: position).key
      step = (high - low) / UInt64(count + 1)
    }
    guard step >= 1 else { return nil }
    return (1...count).map { low + step * UInt64($0) }
  }

  /// Spreads the labels of the smallest sufficient window around `position` evenly, leaving
  /// room for `inserted` new entries at `position`, and returns their labels.
  /// O(window · log n).
  @inlinable
  mutating func relabel(around position: Int, inserting inserted: Int) -> [UInt64] {
    var half = Swift.max(inserted, 1)
    while true {
      let start = Swift.max(0, position - half)
      let end = Swift.min(tree.count, position + half)
      let low: UInt64 = start > 0 ? tree.entry(at: start - 1).key : 0
      let high: UInt64 = end < tree.count ? tree.entry(at: end).key : .max
      let total = end - start + inserted
      let gap = (high - low) / UInt64(total + 1)
      let isWhole = start == 0 && end == tree.count
      if gap >= 1 && (isWhole || gap / 4 >= UInt64(total)) {
        var relabelled: [(item: Item, key: UInt64)] = []
        relabelled.reserveCapacity(end - start)
        tree.updateEntries(in: start..<end) { entryPosition, entry in
          let index =
            entryPosition < position ? entryPosition - start : entryPosition - start + inserted
          entry.key = low + gap * UInt64(index + 1)
          relabelled.append((entry.item, entry.key))
        }
        for (item, key) in relabelled { labels.updateValue(key, forKey: item) }
        let first = position - start
        return (first..<first + inserted).map { low + gap * UInt64($0 + 1) }
      }
      precondition(!isWhole, "no room for \(total) labels")
      half *= 2
    }
  }
}

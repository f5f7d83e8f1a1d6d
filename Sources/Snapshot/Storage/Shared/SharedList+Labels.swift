// Order labels: 64-bit keys that increase along the sequence, so that an item's label finds
// its position by one seek. New labels go in the gap between the neighbours; when the gap is
// used up, the smallest window around the insertion whose key span leaves every entry a gap
// of at least 4× the window's size is relabelled evenly. The label index stores no items: an
// item is found by resolving its candidate labels through the tree.

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
        var relabelled: [(old: UInt64, new: UInt64, hash: UInt64)] = []
        relabelled.reserveCapacity(end - start)
        tree.updateEntries(in: start..<end) { entryPosition, entry in
          let index =
            entryPosition < position ? entryPosition - start : entryPosition - start + inserted
          let old = entry.key
          entry.key = low + gap * UInt64(index + 1)
          relabelled.append((old, entry.key, SharedLabelIndex.hash(entry.item)))
        }
        // Every old label out before any new one goes in: a new label may be another entry's
        // old one.
        for pair in relabelled { labelIndex.remove(pair.old, hash: pair.hash) }
        fileLabels(relabelled.map(\.new), hashes: relabelled.map(\.hash))
        let first = position - start
        return (first..<first + inserted).map { low + gap * UInt64($0 + 1) }
      }
      precondition(!isWhole, "no room for \(total) labels")
      half *= 2
    }
  }
}

// MARK: - The label index, resolved through the tree

extension SharedList {
  /// The label, position and entry (with its absolute `hidden`) of `item`, hashed to `hash`,
  /// and the number of visible entries before it, or nil: the trie walk, then one descent by
  /// label per candidate of the same fragment (one, all but always), which finds the position,
  /// the visible rank and the entry too. The position is 0 unless `countingPosition`, the
  /// visible rank 0 unless `countingVisible` (each costs O(b) a level of the descent).
  ///
  /// - Complexity: O(b log n); O(log n) comparisons in the tree when counting neither.
  @inlinable
  func find(
    _ item: Item, hash: UInt64, countingPosition: Bool = true, countingVisible: Bool = false
  ) -> (label: UInt64, position: Int, visibleBefore: Int, entry: SharedEntry<Item>)? {
    var found: (position: Int, visibleBefore: Int, entry: SharedEntry<Item>)? = nil
    let label = labelIndex.firstLabel(hash: hash) { label in
      guard
        let candidate = tree.descend(
          toKey: label, countingPosition: countingPosition, countingVisible: countingVisible),
        candidate.entry.item == item
      else { return false }
      found = candidate
      return true
    }
    guard let label, let found else { return nil }
    return (label, found.position, found.visibleBefore, found.entry)
  }

  /// Names the item of a label by seeking the tree.
  @usableFromInline
  struct TreeResolver: SharedLabelResolver {
    @usableFromInline let tree: SharedTree<Item>

    @inlinable init(_ tree: SharedTree<Item>) { self.tree = tree }

    /// O(b log n).
    @inlinable
    func item(labelled label: UInt64) -> Item? { tree.entry(labelled: label)?.item }
  }

  /// Names the item of a label among `entries` (not yet in the tree; labels increasing, in a
  /// gap of the tree's) when it lies within their labels, else by seeking the tree.
  @usableFromInline
  struct PendingResolver: SharedLabelResolver {
    @usableFromInline let tree: SharedTree<Item>
    @usableFromInline let entries: [SharedEntry<Item>]

    @inlinable
    init(_ tree: SharedTree<Item>, _ entries: [SharedEntry<Item>]) {
      self.tree = tree
      self.entries = entries
    }

    /// O(b log n).
    @inlinable
    func item(labelled label: UInt64) -> Item? {
      guard let first = entries.first?.key, let last = entries.last?.key,
        label >= first && label <= last
      else { return tree.entry(labelled: label)?.item }
      var low = 0
      var high = entries.count
      while low < high {
        let middle = (low + high) / 2
        if entries[middle].key < label { low = middle + 1 } else { high = middle }
      }
      return low < entries.count && entries[low].key == label ? entries[low].item : nil
    }
  }

  /// Files `keys`, the labels of entries already in the tree and known to be new, under
  /// `hashes`. O(k (log₁₆ n + bucket)).
  @inlinable
  mutating func fileLabels(_ keys: [UInt64], hashes: [UInt64]) {
    let resolver = TreeResolver(tree)
    for index in keys.indices {
      _ = labelIndex.insert(keys[index], hash: hashes[index], item: nil, resolver: resolver)
    }
  }

  /// Files the labels of `entries` (not yet in the tree; their labels increasing, in a gap
  /// of the tree's) under `hashes`, unless an item is already present or earlier in
  /// `entries`: then takes back what it filed and returns that item.
  ///
  /// - Complexity: O(k (log₁₆ n + bucket)), plus a seek per candidate of the same fragment.
  @inlinable
  mutating func fileNewLabels(_ entries: [SharedEntry<Item>], hashes: [UInt64]) -> Item? {
    let resolver = PendingResolver(tree, entries)
    for index in entries.indices {
      let new = entries[index].item
      guard
        labelIndex.insert(entries[index].key, hash: hashes[index], item: new, resolver: resolver)
      else {
        for undone in 0..<index { labelIndex.remove(entries[undone].key, hash: hashes[undone]) }
        return new
      }
    }
    return nil
  }
}

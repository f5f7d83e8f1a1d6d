/// Packs a (section, index) position into one `Int`: section in the high 32 bits.
@inlinable
func packPosition(_ section: Int, _ index: Int) -> Int {
  section << 32 | index
}

/// The section of a packed position.
@inlinable
func packedSection(_ packed: Int) -> Int {
  packed >> 32
}

/// The index within its section of a packed position.
@inlinable
func packedIndex(_ packed: Int) -> Int {
  packed & 0xFFFF_FFFF
}

/// The correspondence between an old and a new layout: which sections and items are the same,
/// which stayed in relative order, and where the reload/reconfigure marks fall. Both the single
/// batch and the staged form are read off it.
///
/// Cost, for n old and m new items:
/// - sections are matched by one dictionary over section identifiers;
/// - a section whose items array equals its counterpart's costs one array comparison (O(1)
///   when the two arrays share storage, as copies of a snapshot do);
/// - in a changed section, the common prefix and suffix are matched by position, before any
///   hashing; only the middle of a changed section is hashed (one insert per old item, one
///   probe per new item that does not continue the run of the item before it);
/// - the order of the matched items is checked with a heaviest increasing subsequence over
///   runs, O(r) when nothing was reordered, O(r log r) for r runs otherwise;
/// - the match tables (each hashed item's counterpart) are sized to the middles alone, so a
///   diff of few changes allocates and writes O(s + changed middles), not O(n + m): the
///   prefixes and suffixes are only read.
///
/// With `verifyUniqueness`, every identifier of both layouts is checked for duplicates (one
/// hash insert per old item, one probe per new item outside the matched prefixes and
/// suffixes) and for not being equal to itself; without it the layouts must be known to hold
/// no such identifiers (snapshots guarantee it), and unchanged sections, prefixes and
/// suffixes are never hashed.
@usableFromInline
struct DiffMatch<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  @usableFromInline typealias Section = LayoutSection<SectionID, ItemID>

  /// Consecutive new items `newStart..<newStart+length` of one new section that are the
  /// consecutive old items `oldStart..<oldStart+length` of old section `oldSection`.
  @usableFromInline
  struct Run {
    @usableFromInline var oldSection: Int
    @usableFromInline var oldStart: Int
    @usableFromInline var newStart: Int
    @usableFromInline var length: Int

    @inlinable
    init(oldSection: Int, oldStart: Int, newStart: Int, length: Int) {
      self.oldSection = oldSection
      self.oldStart = oldStart
      self.newStart = newStart
      self.length = length
    }
  }

  /// An item present in both layouts, in sections present in both, carrying a mark.
  @usableFromInline
  struct MarkedItem {
    /// Packed old position.
    @usableFromInline var old: Int
    /// Packed new position.
    @usableFromInline var new: Int
    /// Reload (true) or reconfigure (false).
    @usableFromInline var isReload: Bool

    @inlinable
    init(old: Int, new: Int, isReload: Bool) {
      self.old = old
      self.new = new
      self.isReload = isReload
    }
  }

  @usableFromInline static var reloadMark: UInt8 { 1 }
  @usableFromInline static var reconfigureMark: UInt8 { 2 }

  @usableFromInline let old: [Section]
  @usableFromInline let new: [Section]
  /// New index of each old section, -1 when deleted.
  @usableFromInline var oldToNew: [Int]
  /// Old index of each new section, -1 when inserted.
  @usableFromInline var newToOld: [Int]
  /// By old index: whether a section present in both layouts changed its items.
  @usableFromInline var changed: [Bool]
  /// By old index, for changed sections: the length of the common prefix and suffix.
  @usableFromInline var prefix: [Int]
  @usableFromInline var suffix: [Int]
  /// By old index: the range of old items matched by hashing (empty when none).
  @usableFromInline var middleStart: [Int]
  @usableFromInline var middleEnd: [Int]
  /// Flat offsets of each section's first item (one extra entry: the total).
  @usableFromInline var oldOffsets: [Int]
  @usableFromInline var newOffsets: [Int]
  /// For hashed old items, at `oldSlots[s] + i` (item i of old section s, inside its
  /// `middleStart[s]..<middleEnd[s]`): packed new position, or -1. Sized to those middles
  /// alone, so that a diff whose changes are few touches O(changes) of it, not O(n).
  @usableFromInline var oldTarget: [Int]
  /// For new items of changed middles and of inserted sections, at `newSlots[t] + j`: packed
  /// old position, or -1. Sized to those items alone.
  @usableFromInline var newSource: [Int]
  /// By old index: where `oldTarget` holds the section's middle, less `middleStart`.
  @usableFromInline var oldSlots: [Int]
  /// By new index: where `newSource` holds the section's probed items, less the first one's
  /// index (its prefix for a changed section, 0 for an inserted one).
  @usableFromInline var newSlots: [Int]
  /// Runs of matched middle items, grouped by new section in order.
  @usableFromInline var runs: [Run]
  /// Runs of new section `t` are `runs[runBounds[t]..<runBounds[t + 1]]`.
  @usableFromInline var runBounds: [Int]
  /// By run: whether it stays in place (same section, on the heaviest increasing subsequence).
  @usableFromInline var runStationary: [Bool]
  /// By new index: whether a section present in both layouts keeps its relative order.
  @usableFromInline var sectionStationary: [Bool]
  /// By new index: whether the section is marked for reload (and present in both).
  @usableFromInline var sectionReloadMarked: [Bool]
  /// By new index: whether a marked reload falls on an item of the section.
  @usableFromInline var sectionHasItemReload: [Bool]
  /// By flat new index: the mark on the item (0 none); empty when nothing is marked.
  @usableFromInline var newMark: [UInt8]
  /// The marked items present in both layouts, in new order.
  @usableFromInline var marked: [MarkedItem]
  /// Empty, or the items' weights as cumulative offsets by flat new index (`newTotal + 1`
  /// entries): item `i` weighs `weightOffsets[i + 1] - weightOffsets[i]`. Empty means every
  /// item weighs 1. A compressed layout's shared run is one item weighing its count.
  @usableFromInline var weightOffsets: [Int]

  /// Matches two layouts.
  ///
  /// - Complexity: see the type's documentation: O(n + m) expected, plus O(r log r) for the r
  ///   runs of reordered items.
  @inlinable
  init(
    old: [Section],
    new: [Section],
    marks: DiffMarks<SectionID, ItemID>,
    verifyUniqueness: Bool,
    weightOffsets: [Int] = []
  ) throws(DuplicateIdentifierError<SectionID, ItemID>) {
    self.old = old
    self.new = new
    let oldCount = old.count
    let newCount = new.count

    // Sections. Every table below is sized up front for all it will receive, so inserting
    // never rehashes and identifiers with broken hashing cannot stop the program (see
    // `GrowingFirst.swift`).
    var oldSectionIndex: [SectionID: Int] = [:]
    var oldToNew = [Int](repeating: -1, count: oldCount)
    var newToOld = [Int](repeating: -1, count: newCount)
    // `duplicate` covers identifiers not equal to themselves (such as `Double.nan`) too:
    // nothing could match them, so like duplicates they cannot name one row.
    var duplicate = false
    let byPosition = Self.sameFewSections(old, new)
    if byPosition {
      // Matched by position, told apart pairwise: no table (``locateMarks`` then searches).
      for s in 0..<oldCount {
        if old[s].id != old[s].id || old[..<s].contains(where: { $0.id == old[s].id }) {
          duplicate = true
        }
        oldToNew[s] = s
        newToOld[s] = s
      }
    } else {
      oldSectionIndex.reserveCapacity(oldCount)
      for s in 0..<oldCount
      where oldSectionIndex.updateValue(s, forKey: old[s].id) != nil || old[s].id != old[s].id {
        duplicate = true
      }
    }
    if !duplicate && !byPosition {
      var newOnly = Set<SectionID>(minimumCapacity: newCount)
      for t in 0..<newCount {
        if new[t].id != new[t].id {
          duplicate = true
          break
        }
        if let s = oldSectionIndex[new[t].id] {
          if oldToNew[s] >= 0 {
            duplicate = true
            break
          }
          oldToNew[s] = t
          newToOld[t] = s
        } else if !newOnly.insert(new[t].id).inserted {
          duplicate = true
          break
        }
      }
    }
    if duplicate { throw DuplicateIdentifierError(old: old, new: new) }

    var oldOffsets = [Int]()
    oldOffsets.reserveCapacity(oldCount + 1)
    var oldTotal = 0
    for section in old {
      oldOffsets.append(oldTotal)
      oldTotal += section.items.count
    }
    oldOffsets.append(oldTotal)
    var newOffsets = [Int]()
    newOffsets.reserveCapacity(newCount + 1)
    var newTotal = 0
    for section in new {
      newOffsets.append(newTotal)
      newTotal += section.items.count
    }
    newOffsets.append(newTotal)

    // Unchanged sections, prefixes and suffixes: by position, no hashing.
    var changed = [Bool](repeating: false, count: oldCount)
    var prefix = [Int](repeating: 0, count: oldCount)
    var suffix = [Int](repeating: 0, count: oldCount)
    var middleStart = [Int](repeating: 0, count: oldCount)
    var middleEnd = [Int](repeating: 0, count: oldCount)
    var hashedCount = 0
    // New items that, when verifying, may go into the table of old ones: the middles of
    // changed sections and every item of an inserted section.
    var newHashedCount = 0
    if verifyUniqueness {
      for t in 0..<newCount where newToOld[t] < 0 { newHashedCount += new[t].items.count }
    }
    for s in 0..<oldCount {
      let t = oldToNew[s]
      let a = old[s].items
      if t < 0 {
        if verifyUniqueness {
          middleEnd[s] = a.count
          hashedCount += a.count
        }
        continue
      }
      let b = new[t].items
      if a == b { continue }
      changed[s] = true
      let limit = Swift.min(a.count, b.count)
      var p = 0
      while p < limit && a[p] == b[p] { p += 1 }
      var q = 0
      while q < limit - p && a[a.count - 1 - q] == b[b.count - 1 - q] { q += 1 }
      prefix[s] = p
      suffix[s] = q
      middleStart[s] = p
      middleEnd[s] = a.count - q
      hashedCount += a.count - p - q
      newHashedCount += b.count - p - q
    }

    // Hash the old items that need it.
    var oldIndex = [ItemID: Int](
      minimumCapacity: verifyUniqueness ? oldTotal + newHashedCount : hashedCount)
    for s in 0..<oldCount {
      let items = old[s].items
      let range = verifyUniqueness ? 0..<items.count : middleStart[s]..<middleEnd[s]
      for i in range
      where oldIndex.updateValue(packPosition(s, i), forKey: items[i]) != nil
        || (verifyUniqueness && items[i] != items[i])
      {
        throw DuplicateIdentifierError(old: old, new: new)
      }
    }

    // Probe the new items that need it, extending each match along the run it starts. The
    // tables hold only the old middles and the new items that can be probed or read.
    var oldSlots = [Int](repeating: 0, count: oldCount)
    var oldSlotCount = 0
    for s in 0..<oldCount {
      oldSlots[s] = oldSlotCount - middleStart[s]
      oldSlotCount += middleEnd[s] - middleStart[s]
    }
    var newSlots = [Int](repeating: 0, count: newCount)
    var newSlotCount = 0
    for t in 0..<newCount {
      let s = newToOld[t]
      if s < 0 {
        newSlots[t] = newSlotCount
        newSlotCount += new[t].items.count
      } else if changed[s] {
        newSlots[t] = newSlotCount - prefix[s]
        newSlotCount += new[t].items.count - prefix[s] - suffix[s]
      }
    }
    var oldTarget = [Int](repeating: -1, count: oldSlotCount)
    var newSource = [Int](repeating: -1, count: newSlotCount)
    var runs: [Run] = []
    var runBounds = [Int](repeating: 0, count: newCount + 1)
    for t in 0..<newCount {
      runBounds[t] = runs.count
      let s = newToOld[t]
      let items = new[t].items
      var j = 0
      var end = items.count
      if s >= 0 {
        if !changed[s] { continue }
        j = prefix[s]
        end = items.count - suffix[s]
      } else if !verifyUniqueness {
        continue
      }
      let newBase = newSlots[t]
      while j < end {
        // When verifying, an item found in no old section is recorded in the same table
        // (one hashed access), so that a second occurrence is caught.
        let packed =
          verifyUniqueness
          ? Self.claim(&oldIndex[items[j], default: Self.absent])
          : oldIndex[items[j]] ?? Self.absent
        if packed < 0 {
          if packed == Self.newOnly || (verifyUniqueness && items[j] != items[j]) {
            throw DuplicateIdentifierError(old: old, new: new)
          }
          j += 1
          continue
        }
        let os = packedSection(packed)
        let oi = packedIndex(packed)
        let oldBase = oldSlots[os]
        let oldEnd = middleEnd[os]
        guard oi >= middleStart[os] && oi < oldEnd && oldTarget[oldBase + oi] < 0 else {
          throw DuplicateIdentifierError(old: old, new: new)
        }
        let oldItems = old[os].items
        oldTarget[oldBase + oi] = packPosition(t, j)
        newSource[newBase + j] = packed
        var length = 1
        while j + length < end && oi + length < oldEnd && oldTarget[oldBase + oi + length] < 0
          && oldItems[oi + length] == items[j + length]
        {
          oldTarget[oldBase + oi + length] = packPosition(t, j + length)
          newSource[newBase + j + length] = packed + length
          length += 1
        }
        if s >= 0 {
          runs.append(Run(oldSection: os, oldStart: oi, newStart: j, length: length))
        }
        j += length
      }
    }
    runBounds[newCount] = runs.count

    self.oldToNew = oldToNew
    self.newToOld = newToOld
    self.changed = changed
    self.prefix = prefix
    self.suffix = suffix
    self.middleStart = middleStart
    self.middleEnd = middleEnd
    self.oldOffsets = oldOffsets
    self.newOffsets = newOffsets
    self.oldTarget = oldTarget
    self.newSource = newSource
    self.oldSlots = oldSlots
    self.newSlots = newSlots
    self.runs = runs
    self.runBounds = runBounds
    self.runStationary = []
    self.sectionStationary = []
    self.sectionReloadMarked = [Bool](repeating: false, count: newCount)
    self.sectionHasItemReload = [Bool](repeating: false, count: newCount)
    self.newMark = []
    self.marked = []
    self.weightOffsets = weightOffsets

    locateMarks(marks, oldSectionIndex: oldSectionIndex)
    orderSections()
    orderItems()
  }

  /// Whether `old` and `new` list the same few (at most 8) section identifiers in the same
  /// order. O(1).
  @inlinable
  static func sameFewSections(_ old: [Section], _ new: [Section]) -> Bool {
    old.count == new.count && old.count <= 8
      && old.indices.allSatisfy { old[$0].id == new[$0].id }
  }

  @usableFromInline static var absent: Int { -1 }
  @usableFromInline static var newOnly: Int { -2 }
}

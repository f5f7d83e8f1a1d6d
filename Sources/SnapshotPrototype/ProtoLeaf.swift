// The leaf of the prototype tree: one allocation, its columns tail-allocated.

/// What a leaf holds besides identifiers and labels: nothing (sectioned items), or a depth
/// word (depth and the expanded flag in the top bit) and a hidden count (outline entries).
protocol LeafPayload {
  /// Whether leaves carry the depth and hidden columns.
  static var hasOutlineColumns: Bool { get }
}

/// Sectioned items: identifier + order label, `stride + 8` bytes an entry.
enum SectionedPayload: LeafPayload {
  static var hasOutlineColumns: Bool { false }
}

/// Outline entries: identifier + label + depth word + hidden count, `stride + 16` bytes.
enum OutlinePayload: LeafPayload {
  static var hasOutlineColumns: Bool { true }
}

/// The fan-out: a leaf holds up to `leafCapacity` entries, an inner node up to `innerCapacity`
/// children. Splits leave halves; the bulk build fills leaves.
enum Shape {
  static let leafCapacity = 128
  static let innerCapacity = 32
  /// The top bit of the depth word: the entry is expanded.
  static let expandedBit: UInt32 = 1 << 31
}

/// A node's summary: what every seek and every skip reads without visiting the node.
struct Summary: Equatable {
  /// Entries below.
  var count: Int = 0
  /// The largest order label below (labels increase along the sequence).
  var maxLabel: UInt64 = 0
  /// The smallest hidden count below, relative to the tags above the node.
  var minHidden: Int32 = 0
  /// Entries whose hidden count is `minHidden` (the visible count when `minHidden` is 0).
  var minHiddenCount: Int = 0
  /// The smallest depth below.
  var minDepth: UInt32 = .max

  /// Entries visible below an edge carrying `tag`.
  @inline(__always) func visible(tag: Int32) -> Int {
    minHidden &+ tag == 0 ? minHiddenCount : 0
  }

  /// This summary followed by `other` seen through `tag`.
  @inline(__always) mutating func add(_ other: Summary, tag: Int32) {
    guard other.count > 0 else { return }
    let hidden = other.minHidden &+ tag
    if count == 0 || hidden < minHidden {
      minHidden = hidden
      minHiddenCount = other.minHiddenCount
    } else if hidden == minHidden {
      minHiddenCount &+= other.minHiddenCount
    }
    count &+= other.count
    maxLabel = other.maxLabel
    minDepth = min(minDepth, other.minDepth)
  }
}

struct LeafHeader {
  var count: Int
  var capacity: Int
}

/// A leaf: identifiers, then labels, then (outline) depth words and hidden counts, each
/// contiguous, in the one allocation of the object.
final class Leaf<Item, Payload: LeafPayload>: ManagedBuffer<LeafHeader, UInt64> {
  /// Bytes of the identifiers column, rounded up to 8.
  @inline(__always) static func itemBytes(_ capacity: Int) -> Int {
    (MemoryLayout<Item>.stride &* capacity &+ 7) & ~7
  }

  static func make(capacity: Int = Shape.leafCapacity) -> Leaf {
    var words = itemBytes(capacity) / 8 + capacity
    if Payload.hasOutlineColumns { words += capacity }
    let object = create(minimumCapacity: words) { _ in LeafHeader(count: 0, capacity: capacity) }
    return unsafeDowncast(object, to: Leaf.self)
  }

  @inline(__always) var count: Int {
    get { header.count }
    set { header.count = newValue }
  }

  @inline(__always) var items: UnsafeMutablePointer<Item> {
    withUnsafeMutablePointerToElements {
      UnsafeMutableRawPointer($0).assumingMemoryBound(to: Item.self)
    }
  }

  @inline(__always) var labels: UnsafeMutablePointer<UInt64> {
    withUnsafeMutablePointerToElements {
      (UnsafeMutableRawPointer($0) + Self.itemBytes(header.capacity))
        .assumingMemoryBound(to: UInt64.self)
    }
  }

  /// Depth words (outline leaves only).
  @inline(__always) var depths: UnsafeMutablePointer<UInt32> {
    UnsafeMutableRawPointer(labels + header.capacity).assumingMemoryBound(to: UInt32.self)
  }

  /// Hidden counts (outline leaves only).
  @inline(__always) var hidden: UnsafeMutablePointer<Int32> {
    UnsafeMutableRawPointer(depths + header.capacity).assumingMemoryBound(to: Int32.self)
  }

  /// The summary of the entries, read from the columns.
  var summary: Summary {
    var result = Summary()
    let n = count
    guard n > 0 else { return result }
    result.count = n
    result.maxLabel = labels[n - 1]
    guard Payload.hasOutlineColumns else {
      result.minDepth = 0
      result.minHiddenCount = n
      return result
    }
    let depth = depths
    let hide = hidden
    result.minHidden = .max
    for i in 0..<n {
      result.minDepth = min(result.minDepth, depth[i] & ~Shape.expandedBit)
      if hide[i] < result.minHidden {
        result.minHidden = hide[i]
        result.minHiddenCount = 1
      } else if hide[i] == result.minHidden {
        result.minHiddenCount &+= 1
      }
    }
    return result
  }

  /// A copy (for a write to a shared leaf).
  func copy() -> Leaf {
    let result = Leaf.make()
    let n = count
    result.items.initialize(from: items, count: n)
    result.labels.initialize(from: labels, count: n)
    if Payload.hasOutlineColumns {
      result.depths.initialize(from: depths, count: n)
      result.hidden.initialize(from: hidden, count: n)
    }
    result.count = n
    return result
  }

  /// Opens a gap of one at `index` (the caller fills it).
  func openGap(at index: Int) {
    let n = count
    (items + index + 1).moveInitialize(from: items + index, count: n - index)
    (labels + index + 1).moveInitialize(from: labels + index, count: n - index)
    if Payload.hasOutlineColumns {
      (depths + index + 1).moveInitialize(from: depths + index, count: n - index)
      (hidden + index + 1).moveInitialize(from: hidden + index, count: n - index)
    }
    count = n + 1
  }

  /// Removes the entry at `index`.
  func remove(at index: Int) {
    let n = count
    (items + index).deinitialize(count: 1)
    (items + index).moveInitialize(from: items + index + 1, count: n - index - 1)
    (labels + index).moveInitialize(from: labels + index + 1, count: n - index - 1)
    if Payload.hasOutlineColumns {
      (depths + index).moveInitialize(from: depths + index + 1, count: n - index - 1)
      (hidden + index).moveInitialize(from: hidden + index + 1, count: n - index - 1)
    }
    count = n - 1
  }

  /// Moves the entries from `index` on into a new leaf, returned.
  func split(at index: Int) -> Leaf {
    let right = Leaf.make()
    let moved = count - index
    right.items.moveInitialize(from: items + index, count: moved)
    right.labels.moveInitialize(from: labels + index, count: moved)
    if Payload.hasOutlineColumns {
      right.depths.moveInitialize(from: depths + index, count: moved)
      right.hidden.moveInitialize(from: hidden + index, count: moved)
    }
    right.count = moved
    count = index
    return right
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { _ in items.deinitialize(count: header.count) }
  }
}

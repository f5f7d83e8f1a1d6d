// Concrete entry points for the bench: the generic code is specialized here, in its module,
// so that the bench's timings are not those of unspecialized generics across modules.

/// ``ProtoSectioned`` of `Int` identifiers.
package struct ProtoSectionedInt: Sendable {
  var base: ProtoSectioned<Int>
  package init(section: Int, items: [Int]) { base = ProtoSectioned(section: section, items: items) }
  package var count: Int { base.count }
  package var structureBytes: Int { base.structureBytes }
  package func index(of item: Int) -> Int? { base.index(of: item) }
  package mutating func insert(_ item: Int, before other: Int) { base.insert(item, before: other) }
  package mutating func delete(_ item: Int) { base.delete(item) }
  package mutating func move(_ item: Int, after other: Int) { base.move(item, after: other) }
  package mutating func reload(_ item: Int) { base.reload(item) }
  package mutating func reconfigure(_ item: Int) { base.reconfigure(item) }
  package mutating func insertSection(_ section: Int, before other: Int) {
    base.insertSection(section, before: other)
  }
  package func changeCount(from old: ProtoSectionedInt) -> Int { base.changeCount(from: old.base) }
}

/// ``ProtoOutline`` of `Int` identifiers.
package struct ProtoOutlineInt: Sendable {
  var base: ProtoOutline<Int>
  package init(_ items: [Int], depth: (Int) -> UInt32) { base = ProtoOutline(items, depth: depth) }
  package var count: Int { base.count }
  package var visibleCount: Int { base.visibleCount }
  package var structureBytes: Int { base.structureBytes }
  package func index(of item: Int) -> Int? { base.index(of: item) }
  package mutating func collapse(_ item: Int) { base.collapse(item) }
  package mutating func expand(_ item: Int) { base.expand(item) }
  package func changedMiddle(from old: ProtoOutlineInt) -> Int {
    base.changedMiddle(from: old.base)
  }
}

extension ProtoSectioned: @unchecked Sendable {}
extension ProtoOutline: @unchecked Sendable {}

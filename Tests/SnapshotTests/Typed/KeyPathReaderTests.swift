import Testing

@testable import Snapshot

@Suite("KeyPathReader: direct reads of stored properties")
struct KeyPathReaderTests {
  struct Inner: Equatable {
    var tag: UInt8
    var names: [String]
  }

  struct Outer {
    var flag: Bool
    var inner: Inner
    var children: [Outer]?
    var computed: String { "c\(inner.tag)" }
  }

  final class Box {
    let value: Int
    init(value: Int) { self.value = value }
  }

  let sample = Outer(flag: true, inner: Inner(tag: 7, names: ["a", "b"]), children: [])

  @Test func storedPropertiesAreReadFromMemory() {
    let names = KeyPathReader(\Outer.inner.names)
    #expect(names.offset >= 0)
    #expect(names.read(sample) == ["a", "b"])
    let children = KeyPathReader(\Outer.children)
    #expect(children.offset >= 0)
    #expect(children.read(sample)?.isEmpty == true)
    #expect(KeyPathReader(\Outer.inner).read(sample) == Inner(tag: 7, names: ["a", "b"]))
    #expect(KeyPathReader(\Outer.self).offset == 0)
    #expect(KeyPathReader(\Int.self).read(42) == 42)
  }

  @Test func otherKeyPathsFallBackToProjection() {
    let computed = KeyPathReader(\Outer.computed)
    #expect(computed.offset == -1)
    #expect(computed.read(sample) == "c7")
    let boxed = KeyPathReader(\Box.value)
    #expect(boxed.offset == -1)
    #expect(boxed.read(Box(value: 3)) == 3)
    let chained = KeyPathReader(\Outer.children?.count)
    #expect(chained.read(sample) == 0)
  }
}

import Testing

@testable import Snapshot

// Copies of one shared list edited on several threads at once: every edit copies the shared
// nodes on its path before writing, so no thread sees another's edits and the original
// stays as it was.
@Suite("Shared storage across threads")
struct SharedConcurrencyTests {
  @Test("copies of one list edited on four threads at once")
  func copiesEditedConcurrently() async throws {
    var base = SharedList<Int>(base: 4, bucketCapacity: 8)
    try base.insert(
      (0..<2_000).map { SharedEntry(item: $0, level: 0, isExpanded: false) }, at: 0)
    let original = base
    let results = await withTaskGroup(of: (Int, [Int], String?).self) { group in
      for thread in 0..<4 {
        group.addTask {
          var copy = original
          for step in 0..<300 {
            let item = 10_000 * (thread + 1) + step
            try? copy.insert(
              [SharedEntry(item: item, level: 0, isExpanded: false)],
              at: (step * 37 + thread) % copy.count)
            copy.setExpanded(step % 2 == 0, at: (step * 11) % copy.count)
            if step % 3 == 0 { try? copy.removeSubtrees(step..<step + 1) }
          }
          let items = copy.tree.entries(in: 0..<copy.count).map(\.item)
          return (thread, items, copy._invariantViolation())
        }
      }
      var collected: [(Int, [Int], String?)] = []
      for await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 4)
    for (thread, items, violation) in results {
      #expect(violation == nil, "thread \(thread): \(violation ?? "")")
      // Each copy holds its own 300 insertions, none of another thread's.
      let own = items.filter { $0 >= 10_000 }
      #expect(own.allSatisfy { $0 / 10_000 == thread + 1 })
      #expect(items.count == 2_000 + 300 - 100)
    }
    #expect(original.tree.entries(in: 0..<original.count).map(\.item) == Array(0..<2_000))
    #expect(original.tree.entries(in: 0..<original.count).allSatisfy { !$0.isExpanded })
    original._checkInvariants()
  }
}

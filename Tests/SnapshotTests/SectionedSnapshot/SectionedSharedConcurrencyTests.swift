import Testing

@testable import Snapshot

// Copies of one sectioned snapshot edited on several threads at once (named so that .ci/run
// runs it under ThreadSanitizer with SharedConcurrencyTests): each edit copies the
// shared nodes on its path before writing, so every copy ends as its own edits say, and the
// original stays as it was.
@Suite("Sectioned snapshot copies across threads")
struct SectionedSharedConcurrencyTests {
  @Test("copies of one snapshot edited on four threads at once")
  func copiesEditedConcurrently() async {
    let held = tenSections(filled: 10)
    await onFourThreads { thread in
      var copy = held
      // The same edits on plain arrays, as the expectation.
      var model = (0..<10).map { Array($0 * 200..<($0 + 1) * 200) }
      for step in 0..<200 {
        let fresh = 10_000 * (thread + 1) + step
        let section = (step * 7 + thread) % 10
        let anchor = model[section][step % model[section].count]
        copy.insertItems([fresh], afterItem: anchor)
        model[section].insert(fresh, at: model[section].firstIndex(of: anchor)! + 1)
        if step % 3 == 0 {
          let gone = model[section].remove(at: (step * 5) % model[section].count)
          copy.deleteItems([gone])
        }
        if step % 5 == 0 {
          let moving = model[section].removeFirst()
          let target = (section + 1) % 10
          copy.moveItem(moving, beforeItem: model[target][0])
          model[target].insert(moving, at: 0)
        }
      }
      let matches = copy.layout.map(\.items) == model
      return (matches, copy._invariantViolation())
    }
    #expect(held.layout.map(\.items) == (0..<10).map { Array($0 * 200..<($0 + 1) * 200) })
    #expect(held.itemIdentifiers == Array(0..<2_000))
    #expect(held._invariantViolation() == nil)
  }

  @Test("copies of a snapshot that keeps its arrays, appended to and diffed on four threads")
  func copiesKeepingArraysAppendedConcurrently() async {
    let held = tenSections(filled: 9)
    await onFourThreads { thread in
      var matches = true
      for step in 0..<50 {
        // The copy shares the kept arrays: appending must not write them.
        var copy = held
        copy.appendItems([10_000 * (thread + 1) + step], toSection: 9)
        copy.appendSections([100 + thread])
        matches =
          matches && copy.layout.count == 11
          && copy.layout[9].items == [10_000 * (thread + 1) + step]
          && copy.batchUpdate(from: held).insertedItems.count == 1
          && held.layout.map(\.items)[9].isEmpty
      }
      var own = DiffableDataSourceSnapshot<Int, Int>(base: 4, bucketCapacity: 8)
      own.appendSections(held.sectionIdentifiers)
      for section in held.layout { own.appendItems(section.items, toSection: section.id) }
      matches = matches && own == held && own.batchUpdate(from: held) == BatchUpdate()
      return (matches, own._invariantViolation())
    }
    #expect(held.storage.builtLayout?.sections.count == 10)
    #expect(held._invariantViolation() == nil)
  }

  @Test("copies of a snapshot that keeps its arrays in pieces, edited and diffed on four threads")
  func copiesKeepingPiecesEditedConcurrently() async {
    let held = Self.tenSectionsInPieces()
    let pieces = held.storage.builtPieces
    await onFourThreads { thread in
      var matches = true
      // Built apart from the same arrays, then edited the same way.
      let apart = Self.tenSectionsInPieces()
      for step in 0..<50 {
        // The copy shares the pieces: an edit must copy them, not write them.
        var copy = held
        let fresh = 10_000 * (thread + 1) + step
        copy.insertItems([fresh], beforeItem: (step * 37) % 800 + 1_100)
        copy.deleteItems([(step * 13) % 400])
        matches =
          matches && copy.storage.builtPieces != nil
          && copy.storage.builtPieces !== held.storage.builtPieces
          && copy.indexOfItem(fresh) != nil && copy != held
          && copy.batchUpdate(from: held).insertedItems.count == 1
        // Equal to the snapshot built apart, piece by piece, while the other threads copy.
        matches = matches && apart == held && held.batchUpdate(from: apart) == BatchUpdate()
      }
      return (matches, nil)
    }
    #expect(pieces != nil && held.storage.builtPieces === pieces)
    #expect(held._invariantViolation() == nil)
  }

  /// Runs `body` on four threads at once (its argument numbers the thread), and expects each
  /// to report that its snapshots matched and kept their invariants.
  private func onFourThreads(
    _ body: @escaping @Sendable (Int) -> (matches: Bool, violation: String?),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let results = await withTaskGroup(of: (Int, Bool, String?).self) { group in
      for thread in 0..<4 {
        group.addTask {
          let (matches, violation) = body(thread)
          return (thread, matches, violation)
        }
      }
      var collected: [(Int, Bool, String?)] = []
      for await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 4, sourceLocation: sourceLocation)
    for (thread, matches, violation) in results {
      #expect(matches, "thread \(thread)", sourceLocation: sourceLocation)
      #expect(
        violation == nil, "thread \(thread): \(violation ?? "")", sourceLocation: sourceLocation)
    }
  }

  /// Ten sections on small nodes, the first `filled` holding 200 items each, built by
  /// appends of whole arrays (so the snapshot keeps them).
  /// Ten sections of 200 items, then two items inserted and one deleted: the snapshot keeps
  /// its arrays in pieces.
  private static func tenSectionsInPieces() -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>(base: 4, bucketCapacity: 8)
    snapshot.appendSections(Array(0..<10))
    for section in 0..<10 {
      snapshot.appendItems(Array(section * 200..<(section + 1) * 200), toSection: section)
    }
    snapshot.insertItems([-1, -2], afterItem: 450)
    snapshot.deleteItems([1_010])
    return snapshot
  }

  private func tenSections(filled: Int) -> DiffableDataSourceSnapshot<Int, Int> {
    var snapshot = DiffableDataSourceSnapshot<Int, Int>(base: 4, bucketCapacity: 8)
    snapshot.appendSections(Array(0..<10))
    for section in 0..<filled {
      snapshot.appendItems(Array(section * 200..<(section + 1) * 200), toSection: section)
    }
    return snapshot
  }
}

// Runs against the fake (Linux).
#if os(Linux)
  import FakeAppKit
  import Foundation
  import Snapshot
  import Testing

  /// The NSTableView adapter: an apply's completion runs when the table's animation group has
  /// finished (its completion handler, on a later turn), not when the apply returns; section
  /// headers (`.firstItemInSection`) are group rows.
  @MainActor @Suite struct AppKitTableViewCompletionTests {
    static func snapshot(_ sections: [[Int]]) -> DiffableDataSourceSnapshot<Int, Int> {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections(Array(sections.indices))
      for (section, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: section)
      }
      return snapshot
    }

    /// Yields until every animation group's completion handler has run.
    static func settle() async {
      while NSAnimationContext.pendingGroups > 0 { await Task.yield() }
    }

    @Test func completionWaitsForTheAnimationGroup() async {
      let harness = AppKitHarness()
      var log: [String] = []
      harness.base.apply(Self.snapshot([[1, 2]])) { log.append("first") }
      harness.base.apply(Self.snapshot([[2, 3]]), animatingDifferences: false) {
        log.append("second")
      }
      #expect(log.isEmpty)
      #expect(harness.table.fakeRows == ["2", "3"])
      await Self.settle()
      #expect(log == ["first", "second"])
      #expect(harness.table.fakeFailures.isEmpty)
    }

    @Test func completionRunsAtOnceWithoutAnUpdate() {
      let harness = AppKitHarness()
      harness.window.contentView = nil
      var ran = false
      harness.base.apply(Self.snapshot([[1]])) { ran = true }
      #expect(ran)
    }

    @Test func headersAreGroupRows() {
      let harness = AppKitHarness()
      harness.base.defaultHeaderMode = .firstItemInSection
      harness.base.apply(Self.snapshot([[1, 2, 3], [4, 5]]))
      #expect(harness.table.fakeGroupRows == [true, false, false, true, false])
      // Rows move between sections and a header changes: the table asks again.
      harness.base.apply(Self.snapshot([[4, 2], [1, 3, 5], [6]]))
      #expect(harness.table.fakeFailures.isEmpty)
      #expect(harness.table.fakeRows == ["4", "2", "1", "3", "5", "6"])
      #expect(harness.table.fakeGroupRows == [true, false, true, false, false, true])
      // Kept rows change status: 4 leaves the top of section 0 (2 takes it), and 1 goes, so
      // 3 becomes section 1's first row without being made anew.
      harness.base.apply(Self.snapshot([[2, 4], [3, 5], [6]]))
      #expect(harness.table.fakeFailures.isEmpty)
      #expect(harness.table.fakeRows == ["2", "4", "3", "5", "6"])
      #expect(harness.table.fakeGroupRows == [true, false, true, false, true])
    }
  }
#endif

import Testing

@testable import Snapshot

// Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
#if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))

  /// The Apple-named methods stop the program, as Apple's crash, with the typed error's
  /// description; each runs in a child process (an exit test).
  @Suite("Apple-named methods stop with the typed error's message")
  struct TrappingTests {
    private func message(_ result: ExitTest.Result?) -> String {
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func appendingADuplicateItem() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSectionSnapshot<String>()
        snapshot.append(["a", "b"])
        snapshot.append(["c", "a"], to: "b")
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSectionSnapshot.append(_:to:): item a is already in the section "
            + "snapshot; identifiers must be unique"))
    }

    @Test func askingTheLevelOfAnUnknownItem() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = DiffableDataSourceSectionSnapshot<String>()
        _ = snapshot.level(of: "ghost")
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSectionSnapshot.level(of:): item ghost is not in the section snapshot")
      )
    }

    @Test func movingAnItemIntoItsOwnSubtree() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSectionSnapshot<String>()
        snapshot.append(["a"])
        snapshot.append(["a1"], to: "a")
        snapshot.move("a", before: "a1")
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSectionSnapshot.move(_:before:): item a cannot be moved into its own "
            + "subtree (destination a1)"))
    }

    @Test func appendingItemsWithNoSections() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendItems(["a"])
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSnapshot.appendItems(_:toSection:): there are no sections to append "
            + "items to"))
    }

    @Test func insertingBeforeAnUnknownItem() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([1])
        snapshot.insertItems(["a"], beforeItem: "ghost")
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSnapshot.insertItems(_:beforeItem:): destination item ghost is not in "
            + "the snapshot"))
    }

    @Test func countingTheItemsOfAnUnknownSection() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = DiffableDataSourceSnapshot<Int, String>()
        _ = snapshot.numberOfItems(inSection: 7)
      }
      #expect(
        message(result).contains(
          "DiffableDataSourceSnapshot.numberOfItems(inSection:): section 7 is not in the snapshot"))
    }
  }
#endif

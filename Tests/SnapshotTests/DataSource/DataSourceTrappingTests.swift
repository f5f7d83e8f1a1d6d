import Testing

@testable import Snapshot

// Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
#if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))

  /// The Apple-named apply methods stop the program on misuse, as Apple's data source raises,
  /// with the typed error's description; each runs in a child process.
  @Suite("DiffableDataSource's Apple-named methods stop with the typed error's message")
  struct DataSourceTrappingTests {
    private func message(_ result: ExitTest.Result?) -> String {
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func applyingFromInsideAHandler() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = DiffableDataSource<Int, Int>()
        var tree = DiffableDataSourceSectionSnapshot<Int>()
        tree.append([1])
        tree.append([2], to: 1)
        source.apply(tree, to: 0)
        source.sectionSnapshotHandlers.willExpandItem = { _ in source.apply(tree, to: 0) }
        _ = try? source.expand(1)
      }
      #expect(
        message(result).contains(
          "DiffableDataSource.apply(_:to:animatingDifferences:): the data source is delivering "
            + "another update"))
    }

    @Test func applyingAnItemThatIsInAnotherSection() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = DiffableDataSource<String, Int>()
        var tree = DiffableDataSourceSectionSnapshot<Int>()
        tree.append([1, 2])
        source.apply(tree, to: "a")
        source.apply(tree, to: "b")
      }
      #expect(
        message(result).contains(
          "DiffableDataSource.apply(_:to:animatingDifferences:): item 1 is already in section a"))
    }
  }
#endif

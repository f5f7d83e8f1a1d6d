import Foundation
import OutlineCore
import Testing

@testable import outline

/// How long a filter key takes, typed over a large JSON document (``FilterBench``, the code
/// behind `outline --filter-bench`): each key handled (matches, the filtered tree, the data
/// source's batch, the screen's rows) and its frame rendered and written (to /dev/null).
/// Prints the 50th and 95th percentiles of narrowing keys and of backspaces.
/// `OUTLINE_FILTER_NODES` sets the document's size (default 10^4, so that the suite stays
/// quick in a debug build; the figures issue #32 asks for are measured in a release build:
/// `outline --filter-bench 100000`).
@Suite("outline: filter speed")
struct FilterSpeedTests {
  static let nodes =
    ProcessInfo.processInfo.environment["OUTLINE_FILTER_NODES"].flatMap(Int.init) ?? 10_000

  @Test("typing a filter: narrowing keys and backspaces, timed with the frame written")
  func typing() throws {
    let document = FilterBench.document(count: Self.nodes, seed: 0x46_494C)
    let null = try #require(FileHandle(forWritingAtPath: "/dev/null"))
    let figures = try FilterBench.run(document) { null.write(Data($0)) }
    #expect(figures.narrowing.count == FilterBench.queries.reduce(0) { $0 + $1.count - 1 })
    #expect(figures.widening.count == figures.narrowing.count)
    print(FilterBench.report(figures, nodes: document.nodes.count))
  }

  @Test("the bench's document is the same for the same seed, and about the size asked")
  func document() {
    let one = FilterBench.document(count: 1_000, seed: 7)
    #expect(one == FilterBench.document(count: 1_000, seed: 7))
    #expect(one != FilterBench.document(count: 1_000, seed: 8))
    #expect((1_000..<1_006).contains(one.nodes.count))
  }
}

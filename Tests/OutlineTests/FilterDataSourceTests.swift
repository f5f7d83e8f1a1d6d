import OutlineCore
import Testing

@testable import outline

/// The outline's filter on the data source's filter (issue #32): a matching parent shows its
/// children as the user left it, each key is at most one batch, a key that keeps the same
/// matches sends none, and Enter and Esc leave no filter on the data source.
@Suite("outline: the filter through the data source")
struct FilterDataSourceTests {
  typealias Stats = OutlineScreen.BatchStats

  @Test("a matching parent shows its children as the user left it: expanded, or collapsed")
  func matchingParents() throws {
    let controller = try SearchTests.controller()
    // "animals" expanded, "plants" left collapsed.
    try SearchTests.press(controller, "j", "l", "f", "type animals")
    #expect(controller.dataSource.isFiltered(.document))
    #expect(
      SearchTests.rows(controller) == [
        "▾ DOCUMENT", "▾ \"animals\": {2}", "  ▸ \"dog\": [2]", "  ▸ \"cat\": {2}",
      ])
    try SearchTests.press(controller, "escape", "f", "type plants")
    #expect(SearchTests.rows(controller) == ["▾ DOCUMENT", "▸ \"plants\": {2}"])
    try SearchTests.press(controller, "escape")
    #expect(!controller.dataSource.isFiltered(.document))
  }

  @Test("each key is one batch at most; a key that keeps the same matches sends none")
  func batches() throws {
    let controller = try SearchTests.controller()
    try SearchTests.press(controller, "f", "type o")
    #expect(controller.screen.stats.batches == 1)
    try SearchTests.press(controller, "type a")
    #expect(controller.screen.stats.batches == 1)
    #expect(controller.screen.stats.deletes > 0)
    let rows = SearchTests.rows(controller)
    // "oak" matches what "oa" matches: the rows stay, no batch is sent.
    try SearchTests.press(controller, "type k")
    #expect(controller.filter?.query.text == "oak")
    #expect(controller.screen.stats == Stats())
    #expect(SearchTests.rows(controller) == rows)
    // Back to "oa": the same matches again.
    try SearchTests.press(controller, "backspace")
    #expect(controller.screen.stats == Stats())
    #expect(SearchTests.rows(controller) == rows)
    try SearchTests.press(controller, "backspace")
    #expect(controller.screen.stats.batches == 1)
    #expect(controller.screen.stats.inserts > 0)
  }

  @Test("Enter reveals the row, then clears the filter; the cells drawn agree")
  func accept() throws {
    let controller = try SearchTests.controller()
    try SearchTests.press(controller, "f", "type deep")
    #expect(SearchTests.rows(controller).count == 4)
    let shown = controller.screen.rows.count
    try SearchTests.press(controller, "enter")
    #expect(!controller.dataSource.isFiltered(.document))
    // The reveal's batch (the rows that opened reconfigured: the filter showed the way
    // already), then the clear's: only rows from before the filter come in.
    #expect(controller.screen.stats.batches == 2)
    #expect(controller.screen.stats.inserts == 9 - shown + controller.screen.stats.deletes)
    #expect(
      controller.selected.flatMap { $0.node }.map { controller.model.copyablePath(of: $0) }
        == ".list[2].deep")
    // The way to the row is open: the header, 4 top-level nodes, the list's 3 elements and
    // the third one's member.
    #expect(SearchTests.rows(controller).count == 9)
    #expect(controller.screen.staleCells().isEmpty)
  }
}

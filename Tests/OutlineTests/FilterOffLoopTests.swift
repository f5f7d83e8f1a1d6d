import Foundation
import OutlineCore
import Testing

@testable import outline

/// The filter over a large document (issue #32): each key hands the query to the worker off
/// the run loop; the screen keeps the rows it shows until the newest query's rows come, a
/// new key cancels the query being worked on, and the rows that come are exactly those the
/// filter on the loop shows. The documents here are small, the off-loop path forced.
@Suite("outline: the filter off the run loop")
struct FilterOffLoopTests {
  static let document = FilterBench.document(count: 3_000, seed: 0x4F_46_46)

  /// A controller with `--check` on, the filter off the loop or not, wide enough that the
  /// status line is never cut (where it is cut depends on the time measured).
  static func controller(offLoop: Bool) -> OutlineController {
    let model = OutlineModel(json: document, path: "/nonexistent/big.json")
    let controller = OutlineController(model: model, columns: 200, lines: 20, checking: true)
    controller.filtersOffLoop = offLoop
    controller.start()
    _ = controller.screen.render()
    return controller
  }

  /// `keys` pressed in each controller, each key's frame rendered.
  static func press(_ controllers: OutlineController..., keys: [Key]) throws {
    for key in keys {
      for controller in controllers {
        try controller.handle(key)
        _ = controller.screen.render()
      }
    }
  }

  /// The screen's text, the time the last update took (measured, so different in each
  /// controller) left out.
  static func text(_ controller: OutlineController) -> String {
    var text = controller.screen.plainText()
    while let range = text.range(of: #" in [0-9]+\.[0-9]+ ms"#, options: .regularExpression) {
      text.replaceSubrange(range, with: " in _ ms")
    }
    return text
  }

  /// The screen once the off-loop controller shows its newest query's rows.
  static func settled(_ controller: OutlineController) throws -> String {
    controller.waitForFilter()
    try controller.verify(after: "the wait")
    #expect(!controller.filterWorker.isRunning)
    return text(controller)
  }

  @Test("documents over 250,000 nodes filter off the loop, smaller ones on it")
  func threshold() {
    #expect(!Self.controller(offLoop: false).filtersOffLoop)
    let small = OutlineModel(json: Self.document, path: "/nonexistent/big.json")
    #expect(
      !OutlineController(model: small, columns: 80, lines: 20, checking: false).filtersOffLoop)
    #expect(OutlineController.offLoopFilterNodes == 250_000)
  }

  @Test("the screen keeps its rows until the query's rows come, which equal the loop's")
  func keepsRowsUntilTheResult() throws {
    let offLoop = Self.controller(offLoop: true)
    let onLoop = Self.controller(offLoop: false)
    let beforeFilter = Self.text(offLoop)
    let rowsBefore = offLoop.screen.rows.sections
    try Self.press(offLoop, onLoop, keys: [.character("f"), .character("d")])
    // No result is shown while keys are handled: the rows are those from before the key.
    #expect(offLoop.screen.rows.sections == rowsBefore)
    #expect(offLoop.screen.plainText().contains("searching…"))
    #expect(try Self.settled(offLoop) == Self.text(onLoop))
    #expect(offLoop.filter?.matches == onLoop.filter?.matches)
    #expect(offLoop.filter?.matches.isEmpty == false)
    // Narrowing, widening and Esc, each key settled.
    for key in [Key.character("a"), .character("n"), .backspace, .backspace, .character("o")] {
      try Self.press(offLoop, onLoop, keys: [key])
      #expect(try Self.settled(offLoop) == Self.text(onLoop), "after \(key.name)")
      #expect(offLoop.filter?.matches == onLoop.filter?.matches)
    }
    try Self.press(offLoop, onLoop, keys: [.escape])
    #expect(Self.text(offLoop) == beforeFilter)
    #expect(Self.text(onLoop) == beforeFilter)
  }

  @Test("a key while a query is worked on cancels it: only the newest query's rows are shown")
  func latestWins() throws {
    for pause in [0, 2_000, 50_000] {
      let offLoop = Self.controller(offLoop: true)
      let onLoop = Self.controller(offLoop: false)
      try Self.press(offLoop, onLoop, keys: [.character("f"), .character("b")])
      let rowsBefore = offLoop.screen.rows.sections
      usleep(useconds_t(pause))  // the first query's work may end meanwhile, or not
      try Self.press(offLoop, onLoop, keys: [.character("e"), .character("r")])
      // What a poll may show now is the rows from before "b" or those of "ber", never "b"'s.
      if try offLoop.pollFilter() {
        #expect(Self.text(offLoop) == Self.text(onLoop))
      } else {
        #expect(offLoop.screen.rows.sections == rowsBefore)
      }
      #expect(try Self.settled(offLoop) == Self.text(onLoop))
      #expect(offLoop.filter?.query.text == "ber")
      #expect(offLoop.filter?.matches == onLoop.filter?.matches)
    }
  }

  @Test(
    "Enter, Tab and Esc while a query is worked on: Enter and Tab act on its rows, Esc drops it")
  func keysWhileWorking() throws {
    let offLoop = Self.controller(offLoop: true)
    let onLoop = Self.controller(offLoop: false)
    try Self.press(offLoop, onLoop, keys: [.character("f"), .character("k"), .character("a")])
    try Self.press(offLoop, onLoop, keys: [.tab, .down, .down])
    #expect(Self.text(offLoop) == Self.text(onLoop))
    try Self.press(offLoop, onLoop, keys: [.character("f"), .character("l"), .enter])
    #expect(Self.text(offLoop) == Self.text(onLoop))
    #expect(offLoop.filter == nil)
    let beforeFilter = Self.text(offLoop)
    try Self.press(offLoop, keys: [.character("f"), .character("j"), .escape])
    #expect(!offLoop.filterWorker.isRunning)
    #expect(try !offLoop.pollFilter())
    #expect(Self.text(offLoop) == beforeFilter)
  }

  @Test("f builds the trees off the loop: keys typed meanwhile are kept, Esc drops the trees")
  func treesBuiltOffTheLoop() throws {
    let offLoop = Self.controller(offLoop: true)
    let onLoop = Self.controller(offLoop: false)
    let beforeFilter = Self.text(offLoop)
    // Esc while the trees may still be built: nothing of them is applied, the rows come back.
    try Self.press(offLoop, keys: [.character("f"), .escape])
    #expect(!offLoop.isWorkingOffLoop)
    #expect(try !offLoop.pollFilter())
    #expect(Self.text(offLoop) == beforeFilter)
    // The next f builds them again; the keys typed before they are in are all kept.
    try Self.press(offLoop, onLoop, keys: [.character("f"), .character("b"), .character("e")])
    #expect(offLoop.filter?.typed == "be")
    #expect(try Self.settled(offLoop) == Self.text(onLoop))
    #expect(!offLoop.everyNodeLoader.isRunning)
    #expect(offLoop.filter?.matches == onLoop.filter?.matches)
    #expect(offLoop.filter?.matches.isEmpty == false)
    try Self.press(offLoop, onLoop, keys: [.enter])
    #expect(Self.text(offLoop) == Self.text(onLoop))
  }
}

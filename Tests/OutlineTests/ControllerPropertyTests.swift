import Foundation
import OutlineCore
import Testing

@testable import outline

/// Random key sequences over random JSON documents and a random directory tree, with
/// `--check` on: after every key the screen's rows (changed only by batches) equal the data
/// source's visible items, every batch fit, no row on screen shows a stale cell, and the data
/// source's invariants hold.
@Suite("outline: random sessions")
struct ControllerPropertyTests {
  /// One step: a key name, or text typed into a prompt.
  enum Step: CustomStringConvertible {
    case key(String)
    case type(String)

    var description: String {
      switch self {
      case .key(let name): name
      case .type(let text): "type:\(text)"
      }
    }
  }

  static let navigation = ["j", "j", "j", "k", "down", "up", "g", "G", "pagedown", "pageup"]
  static let structure = ["l", "l", "h", "right", "left", "enter", "enter", "J", "K", "J", "K"]
  /// Search, expansion and copy keys (issue #32).
  static let finding = ["n", "N", "*", "hash", "E", "C", "1", "2", "3", "9", "y", "g", "E", "?"]
  /// Texts to search or filter for: they match keys, values, names, or nothing.
  static let queries = ["k", "s1", "1", "e", "K", "true", "n", "x", "zz"]

  /// A filter session: typed, narrowed, widened, browsed, then accepted or cancelled.
  static func filterSteps(_ random: inout SplitMix64) -> [Step] {
    var steps: [Step] = [.key("f")]
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: steps.append(.key("backspace"))
      case 1: steps.append(.key(["down", "up", "pagedown"].randomElement(using: &random)!))
      case 2:
        steps += [.key("tab"), .key(["j", "w", "y", "x", "f"].randomElement(using: &random)!)]
      default: steps.append(.type(queries.randomElement(using: &random)!))
      }
    }
    steps.append(.key(["enter", "escape", "escape"].randomElement(using: &random)!))
    return steps
  }

  /// A random session of up to 60 steps, edits included.
  static func session(_ random: inout SplitMix64) -> [Step] {
    var steps: [Step] = []
    for _ in 0..<Int.random(in: 5...60, using: &random) {
      switch Int.random(in: 0..<24, using: &random) {
      case 0..<7: steps.append(.key(navigation.randomElement(using: &random)!))
      case 7..<15: steps.append(.key(structure.randomElement(using: &random)!))
      case 19..<21: steps.append(.key(finding.randomElement(using: &random)!))
      case 21: steps += [.key("/"), .type(queries.randomElement(using: &random)!), .key("enter")]
      case 22: steps += filterSteps(&random)
      case 15:
        steps += [.key("a"), .type("n\(Int.random(in: 0..<1000, using: &random))"), .key("enter")]
      case 16:
        steps += [.key("r"), .type("r\(Int.random(in: 0..<1000, using: &random))"), .key("enter")]
      case 17:
        steps += [
          .key("e"), .type(["1", "{}", "[]", "\"s\"", "x"].randomElement(using: &random)!),
          .key("enter"),
        ]
      case 18: steps.append(.key("d"))
      case 23: steps += [.key("a"), .type("x"), .key("escape")]
      default: break
      }
    }
    return steps
  }

  /// A random JSON document of up to `size` nodes: objects, arrays and scalars.
  static func document(_ random: inout SplitMix64, size: Int) -> JSONDocument {
    var nodes = [JSONDocument.Node(key: nil, value: .object, parent: -1)]
    var containers = [0]
    for _ in 0..<Int.random(in: 1...size, using: &random) {
      let parent = containers.randomElement(using: &random)!
      let key = nodes[parent].value == .object ? "k\(nodes.count)" : nil
      let value: JSONDocument.Value
      switch Int.random(in: 0..<6, using: &random) {
      case 0: value = .object
      case 1: value = .array
      case 2: value = .number("\(nodes.count)")
      case 3: value = .bool(true)
      case 4: value = .null
      default: value = .string("s\(nodes.count)")
      }
      // Preorder: a node's children follow it, so append below the last open container only.
      nodes.append(JSONDocument.Node(key: key, value: value, parent: parent))
      if value == .object || value == .array { containers.append(nodes.count - 1) }
      // Close containers that are no longer the last on their path.
      let path = ancestors(of: nodes.count - 1, in: nodes)
      containers.removeAll { !path.contains($0) }
    }
    return JSONDocument(nodes: nodes)
  }

  static func ancestors(of index: Int, in nodes: [JSONDocument.Node]) -> Set<Int> {
    var result: Set<Int> = [index]
    var current = nodes[index].parent
    while current >= 0 {
      result.insert(current)
      current = nodes[current].parent
    }
    return result
  }

  /// Totals over all cases, to show the sessions really changed rows.
  final class Totals: @unchecked Sendable {
    var stats = OutlineScreen.BatchStats()
  }

  /// Runs `steps` on a fresh controller; returns the first failure.
  static func run(_ steps: [Step], model makeModel: () -> OutlineModel, totals: Totals?) -> String?
  {
    let controller = OutlineController(model: makeModel(), columns: 40, lines: 9, checking: true)
    controller.start()
    do {
      try controller.verify(after: "start")
    } catch {
      return "start: \(error)"
    }
    _ = controller.screen.render()
    for (index, step) in steps.enumerated() {
      var keys: [Key] = []
      switch step {
      case .key(let name): keys = [Key(name: name)!]
      case .type(let text): keys = text.map { .character($0) }
      }
      for key in keys {
        do {
          try controller.handle(key)
        } catch {
          return "step \(index) (\(step)): \(error)"
        }
        if let totals {
          totals.stats.inserts += controller.screen.stats.inserts
          totals.stats.deletes += controller.screen.stats.deletes
          totals.stats.moves += controller.screen.stats.moves
          controller.screen.resetStats()
        }
        _ = controller.screen.render()
        let screen = controller.screen
        if screen.rows.count > 0 && !(0..<screen.rows.count).contains(screen.cursor) {
          return
            "step \(index) (\(step)): cursor \(screen.cursor) outside \(screen.rows.count) rows"
        }
      }
    }
    return nil
  }

  @Test("random sessions over JSON documents keep the screen equal to the data source")
  func jsonSessions() {
    let totals = Totals()
    var documents = SplitMix64(state: 0x6A73_6F6E)
    let shapes = (0..<300).map { _ in Self.document(&documents, size: 60) }
    var shape = 0
    checkCases(
      "JSON sessions", count: 300, base: 0x0BAD_CAFE,
      generate: { random in
        shape = Int.random(in: 0..<shapes.count, using: &random)
        return Self.session(&random)
      },
      check: { steps in
        let document = shapes[shape]
        return Self.run(
          steps, model: { OutlineModel(json: document, path: "/nonexistent/doc.json") },
          totals: totals)
      })
    #expect(totals.stats.inserts > CaseScale.scaled(1_000))
    #expect(totals.stats.deletes > CaseScale.scaled(500))
    #expect(totals.stats.moves > CaseScale.scaled(100))
  }

  @Test("random sessions over a directory tree keep the screen equal to the data source")
  func directorySessions() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("outline-property-\(getpid())")
    try? FileManager.default.removeItem(at: root)
    var random = SplitMix64(state: 0x6469_72)
    var folders = [root]
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for index in 0..<300 {
      let parent = folders.randomElement(using: &random)!
      let url = parent.appendingPathComponent("e\(index)")
      if Bool.random(using: &random) {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        folders.append(url)
      } else {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data())
      }
    }
    defer { try? FileManager.default.removeItem(at: root) }
    let totals = Totals()
    checkCases(
      "directory sessions", count: 200, base: 0xD1_2EC7,
      generate: { Self.session(&$0) },
      check: { steps in
        Self.run(steps, model: { try! OutlineModel.open(root.path) }, totals: totals)
      })
    #expect(totals.stats.inserts > CaseScale.scaled(1_000))
    #expect(totals.stats.deletes > CaseScale.scaled(300))
    #expect(totals.stats.moves > CaseScale.scaled(100))
  }
}

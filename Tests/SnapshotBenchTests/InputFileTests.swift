import Foundation
import OutlineCore
import Snapshot
import Testing

@testable import SnapshotBench

/// A file in a fresh temporary directory, removed with it when the test ends.
final class TemporaryFiles {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-bench-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `text` to `name` and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}

@Suite struct InputFileTests {
  let files: TemporaryFiles

  init() throws { files = try TemporaryFiles() }

  /// The error `InputFile.read` throws for `text` in a file named `name`, as printed.
  func message(_ name: String, _ text: String, format: InputFormat? = nil) throws -> String? {
    let path = try files.write(name, text)
    do {
      _ = try InputFile.read(path, format: format)
      return nil
    } catch {
      return error.description.replacingOccurrences(of: files.folder.path + "/", with: "")
    }
  }

  @Test func eachFormIsDetected() throws {
    let forms: [(String, InputFormat, Int)] = [
      (#"{"items": [1, 2, 3], "levels": [0, 1, 0], "expanded": [0]}"#, .section, 3),
      (#"{"sections": [1, 2], "items": [[10, 11], [12]]}"#, .sectioned, 3),
      (
        #"{"sections": ["a"], "snapshots": [{"items": [1, 2], "levels": [0, 1], "expanded": []}]}"#,
        .outline, 2
      ),
      (#"{"items": [1, 2], "name": "not a snapshot"}"#, .json, 4),
      (#"[1, [2, 3], {"k": null}]"#, .json, 6),
    ]
    for (text, form, items) in forms {
      let reading = try InputFile.read(try files.write("form.json", text))
      #expect(reading.detected)
      #expect(reading.input.format == form, "\(text)")
      #expect(reading.input.itemCount == items, "\(text)")
      #expect(reading.description.contains("detected \(form.title), --format \(form.rawValue)"))
    }
    // --format overrides detection: a section snapshot's file read as plain JSON.
    let path = try files.write("forced.json", #"{"items": [1], "levels": [0], "expanded": []}"#)
    let forced = try InputFile.read(path, format: .json)
    #expect(!forced.detected)
    #expect(forced.input.format == .json)
    #expect(forced.input.itemCount == 5)
  }

  @Test func identifiersAreIntWhenEveryOneIsAnInteger() throws {
    let ints = try InputFile.read(
      try files.write("ints.json", #"{"sections": [1, 2], "items": [[10, -11], [12]]}"#))
    let tree = try #require(ints.input as? InputTree<Int, Int>)
    #expect(tree.outline.snapshot(for: 1)?.items == [10, -11])

    // One string among the items makes them all strings, numbers read as their text; the
    // sections stay Int.
    let mixed = try InputFile.read(
      try files.write("mixed.json", #"{"sections": [1, 2], "items": [[10, "x"], [1.5]]}"#))
    let strings = try #require(mixed.input as? InputTree<Int, String>)
    #expect(strings.outline.snapshot(for: 1)?.items == ["10", "x"])
    #expect(strings.outline.snapshot(for: 2)?.items == ["1.5"])
    #expect(mixed.input.kinds.description == "Int sections, String items")

    let named = try InputFile.read(
      try files.write(
        "named.json",
        #"{"sections": ["A"], "snapshots": [{"items": [7], "levels": [0], "expanded": []}]}"#))
    #expect(named.input is InputTree<String, Int>)

    // Plain JSON: items are JSON Pointers, so strings.
    let plain = try InputFile.read(try files.write("plain.json", #"{"a": {"b/c": [true]}}"#))
    let pointers = try #require(plain.input as? InputTree<Int, String>)
    #expect(pointers.outline.snapshot(for: 0)?.items == ["/a", "/a/b~1c", "/a/b~1c/0"])
    #expect(pointers.rows.numberOfItems == 3)
  }

  @Test func badFilesGiveOneLineNamingTheFileAndWhere() throws {
    #expect(
      try message("syntax.json", "{\"a\": [1, 2,\n  3,]}")
        == "syntax.json: not valid JSON: line 2, column 4: trailing comma before ']'")
    #expect(
      try message("dup.json", #"{"items": [1, 2, 1], "levels": [0, 0, 0], "expanded": []}"#)
        == "dup.json: items[2]: item 1 at index 2 duplicates the item at index 0; identifiers "
        + "must be unique in a section snapshot")
    #expect(
      try message(
        "across.json",
        #"{"sections": ["a", "b"], "snapshots": [{"items": [1], "levels": [0], "expanded": []},"#
          + #" {"items": [1], "levels": [0], "expanded": []}]}"#)?.hasPrefix(
          "across.json: snapshots[1].items[0]: item 1 of section b") == true)
    #expect(
      try message("dangling.json", #"{"items": [1, 2], "levels": [0, 2], "expanded": []}"#)
        == "dangling.json: levels[1]: item 2 at index 1 has level 2, but the item before it is "
        + "at level 0, so its parent is missing (a level may be at most one more than the "
        + "previous item's)")
    #expect(
      try message("shape.json", #"{"items": [1, 2], "levels": "x", "expanded": []}"#)
        == "shape.json: levels: wrong shape: Expected to decode Array<Any> but found a string "
        + "instead.")
    #expect(
      try message("missing-key.json", #"{"sections": [1]}"#, format: .sectioned)
        == "missing-key.json: items: wrong shape: the key is missing")
    #expect(
      try message("dup-key.json", #"{"a": {"b": 1, "b": 2}}"#)?.hasPrefix(
        #"dup-key.json: /a/b: the key "b" appears twice in the object at /a"#) == true)
    #expect(try message("empty.json", "") == "empty.json: empty file: expected a JSON document")
    #expect(try message("blank.json", " \n") == "blank.json: empty file: expected a JSON document")
    #expect(throws: InputError(files.folder.path, "is a directory, not a file")) {
      try InputFile.read(files.folder.path)
    }
    let absent = files.folder.appendingPathComponent("absent.json").path
    #expect(throws: InputError(absent, "no such file")) { try InputFile.read(absent) }
    // Every message is one line.
    let long = try message("multi.json", #"{"items": [1], "levels": [0], "expanded": [5]}"#)
    #expect(long?.contains("\n") == false)
  }

  @Test func tooDeepForPointersIsRefused() throws {
    let document = try JSONParser.parse(Array(("[[[[[[[[[[" + "]]]]]]]]]]").utf8))
    #expect(throws: InputError.self) {
      try InputFile.jsonTree(document, file: "deep.json", section: Int.self, pointerLimit: 20)
    }
    let tree = try InputFile.jsonTree(
      document, file: "deep.json", section: Int.self, pointerLimit: 1_000)
    #expect(tree.itemCount == 9)
  }

  @Test func diffPrintsTheBatchAgainstTheFewestMoves() throws {
    let old = try files.write(
      "old.json",
      #"{"sections": ["A", "B"], "snapshots": ["#
        + #"{"items": [1, 2, 3, 4, 5], "levels": [0, 1, 1, 0, 0], "expanded": [0]},"#
        + #"{"items": [6, 7, 8], "levels": [0, 0, 0], "expanded": []}]}"#)
    let new = try files.write(
      "new.json",
      #"{"sections": ["A", "B"], "snapshots": ["#
        + #"{"items": [1, 3, 2, 5, 4, 9], "levels": [0, 1, 1, 0, 0, 0], "expanded": [0]},"#
        + #"{"items": [8, 6], "levels": [0, 0], "expanded": []}]}"#)
    var logged: [String] = []
    let report = try DiffCommand.run(
      DiffCommand.Arguments(old: old, new: new, verbose: true, repeats: 1)
    ) { logged.append($0) }
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines.contains("  sections: 0 inserted, 0 deleted, 0 moved, 0 reloaded"))
    #expect(
      lines.contains("  items:    1 inserted, 1 deleted, 3 moved, 0 reloaded, 0 reconfigured"))
    #expect(lines.contains("  said as delete + insert: 0 moves, 0 reloads"))
    #expect(lines.contains("staged form: 2 stages (deletes, itemInsertsAndMoves), 3 moves"))
    #expect(
      lines.contains(
        "fewest moves possible: 3 (longest increasing subsequences, computed here); the "
          + "engine's: 3 (equal)"))
    #expect(lines.contains("  deleted items: [1, 1] 7"))
    #expect(lines.contains("  moved items: [0, 1]->[0, 2] 2, [0, 3]->[0, 4] 4, [1, 0]->[1, 1] 6"))
    #expect(logged.count == 2)
  }

  @Test func diffOfPlainJSONReconfiguresChangedValuesAndMixesIdentifierTypes() throws {
    let old = try files.write("a.json", #"{"x": 1, "y": [true, false], "z": "s"}"#)
    let new = try files.write("b.json", #"{"z": "t", "x": 1, "y": [true, false, null]}"#)
    let report = try DiffCommand.run(DiffCommand.Arguments(old: old, new: new, repeats: 1))
    // z moves to the top and its value changes; /y/2 is new.
    #expect(
      report.contains("  items:    1 inserted, 0 deleted, 1 moved, 0 reloaded, 1 reconfigured"))
    #expect(report.contains("fewest moves possible: 1 "))

    // Int items in one file, strings in the other: both are read with String items.
    let ints = try files.write("ints.json", #"{"sections": ["s"], "items": [[1, 2]]}"#)
    let mixed = try files.write("mixed.json", #"{"sections": ["s"], "items": [["2", "1"]]}"#)
    let both = try DiffCommand.run(DiffCommand.Arguments(old: ints, new: mixed, repeats: 1))
    #expect(both.contains("  items:    0 inserted, 0 deleted, 1 moved"))
  }

  @Test func fewestMovesCountsWithinAndAcrossSections() {
    let old = [LayoutSection("a", items: [1, 2, 3, 4]), LayoutSection("b", items: [5, 6])]
    let new = [LayoutSection("b", items: [6, 5, 1]), LayoutSection("a", items: [4, 2, 3])]
    // Sections swapped: 1 move; 1 changes section: 1; in a, 4 before 2 3: 1; in b, 6 5: 1.
    #expect(fewestMoves(old: old, new: new) == 4)
    #expect(longestIncreasingLength([3, 1, 2, 5, 4]) == 3)
    #expect(Floor.minimumMoves(old: [1, 2, 3], new: [3, 1, 2]) == 1)
  }
}

import Foundation
import Testing

@testable import Snapshot

/// The error decoding `text` as `T` throws (nil, and an issue recorded, if it decodes).
private func decodingError<T: Decodable>(
  _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> DecodingError? {
  do {
    let value = try JSONDecoder().decode(T.self, from: Data(text.utf8))
    Issue.record("decoded \(value)", sourceLocation: sourceLocation)
    return nil
  } catch let error as DecodingError {
    return error
  } catch {
    Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// A coding path as readable strings: keys by name, array positions as numbers.
private func readable(_ path: [any CodingKey]) -> [String] {
  path.map { $0.intValue.map(String.init) ?? $0.stringValue }
}

/// The coding path and description of a `dataCorrupted` error (nil for other errors).
private func corrupted(_ error: DecodingError?) -> (path: [String], description: String)? {
  guard case .dataCorrupted(let context) = error else { return nil }
  return (readable(context.codingPath), context.debugDescription)
}

private typealias CodedTree = DiffableDataSourceSectionSnapshot<Int>
private typealias CodedSectioned = DiffableDataSourceSnapshot<String, Int>
private typealias CodedOutline = SectionedOutline<String, Int>

@Suite("Decoding malformed section snapshots")
struct SectionSnapshotDecodingErrorTests {
  @Test func columnsOfDifferentLengths() {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2],"levels":[0],"expanded":[]}"#))
    #expect(error?.path == ["levels"])
    #expect(
      error?.description
        == "levels.count is 1 but items.count is 2; each item needs exactly one level")
  }

  @Test func negativeLevel() {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2],"levels":[0,-1],"expanded":[]}"#))
    #expect(error?.path == ["levels", "1"])
    #expect(error?.description == "level -1 of item 2 at index 1 is negative")
  }

  @Test func firstItemNotARoot() {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[5],"levels":[1],"expanded":[]}"#))
    #expect(error?.path == ["levels", "0"])
    #expect(
      error?.description
        == "item 5 at index 0 has level 1, but the first item must be at level 0 (a root)")
  }

  /// A dangling parent: the level format has no parent references, so a missing parent
  /// shows as a level jump.
  @Test func danglingParent() {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2,3],"levels":[0,1,3],"expanded":[]}"#))
    #expect(error?.path == ["levels", "2"])
    #expect(
      error?.description
        == "item 3 at index 2 has level 3, but the item before it is at level 1, so its parent "
        + "is missing (a level may be at most one more than the previous item's)")
  }

  /// Cycles cannot be written: levels give every item the nearest earlier item one level up
  /// as its parent. Data shaped as parent references (which could hold a cycle) is refused.
  @Test func cyclesCannotBeWritten() {
    let error = decodingError(CodedTree.self, #"{"items":[1,2],"parents":[1,0],"expanded":[]}"#)
    guard case .keyNotFound(let key, _) = error else {
      Issue.record("expected keyNotFound, got \(String(describing: error))")
      return
    }
    #expect(key.stringValue == "levels")
  }

  @Test func duplicateItem() {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2,1],"levels":[0,1,0],"expanded":[]}"#))
    #expect(error?.path == ["items", "2"])
    #expect(
      error?.description
        == "item 1 at index 2 duplicates the item at index 0; identifiers must be unique in a "
        + "section snapshot")
  }

  @Test(arguments: [(5, "5"), (-1, "-1"), (2, "2")])
  func expandedPositionOutOfRange(_ position: Int, _ text: String) {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2],"levels":[0,0],"expanded":[0,\#(text)]}"#))
    #expect(error?.path == ["expanded", "1"])
    #expect(
      error?.description == "expanded position \(position) is out of range: there are 2 items")
  }

  @Test(arguments: [(#"[1,0]"#, 0, 1), (#"[1,1]"#, 1, 1)])
  func expandedPositionsOutOfOrder(_ expanded: String, _ position: Int, _ previous: Int) {
    let error = corrupted(
      decodingError(CodedTree.self, #"{"items":[1,2],"levels":[0,0],"expanded":\#(expanded)}"#))
    #expect(error?.path == ["expanded", "1"])
    #expect(
      error?.description
        == "expanded position \(position) follows \(previous); positions must be in increasing "
        + "order, each once")
  }

  @Test(arguments: ["items", "levels", "expanded"])
  func missingKey(_ key: String) {
    var fields = [#""items":[1]"#, #""levels":[0]"#, #""expanded":[]"#]
    fields.removeAll { $0.hasPrefix("\"\(key)\"") }
    let error = decodingError(CodedTree.self, "{\(fields.joined(separator: ","))}")
    guard case .keyNotFound(let missing, _) = error else {
      Issue.record("expected keyNotFound, got \(String(describing: error))")
      return
    }
    #expect(missing.stringValue == key)
  }

  @Test func wrongShapeAndTypes() {
    guard case .typeMismatch(_, let context) = decodingError(CodedTree.self, "[1,2]") else {
      Issue.record("an array is not a section snapshot")
      return
    }
    #expect(context.codingPath.isEmpty)
    guard
      case .typeMismatch(_, let item) = decodingError(
        CodedTree.self, #"{"items":[1,"two"],"levels":[0,0],"expanded":[]}"#)
    else {
      Issue.record("a string is not an Int item")
      return
    }
    #expect(readable(item.codingPath) == ["items", "1"])
    guard
      case .typeMismatch(_, let levels) = decodingError(
        CodedTree.self, #"{"items":[1],"levels":{"0":0},"expanded":[]}"#)
    else {
      Issue.record("levels must be an array")
      return
    }
    #expect(readable(levels.codingPath) == ["levels"])
    let fraction = decodingError(CodedTree.self, #"{"items":[1],"levels":[0.5],"expanded":[]}"#)
    #expect(fraction != nil)
  }
}

@Suite("Decoding malformed sectioned snapshots and outlines")
struct SectionedDecodingErrorTests {
  @Test func sectionedColumnsOfDifferentLengths() {
    let error = corrupted(
      decodingError(CodedSectioned.self, #"{"sections":["a","b"],"items":[[1]]}"#))
    #expect(error?.path == ["items"])
    #expect(
      error?.description
        == "items.count is 1 but sections.count is 2; each section needs exactly one list of items"
    )
  }

  @Test func sectionedDuplicateSection() {
    let error = corrupted(
      decodingError(CodedSectioned.self, #"{"sections":["a","b","a"],"items":[[],[],[]]}"#))
    #expect(error?.path == ["sections", "2"])
    #expect(
      error?.description
        == "section a at index 2 duplicates the section at index 0; section identifiers must be "
        + "unique")
  }

  @Test func sectionedDuplicateItemInOneSection() {
    let error = corrupted(
      decodingError(CodedSectioned.self, #"{"sections":["a"],"items":[[4,4]]}"#))
    #expect(error?.path == ["items", "0", "1"])
    #expect(
      error?.description
        == "item 4 at items[0][1] (section a) duplicates the item at items[0][0] (section a); "
        + "item identifiers must be unique across sections")
  }

  @Test func sectionedDuplicateItemAcrossSections() {
    let error = corrupted(
      decodingError(CodedSectioned.self, #"{"sections":["a","b"],"items":[[1,2],[3,2]]}"#))
    #expect(error?.path == ["items", "1", "1"])
    #expect(error?.description.contains("items[0][1] (section a)") == true)
  }

  @Test(arguments: ["sections", "items"])
  func sectionedMissingKey(_ key: String) {
    let text = key == "items" ? #"{"sections":[]}"# : #"{"items":[]}"#
    guard case .keyNotFound(let missing, _) = decodingError(CodedSectioned.self, text) else {
      Issue.record("expected keyNotFound")
      return
    }
    #expect(missing.stringValue == key)
  }

  @Test func sectionedWrongShape() {
    guard
      case .typeMismatch(_, let context) = decodingError(
        CodedSectioned.self, #"{"sections":["a"],"items":[1]}"#)
    else {
      Issue.record("items must be a list of lists")
      return
    }
    #expect(readable(context.codingPath) == ["items", "0"])
  }

  @Test func outlineColumnsOfDifferentLengths() {
    let error = corrupted(decodingError(CodedOutline.self, #"{"sections":["a"],"snapshots":[]}"#))
    #expect(error?.path == ["snapshots"])
    #expect(
      error?.description
        == "snapshots.count is 0 but sections.count is 1; each section needs exactly one snapshot")
  }

  @Test func outlineDuplicateSection() {
    let tree = #"{"items":[],"levels":[],"expanded":[]}"#
    let error = corrupted(
      decodingError(CodedOutline.self, #"{"sections":["a","a"],"snapshots":[\#(tree),\#(tree)]}"#))
    #expect(error?.path == ["sections", "1"])
    #expect(
      error?.description.hasPrefix("section a at index 1 duplicates the section at index 0") == true
    )
  }

  @Test func outlineItemInTwoSections() {
    let first = #"{"items":[1,2],"levels":[0,1],"expanded":[]}"#
    let second = #"{"items":[3,2],"levels":[0,0],"expanded":[]}"#
    let error = corrupted(
      decodingError(
        CodedOutline.self, #"{"sections":["a","b"],"snapshots":[\#(first),\#(second)]}"#))
    #expect(error?.path == ["snapshots", "1", "items", "1"])
    #expect(
      error?.description
        == "item 2 of section b (snapshots[1].items[1]) is also in section a "
        + "(snapshots[0].items[1]); item identifiers must be unique across sections")
  }

  @Test func outlineErrorInsideASectionTree() {
    let good = #"{"items":[1],"levels":[0],"expanded":[]}"#
    let bad = #"{"items":[2,3,4],"levels":[0,1,3],"expanded":[]}"#
    let error = corrupted(
      decodingError(CodedOutline.self, #"{"sections":["a","b"],"snapshots":[\#(good),\#(bad)]}"#))
    #expect(error?.path == ["snapshots", "1", "levels", "2"])
    #expect(error?.description.contains("its parent is missing") == true)
  }

  @Test func outlineMissingKeyAndWrongShape() {
    guard case .keyNotFound(let key, _) = decodingError(CodedOutline.self, #"{"sections":[]}"#)
    else {
      Issue.record("expected keyNotFound")
      return
    }
    #expect(key.stringValue == "snapshots")
    guard
      case .typeMismatch(_, let context) = decodingError(
        CodedOutline.self, #"{"sections":["a"],"snapshots":[[1]]}"#)
    else {
      Issue.record("a snapshot must be an object")
      return
    }
    #expect(readable(context.codingPath) == ["snapshots", "0"])
  }
}

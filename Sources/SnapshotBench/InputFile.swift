// Reading the trees `--input` and `diff` take: the file's bytes, the outline's strict JSON
// parser (errors with line and column), the form (given with `--format` or detected), the
// identifier types, then Snapshot's own `Codable` decoders (errors with the coding path) or
// the plain JSON reader (`InputFile+JSON.swift`).

import Foundation
import OutlineCore
import Snapshot

/// A file `--input` or `diff` cannot use: one line naming the file and what is wrong.
struct InputError: Error, Equatable, CustomStringConvertible {
  var file: String
  var message: String

  init(_ file: String, _ message: String) {
    self.file = file
    // One line, whatever a decoder's description holds.
    self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  var description: String { "\(file): \(message)" }
}

/// Reads a tree from a file.
enum InputFile {
  /// What was read.
  struct Reading {
    var input: any LoadedInput
    /// Whether the form was detected (no `--format`).
    var detected: Bool

    /// What `--input` and `diff` print on stderr.
    var description: String {
      "\(input.file): \(detected ? "detected" : "read as") \(input.format.title)"
        + "\(detected ? ", --format \(input.format.rawValue)" : ""); \(input.summary)"
    }
  }

  /// Reads `path` in `format` (detected when nil), with integer identifiers only where the
  /// file has nothing else and `allowed` allows them.
  static func read(
    _ path: String, format: InputFormat? = nil,
    allowed: IdentifierKinds = IdentifierKinds(sectionsAreIntegers: true, itemsAreIntegers: true)
  ) throws(InputError) -> Reading {
    let bytes = try contents(of: path)
    guard bytes.contains(where: { !isJSONWhitespace($0) }) else {
      throw InputError(path, "empty file: expected a JSON document")
    }
    var document: JSONDocument
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw InputError(path, "not valid JSON: \(error)")
    }
    let form = format ?? detect(document)
    if form == .json {
      // Items are JSON Pointers (strings); the one section is 0 unless the other file of a
      // diff has string sections.
      let input: any LoadedInput
      if allowed.sectionsAreIntegers {
        input = try jsonTree(document, file: path, section: Int.self)
      } else {
        input = try jsonTree(document, file: path, section: String.self)
      }
      return Reading(input: input, detected: format == nil)
    }
    let (sections, items) = identifierNodes(document, form: form)
    let kinds = allowed.common(
      IdentifierKinds(
        sectionsAreIntegers: sections.allSatisfy { isInteger(document.nodes[$0].value) },
        itemsAreIntegers: items.allSatisfy { isInteger(document.nodes[$0].value) }))
    // String identifiers: numbers among them are read as their text.
    var rewritten = false
    for (nodes, integers) in [
      (sections, kinds.sectionsAreIntegers), (items, kinds.itemsAreIntegers),
    ]
    where !integers {
      for node in nodes {
        guard case .number(let text) = document.nodes[node].value else { continue }
        document.nodes[node].value = .string(text)
        rewritten = true
      }
    }
    let data = Data(rewritten ? JSONWriter.write(document) : bytes)
    let input: any LoadedInput
    switch (kinds.sectionsAreIntegers, kinds.itemsAreIntegers) {
    case (true, true): input = try decode(data, form, path, Int.self, Int.self)
    case (true, false): input = try decode(data, form, path, Int.self, String.self)
    case (false, true): input = try decode(data, form, path, String.self, Int.self)
    case (false, false): input = try decode(data, form, path, String.self, String.self)
    }
    return Reading(input: input, detected: format == nil)
  }

  /// The form a document's top-level keys say: exactly a `Codable` form's keys, or plain
  /// JSON.
  static func detect(_ document: JSONDocument) -> InputFormat {
    guard document.nodes.first?.value == .object else { return .json }
    var keys: Set<String> = []
    for node in document.nodes where node.parent == 0 { keys.insert(node.key ?? "") }
    switch keys {
    case ["items", "levels", "expanded"]: return .section
    case ["sections", "items"]: return .sectioned
    case ["sections", "snapshots"]: return .outline
    default: return .json
    }
  }

  /// The nodes holding section and item identifiers in a `Codable` form. O(n).
  static func identifierNodes(_ document: JSONDocument, form: InputFormat)
    -> (sections: [Int], items: [Int])
  {
    let nodes = document.nodes
    func member(_ key: String, of parent: Int) -> Int? {
      nodes.indices.last { nodes[$0].parent == parent && nodes[$0].key == key }
    }
    func children(of parent: Int?) -> [Int] {
      guard let parent else { return [] }
      return nodes.indices.filter { nodes[$0].parent == parent }
    }
    guard nodes.first?.value == .object else { return ([], []) }
    switch form {
    case .section:
      return ([], children(of: member("items", of: 0)))
    case .sectioned:
      let lists = Set(children(of: member("items", of: 0)))
      return (
        children(of: member("sections", of: 0)),
        nodes.indices.filter { lists.contains(nodes[$0].parent) }
      )
    case .outline:
      let trees = Set(children(of: member("snapshots", of: 0)))
      let itemLists = Set(
        nodes.indices.filter { trees.contains(nodes[$0].parent) && nodes[$0].key == "items" })
      return (
        children(of: member("sections", of: 0)),
        nodes.indices.filter { itemLists.contains(nodes[$0].parent) }
      )
    case .json:
      return ([], [])
    }
  }

  /// Whether `value` is a number written as an integer that fits in an `Int`.
  static func isInteger(_ value: JSONDocument.Value) -> Bool {
    guard case .number(let text) = value else { return false }
    return !text.contains { $0 == "." || $0 == "e" || $0 == "E" } && Int(text) != nil
  }

  private static func decode<SectionID: InputIdentifier, ItemID: InputIdentifier>(
    _ data: Data, _ form: InputFormat, _ path: String, _: SectionID.Type, _: ItemID.Type
  ) throws(InputError) -> InputTree<SectionID, ItemID> {
    let decoder = JSONDecoder()
    var outline = SectionedOutline<SectionID, ItemID>()
    do {
      switch form {
      case .section:
        let tree = try decoder.decode(DiffableDataSourceSectionSnapshot<ItemID>.self, from: data)
        outline.setSnapshot(tree, for: .onlySection)
      case .sectioned:
        let snapshot = try decoder.decode(
          DiffableDataSourceSnapshot<SectionID, ItemID>.self, from: data)
        for section in snapshot.sectionIdentifiers {
          var tree = DiffableDataSourceSectionSnapshot<ItemID>()
          tree.append(snapshot.itemIdentifiers(inSection: section))
          outline.setSnapshot(tree, for: section)
        }
      case .outline:
        outline = try decoder.decode(SectionedOutline<SectionID, ItemID>.self, from: data)
      case .json:
        break
      }
    } catch let error as DecodingError {
      throw InputError(path, describe(error))
    } catch {
      throw InputError(path, "cannot decode: \(error)")
    }
    return InputTree(file: path, format: form, outline: outline)
  }

  /// A decoding error in one line: where (the coding path) and what.
  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): wrong shape: the key is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context.codingPath)): wrong shape: \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// A coding path as `snapshots[1].items[4]`; `(top level)` when empty.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "(top level)" : text
  }

  private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The bytes of the regular file at `path`.
  static func contents(of path: String) throws(InputError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(path, "no such file")
    }
    guard !isDirectory.boolValue else {
      throw InputError(path, "is a directory, not a file")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(path, "cannot open the file (permission denied?)")
    }
    defer { try? handle.close() }
    do {
      return [UInt8](try handle.readToEnd() ?? Data())
    } catch {
      throw InputError(path, "cannot read: \(error.localizedDescription)")
    }
  }
}

import Foundation
import OutlineCore
import Testing

@testable import outline

/// The model: directory listings (order, kinds, names that are not UTF-8), lazy reading, and
/// the JSON document written back.
@Suite("outline: model")
struct ModelTests {
  @Test("folders first, then files, each in byte order (names sharing 8-byte prefixes too)")
  func listingOrder() throws {
    let folder = try TemporaryFolder("order")
    defer { folder.remove() }
    let files = ["b", "a", "ab", "abcdefghij", "abcdefghi", "abcdefgh", "Z", "é", "abcdefgh.x"]
    try folder.make(files.map { "list/" + $0 } + ["list/zz/", "list/A/", "list/abcdefgh1/"])
    let listing = try DirectoryReader.entries(at: Array(folder.path("list").utf8))
    let names = listing.entries.map { String(decoding: listing.names[$0.name], as: UTF8.self) }
    #expect(
      names == [
        "A", "abcdefgh1", "zz", "Z", "a", "ab", "abcdefgh", "abcdefgh.x", "abcdefghi",
        "abcdefghij", "b", "é",
      ])
    #expect(listing.entries.prefix(3).allSatisfy { $0.kind == .directory })
    #expect(listing.entries.dropFirst(3).allSatisfy { $0.kind == .file })
  }

  @Test("a name that is not UTF-8 is shown repaired and still opens")
  func invalidUTF8Name() throws {
    let folder = try TemporaryFolder("bytes")
    defer { folder.remove() }
    try folder.make(["top/"])
    // A folder named "x\xFFy" holding one file.
    let name: [UInt8] = [0x78, 0xFF, 0x79]
    let path = Array(folder.path("top").utf8) + [0x2F] + name
    #expect(DirectoryReader.withCString(path) { mkdir($0, 0o755) } == 0)
    #expect(DirectoryReader.withCString(path + Array("/inner.txt".utf8)) { creat($0, 0o644) } >= 0)
    let model = try OutlineModel.open(folder.path("top"))
    let child = try #require(model.topLevel.first)
    #expect(model[child].name == "x\u{FFFD}y")
    #expect(model.pathBytes(of: child) == path)
    try model.loadChildren(of: child)
    #expect(model[child].children?.map { model[$0].name } == ["inner.txt"])
  }

  @Test("the JSON document written back is the model's tree, in order, after edits")
  func jsonDocument() throws {
    let source = #"{"a": [1, {"b": null}], "c": "d"}"#
    let model = OutlineModel(json: try JSONParser.parse(Array(source.utf8)), path: "x.json")
    let members = model.topLevel
    #expect(members.map { model[$0].name } == ["a", "c"])
    model.swapSiblings(members[0], members[1])
    model[members[0]].name = "A"
    model.insertNode(named: "e", kind: .scalar(.bool(true)), in: model.root)
    let written = String(decoding: JSONWriter.write(model.jsonDocument()), as: UTF8.self)
    let expected = """
      {
        "c": "d",
        "A": [
          1,
          {
            "b": null
          }
        ],
        "e": true
      }

      """
    #expect(written == expected)
    model.remove(members[0])
    #expect(!model.isLive(members[0]))
    let shorter = String(decoding: JSONWriter.write(model.jsonDocument()), as: UTF8.self)
    #expect(shorter == "{\n  \"c\": \"d\",\n  \"e\": true\n}\n")
  }
}

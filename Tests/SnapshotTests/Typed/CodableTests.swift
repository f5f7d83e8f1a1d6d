import Foundation
import Testing

@testable import Snapshot

/// The JSON text of `value`, keys sorted.
private func json(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `value` written as JSON and read back as `T`.
private func roundTrip<T: Codable>(_ value: T) throws -> T {
  try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
}

@Suite("Codable: wire formats and round trips")
struct CodableTests {
  @Test func sectionSnapshotWireFormat() throws {
    let snapshot = DiffableDataSourceSectionSnapshot<String> {
      SnapshotItem("Food", expanded: true) {
        SnapshotItem("Meat", expanded: true) { "Pork" }
      }
      "Drinks"
    }
    #expect(
      try json(snapshot)
        == #"{"expanded":[0,1],"items":["Food","Meat","Pork","Drinks"],"levels":[0,1,2,0]}"#)
    #expect(
      try json(DiffableDataSourceSectionSnapshot<Int>())
        == #"{"expanded":[],"items":[],"levels":[]}"#)
    let back = try roundTrip(snapshot)
    #expect(back == snapshot)
    #expect(back.expandedItems == ["Food", "Meat"])
    #expect(back.visibleItems == ["Food", "Meat", "Pork", "Drinks"])
  }

  @Test func sectionedSnapshotWireFormatDropsMarks() throws {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Fruit", "Empty", "Bread"])
    snapshot.appendItems([1, 2], toSection: "Fruit")
    snapshot.appendItems([3], toSection: "Bread")
    snapshot.reloadItems([1])
    snapshot.reconfigureItems([3])
    snapshot.reloadSections(["Empty"])
    #expect(try json(snapshot) == #"{"items":[[1,2],[],[3]],"sections":["Fruit","Empty","Bread"]}"#)
    let back = try roundTrip(snapshot)
    back._checkInvariants()
    #expect(back == snapshot)
    #expect(back.indexOfItem(3) == 2)
    #expect(back.reloadedItemIdentifiers.isEmpty)
    #expect(back.reconfiguredItemIdentifiers.isEmpty)
    #expect(back.reloadedSectionIdentifiers.isEmpty)
    #expect(try roundTrip(DiffableDataSourceSnapshot<Int, Int>()).numberOfSections == 0)
  }

  @Test func outlineWireFormat() throws {
    let outline = SectionedOutline<String, String> {
      SnapshotSection("Animals") {
        "Animals"
        SnapshotItem("Dogs", expanded: true) { "Shiba" }
      }
      SnapshotSection("Food") { "Food" }
    }
    #expect(
      try json(outline)
        == #"{"sections":["Animals","Food"],"snapshots":[{"expanded":[1],"#
        + #""items":["Animals","Dogs","Shiba"],"levels":[0,0,1]},"#
        + #"{"expanded":[],"items":["Food"],"levels":[0]}]}"#)
    #expect(try roundTrip(outline) == outline)
  }

  /// Seed 004's wish: persist what the app showed (seed 003's typed outline, expanded as
  /// the user left it) and restore it.
  @Test func seed003OutlinePersistsAndRestores() throws {
    typealias ListItem = Seed003.ListItem
    let items = Seed003.makeItems()
    var outline = SectionedOutline(
      items, id: \.self, items: \.rows, itemID: \.self, children: \.children)
    var animals = outline.snapshot(for: items[0])!
    animals.expand([.header(items[0].headers[1])])
    outline.setSnapshot(animals, for: items[0])
    let data = try JSONEncoder().encode(outline)
    let restored = try JSONDecoder().decode(
      SectionedOutline<Seed003.SectionHeader, ListItem>.self, from: data)
    #expect(restored == outline)
    #expect(restored.snapshot(for: items[0])?.expandedItems == [.header(items[0].headers[1])])
    #expect(restored.visibleSnapshot == outline.visibleSnapshot)
  }
}

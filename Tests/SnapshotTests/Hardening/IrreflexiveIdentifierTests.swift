import Foundation
import Testing

@testable import Snapshot

/// A decoder that reads the string "nan" as `Double.nan`.
private func nanDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.nonConformingFloatDecodingStrategy = .convertFromString(
    positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  return decoder
}

private typealias NaNSnapshot = DiffableDataSourceSnapshot<Double, Double>
private typealias NaNError = SnapshotError<Double, Double>
private typealias NaNTree = DiffableDataSourceSectionSnapshot<Double>
private typealias NaNTreeError = SectionSnapshotError<Double>

/// The description of the error `body` throws, or nil. Errors are compared by description:
/// an error carrying `Double.nan` is not equal to itself.
private func thrown<E: Error & CustomStringConvertible>(_ body: () throws(E) -> Void) -> String? {
  do {
    try body()
    return nil
  } catch {
    return error.description
  }
}

/// Identifiers not equal to themselves (`Double.nan`) are refused where they enter, so that
/// every later operation keeps working.
@Suite("Identifiers not equal to themselves")
struct IrreflexiveIdentifierTests {
  @Test func sectionedSnapshotRefusesThem() throws {
    var snapshot = NaNSnapshot()
    snapshot.appendSections([1])
    snapshot.appendItems([1, 2])
    let before = snapshot
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryAppendSections([2, .nan]) })
        == NaNError(.appendSections, .irreflexiveSection(.nan)).description)
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryInsertSections([.nan], beforeSection: 1) })
        == NaNError(.insertSectionsBefore, .irreflexiveSection(.nan)).description)
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryInsertSections([.nan], afterSection: 1) })
        == NaNError(.insertSectionsAfter, .irreflexiveSection(.nan)).description)
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryAppendItems([3, .nan]) })
        == NaNError(.appendItems, .irreflexiveItem(.nan)).description)
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryInsertItems([.nan], beforeItem: 1) })
        == NaNError(.insertItemsBefore, .irreflexiveItem(.nan)).description)
    #expect(
      thrown({ () throws(NaNError) in try snapshot.tryInsertItems([4, .nan], afterItem: 2) })
        == NaNError(.insertItemsAfter, .irreflexiveItem(.nan)).description)
    snapshot._checkInvariants()
    #expect(snapshot == before)
    #expect(snapshot.numberOfItems == 2 && snapshot.indexOfItem(3) == nil)
    // Everything that used to stop the program afterwards still works.
    #expect(snapshot.layout == [LayoutSection(1, items: [1, 2])])
    #expect(snapshot.batchUpdate(from: before).isEmpty)
    #expect(try snapshot.tryBatchUpdate(from: before).isEmpty)
    #expect(try snapshot.tryStagedBatchUpdate(from: before).stages.isEmpty)
    #expect(
      NaNError(.appendItems, .irreflexiveItem(.nan)).description
        == "DiffableDataSourceSnapshot.appendItems(_:toSection:): item nan is not equal to "
        + "itself (its == is not reflexive, as with Double.nan), so it could never be found "
        + "again; identifiers must equal themselves")
  }

  @Test func sectionSnapshotRefusesThem() throws {
    var snapshot = NaNTree()
    snapshot.append([1, 2])
    let before = snapshot
    #expect(
      thrown({ () throws(NaNTreeError) in try snapshot.tryAppend([3, .nan]) })
        == NaNTreeError(.append, .irreflexiveItem(.nan)).description)
    #expect(
      thrown({ () throws(NaNTreeError) in try snapshot.tryAppend([.nan], to: 1) })
        == NaNTreeError(.append, .irreflexiveItem(.nan)).description)
    #expect(
      thrown({ () throws(NaNTreeError) in try snapshot.tryInsert([.nan], before: 2) })
        == NaNTreeError(.insertBefore, .irreflexiveItem(.nan)).description)
    #expect(
      thrown({ () throws(NaNTreeError) in try snapshot.tryInsert([.nan], after: 2) })
        == NaNTreeError(.insertAfter, .irreflexiveItem(.nan)).description)
    snapshot._checkInvariants()
    #expect(snapshot == before)
    #expect(snapshot.count == 2)
  }

  @Test func buildersRefuseThem() {
    typealias TreeBuildError = SectionSnapshotBuildError<Double>
    typealias BuildError = SnapshotBuildError<Double, Double>
    #expect(
      thrown({ () throws(TreeBuildError) in
        _ = try NaNTree.tryBuild {
          SnapshotItem(1) {
            2
            Double.nan
          }
        }
      }) == TreeBuildError(irreflexiveItem: .nan, at: [0, 1]).description)
    #expect(
      thrown({ () throws(TreeBuildError) in
        _ = try NaNTree.tryBuild([Double.nan], id: \.self, children: \.nilChildren)
      }) == TreeBuildError(irreflexiveItem: .nan, at: [0]).description)
    #expect(
      thrown({ () throws(BuildError) in
        _ = try NaNSnapshot.tryBuild {
          SnapshotSection(1)
          SnapshotSection(.nan)
        }
      }) == BuildError.irreflexiveSection(.nan, index: 1).description)
    #expect(
      thrown({ () throws(BuildError) in
        _ = try NaNSnapshot.tryBuild {
          SnapshotSection(1) {
            2
            Double.nan
          }
        }
      }) == BuildError.irreflexiveItem(.nan, at: .init(section: 1, path: [1])).description)
    #expect(
      thrown({ () throws(BuildError) in
        _ = try SectionedOutline<Double, Double>.tryBuild { SnapshotSection(.nan) }
      }) == BuildError.irreflexiveSection(.nan, index: 0).description)
    #expect(
      thrown({ () throws(BuildError) in
        _ = try SectionedOutline<Double, Double>.tryBuild {
          SnapshotSection(1) { SnapshotItem(2) { Double.nan } }
        }
      }) == BuildError.irreflexiveItem(.nan, at: .init(section: 1, path: [0, 0])).description)
    var outline = SectionedOutline<Double, Double>()
    #expect(
      thrown({ () throws(BuildError) in try outline.trySetSnapshot(NaNTree(), for: .nan) })
        == BuildError.irreflexiveSection(.nan, index: 0).description)
    #expect(outline.numberOfSections == 0)
    #expect(
      TreeBuildError(irreflexiveItem: .nan, at: [0, 1]).description
        == "DiffableDataSourceSectionSnapshot: item nan at [0, 1] is not equal to itself (its "
        + "== is not reflexive, as with Double.nan), so it could never be found again; "
        + "identifiers must equal themselves")
  }

  @Test func decodersRefuseThem() {
    func failure<T: Decodable>(_ type: T.Type, _ json: String) -> (String, String)? {
      do {
        _ = try nanDecoder().decode(T.self, from: Data(json.utf8))
        return nil
      } catch DecodingError.dataCorrupted(let context) {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return (path.joined(separator: "."), context.debugDescription)
      } catch {
        return ("", "\(error)")
      }
    }
    let tree = failure(NaNTree.self, #"{"items":[1,"nan"],"levels":[0,1],"expanded":[]}"#)
    #expect(tree?.0 == "items.1")
    #expect(tree?.1.hasPrefix("item nan at index 1 is not equal to itself") == true)
    let section = failure(NaNSnapshot.self, #"{"sections":["nan"],"items":[[]]}"#)
    #expect(section?.0 == "sections.0")
    #expect(section?.1.hasPrefix("section nan at index 0 is not equal to itself") == true)
    let item = failure(NaNSnapshot.self, #"{"sections":[1],"items":[[2,"nan"]]}"#)
    #expect(item?.0 == "items.0.1")
    #expect(item?.1.hasPrefix("item nan at items[0][1] (section 1.0) is not equal to") == true)
    let outline = failure(
      SectionedOutline<Double, Double>.self,
      #"{"sections":[1,"nan"],"snapshots":[{"items":[],"levels":[],"expanded":[]},"#
        + #"{"items":[],"levels":[],"expanded":[]}]}"#)
    #expect(outline?.0 == "sections.1")
    #expect(outline?.1.hasPrefix("section nan at index 1 is not equal to itself") == true)
    let outlineItem = failure(
      SectionedOutline<Double, Double>.self,
      #"{"sections":[1],"snapshots":[{"items":["nan"],"levels":[0],"expanded":[]}]}"#)
    #expect(outlineItem?.0 == "snapshots.0.items.0")
  }

  @Test func theArrayLevelDiffNamesThem() {
    typealias Layout = [LayoutSection<Double, Double>]
    let nanSection: Layout = [LayoutSection(.nan, items: [1])]
    let nanItem: Layout = [LayoutSection(1, items: [2, .nan])]
    let plain: Layout = [LayoutSection(1, items: [2])]
    let cases: [(Layout, Layout, String)] = [
      (nanSection, plain, "old sections [nan]"), (plain, nanSection, "new sections [nan]"),
      (nanItem, plain, "old items [nan]"), (plain, nanItem, "new items [nan]"),
      (nanSection, nanSection, "old sections [nan]; new sections [nan]"),
      (nanItem, nanItem, "old items [nan]; new items [nan]"),
    ]
    for (old, new, named) in cases {
      let expected = "identifiers not equal to themselves: \(named)"
      #expect(
        thrown({ () throws(DuplicateIdentifierError<Double, Double>) in
          _ = try BatchUpdate(from: old, to: new)
        }) == DuplicateIdentifierError(old: old, new: new).description)
      #expect(DuplicateIdentifierError(old: old, new: new).description == expected)
      #expect(
        thrown({ () throws(DuplicateIdentifierError<Double, Double>) in
          _ = try StagedBatchUpdate(from: old, to: new)
        }) == DuplicateIdentifierError(old: old, new: new).description)
    }
    // Duplicates and identifiers not equal to themselves together, each in its list.
    let both = DuplicateIdentifierError<Double, Double>(
      old: [LayoutSection(1, items: [3, .nan, 3, .nan])], new: [])
    #expect(both.oldItems == [3] && both.oldIrreflexiveItems.count == 2)
    #expect(
      both.description
        == "duplicate identifiers: old items [3.0]; identifiers not equal to themselves: old "
        + "items [nan, nan]")
  }

  // Exit tests: Swift Testing has them on macOS, Linux, FreeBSD and Windows, from Swift 6.2.
  #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(FreeBSD) || os(Windows))
    @Test func appleNamedMethodsStopWithTheReason() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var snapshot = DiffableDataSourceSnapshot<Double, Double>()
        snapshot.appendSections([.nan])
        // Reached only if the section got in: this stops too, but with another message.
        _ = snapshot.layout
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          "DiffableDataSourceSnapshot.appendSections(_:): section nan is not equal to itself"))
    }
  #endif
}

extension Double {
  /// No children: a leaf, for the key-path initializers.
  fileprivate var nilChildren: [Double]? { nil }
}

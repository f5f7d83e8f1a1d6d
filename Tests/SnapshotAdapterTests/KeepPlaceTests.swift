// Runs against the fake (Linux).
#if os(Linux)
  import FakeAppKit
  import FakeUIKit
  import Foundation
  import Snapshot
  import SnapshotAdapterCore
  import SnapshotAppKit
  import SnapshotUIKit
  import Testing

  /// The four adapters' views, for keeping the user's place.
  enum ScrollingKind: CaseIterable {
    case collectionView, tableView, nsCollectionView, nsTableView
  }

  /// One adapter's view in a window, 440 points high, with what the tests read and set: the
  /// scroll offset in points and the first visible row (the fakes' rows have fixed heights).
  @MainActor final class ScrollingRig {
    let rowHeight: CGFloat
    let base: DiffableDataSource<Int, Int>
    let keep: [AnyObject]
    let failures: () -> [String]
    let offset: () -> CGFloat
    let scroll: (CGFloat) -> Void
    let firstVisible: () -> String?

    init(_ kind: ScrollingKind, keepingPlace: Bool) {
      let frame = CGRect(x: 0, y: 0, width: 320, height: 440)
      switch kind {
      case .collectionView, .tableView, .nsCollectionView:
        let harness = AdapterHarness(
          kind == .collectionView
            ? .collectionView : kind == .tableView ? .tableView : .nsCollectionView)
        let fake = harness.fake
        (base, keep, failures) = (harness.base, [harness], { fake.failures })
        (harness.adapter as! ListViewAdapter<Int, Int>).keepsFirstVisibleRowInPlace = keepingPlace
        let name = { (path: IndexPath?) in path.map { fake.rows[$0[0]][$0[1]] } }
        switch harness.view {
        case let view as UICollectionView:
          view.frame = frame
          rowHeight = view.fakeRowHeight
          (offset, scroll) = ({ view.contentOffset.y }, { view.contentOffset.y = $0 })
          firstVisible = { name(view.indexPathsForVisibleItems.min()) }
        case let view as UITableView:
          view.frame = frame
          rowHeight = view.rowHeight
          (offset, scroll) = ({ view.contentOffset.y }, { view.contentOffset.y = $0 })
          firstVisible = { name(view.indexPathsForVisibleRows?.min()) }
        default:
          let view = harness.view as! NSCollectionView
          view.frame = frame
          rowHeight = view.fakeRowHeight
          (offset, scroll) = ({ view.visibleRect.minY }, { view.scroll(NSPoint(x: 0, y: $0)) })
          firstVisible = { name(view.indexPathsForVisibleItems().min()) }
        }
      case .nsTableView:
        let harness = AppKitHarness()
        let table = harness.table
        table.frame = frame
        harness.adapter.keepsFirstVisibleRowInPlace = keepingPlace
        (base, keep, rowHeight) = (harness.base, [harness], table.rowHeight)
        failures = { table.fakeFailures }
        (offset, scroll) = ({ table.visibleRect.minY }, { table.scroll(NSPoint(x: 0, y: $0)) })
        firstVisible = {
          let rows = table.rows(in: table.visibleRect)
          return rows.length > 0 ? table.fakeRows[rows.location] : nil
        }
      }
    }

    /// Applies sections 0, 1, … holding `sections`, then lays the view out (a layout pass
    /// reads the fakes' counts and cells).
    func apply(_ sections: [[Int]]) {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections(Array(sections.indices))
      for (section, items) in sections.enumerated() {
        snapshot.appendItems(items, toSection: section)
      }
      base.apply(snapshot)
    }
  }

  /// Keeping the user's place: rows inserted or deleted above the first visible row leave
  /// it where it is on screen, measured in points, through each adapter.
  @MainActor @Suite struct KeepPlaceTests {
    /// Shows `before`, scrolls 10 points into the row at flat position `row`, applies
    /// `after`: the offset in rows of `rowHeight` plus points, and the first visible row.
    func scrolled(
      _ kind: ScrollingKind, keepingPlace: Bool = true, _ before: [[Int]], toRow row: Int,
      then after: [[Int]]
    ) -> (rows: CGFloat, first: String?) {
      let rig = ScrollingRig(kind, keepingPlace: keepingPlace)
      rig.apply(before)
      rig.scroll(CGFloat(row) * rig.rowHeight + 10)
      #expect(rig.firstVisible() == "\(before.joined().map { $0 }[row])")
      rig.apply(after)
      #expect(rig.failures() == [])
      return ((rig.offset() - 10) / rig.rowHeight, rig.firstVisible())
    }

    @Test(arguments: ScrollingKind.allCases) func insertsAboveKeepTheRowInPlace(
      _ kind: ScrollingKind
    ) {
      let after = [[-1, -2, -3, -4, -5] + Array(0..<100)]
      let (rows, first) = scrolled(kind, [Array(0..<100)], toRow: 50, then: after)
      #expect(rows == 55)
      #expect(first == "50")
    }

    @Test(arguments: ScrollingKind.allCases) func deletesAboveKeepTheRowInPlace(
      _ kind: ScrollingKind
    ) {
      let (rows, first) = scrolled(kind, [Array(0..<100)], toRow: 50, then: [Array(3..<100)])
      #expect(rows == 47)
      #expect(first == "50")
    }

    @Test(arguments: ScrollingKind.allCases) func rowsOfASectionAboveCount(_ kind: ScrollingKind) {
      let before = [Array(0..<10), Array(10..<100)]
      let after = [Array(-3..<10), Array(10..<20) + Array(22..<100)]
      let (rows, first) = scrolled(kind, before, toRow: 50, then: after)
      #expect(rows == 51)
      #expect(first == "50")
    }

    @Test(arguments: ScrollingKind.allCases) func withoutTheOptionTheContentMoves(
      _ kind: ScrollingKind
    ) {
      let after = [[-1, -2, -3, -4, -5] + Array(0..<100)]
      let (rows, first) = scrolled(
        kind, keepingPlace: false, [Array(0..<100)], toRow: 50, then: after)
      #expect(rows == 50)
      #expect(first == "45")
    }

    @Test(arguments: ScrollingKind.allCases) func aDeletedAnchorLeavesTheOffsetAlone(
      _ kind: ScrollingKind
    ) {
      let after = [Array(0..<50) + Array(51..<100)]
      let (rows, _) = scrolled(kind, [Array(0..<100)], toRow: 50, then: after)
      #expect(rows == 50)
    }
  }
#endif

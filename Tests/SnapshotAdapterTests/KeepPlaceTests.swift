// Runs against the fake (Linux).
#if os(Linux)
  import FakeUIKit
  import Foundation
  import Snapshot
  import SnapshotUIKit
  import Testing

  /// Keeping the user's place: rows inserted or deleted above the first visible row leave it
  /// where it is on screen (the fake's rows are 44 points high).
  @MainActor @Suite struct KeepPlaceTests {
    func apply(_ items: [Int], _ harness: AdapterHarness) {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(items, toSection: 0)
      harness.base.apply(snapshot)
    }

    /// A list of 100 rows scrolled to 10 points into row 50 (item 50), then `items`.
    func scrolledThenApplied(_ items: [Int], keepingPlace: Bool) -> (CGFloat, [String]) {
      let harness = AdapterHarness(.collectionView)
      let view = harness.view as! UICollectionView
      view.frame = CGRect(x: 0, y: 0, width: 320, height: 440)
      (harness.adapter as! CollectionViewDiffableDataSource<Int, Int>)
        .keepsFirstVisibleRowInPlace = keepingPlace
      apply(Array(0..<100), harness)
      view.layoutIfNeeded()
      view.contentOffset.y = 50 * 44 + 10
      apply(items, harness)
      #expect(harness.fake.failures.isEmpty)
      let first = view.indexPathsForVisibleItems.min().map { harness.fake.rows[0][$0.item] }
      return (view.contentOffset.y, first.map { [$0] } ?? [])
    }

    @Test func insertsAboveKeepTheRowInPlace() {
      let items = [-1, -2, -3, -4, -5] + Array(0..<100)
      let (offset, first) = scrolledThenApplied(items, keepingPlace: true)
      #expect(offset == CGFloat(55 * 44 + 10))
      #expect(first == ["50"])
    }

    @Test func deletesAboveKeepTheRowInPlace() {
      let items = Array(3..<100)
      let (offset, first) = scrolledThenApplied(items, keepingPlace: true)
      #expect(offset == CGFloat(47 * 44 + 10))
      #expect(first == ["50"])
    }

    @Test func withoutTheOptionTheContentMoves() {
      let items = [-1, -2, -3, -4, -5] + Array(0..<100)
      let (offset, first) = scrolledThenApplied(items, keepingPlace: false)
      #expect(offset == CGFloat(50 * 44 + 10))
      #expect(first == ["45"])
    }

    @Test func aDeletedAnchorLeavesTheOffsetAlone() {
      let items = Array(0..<50) + Array(51..<100)
      let (offset, _) = scrolledThenApplied(items, keepingPlace: true)
      #expect(offset == CGFloat(50 * 44 + 10))
    }
  }
#endif

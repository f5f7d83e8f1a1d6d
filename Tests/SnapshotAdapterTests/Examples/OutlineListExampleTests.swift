// Runs the README's example against the fake (Linux).
#if os(Linux)
  import FakeUIKit
  import Foundation
  import Snapshot
  import SnapshotUIKit
  import Testing

  /// The README's UICollectionView example, run: the outline shows, a disclosure tap
  /// expands a row, a drag moves a breed, and every batch is one UIKit accepts.
  @MainActor @Suite struct OutlineListExampleTests {
    @Test func theExampleRunsAgainstTheFake() throws {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let dataSource = makeOutlineList(in: window)
      let view = try #require(dataSource.collectionView)
      view.layoutIfNeeded()
      #expect(view.fake.rows == [["動物", "犬", "猫"]])

      let dog = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
      let accessories = try #require((dog as? UICollectionViewListCell)?.accessories)
      accessories.first?.fakeActionHandler?()  // a tap on 犬's disclosure triangle
      #expect(
        view.fake.rows == [["動物", "犬", "柴犬", "ヨークシャテリア", "ミニチュアシュナウザー", "猫"]])

      // A drag of 柴犬 below ミニチュアシュナウザー.
      view.fake.interactiveMove(
        from: IndexPath(item: 2, section: 0), to: IndexPath(item: 4, section: 0))
      #expect(
        view.fake.rows == [["動物", "犬", "ヨークシャテリア", "ミニチュアシュナウザー", "柴犬", "猫"]])
      #expect(view.fake.failures.isEmpty)
      let base = dataSource.base
      #expect(
        base.itemIdentifiers(in: 0..<base.numberOfItems(inSection: 0), inSection: 0).map(\.title)
          == view.fake.rows[0])
    }
  }
#endif

// Runs against the fake (Linux).
#if os(Linux)
  import FakeAppKit
  import Foundation
  import Snapshot
  import SnapshotAppKit
  import Testing

  /// A section header view that names its section.
  final class HeaderView: NSView, NSCollectionViewElement {}

  /// NSCollectionView's supplementary views come from the adapter's provider, as
  /// UICollectionView's do, and name the section the view shows there.
  @MainActor @Suite struct SupplementaryViewTests {
    @Test func headersComeFromTheProvider() {
      let harness = AdapterHarness(.nsCollectionView)
      let view = harness.view as! NSCollectionView
      let adapter = harness.adapter as! SnapshotAppKit.CollectionViewDiffableDataSource<Int, Int>
      view.register(
        HeaderView.self, forSupplementaryViewOfKind: NSCollectionView.elementKindSectionHeader,
        withIdentifier: NSUserInterfaceItemIdentifier("header"))
      adapter.supplementaryViewProvider = { [unowned adapter] view, kind, indexPath in
        let header = view.makeSupplementaryView(
          ofKind: kind, withIdentifier: NSUserInterfaceItemIdentifier("header"), for: indexPath)
        let section = adapter.sectionIdentifier(for: indexPath.section)
        header.setAccessibilityIdentifier("\(kind) \(section.map(String.init) ?? "none")")
        return header as? HeaderView
      }
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([7, 9])
      snapshot.appendItems([1, 2], toSection: 7)
      snapshot.appendItems([3], toSection: 9)
      harness.base.apply(snapshot)
      let kind = NSCollectionView.elementKindSectionHeader
      let header = { view.fakeSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: $0)) }
      #expect(header(1) == "\(kind) 9")
      snapshot.moveSection(9, beforeSection: 7)
      harness.base.apply(snapshot)
      #expect(header(0) == "\(kind) 9")
      #expect(header(1) == "\(kind) 7")
      #expect(harness.fake.failures.isEmpty)
    }
  }
#endif

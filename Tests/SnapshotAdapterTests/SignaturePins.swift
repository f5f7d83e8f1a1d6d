// Every UIKit declaration FakeUIKit copies, pinned to its signature: this file compiles
// against UIKit on Apple platforms (the macOS workflow builds it for the iOS Simulator) and
// against FakeUIKit on Linux, so a fake signature that drifts from Apple's fails a build.
// (The data source protocols are pinned by the adapters' conformances.)

#if canImport(UIKit)
  import UIKit
#elseif os(Linux)
  import Foundation
  import FakeUIKit
#endif

#if canImport(UIKit) || os(Linux)
  @MainActor enum SignaturePins {
    typealias CV = UICollectionView
    typealias TV = UITableView

    static func pin() {
      let _: (CGRect, UICollectionViewLayout) -> CV = CV.init(frame:collectionViewLayout:)
      let _: (CV) -> (AnyClass?, String) -> Void = CV.register(_:forCellWithReuseIdentifier:)
      let _: (CV) -> (AnyClass?, String, String) -> Void =
        CV.register(_:forSupplementaryViewOfKind:withReuseIdentifier:)
      let _: (CV) -> (String, IndexPath) -> UICollectionViewCell =
        CV.dequeueReusableCell(withReuseIdentifier:for:)
      let _: (CV) -> (String, String, IndexPath) -> UICollectionReusableView =
        CV.dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)
      let _: (CV) -> () -> Void = CV.reloadData
      let _: (CV) -> ((() -> Void)?, ((Bool) -> Void)?) -> Void =
        CV.performBatchUpdates(_:completion:)
      let _: (CV) -> (IndexSet) -> Void = CV.insertSections
      let _: (CV) -> (IndexSet) -> Void = CV.deleteSections
      let _: (CV) -> (IndexSet) -> Void = CV.reloadSections
      let _: (CV) -> (Int, Int) -> Void = CV.moveSection(_:toSection:)
      let _: (CV) -> ([IndexPath]) -> Void = CV.insertItems(at:)
      let _: (CV) -> ([IndexPath]) -> Void = CV.deleteItems(at:)
      let _: (CV) -> ([IndexPath]) -> Void = CV.reloadItems(at:)
      let _: (CV) -> (IndexPath, IndexPath) -> Void = CV.moveItem(at:to:)
      let _: (CV) -> ([IndexPath]) -> Void = CV.reconfigureItems(at:)
      let _: (CV) -> (Int) -> Int = CV.numberOfItems(inSection:)
      let _: (CV) -> (IndexPath) -> UICollectionViewCell? = CV.cellForItem(at:)
      let _: KeyPath<CV, Int> = \CV.numberOfSections
      let _: ReferenceWritableKeyPath<CV, CGPoint> = \CV.contentOffset
      let _: String = CV.elementKindSectionHeader

      let _: (CGRect, TV.Style) -> TV = TV.init(frame:style:)
      let _: (TV) -> (AnyClass?, String) -> Void = TV.register(_:forCellReuseIdentifier:)
      let _: (TV) -> (String, IndexPath) -> UITableViewCell =
        TV.dequeueReusableCell(withIdentifier:for:)
      let _: (TV) -> () -> Void = TV.reloadData
      let _: (TV) -> ((() -> Void)?, ((Bool) -> Void)?) -> Void =
        TV.performBatchUpdates(_:completion:)
      let _: (TV) -> (IndexSet, TV.RowAnimation) -> Void = TV.insertSections(_:with:)
      let _: (TV) -> (IndexSet, TV.RowAnimation) -> Void = TV.deleteSections(_:with:)
      let _: (TV) -> (IndexSet, TV.RowAnimation) -> Void = TV.reloadSections(_:with:)
      let _: (TV) -> (Int, Int) -> Void = TV.moveSection(_:toSection:)
      let _: (TV) -> ([IndexPath], TV.RowAnimation) -> Void = TV.insertRows(at:with:)
      let _: (TV) -> ([IndexPath], TV.RowAnimation) -> Void = TV.deleteRows(at:with:)
      let _: (TV) -> ([IndexPath], TV.RowAnimation) -> Void = TV.reloadRows(at:with:)
      let _: (TV) -> (IndexPath, IndexPath) -> Void = TV.moveRow(at:to:)
      let _: (TV) -> ([IndexPath]) -> Void = TV.reconfigureRows(at:)
      let _: (TV) -> (Int) -> Int = TV.numberOfRows(inSection:)
      let _: (TV) -> (IndexPath) -> UITableViewCell? = TV.cellForRow(at:)
      let _: ReferenceWritableKeyPath<TV, CGPoint> = \TV.contentOffset
      let _: ReferenceWritableKeyPath<TV, CGFloat> = \TV.rowHeight
      let _: (TV) -> (IndexPath) -> CGRect = TV.rectForRow(at:)
      let _: KeyPath<TV, [IndexPath]?> = \TV.indexPathsForVisibleRows
      let _: (UITableViewCell.CellStyle, String?) -> UITableViewCell =
        UITableViewCell.init(style:reuseIdentifier:)
      let _: [TV.RowAnimation] = [.fade, .right, .left, .top, .bottom, .none, .middle, .automatic]

      let _: (CGRect) -> UIView = UIView.init(frame:)
      let _: (() -> Void) -> Void = UIView.performWithoutAnimation
      let _: (Bool) -> Void = UIView.setAnimationsEnabled
      let _: Bool = UIView.areAnimationsEnabled
      let _: (UIView) -> (UIView) -> Void = UIView.addSubview
      let _: (UIView) -> () -> Void = UIView.removeFromSuperview
      let _: (UIView) -> () -> Void = UIView.layoutIfNeeded
      let _: KeyPath<UIView, UIWindow?> = \UIView.window
      let _: ReferenceWritableKeyPath<UIView, String?> = \UIView.accessibilityIdentifier
      let _: KeyPath<UICollectionReusableView, String?> = \UICollectionReusableView.reuseIdentifier
      let _: KeyPath<UITableViewCell, String?> = \UITableViewCell.reuseIdentifier
      let _: (Int, Int) -> IndexPath = IndexPath.init(item:section:)
      let _: (Int, Int) -> IndexPath = IndexPath.init(row:section:)
      let _: KeyPath<IndexPath, Int> = \IndexPath.item
      let _: KeyPath<IndexPath, Int> = \IndexPath.row
      let _: KeyPath<IndexPath, Int> = \IndexPath.section

      let _: (CV) -> (IndexPath) -> UICollectionViewLayoutAttributes? =
        CV.layoutAttributesForItem(at:)
      let _: KeyPath<CV, [IndexPath]> = \CV.indexPathsForVisibleItems
      let _: KeyPath<UICollectionViewLayoutAttributes, CGRect> = \.frame
      let _:
        (UICollectionLayoutListConfiguration.Appearance) -> UICollectionLayoutListConfiguration =
          UICollectionLayoutListConfiguration.init(appearance:)
      let _:
        WritableKeyPath<
          UICollectionLayoutListConfiguration, UICollectionLayoutListConfiguration.HeaderMode
        > = \.headerMode
      let _: (UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout =
        UICollectionViewCompositionalLayout.list(using:)
      let _: (UICollectionViewListCell) -> () -> UIListContentConfiguration =
        UICollectionViewListCell.defaultContentConfiguration
      let _: ReferenceWritableKeyPath<UICollectionViewListCell, [UICellAccessory]> = \.accessories
      let _: ReferenceWritableKeyPath<UICollectionViewCell, (any UIContentConfiguration)?> =
        \.contentConfiguration
      let _: WritableKeyPath<UIListContentConfiguration, String?> = \.text
      let _: UICellAccessory = .outlineDisclosure(
        displayed: .always, options: UICellAccessory.OutlineDisclosureOptions(), actionHandler: {})
      let _: UICellAccessory = .reorder(
        displayed: .whenEditing, options: UICellAccessory.ReorderOptions())
      let _:
        (@escaping UICollectionView.CellRegistration<UICollectionViewListCell, Int>.Handler)
          -> UICollectionView.CellRegistration<UICollectionViewListCell, Int> =
          UICollectionView.CellRegistration.init(handler:)
      let _:
        (CV) -> (UICollectionView.CellRegistration<UICollectionViewListCell, Int>, IndexPath, Int?)
          -> UICollectionViewListCell = CV.dequeueConfiguredReusableCell(using:for:item:)
    }
  }
#endif

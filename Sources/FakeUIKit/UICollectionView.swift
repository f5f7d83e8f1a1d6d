// UICollectionView's members the adapter uses, with Apple's signatures. The fake's own state
// and checks (its "crashes", recorded instead of raised) are in UICollectionView+Fake.swift.

import FakeListSupport
import Foundation
import Snapshot

/// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
@MainActor open class UICollectionViewLayout: NSObject {}

/// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/frame
  open var frame: CGRect = .zero
  /// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes/indexpath
  open var indexPath = IndexPath(item: 0, section: 0)
}

/// https://developer.apple.com/documentation/uikit/uicollectionview
@MainActor open class UICollectionView: UIView {
  /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader
  /// (UICollectionView.elementKindSectionHeader)
  public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"

  /// https://developer.apple.com/documentation/uikit/uicollectionview/datasource
  @exclusivity(unchecked) open weak var dataSource: (any UICollectionViewDataSource)?

  /// https://developer.apple.com/documentation/uikit/uicollectionview/collectionviewlayout
  open var collectionViewLayout: UICollectionViewLayout

  /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
  /// (UIScrollView; the fake keeps it, and only its user moves it)
  open var contentOffset: CGPoint = .zero

  /// https://developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    fake.owner = self
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)-6ycbe
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
    fake.cellClasses[identifier] = cellClass as? UICollectionViewCell.Type
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forsupplementaryviewofkind:withreuseidentifier:)-4pgfq
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    fake.supplementaryClasses[elementKind + "/" + identifier] =
      viewClass as? UICollectionReusableView.Type
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell
  {
    fake.dequeueCell(identifier, indexPath, kind: "UICollectionElementKindCell") {
      let cell = $0.init(frame: .zero)
      cell.reuseIdentifier = identifier
      return cell
    }
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:)
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView {
    fake.makeView(
      fake.supplementaryClasses[elementKind + "/" + identifier], kind: elementKind, identifier
    ) {
      let view = $0.init(frame: .zero)
      view.reuseIdentifier = identifier
      return view
    }
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
  open func reloadData() {
    fake.reloadData()
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
  open func performBatchUpdates(
    _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    fake.performBatchUpdates(updates, completion: completion)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
  open func insertSections(_ sections: IndexSet) {
    fake.collectSections(.insertSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
  open func deleteSections(_ sections: IndexSet) {
    fake.collectSections(.deleteSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
  open func reloadSections(_ sections: IndexSet) {
    fake.collectSections(.reloadSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {
    fake.collectSectionMove(.moveSection, section, newSection)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
  open func insertItems(at indexPaths: [IndexPath]) {
    fake.collectItems(.insertItems, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
  open func deleteItems(at indexPaths: [IndexPath]) {
    fake.collectItems(.deleteItems, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
  open func reloadItems(at indexPaths: [IndexPath]) {
    fake.collectItems(.reloadItems, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    fake.collectItemMove(.moveItem, indexPath, newIndexPath)
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
  open func reconfigureItems(at indexPaths: [IndexPath]) {
    fake.reconfigure(indexPaths, "reconfigureItems(at: \(indexPaths))")
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofsections
  open var numberOfSections: Int {
    fake.layoutIfStale()
    return fake.rows.count
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/numberofitems(insection:)
  open func numberOfItems(inSection section: Int) -> Int {
    fake.layoutIfStale()
    return fake.rows.indices.contains(section) ? fake.rows[section].count : 0
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/cellforitem(at:)
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
    fake.cells[indexPath] as? UICollectionViewCell
  }

  /// Every row's height in the fake's layout, in points (not UIKit API): a row's frame
  /// starts at its position among all rows times this.
  public var fakeRowHeight: CGFloat = 44

  /// https://developer.apple.com/documentation/uikit/uicollectionview/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let top = fake.top(of: indexPath, rowHeight: fakeRowHeight) else { return nil }
    let attributes = UICollectionViewLayoutAttributes()
    attributes.indexPath = indexPath
    attributes.frame = CGRect(x: 0, y: top, width: frame.width, height: fakeRowHeight)
    return attributes
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems
  open var indexPathsForVisibleItems: [IndexPath] {
    fake.visibleRows(offset: contentOffset.y, height: frame.height, rowHeight: fakeRowHeight)
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  open override func layoutIfNeeded() {
    fake.layoutIfStale()
  }

  /// The fake's state and checks: not UIKit API.
  public let fake = FakeListCore()
}

extension UICollectionView: FakeListOwner {
  package var fakeHasDataSource: Bool { dataSource != nil }
  package var fakeAnimationsEnabled: Bool { UIView.areAnimationsEnabled }
  package func fakeIdentity(of cell: AnyObject) -> String? { (cell as? UIView)?.fakeIdentity }
  package func fakeSectionCount() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
  package func fakeItemCount(_ section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  package func fakeCell(at indexPath: IndexPath) -> AnyObject {
    dataSource!.collectionView(self, cellForItemAt: indexPath)
  }
  package func fakeCanMove(at indexPath: IndexPath) -> Bool {
    dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false
  }
  package func fakeReportMove(from source: IndexPath, to destination: IndexPath) {
    dataSource?.collectionView(self, moveItemAt: source, to: destination)
  }
}

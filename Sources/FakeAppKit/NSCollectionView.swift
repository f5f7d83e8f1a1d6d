// NSCollectionView's members the adapter uses, with Apple's signatures; its checks are the
// shared FakeListCore's (NSCollectionView validates a batch as UICollectionView does).

import FakeListSupport
import Foundation
import Snapshot

/// https://developer.apple.com/documentation/appkit/nsviewcontroller
@MainActor open class NSViewController: NSResponder {
  /// https://developer.apple.com/documentation/appkit/nsviewcontroller/view
  open lazy var view = NSView(frame: .zero)
  /// https://developer.apple.com/documentation/appkit/nsviewcontroller/representedobject
  open var representedObject: Any?
}

/// https://developer.apple.com/documentation/appkit/nscollectionviewitem
@MainActor open class NSCollectionViewItem: NSViewController {
  /// (the fake builds registered classes with it)
  public required override init() { super.init() }
}

/// https://developer.apple.com/documentation/appkit/nscollectionviewlayout
@MainActor open class NSCollectionViewLayout: NSObject {}

/// https://developer.apple.com/documentation/appkit/nscollectionviewflowlayout
@MainActor open class NSCollectionViewFlowLayout: NSCollectionViewLayout {}

/// https://developer.apple.com/documentation/appkit/nscollectionviewlayoutattributes
@MainActor open class NSCollectionViewLayoutAttributes: NSObject {
  /// https://developer.apple.com/documentation/appkit/nscollectionviewlayoutattributes/frame
  open var frame: NSRect = .zero
  /// https://developer.apple.com/documentation/appkit/nscollectionviewlayoutattributes/indexpath
  open var indexPath: IndexPath?
}

/// https://developer.apple.com/documentation/appkit/nscollectionviewelement
@MainActor public protocol NSCollectionViewElement: NSObjectProtocol {}

/// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource
@MainActor public protocol NSCollectionViewDataSource: NSObjectProtocol {
  /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:numberofitemsinsection:)
  func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:itemforrepresentedobjectat:)
  func collectionView(
    _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> NSCollectionViewItem
  /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/numberofsections(in:)
  /// (optional in AppKit)
  func numberOfSections(in collectionView: NSCollectionView) -> Int
  /// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
  /// (optional in AppKit)
  func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView
}

/// https://developer.apple.com/documentation/appkit/nscollectionview
@MainActor open class NSCollectionView: NSView {
  /// https://developer.apple.com/documentation/appkit/nscollectionview/supplementaryelementkind
  public typealias SupplementaryElementKind = String

  /// https://developer.apple.com/documentation/appkit/nscollectionview/elementkindsectionheader
  public static let elementKindSectionHeader: NSCollectionView.SupplementaryElementKind =
    "UICollectionElementKindSectionHeader"

  /// https://developer.apple.com/documentation/appkit/nscollectionview/datasource
  open weak var dataSource: (any NSCollectionViewDataSource)?
  /// https://developer.apple.com/documentation/appkit/nscollectionview/delegate
  open weak var delegate: (any NSCollectionViewDelegate)?
  /// https://developer.apple.com/documentation/appkit/nscollectionview/collectionviewlayout
  open var collectionViewLayout: NSCollectionViewLayout?

  /// The fake's state and checks: not AppKit API.
  public let fake = FakeListCore()

  /// https://developer.apple.com/documentation/appkit/nsview/init(frame:)
  public required init(frame frameRect: NSRect) {
    super.init(frame: frameRect)
    fake.owner = self
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/register(_:foritemwithidentifier:)-8v7be
  open func register(
    _ itemClass: AnyClass?, forItemWithIdentifier identifier: NSUserInterfaceItemIdentifier
  ) {
    fake.cellClasses[identifier.rawValue] = itemClass as? NSCollectionViewItem.Type
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/register(_:forsupplementaryviewofkind:withidentifier:)-4ouup
  open func register(
    _ viewClass: AnyClass?,
    forSupplementaryViewOfKind kind: NSCollectionView.SupplementaryElementKind,
    withIdentifier identifier: NSUserInterfaceItemIdentifier
  ) {
    fake.supplementaryClasses[kind + "/" + identifier.rawValue] = viewClass as? NSView.Type
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/makesupplementaryview(ofkind:withidentifier:for:)
  open func makeSupplementaryView(
    ofKind elementKind: NSCollectionView.SupplementaryElementKind,
    withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath
  ) -> NSView {
    fake.makeView(
      fake.supplementaryClasses[elementKind + "/" + identifier.rawValue], kind: elementKind,
      identifier.rawValue
    ) { $0.init(frame: .zero) }
  }

  /// The layout asks for the supplementary view of `kind` at `indexPath`, as AppKit does when
  /// it shows one (not AppKit API): the view the data source gives, read by its
  /// accessibility identifier.
  public func fakeSupplementaryView(
    ofKind kind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath
  ) -> String? {
    fake.layoutIfStale()
    guard let dataSource else { return nil }
    return dataSource.collectionView(
      self, viewForSupplementaryElementOfKind: kind, at: indexPath
    ).accessibilityIdentifier()
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/makeitem(withidentifier:for:)
  open func makeItem(
    withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath
  ) -> NSCollectionViewItem {
    fake.dequeueCell(identifier.rawValue, indexPath, kind: "NSCollectionViewItem") {
      $0.init()
    }
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/reloaddata()
  open func reloadData() { fake.reloadData() }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/performbatchupdates(_:completionhandler:)
  open func performBatchUpdates(
    _ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil
  ) {
    fake.performBatchUpdates(updates, completion: completionHandler)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/insertsections(_:)
  open func insertSections(_ sections: IndexSet) {
    fake.collectSections(.insertSections, sections)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/deletesections(_:)
  open func deleteSections(_ sections: IndexSet) {
    fake.collectSections(.deleteSections, sections)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/reloadsections(_:)
  open func reloadSections(_ sections: IndexSet) {
    fake.collectSections(.reloadSections, sections)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {
    fake.collectSectionMove(.moveSection, section, newSection)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/insertitems(at:)
  open func insertItems(at indexPaths: Set<IndexPath>) {
    fake.collectItems(.insertItems, Array(indexPaths))
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/deleteitems(at:)
  open func deleteItems(at indexPaths: Set<IndexPath>) {
    fake.collectItems(.deleteItems, Array(indexPaths))
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/reloaditems(at:)
  open func reloadItems(at indexPaths: Set<IndexPath>) {
    fake.collectItems(.reloadItems, Array(indexPaths))
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/moveitem(at:to:)
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    fake.collectItemMove(.moveItem, indexPath, newIndexPath)
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/numberofsections
  open var numberOfSections: Int {
    fake.layoutIfStale()
    return fake.rows.count
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/numberofitems(insection:)
  open func numberOfItems(inSection section: Int) -> Int {
    fake.layoutIfStale()
    return fake.rows.indices.contains(section) ? fake.rows[section].count : 0
  }

  /// Every item's height in the fake's layout, in points (not AppKit API): an item's frame
  /// starts at its position among all items times this.
  public var fakeRowHeight: CGFloat = 44

  /// https://developer.apple.com/documentation/appkit/nscollectionview/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? {
    guard let top = fake.top(of: indexPath, rowHeight: fakeRowHeight) else { return nil }
    let attributes = NSCollectionViewLayoutAttributes()
    attributes.indexPath = indexPath
    attributes.frame = NSRect(x: 0, y: top, width: frame.width, height: fakeRowHeight)
    return attributes
  }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/indexpathsforvisibleitems()
  open func indexPathsForVisibleItems() -> Set<IndexPath> {
    Set(
      fake.visibleRows(
        offset: visibleRect.minY, height: visibleRect.height, rowHeight: fakeRowHeight))
  }

  /// https://developer.apple.com/documentation/appkit/nsview/layoutsubtreeifneeded()
  open override func layoutSubtreeIfNeeded() { fake.layoutIfStale() }

  /// https://developer.apple.com/documentation/appkit/nscollectionview/item(at:)-3ft8k
  open func item(at indexPath: IndexPath) -> NSCollectionViewItem? {
    fake.cells[indexPath] as? NSCollectionViewItem
  }
}

extension NSCollectionView: FakeListOwner {
  package var fakeHasDataSource: Bool { dataSource != nil }
  package var fakeAnimationsEnabled: Bool { NSAnimationContext.current.duration > 0 }
  package func fakeIdentity(of cell: AnyObject) -> String? {
    (cell as? NSCollectionViewItem)?.view.accessibilityIdentifier()
  }
  package func fakeSectionCount() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
  package func fakeItemCount(_ section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  package func fakeCell(at indexPath: IndexPath) -> AnyObject {
    dataSource!.collectionView(self, itemForRepresentedObjectAt: indexPath)
  }
  package func fakeCanMove(at indexPath: IndexPath) -> Bool { false }
  package func fakeReportMove(from source: IndexPath, to destination: IndexPath) {}
}

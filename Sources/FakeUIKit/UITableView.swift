// UITableView's members the adapter uses, with Apple's signatures; its checks are the
// shared FakeListCore's (UIKit's table view validates a batch as its collection view does).

import FakeListSupport
import Foundation
import Snapshot

/// https://developer.apple.com/documentation/uikit/uitableviewcell
@MainActor open class UITableViewCell: UIView {
  /// https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
  public enum CellStyle: Int, Sendable {
    case `default`, value1, value2, subtitle
  }

  /// https://developer.apple.com/documentation/uikit/uitableviewcell/reuseidentifier
  open internal(set) var reuseIdentifier: String?

  /// https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
  /// (required in the fake, which builds registered classes with it, as UIKit does)
  public required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
  }
}

/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int

  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell

  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
  /// (optional in UIKit)
  func numberOfSections(in tableView: UITableView) -> Int

  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
  /// (optional in UIKit)
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:)
  /// (optional in UIKit)
  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

/// https://developer.apple.com/documentation/uikit/uitableview
@MainActor open class UITableView: UIView {
  /// https://developer.apple.com/documentation/uikit/uitableview/style
  public enum Style: Int, Sendable {
    case plain, grouped, insetGrouped
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
  public enum RowAnimation: Int, Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/datasource
  open weak var dataSource: (any UITableViewDataSource)?

  /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.property
  open private(set) var style: UITableView.Style

  /// The fake's state and checks: not UIKit API.
  public let fake = FakeListCore()

  /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init(frame: frame)
    fake.owner = self
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-2d3ze
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    fake.cellClasses[identifier] = cellClass as? UITableViewCell.Type
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell
  {
    fake.dequeueCell(identifier, indexPath, kind: "UITableViewCell") {
      $0.init(style: .default, reuseIdentifier: identifier)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
  open func reloadData() {
    fake.reloadData()
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    fake.performBatchUpdates(updates, completion: completion)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    fake.collectSections(.insertSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    fake.collectSections(.deleteSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    fake.collectSections(.reloadSections, sections)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {
    fake.collectSectionMove(.moveSection, section, newSection)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    fake.collectItems(.insertRows, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    fake.collectItems(.deleteRows, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    fake.collectItems(.reloadRows, indexPaths)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    fake.collectItemMove(.moveRow, indexPath, newIndexPath)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    fake.reconfigure(indexPaths, "reconfigureRows(at: \(indexPaths))")
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/numberofsections
  open var numberOfSections: Int {
    fake.layoutIfStale()
    return fake.rows.count
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/numberofrows(insection:)
  open func numberOfRows(inSection section: Int) -> Int {
    fake.layoutIfStale()
    return fake.rows.indices.contains(section) ? fake.rows[section].count : 0
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/cellforrow(at:)
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    fake.cells[indexPath] as? UITableViewCell
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  open override func layoutIfNeeded() {
    fake.layoutIfStale()
  }

  /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
  /// (UIScrollView; the fake keeps it, and only its user moves it)
  open var contentOffset: CGPoint = .zero

  /// https://developer.apple.com/documentation/uikit/uitableview/rowheight
  /// (UIKit's default is `automaticDimension`; the fake's rows all have this height, no
  /// section headers or footers)
  open var rowHeight: CGFloat = 44

  /// https://developer.apple.com/documentation/uikit/uitableview/rectforrow(at:)
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    guard let top = fake.top(of: indexPath, rowHeight: rowHeight) else { return .zero }
    return CGRect(x: 0, y: top, width: frame.width, height: rowHeight)
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/indexpathsforvisiblerows
  open var indexPathsForVisibleRows: [IndexPath]? {
    fake.visibleRows(offset: contentOffset.y, height: frame.height, rowHeight: rowHeight)
  }
}

extension UITableView: FakeListOwner {
  package var fakeHasDataSource: Bool { dataSource != nil }
  package var fakeAnimationsEnabled: Bool { UIView.areAnimationsEnabled }
  package func fakeIdentity(of cell: AnyObject) -> String? { (cell as? UIView)?.fakeIdentity }
  package func fakeSectionCount() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
  package func fakeItemCount(_ section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }
  package func fakeCell(at indexPath: IndexPath) -> AnyObject {
    dataSource!.tableView(self, cellForRowAt: indexPath)
  }
  package func fakeCanMove(at indexPath: IndexPath) -> Bool {
    dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false
  }
  package func fakeReportMove(from source: IndexPath, to destination: IndexPath) {
    dataSource?.tableView(self, moveRowAt: source, to: destination)
  }
}

extension IndexPath {
  /// https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
  /// (UIKit's addition to Foundation's IndexPath)
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// https://developer.apple.com/documentation/foundation/indexpath/row
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}

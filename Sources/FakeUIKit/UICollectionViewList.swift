// The list-configuration members of UIKit that a collection-view outline uses, with Apple's
// signatures: enough to compile and run the README's example against the fake.

import FakeListSupport
import Foundation

/// https://developer.apple.com/documentation/uikit/uicontentconfiguration
@MainActor public protocol UIContentConfiguration {}

/// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/text
  public var text: String?
}

/// https://developer.apple.com/documentation/uikit/uicellaccessory
public struct UICellAccessory {
  /// https://developer.apple.com/documentation/uikit/uicellaccessory/displayedstate-swift.enum
  public enum DisplayedState: Sendable {
    case always, whenEditing, whenNotEditing
  }

  /// https://developer.apple.com/documentation/uikit/uicellaccessory/outlinedisclosureoptions
  public struct OutlineDisclosureOptions {
    public init() {}
  }

  /// https://developer.apple.com/documentation/uikit/uicellaccessory/reorderoptions
  public struct ReorderOptions {
    public init() {}
  }

  /// What the accessory is (not UIKit API).
  public enum FakeKind { case outlineDisclosure, reorder }
  /// The fake's view of the accessory (not UIKit API).
  public let fakeKind: FakeKind
  /// The outline disclosure's action, run by a tap on it (not UIKit API).
  public let fakeActionHandler: (() -> Void)?

  /// https://developer.apple.com/documentation/uikit/uicellaccessory/outlinedisclosure(displayed:options:actionhandler:)
  public static func outlineDisclosure(
    displayed: UICellAccessory.DisplayedState = .always,
    options: UICellAccessory.OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: (() -> Void)? = nil
  ) -> UICellAccessory {
    UICellAccessory(fakeKind: .outlineDisclosure, fakeActionHandler: actionHandler)
  }

  /// https://developer.apple.com/documentation/uikit/uicellaccessory/reorder(displayed:options:)
  public static func reorder(
    displayed: UICellAccessory.DisplayedState = .whenEditing,
    options: UICellAccessory.ReorderOptions = ReorderOptions()
  ) -> UICellAccessory {
    UICellAccessory(fakeKind: .reorder, fakeActionHandler: nil)
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration
public struct UICollectionLayoutListConfiguration {
  /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/appearance-swift.enum
  public enum Appearance: Sendable {
    case plain, grouped, insetGrouped, sidebar, sidebarPlain
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/headermode-swift.enum
  public enum HeaderMode: Sendable {
    case none, supplementary, firstItemInSection
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/appearance-swift.property
  public var appearance: Appearance
  /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/headermode-swift.property
  public var headerMode: HeaderMode = .none

  /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/init(appearance:)
  public init(appearance: UICollectionLayoutListConfiguration.Appearance) {
    self.appearance = appearance
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
@MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  /// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/list(using:)
  public static func list(using configuration: UICollectionLayoutListConfiguration)
    -> UICollectionViewCompositionalLayout
  {
    UICollectionViewCompositionalLayout()
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell
@MainActor open class UICollectionViewListCell: UICollectionViewCell {
  /// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/accessories
  open var accessories: [UICellAccessory] = []

  /// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/defaultcontentconfiguration()
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    UIListContentConfiguration()
  }
}

extension UICollectionViewCell {
  /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration
  /// (the fake keeps it, and reads a list configuration's text as the row it shows when the
  /// cell has no accessibility identifier)
  public var contentConfiguration: (any UIContentConfiguration)? {
    get { fakeContentConfiguration }
    set { fakeContentConfiguration = newValue }
  }
}

extension UICollectionView {
  /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/handler
    public typealias Handler = (Cell, IndexPath, Item) -> Void

    let handler: Handler
    let reuseIdentifier = "CellRegistration-\(Cell.self)"

    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/init(handler:)
    public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {
      self.handler = handler
    }
  }

  /// https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath,
    item: Item?
  ) -> Cell {
    if fake.cellClasses[registration.reuseIdentifier] == nil {
      register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
    }
    let cell = dequeueReusableCell(
      withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    guard let cell = cell as? Cell, let item else { return Cell(frame: .zero) }
    registration.handler(cell, indexPath, item)
    return cell
  }
}

// A Linux-only test shim: the few members of UIKit's view classes the SnapshotUIKit adapters
// use, with Apple's signatures, behaving as UIKit does where crashes come from. Not UIKit:
// never ship it. Each declaration cites its documentation page.

@_exported import FakeListSupport
import Foundation

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
  /// https://developer.apple.com/documentation/uikit/uiview/window
  /// (Unchecked exclusivity, here and on the views' `dataSource`: read on every update of
  /// the fake, a load that overlaps nothing.)
  @exclusivity(unchecked) open internal(set) weak var window: UIWindow?

  /// https://developer.apple.com/documentation/uikit/uiview/superview
  open internal(set) weak var superview: UIView?

  /// https://developer.apple.com/documentation/uikit/uiview/subviews
  open internal(set) var subviews: [UIView] = []

  /// https://developer.apple.com/documentation/objectivec/nsobject/accessibilityidentifier
  /// (UIAccessibilityIdentification): the fake reads a cell's as the row it shows.
  open var accessibilityIdentifier: String?

  /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// https://developer.apple.com/documentation/uikit/uiview/frame
  open var frame: CGRect

  /// https://developer.apple.com/documentation/uikit/uiview/bounds
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

  /// The row a cell shows, to the fake (not UIKit API): its accessibility identifier.
  var fakeIdentity: String? { accessibilityIdentifier }

  /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    view.moveToWindow(window ?? (self as? UIWindow))
  }

  /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
  open func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
    moveToWindow(nil)
  }

  func moveToWindow(_ newWindow: UIWindow?) {
    window = newWindow
    for view in subviews { view.moveToWindow(newWindow) }
  }

  /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
  open func layoutIfNeeded() {}

  /// https://developer.apple.com/documentation/uikit/uiview/setneedslayout()
  open func setNeedsLayout() {}

  /// https://developer.apple.com/documentation/uikit/uiview/areanimationsenabled
  public internal(set) static var areAnimationsEnabled = true

  /// https://developer.apple.com/documentation/uikit/uiview/setanimationsenabled(_:)
  public static func setAnimationsEnabled(_ enabled: Bool) {
    areAnimationsEnabled = enabled
  }

  /// https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
  public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let enabled = areAnimationsEnabled
    areAnimationsEnabled = false
    defer { areAnimationsEnabled = enabled }
    actionsWithoutAnimation()
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}

/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
@MainActor open class UICollectionReusableView: UIView {
  /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/reuseidentifier
  open internal(set) var reuseIdentifier: String?

  /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
  open func prepareForReuse() {}

  /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/init(frame:)
  public required override init(frame: CGRect) {
    super.init(frame: frame)
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@MainActor open class UICollectionViewCell: UICollectionReusableView {
  var fakeContentConfiguration: (any UIContentConfiguration)?

  override var fakeIdentity: String? {
    accessibilityIdentifier ?? (fakeContentConfiguration as? UIListContentConfiguration)?.text
  }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int

  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell

  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
  /// (optional in UIKit)
  func numberOfSections(in collectionView: UICollectionView) -> Int

  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
  /// (optional in UIKit)
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView

  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:canmoveitemat:)
  /// (optional in UIKit)
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool

  /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:moveitemat:to:)
  /// (optional in UIKit)
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

// The README's UICollectionView example: seed 003's outline in a list. The lines between
// "example:" markers are what the README shows; the test below runs them against the fake
// (Linux), and the macOS workflow compiles them against UIKit.
#if canImport(UIKit) || os(Linux)
  #if canImport(UIKit)
    import UIKit
  #else
    import FakeUIKit
  #endif
  import Snapshot
  import SnapshotUIKit

  enum OutlineItem: Hashable, Sendable {
    case section(String)
    case header(String)
    case child(String)
    var title: String {
      switch self {
      case .section(let t), .header(let t), .child(let t): return t
      }
    }
    var isChild: Bool { if case .child = self { true } else { false } }
  }

  /// Seed 003's animals: each kind and its breeds.
  let seed003Animals = [
    ("犬", ["柴犬", "ヨークシャテリア", "ミニチュアシュナウザー"]),
    ("猫", ["アメリカンショートヘア", "ノルウェージャンフォレストキャット", "三毛猫"]),
  ]

  // example: begin
  @MainActor func makeOutlineList(in window: UIWindow)
    -> CollectionViewDiffableDataSource<String, OutlineItem>
  {
    var configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
    configuration.headerMode = .firstItemInSection
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
    window.addSubview(collectionView)
    weak var weakDataSource: CollectionViewDiffableDataSource<String, OutlineItem>?
    let cell = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineItem> {
      cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = item.title
      cell.contentConfiguration = content
      let toggle = { _ = try? weakDataSource?.base.toggle(item) }
      cell.accessories = item.isChild ? [.reorder()] : [.outlineDisclosure(actionHandler: toggle)]
    }
    let dataSource = CollectionViewDiffableDataSource<String, OutlineItem>(
      collectionView: collectionView
    ) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
    }
    weakDataSource = dataSource
    dataSource.base.defaultHeaderMode = .firstItemInSection
    dataSource.base.reorderingHandlers.canReorderItem = { $0.isChild }
    var animals = DiffableDataSourceSectionSnapshot<OutlineItem>()
    animals.append([.section("動物")])
    for (header, names) in seed003Animals {
      animals.append([.header(header)], to: .section("動物"))
      animals.append(names.map(OutlineItem.child), to: .header(header))
    }
    animals.expand([.section("動物")])
    dataSource.base.apply(animals, to: "動物")  // appends the section
    return dataSource
  }
// example: end
#endif

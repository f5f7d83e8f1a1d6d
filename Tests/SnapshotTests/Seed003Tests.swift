import Testing

@testable import Snapshot

// Seed 003 (a Japanese blog post, "UIKit版のOutlineのサンプルを実装してハマった"): two outline
// list samples showing the same model, rebuilt with this library's snapshots.
//
//   動物                       食べ物
//   ├─ 犬                      ├─ 肉
//   │   ├─ 柴犬                │   ├─ 豚肉
//   │   ├─ ヨークシャテリア     │   ├─ 牛肉
//   │   └─ ミニチュアシュナウザー │   └─ 馬肉
//   └─ 猫                      └─ 野菜
//       ├─ アメリカンショートヘア       ├─ セロリ
//       ├─ ノルウェージャンフォレストキャット ├─ ブロッコリー
//       └─ 三毛猫                       └─ トマト
//
// The post's data spells the first dog " 柴犬", with a leading space, which looks like a
// typo (no other name has one). We use "柴犬" without it; `leadingSpaceMakesADistinctItem`
// shows the two spellings are different identifiers.
//
// The post's model types carry a `UUID` to make equal titles distinct; every title here is
// unique, so the value types below are identified by their content alone.

// MARK: - The model (the post's enums)

private enum Kind: CaseIterable {
  case animal, food

  var title: String {
    switch self {
    case .animal: return "動物"
    case .food: return "食べ物"
    }
  }

  /// The categories of this kind, each with its names.
  var categories: [(title: String, names: [String])] {
    switch self {
    case .animal:
      return [
        ("犬", ["柴犬", "ヨークシャテリア", "ミニチュアシュナウザー"]),
        ("猫", ["アメリカンショートヘア", "ノルウェージャンフォレストキャット", "三毛猫"]),
      ]
    case .food:
      return [
        ("肉", ["豚肉", "牛肉", "馬肉"]),
        ("野菜", ["セロリ", "ブロッコリー", "トマト"]),
      ]
    }
  }
}

// MARK: - SimpleOutlineList's types

/// SimpleOutlineListViewModel.Item: one type for every level.
private struct Item: Hashable, Sendable, CustomStringConvertible {
  let title: String
  let children: [Item]

  var hasChildren: Bool { !children.isEmpty }
  var description: String { title }
}

/// SimpleOutlineListViewModel.items.
private func simpleOutlineItems() -> [Item] {
  Kind.allCases.map { kind in
    Item(
      title: kind.title,
      children: kind.categories.map { category in
        Item(title: category.title, children: category.names.map { Item(title: $0, children: []) })
      })
  }
}

// MARK: - OutlineListWithSection's types

/// OutlineListWithSectionViewModel.SectionHeader: a section, and its first (root) item.
private struct SectionHeader: Hashable, Sendable, CustomStringConvertible {
  let title: String
  let headers: [Header]

  var description: String { title }
}

/// OutlineListWithSectionViewModel.Header: an expandable row.
private struct Header: Hashable, Sendable {
  let title: String
  let children: [Children]
}

/// OutlineListWithSectionViewModel.Children: a leaf row.
private struct Children: Hashable, Sendable {
  let title: String
}

/// OutlineListWithSectionViewModel.ListItem: the typed item, one case per level.
private enum ListItem: Hashable, Sendable, CustomStringConvertible {
  case sectionHeader(SectionHeader)
  case header(Header)
  case children(Children)

  var title: String {
    switch self {
    case .sectionHeader(let sectionHeader): return sectionHeader.title
    case .header(let header): return header.title
    case .children(let children): return children.title
    }
  }

  /// The case and the title, for comparing lists of items.
  var label: String {
    switch self {
    case .sectionHeader: return "sectionHeader:\(title)"
    case .header: return "header:\(title)"
    case .children: return "children:\(title)"
    }
  }

  var description: String { title }
}

/// OutlineListWithSectionViewModel.items.
private func outlineListWithSectionItems() -> [SectionHeader] {
  Kind.allCases.map { kind in
    SectionHeader(
      title: kind.title,
      headers: kind.categories.map { category in
        Header(title: category.title, children: category.names.map { Children(title: $0) })
      })
  }
}

/// The section snapshot of one section, as the brief and the reference describe it for the
/// "first item in section" header mode: the section header is the root, the headers are its
/// children and the names are theirs, so collapsing the section header hides the section.
private func sectionSnapshot(for sectionHeader: SectionHeader)
  -> DiffableDataSourceSectionSnapshot<ListItem>
{
  var snapshot = DiffableDataSourceSectionSnapshot<ListItem>()
  let sectionHeaderItem = ListItem.sectionHeader(sectionHeader)
  snapshot.append([sectionHeaderItem])
  for header in sectionHeader.headers {
    let headerItem = ListItem.header(header)
    snapshot.append([headerItem], to: sectionHeaderItem)
    snapshot.append(header.children.map { ListItem.children($0) }, to: headerItem)
  }
  return snapshot
}

/// The section snapshot exactly as the post's applyInitialSnapshots() builds it: the section
/// header and the headers are all root items (`append([headerItem])` has no parent).
private func postsSectionSnapshot(for sectionHeader: SectionHeader)
  -> DiffableDataSourceSectionSnapshot<ListItem>
{
  var snapshot = DiffableDataSourceSectionSnapshot<ListItem>()
  snapshot.append([ListItem.sectionHeader(sectionHeader)])
  for header in sectionHeader.headers {
    let headerItem = ListItem.header(header)
    snapshot.append([headerItem])
    snapshot.append(header.children.map { ListItem.children($0) }, to: headerItem)
  }
  return snapshot
}

@Suite struct Seed003Tests {
  // MARK: SimpleOutlineList

  /// applyInitialSnapshots(): the recursive addItems, from Apple's sample code.
  private func simpleOutlineSnapshot() -> DiffableDataSourceSectionSnapshot<Item> {
    var snapshot = DiffableDataSourceSectionSnapshot<Item>()
    func addItems(_ menuItems: [Item], to parent: Item?) {
      snapshot.append(menuItems, to: parent)
      for menuItem in menuItems where menuItem.hasChildren {
        addItems(menuItem.children, to: menuItem)
      }
    }
    addItems(simpleOutlineItems(), to: nil)
    return snapshot
  }

  private let allSimpleTitles = [
    "動物", "犬", "柴犬", "ヨークシャテリア", "ミニチュアシュナウザー",
    "猫", "アメリカンショートヘア", "ノルウェージャンフォレストキャット", "三毛猫",
    "食べ物", "肉", "豚肉", "牛肉", "馬肉", "野菜", "セロリ", "ブロッコリー", "トマト",
  ]

  @Test func simpleOutlineListItemsAndRoots() {
    let snapshot = simpleOutlineSnapshot()
    #expect(snapshot.items.map(\.title) == allSimpleTitles)
    #expect(snapshot.count == 18)
    #expect(snapshot.rootItems.map(\.title) == ["動物", "食べ物"])
    #expect(snapshot.rootItems == simpleOutlineItems())
    snapshot._checkInvariants()
  }

  @Test func simpleOutlineListLevelsAndParents() {
    let snapshot = simpleOutlineSnapshot()
    let levels = snapshot.items.map { snapshot.level(of: $0) }
    #expect(levels == [0, 1, 2, 2, 2, 1, 2, 2, 2, 0, 1, 2, 2, 2, 1, 2, 2, 2])
    let parents = snapshot.items.map { snapshot.parent(of: $0)?.title ?? "-" }
    #expect(
      parents == [
        "-", "動物", "犬", "犬", "犬", "動物", "猫", "猫", "猫",
        "-", "食べ物", "肉", "肉", "肉", "食べ物", "野菜", "野菜", "野菜",
      ])
    let animal = simpleOutlineItems()[0]
    let dog = animal.children[0]
    #expect(snapshot.children(of: animal) == animal.children)
    #expect(snapshot.children(of: dog).map(\.title) == ["柴犬", "ヨークシャテリア", "ミニチュアシュナウザー"])
    #expect(snapshot.index(of: dog) == 1)
    #expect(snapshot.index(of: simpleOutlineItems()[1]) == 9)
  }

  @Test func simpleOutlineListVisibleItemsBeforeAndAfterExpanding() {
    var snapshot = simpleOutlineSnapshot()
    // Applied as built: everything collapsed, only the roots show.
    #expect(snapshot.visibleItems.map(\.title) == ["動物", "食べ物"])
    #expect(snapshot.expandedItems == [])

    // The user opens 動物 and then 犬.
    let animal = simpleOutlineItems()[0]
    snapshot.expand([animal])
    #expect(snapshot.visibleItems.map(\.title) == ["動物", "犬", "猫", "食べ物"])
    snapshot.expand([animal.children[0]])
    #expect(
      snapshot.visibleItems.map(\.title) == [
        "動物", "犬", "柴犬", "ヨークシャテリア", "ミニチュアシュナウザー", "猫", "食べ物",
      ])

    // The post's screenshot: every item that has children expanded.
    snapshot.expand(snapshot.items.filter(\.hasChildren))
    #expect(snapshot.visibleItems.map(\.title) == allSimpleTitles)
    #expect(snapshot.expandedItems.map(\.title) == ["動物", "犬", "猫", "食べ物", "肉", "野菜"])
    snapshot._checkInvariants()
  }

  @Test func simpleOutlineListVisualDescription() {
    var snapshot = simpleOutlineSnapshot()
    #expect(
      snapshot.visualDescription() == """
        -* 動物
          -  犬
            -  柴犬
            -  ヨークシャテリア
            -  ミニチュアシュナウザー
          -  猫
            -  アメリカンショートヘア
            -  ノルウェージャンフォレストキャット
            -  三毛猫
        -* 食べ物
          -  肉
            -  豚肉
            -  牛肉
            -  馬肉
          -  野菜
            -  セロリ
            -  ブロッコリー
            -  トマト
        """)

    snapshot.expand(snapshot.items.filter(\.hasChildren))
    #expect(
      snapshot.visualDescription() == """
        +* 動物
          +* 犬
            -* 柴犬
            -* ヨークシャテリア
            -* ミニチュアシュナウザー
          +* 猫
            -* アメリカンショートヘア
            -* ノルウェージャンフォレストキャット
            -* 三毛猫
        +* 食べ物
          +* 肉
            -* 豚肉
            -* 牛肉
            -* 馬肉
          +* 野菜
            -* セロリ
            -* ブロッコリー
            -* トマト
        """)
  }

  @Test func leadingSpaceMakesADistinctItem() {
    let snapshot = simpleOutlineSnapshot()
    #expect(snapshot.contains(Item(title: "柴犬", children: [])))
    #expect(!snapshot.contains(Item(title: " 柴犬", children: [])))
  }

  // MARK: OutlineListWithSection

  private let animalLabels = [
    "sectionHeader:動物",
    "header:犬", "children:柴犬", "children:ヨークシャテリア", "children:ミニチュアシュナウザー",
    "header:猫", "children:アメリカンショートヘア", "children:ノルウェージャンフォレストキャット",
    "children:三毛猫",
  ]
  private let foodLabels = [
    "sectionHeader:食べ物",
    "header:肉", "children:豚肉", "children:牛肉", "children:馬肉",
    "header:野菜", "children:セロリ", "children:ブロッコリー", "children:トマト",
  ]

  @Test func outlineListWithSectionSections() throws {
    let sectionHeaders = outlineListWithSectionItems()
    var dataSourceSnapshot = DiffableDataSourceSnapshot<SectionHeader, ListItem>()
    dataSourceSnapshot.appendSections(sectionHeaders)
    #expect(dataSourceSnapshot.sectionIdentifiers == sectionHeaders)
    #expect(dataSourceSnapshot.sectionIdentifiers.map(\.title) == ["動物", "食べ物"])
    #expect(dataSourceSnapshot.numberOfSections == 2)
    #expect(dataSourceSnapshot.numberOfItems == 0)
    #expect(dataSourceSnapshot.indexOfSection(sectionHeaders[1]) == 1)
    #expect(dataSourceSnapshot.description == "DiffableDataSourceSnapshot(動物: []; 食べ物: [])")
    dataSourceSnapshot._checkInvariants()
    // The section identifier holds the whole tree: two identical view models are equal.
    #expect(outlineListWithSectionItems() == sectionHeaders)
  }

  @Test func outlineListWithSectionItemsRootsAndVisibleItems() {
    let sectionHeaders = outlineListWithSectionItems()
    let animal = sectionSnapshot(for: sectionHeaders[0])
    let food = sectionSnapshot(for: sectionHeaders[1])
    #expect(animal.items.map(\.label) == animalLabels)
    #expect(food.items.map(\.label) == foodLabels)
    #expect(animal.rootItems == [.sectionHeader(sectionHeaders[0])])
    #expect(food.rootItems == [.sectionHeader(sectionHeaders[1])])
    #expect(animal.visibleItems.map(\.label) == ["sectionHeader:動物"])
    #expect(food.visibleItems.map(\.label) == ["sectionHeader:食べ物"])
    animal._checkInvariants()
    food._checkInvariants()
  }

  @Test func outlineListWithSectionLevelsAndParents() {
    let sectionHeader = outlineListWithSectionItems()[1]
    let snapshot = sectionSnapshot(for: sectionHeader)
    #expect(snapshot.items.map { snapshot.level(of: $0) } == [0, 1, 2, 2, 2, 1, 2, 2, 2])
    #expect(
      snapshot.items.map { snapshot.parent(of: $0)?.label ?? "-" } == [
        "-", "sectionHeader:食べ物",
        "header:肉", "header:肉", "header:肉",
        "sectionHeader:食べ物",
        "header:野菜", "header:野菜", "header:野菜",
      ])
    let meat = ListItem.header(sectionHeader.headers[0])
    #expect(
      snapshot.children(of: .sectionHeader(sectionHeader)).map(\.label) == [
        "header:肉", "header:野菜",
      ])
    #expect(snapshot.children(of: meat).map(\.title) == ["豚肉", "牛肉", "馬肉"])
    #expect(snapshot.index(of: .children(Children(title: "トマト"))) == 8)
    #expect(snapshot.contains(.children(Children(title: "牛肉"))))
    // The same title in another case is another item.
    #expect(!snapshot.contains(.header(Header(title: "牛肉", children: []))))
  }

  @Test func outlineListWithSectionExpandingAndCollapsing() {
    let sectionHeader = outlineListWithSectionItems()[0]
    let sectionHeaderItem = ListItem.sectionHeader(sectionHeader)
    let dog = ListItem.header(sectionHeader.headers[0])
    let cat = ListItem.header(sectionHeader.headers[1])
    var snapshot = sectionSnapshot(for: sectionHeader)

    snapshot.expand([sectionHeaderItem])
    #expect(snapshot.visibleItems.map(\.label) == ["sectionHeader:動物", "header:犬", "header:猫"])
    snapshot.expand([cat])
    #expect(
      snapshot.visibleItems.map(\.label) == [
        "sectionHeader:動物", "header:犬", "header:猫", "children:アメリカンショートヘア",
        "children:ノルウェージャンフォレストキャット", "children:三毛猫",
      ])
    snapshot.expand([dog])
    #expect(snapshot.visibleItems.map(\.label) == animalLabels)
    #expect(snapshot.expandedItems == [sectionHeaderItem, dog, cat])

    // Collapsing the section header hides the whole section and keeps the inner state.
    snapshot.collapse([sectionHeaderItem])
    #expect(snapshot.visibleItems == [sectionHeaderItem])
    #expect(!snapshot.isVisible(dog))
    #expect(snapshot.isExpanded(dog))
    snapshot.expand([sectionHeaderItem])
    #expect(snapshot.visibleItems.map(\.label) == animalLabels)
    snapshot._checkInvariants()
  }

  @Test func outlineListWithSectionVisualDescription() {
    let sectionHeaders = outlineListWithSectionItems()
    var animal = sectionSnapshot(for: sectionHeaders[0])
    #expect(
      animal.visualDescription() == """
        -* 動物
          -  犬
            -  柴犬
            -  ヨークシャテリア
            -  ミニチュアシュナウザー
          -  猫
            -  アメリカンショートヘア
            -  ノルウェージャンフォレストキャット
            -  三毛猫
        """)
    var food = sectionSnapshot(for: sectionHeaders[1])
    food.expand([.sectionHeader(sectionHeaders[1]), .header(sectionHeaders[1].headers[1])])
    #expect(
      food.visualDescription() == """
        +* 食べ物
          -* 肉
            -  豚肉
            -  牛肉
            -  馬肉
          +* 野菜
            -* セロリ
            -* ブロッコリー
            -* トマト
        """)
    animal.expand(animal.items.filter { if case .children = $0 { false } else { true } })
    #expect(
      animal.visualDescription() == """
        +* 動物
          +* 犬
            -* 柴犬
            -* ヨークシャテリア
            -* ミニチュアシュナウザー
          +* 猫
            -* アメリカンショートヘア
            -* ノルウェージャンフォレストキャット
            -* 三毛猫
        """)
  }

  @Test func outlineListWithSectionWhatTheListShows() {
    // apply(_:to:) replaces a section's tree and the list shows its visible items; model
    // that by filling each section of the data source snapshot with the visible items.
    let sectionHeaders = outlineListWithSectionItems()
    var dataSourceSnapshot = DiffableDataSourceSnapshot<SectionHeader, ListItem>()
    dataSourceSnapshot.appendSections(sectionHeaders)
    var sectionSnapshots = sectionHeaders.map { sectionSnapshot(for: $0) }

    func shown() -> DiffableDataSourceSnapshot<SectionHeader, ListItem> {
      var shown = dataSourceSnapshot
      for (sectionHeader, snapshot) in zip(sectionHeaders, sectionSnapshots) {
        shown.appendItems(snapshot.visibleItems, toSection: sectionHeader)
      }
      shown._checkInvariants()
      return shown
    }

    let collapsed = shown()
    #expect(collapsed.itemIdentifiers.map(\.label) == ["sectionHeader:動物", "sectionHeader:食べ物"])
    #expect(
      collapsed.sectionIdentifier(containingItem: .sectionHeader(sectionHeaders[1]))
        == sectionHeaders[1])

    for index in sectionSnapshots.indices {
      let parents = sectionSnapshots[index].items.filter {
        if case .children = $0 { false } else { true }
      }
      sectionSnapshots[index].expand(parents)
    }
    let expanded = shown()
    #expect(expanded.itemIdentifiers.map(\.label) == animalLabels + foodLabels)
    #expect(expanded.numberOfItems(inSection: sectionHeaders[0]) == 9)
    #expect(expanded.indexOfItem(.children(Children(title: "セロリ"))) == 15)
    #expect(
      expanded.sectionIdentifier(containingItem: .header(sectionHeaders[1].headers[0]))
        == sectionHeaders[1])
    #expect(dataSourceSnapshot.numberOfItems == 0)
  }

  @Test func thePostsOwnSectionSnapshotPutsTheHeadersAtTheRoot() {
    // The post appends each header with `append([headerItem])`, without a parent: the
    // headers are roots beside the section header, so collapsing it hides nothing.
    let sectionHeader = outlineListWithSectionItems()[0]
    var snapshot = postsSectionSnapshot(for: sectionHeader)
    #expect(snapshot.items.map(\.label) == animalLabels)
    #expect(snapshot.rootItems.map(\.label) == ["sectionHeader:動物", "header:犬", "header:猫"])
    #expect(snapshot.visibleItems.map(\.label) == ["sectionHeader:動物", "header:犬", "header:猫"])
    #expect(snapshot.items.map { snapshot.level(of: $0) } == [0, 0, 1, 1, 1, 0, 1, 1, 1])
    snapshot.expand([.header(sectionHeader.headers[0])])
    #expect(
      snapshot.visualDescription() == """
        -* 動物
        +* 犬
          -* 柴犬
          -* ヨークシャテリア
          -* ミニチュアシュナウザー
        -* 猫
          -  アメリカンショートヘア
          -  ノルウェージャンフォレストキャット
          -  三毛猫
        """)
    snapshot._checkInvariants()
  }
}

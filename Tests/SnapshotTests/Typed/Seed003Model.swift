import Foundation

@testable import Snapshot

/// Seed 003's OutlineListWithSection view model, as the blog post writes it (typed
/// `ListItem` enum, no `AnyHashable`), made `Codable` and `Sendable` for the tests.
enum Seed003 {
  enum Kind: CaseIterable {
    case animal, food

    var description: String {
      switch self {
      case .animal: return "動物"
      case .food: return "食べ物"
      }
    }
  }

  enum Animal: String, CaseIterable {
    case dog, cat

    var description: String { self == .dog ? "犬" : "猫" }

    var names: [String] {
      switch self {
      case .dog: return [" 柴犬", "ヨークシャテリア", "ミニチュアシュナウザー"]
      case .cat: return ["アメリカンショートヘア", "ノルウェージャンフォレストキャット", "三毛猫"]
      }
    }
  }

  enum Food: String, CaseIterable {
    case meat, vegetable

    var description: String { self == .meat ? "肉" : "野菜" }

    var names: [String] {
      switch self {
      case .meat: return ["豚肉", "牛肉", "馬肉"]
      case .vegetable: return ["セロリ", "ブロッコリー", "トマト"]
      }
    }
  }

  enum ListItem: Hashable, Codable, Sendable {
    case sectionHeader(SectionHeader)
    case header(Header)
    case children(Children)
  }

  struct SectionHeader: Hashable, Codable, Sendable {
    var identifier = UUID()
    let title: String
    let headers: [Header]
  }

  struct Header: Hashable, Codable, Sendable {
    var identifier = UUID()
    let title: String
    let children: [Children]
  }

  struct Children: Hashable, Codable, Sendable {
    var identifier = UUID()
    let title: String
  }

  /// `OutlineListWithSectionViewModel.items`.
  static func makeItems() -> [SectionHeader] {
    Kind.allCases.map { kind in
      switch kind {
      case .animal:
        let headers = Animal.allCases.map { animal in
          Header(title: animal.description, children: animal.names.map { Children(title: $0) })
        }
        return SectionHeader(title: kind.description, headers: headers)
      case .food:
        let headers = Food.allCases.map { food in
          Header(title: food.description, children: food.names.map { Children(title: $0) })
        }
        return SectionHeader(title: kind.description, headers: headers)
      }
    }
  }

  /// The blog's `applyInitialSnapshots()`, imperative: the sectioned snapshot (sections
  /// only) and one section snapshot per section.
  static func imperative(_ items: [SectionHeader]) -> (
    snapshot: DiffableDataSourceSnapshot<SectionHeader, ListItem>,
    sections: [DiffableDataSourceSectionSnapshot<ListItem>]
  ) {
    var dataSourceSnapshot = DiffableDataSourceSnapshot<SectionHeader, ListItem>()
    dataSourceSnapshot.appendSections(items)
    var sections: [DiffableDataSourceSectionSnapshot<ListItem>] = []
    for sectionHeader in items {
      var sectionSnapshot = DiffableDataSourceSectionSnapshot<ListItem>()
      let sectionHeaderItem = ListItem.sectionHeader(sectionHeader)
      sectionSnapshot.append([sectionHeaderItem])
      for header in sectionHeader.headers {
        let headerItem = ListItem.header(header)
        let childrenItems = header.children.map { ListItem.children($0) }
        sectionSnapshot.append([headerItem])
        sectionSnapshot.append(childrenItems, to: headerItem)
      }
      sections.append(sectionSnapshot)
    }
    return (dataSourceSnapshot, sections)
  }
}

extension Seed003.SectionHeader {
  /// The rows of the section at its top level: the section header first, then the headers.
  var rows: [Seed003.ListItem] { [.sectionHeader(self)] + headers.map(Seed003.ListItem.header) }
}

extension Seed003.ListItem {
  /// Children for the key-path initializers: a header's children; nil (a leaf) otherwise.
  var children: [Seed003.ListItem]? {
    guard case .header(let header) = self else { return nil }
    return header.children.map(Seed003.ListItem.children)
  }
}

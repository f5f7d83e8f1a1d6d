import Testing

@testable import Snapshot

@Suite("Seed 003: OutlineListWithSection, typed")
struct Seed003BuilderTests {
  typealias ListItem = Seed003.ListItem
  typealias SectionHeader = Seed003.SectionHeader

  let items = Seed003.makeItems()

  @Test func builderMatchesImperative() {
    let imperative = Seed003.imperative(items)
    // The whole of applyInitialSnapshots(), with the builder:
    let outline = SectionedOutline<SectionHeader, ListItem> {
      for section in items {
        SnapshotSection(section) {
          ListItem.sectionHeader(section)
          for header in section.headers {
            SnapshotItem(.header(header)) {
              header.children.map(ListItem.children)
            }
          }
        }
      }
    }
    #expect(outline.sectionIdentifiers == imperative.snapshot.sectionIdentifiers)
    for (section, expected) in zip(items, imperative.sections) {
      #expect(outline.snapshot(for: section) == expected)
    }
    let sections = DiffableDataSourceSnapshot<SectionHeader, ListItem> {
      for section in items { SnapshotSection(section) }
    }
    #expect(sections == imperative.snapshot)
  }
}

import Testing

@testable import Snapshot

/// Changing ``DiffableDataSource/defaultHeaderMode`` while sections exist (issue 15, defect 1).
@Suite("DiffableDataSource default header mode")
struct DataSourceHeaderModeTests {
  typealias Source = DiffableDataSource<Int, Int>

  static func flat(_ items: [Int]) -> DiffableDataSourceSectionSnapshot<Int> {
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append(items)
    return tree
  }

  @Test("changing the default after a section exists keeps the section's mode and its rows")
  func defaultChangeKeepsExistingSections() throws {
    let view = RecordingListView<Int, Int>()
    let source = Source(listView: view)
    source.apply(Self.flat([1, 2, 3]), to: 0)
    let batches = view.batches.count

    source.defaultHeaderMode = .firstItemInSection
    #expect(view.batches.count == batches, "setting the default sent a batch")
    #expect(source.headerMode(for: 0) == .none)
    #expect(source._invariantViolation() == nil)

    // Item 1 is a row like the others, not a header that folds the section.
    try source.collapse(1)
    try source.expand(1)
    #expect(view.failures.isEmpty)
    #expect(view.rows == [LayoutSection(0, items: [1, 2, 3])])
    #expect(view.rows == RecordingListView.read(source))
    #expect(source.snapshot().itemIdentifiers(inSection: 0) == [1, 2, 3])
    #expect(source._invariantViolation() == nil)

    // A section added later takes the new default: its first item folds it.
    source.apply(Self.flat([4, 5, 6]), to: 1)
    #expect(source.headerMode(for: 1) == .firstItemInSection)
    try source.collapse(4)
    #expect(view.rows[1].items == [4])
    #expect(source._invariantViolation() == nil)

    // setHeaderMode(_:for:) still changes an existing section.
    try source.setHeaderMode(.firstItemInSection, for: 0)
    #expect(source.headerMode(for: 0) == .firstItemInSection)
    try source.collapse(1)
    #expect(view.rows[0].items == [1])
    #expect(view.failures.isEmpty)
    #expect(view.rows == RecordingListView.read(source))
    #expect(source._invariantViolation() == nil)
  }

  @Test("a section removed by an apply and added again takes the default of its return")
  func removedSectionTakesTheNewDefault() throws {
    let view = RecordingListView<Int, Int>()
    let source = Source(listView: view)
    source.apply(Self.flat([1, 2, 3]), to: 0)
    source.apply(Self.flat([7, 8]), to: 1)
    source.defaultHeaderMode = .firstItemInSection
    #expect(source.headerMode(for: 0) == .none)
    #expect(source.headerMode(for: 1) == .none)

    // Section 0 goes; section 1 stays and keeps the mode it had.
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([1])
    snapshot.appendItems([7, 8], toSection: 1)
    source.apply(snapshot)
    #expect(source.headerMode(for: 1) == .none)
    #expect(source._invariantViolation() == nil)

    // Back, it is a section added later.
    source.apply(Self.flat([1, 2, 3]), to: 0)
    #expect(source.headerMode(for: 0) == .firstItemInSection)
    try source.collapse(1)
    #expect(view.rows == [LayoutSection(1, items: [7, 8]), LayoutSection(0, items: [1])])

    // Changing the default back pins nothing new and changes no existing section.
    source.defaultHeaderMode = .none
    #expect(source.headerMode(for: 0) == .firstItemInSection)
    #expect(source.headerMode(for: 1) == .none)
    #expect(view.failures.isEmpty)
    #expect(view.rows == RecordingListView.read(source))
    #expect(source._invariantViolation() == nil)
  }

  @Test("a mode set for a future section is not overridden by a later default")
  func explicitModeOfAFutureSectionStays() throws {
    let source = Source()
    try source.setHeaderMode(.none, for: 5)
    source.defaultHeaderMode = .firstItemInSection
    source.apply(Self.flat([1, 2]), to: 5)
    source.apply(Self.flat([3, 4]), to: 6)
    #expect(source.headerMode(for: 5) == .none)
    #expect(source.headerMode(for: 6) == .firstItemInSection)
    #expect(source._invariantViolation() == nil)
  }
}

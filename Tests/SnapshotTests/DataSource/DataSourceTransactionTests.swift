import Testing

@testable import Snapshot

/// What a move's transaction says (issue 15, defect 2): its `difference` turns the initial rows
/// into the final ones, and each section transaction's `difference` turns the section's initial
/// visible items into its final ones.
@Suite("DiffableDataSource transactions")
struct DataSourceTransactionTests {
  typealias Source = DiffableDataSource<Int, Int>
  typealias Transaction = DiffableDataSourceTransaction<Int, Int>

  /// Sections 0..<sizes.count, section s holding items s·10 ..< s·10 + sizes[s], flat, each
  /// section's first item its header.
  static func source(_ sizes: [Int], view: RecordingListView<Int, Int>) -> Source {
    let source = Source(listView: view)
    source.defaultHeaderMode = .firstItemInSection
    source.reorderingHandlers.canReorderItem = { _ in true }
    for (section, size) in sizes.enumerated() {
      var tree = DiffableDataSourceSectionSnapshot<Int>()
      tree.append(Array(section * 10..<section * 10 + size))
      source.apply(tree, to: section)
    }
    return source
  }

  /// The transaction's differences that do not give their final state, described.
  static func wrongDifferences(_ transaction: Transaction) -> [String] {
    var wrong: [String] = []
    let rows = transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
    if rows != transaction.finalSnapshot.itemIdentifiers {
      wrong.append("rows: \(String(describing: rows))")
    }
    for section in transaction.sectionTransactions {
      let visible = section.initialSnapshot.visibleItems.applying(section.difference)
      if visible != section.finalSnapshot.visibleItems {
        wrong.append(
          "section \(section.sectionIdentifier): \(String(describing: visible)), expected "
            + "\(section.finalSnapshot.visibleItems)")
      }
    }
    return wrong
  }

  @Test("moving a row to a folded section: the section transaction inserts it")
  func moveToFoldedSection() throws {
    let view = RecordingListView<Int, Int>()
    let source = Self.source([6, 4, 3, 6], view: view)
    try source.collapse(20)  // folds the third section
    #expect(view.rows[2].items == [20])

    let transaction = try source.moveItem(
      at: ListIndexPath(item: 2, section: 0), to: ListIndexPath(item: 1, section: 2))
    #expect(Self.wrongDifferences(transaction) == [])
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == [0, 2])
    #expect(transaction.sectionTransactions.last?.finalSnapshot.visibleItems == [20, 21, 22, 2])
    // The rows: gone from section 0, hidden by the fold in section 2.
    #expect(view.rows[0].items == [0, 1, 3, 4, 5])
    #expect(view.rows[2].items == [20])
    #expect(view.failures.isEmpty)
    #expect(source._invariantViolation() == nil)

    // Unfolded, the section shows it where the transaction put it.
    try source.expand(20)
    #expect(view.rows[2].items == [20, 21, 22, 2])
    #expect(view.failures.isEmpty)
  }

  @Test("every kind of move gives section differences that reach the final visible items")
  func movesOfEveryKind() throws {
    let view = RecordingListView<Int, Int>()
    let source = Self.source([6, 4, 3, 6], view: view)
    var tree = source.snapshot(for: 1)
    tree.append([40, 41], to: 11)
    tree.expand([11])
    source.apply(tree, to: 1)
    try source.collapse(30)  // folds the fourth section
    typealias Path = ListIndexPath
    let moves: [(Path, Path, into: Bool)] = [
      (Path(item: 1, section: 0), Path(item: 3, section: 0), false),  // within a section
      (Path(item: 2, section: 1), Path(item: 2, section: 0), false),  // a parent with its rows
      (Path(item: 1, section: 2), Path(item: 1, section: 3), false),  // into a folded section
      (Path(item: 3, section: 0), Path(item: 1, section: 1), true),  // onto an open parent
      (Path(item: 1, section: 0), Path(item: 1, section: 2), false),  // past the last row
    ]
    for (from, to, into) in moves {
      let transaction =
        into ? try source.moveItem(at: from, into: to) : try source.moveItem(at: from, to: to)
      #expect(Self.wrongDifferences(transaction) == [], "move \(from) -> \(to)")
      #expect(view.failures.isEmpty)
      #expect(source._invariantViolation() == nil)
    }
  }

  @Test("a transaction read after later moves still describes its own move")
  func transactionsReadLate() throws {
    let view = RecordingListView<Int, Int>()
    let source = Self.source([6, 4, 3, 6], view: view)
    typealias Path = ListIndexPath
    var transactions: [Transaction] = []
    transactions.append(
      try source.moveItem(at: Path(item: 1, section: 0), to: Path(item: 4, section: 0)))
    transactions.append(
      try source.moveItem(at: Path(item: 2, section: 1), to: Path(item: 2, section: 3)))
    transactions.append(
      try source.moveItem(at: Path(item: 3, section: 0), into: Path(item: 1, section: 2)))
    // Nothing was read until now: each difference and snapshot is made from its own move.
    for (index, transaction) in transactions.enumerated() {
      #expect(Self.wrongDifferences(transaction) == [], "transaction \(index)")
    }
    #expect(transactions[0].difference.count == 2)
    #expect(transactions[1].sectionTransactions.map(\.sectionIdentifier) == [1, 3])
    #expect(transactions[2].finalSnapshot.itemIdentifiers == source.snapshot().itemIdentifiers)
    #expect(view.failures.isEmpty)
  }
}

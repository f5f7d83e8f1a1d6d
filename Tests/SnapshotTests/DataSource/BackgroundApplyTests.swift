import Testing

@testable import Snapshot

/// `applyInBackground`: the diff runs off the caller's actor; the result commits on it, is
/// re-diffed when the data source changed meanwhile, and is dropped when a later apply
/// replaced it or the task was cancelled. Each interleaving is fixed by holding the diff at a
/// gate (the data source's test hook) while the test acts on the main actor.
@MainActor
@Suite("DiffableDataSource background applies", .timeLimit(.minutes(1)))
struct BackgroundApplyTests {
  typealias Source = DiffableDataSource<String, Int>
  typealias Outcome = Source.BackgroundApplyOutcome

  @MainActor final class Fixture {
    let view = RecordingListView<String, Int>()
    let source = Source()
    let gates = BackgroundApplyGates()

    init(_ sections: [String: [Int]] = ["A": [1, 2, 3], "B": [4, 5]]) {
      source.listView = view
      gates.attach(to: source)
      var snapshot = DiffableDataSourceSnapshot<String, Int>()
      for section in sections.keys.sorted() {
        snapshot.appendSections([section])
        snapshot.appendItems(sections[section]!, toSection: section)
      }
      source.apply(snapshot)
    }

    var rows: [LayoutSection<String, Int>] { RecordingListView<String, Int>.read(source) }

    /// Starts a background apply of `snapshot` under `ticket`; its diff waits at the gate.
    func submit(_ snapshot: DiffableDataSourceSnapshot<String, Int>, ticket: Int)
      -> Task<Outcome, any Error>
    {
      return Task { @MainActor [source] in
        try await BackgroundApplyGates.$ticket.withValue(ticket) {
          try await source.applyInBackground(snapshot)
        }
      }
    }

    func submit(_ tree: DiffableDataSourceSectionSnapshot<Int>, to section: String, ticket: Int)
      -> Task<Outcome, any Error>
    {
      return Task { @MainActor [source] in
        try await BackgroundApplyGates.$ticket.withValue(ticket) {
          try await source.applyInBackground(tree, to: section)
        }
      }
    }

    func check() {
      #expect(view.failures.isEmpty)
      #expect(view.rows == rows)
      source._checkInvariants()
    }
  }

  static func flat(_ sections: [(String, [Int])]) -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  @Test("an undisturbed background apply sends the batch a synchronous apply sends")
  func undisturbed() async throws {
    let fixture = Fixture()
    let twin = Fixture()
    let new = Self.flat([("B", [5, 4, 6]), ("A", [1, 3])])
    let task = fixture.submit(new, ticket: 1)
    await fixture.gates.waitForArrivals(1)
    #expect(fixture.view.batches.count == 1)  // nothing committed while the diff is held
    await fixture.gates.open(1)
    #expect(try await task.value == .applied)
    twin.source.apply(new)
    #expect(fixture.view.lastBatch == twin.view.lastBatch)
    #expect(fixture.rows == Self.flat([("B", [5, 4, 6]), ("A", [1, 3])]).layoutForTests)
    fixture.check()
  }

  @Test("the caller's actor runs while the diff is held, and a change meanwhile is re-diffed")
  func changedMeanwhileIsRediffed() async throws {
    let fixture = Fixture(["A": [1, 2, 3]])
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([1, 2])
    tree.append([10, 11], to: 1)
    fixture.source.apply(tree, to: "A")
    let new = Self.flat([("A", [3, 1, 2])])
    let task = fixture.submit(new, ticket: 1)
    await fixture.gates.waitForArrivals(1)
    // The main actor is free: expand a row while the diff is held.
    try fixture.source.expand(1)
    #expect(fixture.rows[0].items == [1, 10, 11, 2])
    await fixture.gates.open(1)
    #expect(try await task.value == .applied)
    #expect(await fixture.gates.arrivals(1) == 2)  // diffed again against the expanded rows
    #expect(fixture.rows == new.layoutForTests)
    fixture.check()
  }

  @Test("a later background apply supersedes an earlier one")
  func laterSubmissionSupersedes() async throws {
    let fixture = Fixture()
    let first = fixture.submit(Self.flat([("A", [1])]), ticket: 1)
    await fixture.gates.waitForArrivals(1)
    let second = fixture.submit(Self.flat([("B", [2, 4])]), ticket: 2)
    await fixture.gates.waitForArrivals(2)
    await fixture.gates.open(1)
    #expect(try await first.value == .superseded)
    #expect(fixture.view.batches.count == 1)
    await fixture.gates.open(2)
    #expect(try await second.value == .applied)
    #expect(fixture.rows == Self.flat([("B", [2, 4])]).layoutForTests)
    fixture.check()
  }

  @Test("a synchronous apply supersedes pending background applies")
  func synchronousApplySupersedes() async throws {
    let fixture = Fixture()
    let pending = fixture.submit(Self.flat([("A", [1])]), ticket: 1)
    await fixture.gates.waitForArrivals(1)
    fixture.source.apply(Self.flat([("C", [7])]))
    await fixture.gates.open(1)
    #expect(try await pending.value == .superseded)
    #expect(fixture.rows == Self.flat([("C", [7])]).layoutForTests)
    fixture.check()
  }

  @Test("an expand meanwhile does not supersede; a cancelled task commits nothing")
  func cancelledCommitsNothing() async throws {
    let fixture = Fixture()
    let before = fixture.rows
    let task = fixture.submit(Self.flat([("A", [1])]), ticket: 1)
    await fixture.gates.waitForArrivals(1)
    task.cancel()
    await fixture.gates.open(1)
    #expect(try await task.value == .cancelled)
    #expect(fixture.rows == before)
    #expect(fixture.view.batches.count == 1)
    fixture.check()
  }

  @Test("section applies to different sections do not supersede each other")
  func sectionAppliesToOtherSections() async throws {
    let fixture = Fixture()
    var a = DiffableDataSourceSectionSnapshot<Int>()
    a.append([3, 2])
    var b = DiffableDataSourceSectionSnapshot<Int>()
    b.append([4])
    b.append([8, 9], to: 4)
    b.expand([4])
    let first = fixture.submit(a, to: "A", ticket: 1)
    await fixture.gates.waitForArrivals(1)
    let second = fixture.submit(b, to: "B", ticket: 2)
    await fixture.gates.waitForArrivals(2)
    await fixture.gates.open(2)
    #expect(try await second.value == .applied)
    await fixture.gates.open(1)
    #expect(try await first.value == .applied)  // re-diffed: section B changed meanwhile
    #expect(await fixture.gates.arrivals(1) == 2)
    // Item 4 keeps its current expansion (collapsed): the default `.preserveCurrent`.
    #expect(fixture.rows == Self.flat([("A", [3, 2]), ("B", [4])]).layoutForTests)
    // A later section apply to the same section supersedes.
    var c = DiffableDataSourceSectionSnapshot<Int>()
    c.append([5, 4])
    let third = fixture.submit(c, to: "B", ticket: 3)
    await fixture.gates.waitForArrivals(3)
    fixture.source.apply(b, to: "B")
    await fixture.gates.open(3)
    #expect(try await third.value == .superseded)
    fixture.check()
  }

  @Test("misuse found at commit throws and changes nothing")
  func misuseThrowsAtCommit() async throws {
    let fixture = Fixture()
    var tree = DiffableDataSourceSectionSnapshot<Int>()
    tree.append([20])
    let task = fixture.submit(tree, to: "A", ticket: 1)
    await fixture.gates.waitForArrivals(1)
    // Meanwhile item 20 lands in section B: the apply is re-checked at commit and refused.
    fixture.source.apply(
      {
        var t = DiffableDataSourceSectionSnapshot<Int>()
        t.append([4, 5, 20])
        return t
      }(),
      to: "B")
    let before = fixture.rows
    await fixture.gates.open(1)
    await #expect(throws: Source.Error.self) { try await task.value }
    #expect(fixture.rows == before)
    fixture.check()
  }
}

extension DiffableDataSourceSnapshot
where SectionIdentifierType == String, ItemIdentifierType == Int {
  /// The snapshot's sections and items as a layout, to compare with a view's rows.
  var layoutForTests: [LayoutSection<String, Int>] {
    sectionIdentifiers.map { LayoutSection($0, items: itemIdentifiers(inSection: $0)) }
  }
}

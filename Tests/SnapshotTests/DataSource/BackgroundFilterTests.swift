import SnapshotPropertySupport
import Testing

@testable import Snapshot

/// `filterInBackground`: the walk runs off the caller's actor; the result is shown on it,
/// walked again when the data source changed meanwhile, and dropped when a later filter call
/// replaced it or the task was cancelled. Each interleaving is fixed by holding the walk at a
/// gate (the data source's test hook) while the test acts on the main actor.
@MainActor
@Suite("DiffableDataSource background filter", .timeLimit(.minutes(1)))
struct BackgroundFilterTests {
  typealias Source = DiffableDataSource<String, Int>
  typealias Outcome = Source.BackgroundApplyOutcome

  @MainActor final class Fixture {
    let view = RecordingListView<String, Int>()
    let source = Source()
    let gates = BackgroundApplyGates()

    /// Section "A": 0 ▸ (1 ▸ (2, 3), 4), 5 ▸ (6, 7), 8; 0 expanded. Section "B": 10, 11, 12.
    init() {
      source.listView = view
      gates.attach(to: source)
      var tree = DiffableDataSourceSectionSnapshot<Int>()
      tree.append([0, 5, 8])
      tree.append([1, 4], to: 0)
      tree.append([2, 3], to: 1)
      tree.append([6, 7], to: 5)
      tree.expand([0])
      source.apply(tree, to: "A")
      var flat = DiffableDataSourceSectionSnapshot<Int>()
      flat.append([10, 11, 12])
      source.apply(flat, to: "B")
    }

    var rows: [LayoutSection<String, Int>] { RecordingListView<String, Int>.read(source) }

    func submit(
      ticket: Int, in section: String? = nil, _ isIncluded: @escaping @Sendable (Int) -> Bool
    )
      -> Task<Outcome, any Error>
    {
      Task { @MainActor [source] in
        try await BackgroundApplyGates.$ticket.withValue(ticket) {
          try await source.filterInBackground(in: section, isIncluded)
        }
      }
    }

    func check() {
      #expect(view.failures.isEmpty)
      #expect(view.rows == rows)
      #expect(source._invariantViolation() == nil)
    }
  }

  @Test("an undisturbed background filter sends the batch a synchronous filter sends")
  func undisturbed() async throws {
    let fixture = Fixture()
    let twin = Fixture()
    let task = fixture.submit(ticket: 1) { $0 % 3 == 0 }
    await fixture.gates.waitForArrivals(1)
    let batches = fixture.view.batches.count
    #expect(!fixture.source.isFiltered("A"))  // nothing shown while the walk is held
    await fixture.gates.open(1)
    #expect(try await task.value == .applied)
    try twin.source.filter { $0 % 3 == 0 }
    #expect(fixture.view.batches.count == batches + 1)
    #expect(fixture.view.lastBatch == twin.view.lastBatch)
    #expect(fixture.rows == twin.rows)
    #expect(fixture.rows.map(\.items) == [[0, 1, 3, 4, 5, 6], [12]])
    fixture.check()
  }

  @Test("a later filter call wins; the earlier background filter changes nothing")
  func superseded() async throws {
    let fixture = Fixture()
    let task = fixture.submit(ticket: 1) { $0 % 3 == 0 }
    await fixture.gates.waitForArrivals(1)
    try fixture.source.filter(in: "A") { $0 == 7 }
    let shown = fixture.rows
    await fixture.gates.open(1)
    #expect(try await task.value == .superseded)
    #expect(fixture.rows == shown)
    #expect(fixture.rows.map(\.items) == [[5, 7], [10, 11, 12]])
    fixture.check()
  }

  @Test("an update meanwhile makes the walk run again on the new state")
  func walkedAgain() async throws {
    let fixture = Fixture()
    let task = fixture.submit(ticket: 1, in: "A") { $0 % 2 == 0 }
    await fixture.gates.waitForArrivals(1)
    var tree = fixture.source.snapshot(for: "A")
    tree.append([20], to: 5)
    fixture.source.apply(tree, to: "A")
    await fixture.gates.open(1)
    #expect(try await task.value == .applied)
    #expect(await fixture.gates.arrivals(1) == 2)
    #expect(fixture.rows.map(\.items) == [[0, 1, 2, 4, 5, 6, 20, 8], [10, 11, 12]])
    fixture.check()
  }

  @Test("a cancelled background filter changes nothing")
  func cancelled() async throws {
    let fixture = Fixture()
    let shown = fixture.rows
    let task = fixture.submit(ticket: 1) { $0 == 2 }
    await fixture.gates.waitForArrivals(1)
    task.cancel()
    await fixture.gates.open(1)
    #expect(try await task.value == .cancelled)
    #expect(fixture.rows == shown)
    #expect(!fixture.source.isFiltered("A"))
    fixture.check()
  }
}

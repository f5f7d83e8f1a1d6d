// Runs against the fake (Linux).
#if os(Linux)
  import FakeAppKit
  import Foundation
  import Snapshot
  import Testing
  @testable import SnapshotAppKit

  /// An NSTableView (the fake), a window, and the AppKit adapter under test.
  @MainActor
  final class AppKitHarness {
    let window = NSWindow(
      contentRect: .zero, styleMask: .titled, backing: .buffered, defer: false)
    let table = NSTableView(frame: .zero)
    let adapter: SnapshotAppKit.TableViewDiffableDataSource<Int, Int>
    var base: DiffableDataSource<Int, Int> { adapter.base }
    /// The drops the data source accepted.
    var drops = 0

    init(bug: SnapshotAppKit.TableViewDiffableDataSource<Int, Int>.PlantedBug? = nil) {
      table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("row")))
      adapter = .init(tableView: table) { table, column, _, item in
        let view =
          table.makeView(withIdentifier: column.identifier, owner: nil)
          ?? NSView(frame: .zero)
        view.setAccessibilityIdentifier("\(item)")
        return view
      }
      adapter.plantedBug = bug
      base.reorderingHandlers.canReorderItem = { _ in true }
      window.contentView = table
    }

    /// The user drags the row at `from` into the gap before the row at `to` (both as the
    /// data source's index paths now; an index past a section's last row is the gap after it).
    func drag(_ from: ListIndexPath, _ to: ListIndexPath) {
      let counts = (0..<base.numberOfSections).map { base.numberOfItems(inSection: $0) }
      let start = { (section: Int) in counts.prefix(section).reduce(0, +) }
      guard counts.indices.contains(from.section), from.item < counts[from.section],
        counts.indices.contains(to.section), to.item <= counts[to.section]
      else { return }
      if table.fakeDrag(
        row: start(from.section) + from.item, toProposedRow: start(to.section) + to.item)
      {
        drops += 1
      }
    }

    /// Runs `steps`; the first failure: a call the fake refused, an animation not asked for,
    /// or rows that differ from the data source's after a step.
    func check(_ steps: [AdapterStep]) async -> String? {
      for (number, step) in steps.enumerated() {
        // Other main-actor tests run between the steps (some have time limits).
        await Task.yield()
        table.fakeClearCalls()
        switch step {
        case .window(let on): window.contentView = on ? table : nil
        case .drag(let from, let to): drag(from, to)
        case .layout: break
        default: await step.run(on: base)
        }
        if let failure = table.fakeFailures.first { return "step \(number) (\(step)): \(failure)" }
        let rowCalls = table.fakeCalls.filter { !$0.hasPrefix("reloadData") }
        if let animated = step.animated,
          rowCalls.contains(where: { $0.hasSuffix("[no animation]") == animated })
        {
          return "step \(number) (\(step)): animated \(!animated): \(table.fakeCalls)"
        }
        let expected = AdapterStep.rows(of: base).flatMap { $0 }
        if table.fakeRows != expected {
          return "step \(number) (\(step)): the table shows \(table.fakeRows), the data source "
            + "\(expected); calls \(table.fakeCalls)"
        }
      }
      return nil
    }
  }

  /// Random sessions through the NSTableView adapter against the fake: every call applies
  /// to the rows as they are, the table ends on the data source's rows after every step, and
  /// the batch handed over in UIKit's frames is caught.
  @MainActor @Suite struct AppKitTableViewTests {
    static func session(_ g: inout SeededGenerator) -> [AdapterStep] {
      AdapterStep.session(&g, count: 40)
    }

    @Test func randomSessionsLandOnTheDataSourcesRows() async {
      await checkProperty(
        "NSTableView adapter", count: 300, base: 0x5EED_0501, generate: Self.session,
        check: { await AppKitHarness().check($0) })
    }

    /// The sessions drop rows the adapter accepts (a refused drop moves nothing): 60
    /// sessions make 36 accepted drops.
    @Test func sessionsReachDrops() async {
      var seeder = SeededGenerator(seed: 0x5EED_0501)
      var drops = 0
      for _ in 0..<60 {
        var g = SeededGenerator(seed: seeder.next())
        let harness = AppKitHarness()
        _ = await harness.check(Self.session(&g))
        drops += harness.drops
      }
      #expect(drops >= 25)
    }

    @Test func uiKitFramesAreCaught() async {
      var seeder = SeededGenerator(seed: 0x5EED_0502)
      var caught = 0
      for _ in 0..<40 {
        var g = SeededGenerator(seed: seeder.next())
        if await AppKitHarness(bug: .uiKitFrames).check(Self.session(&g)) != nil { caught += 1 }
      }
      #expect(caught >= 10)
    }

    /// The engine told to send a dropped row's move again: the table either moves the row a
    /// second time, or (the move addressed from before the drop) moves another row and no
    /// longer shows the data source's rows. Either is caught.
    @Test func aSecondMoveAfterADropIsCaught() async {
      var seeder = SeededGenerator(seed: 0x5EED_0503)
      var caught = 0
      for _ in 0..<40 {
        var g = SeededGenerator(seed: seeder.next())
        if let failure = await AppKitHarness(bug: .movesAgainAfterDrop).check(Self.session(&g)) {
          #expect(
            failure.contains("moved twice") || failure.contains("the table shows"), "\(failure)")
          caught += 1
        }
      }
      #expect(caught >= 10)
    }

    /// A table showing section 0 with 1, 2, 3 and section 1 with 4, 5.
    static func showingTwoSections() -> AppKitHarness {
      let harness = AppKitHarness()
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems([1, 2, 3], toSection: 0)
      snapshot.appendItems([4, 5], toSection: 1)
      harness.base.apply(snapshot)
      return harness
    }

    @Test func aDroppedRowMovesOnceAndTheEngineFollows() {
      let harness = Self.showingTwoSections()
      harness.table.fakeClearCalls()
      // Row 0 (item 1) dropped above row 4 (item 5): into section 1, before 5.
      #expect(harness.table.fakeDrag(row: 0, toProposedRow: 4))
      #expect(harness.table.fakeFailures.isEmpty)
      #expect(harness.table.fakeRows == ["2", "3", "4", "1", "5"])
      #expect(harness.base.itemIdentifiers(in: 0..<3, inSection: 1) == [4, 1, 5])
      #expect(harness.table.fakeCalls.filter { $0.hasPrefix("moveRow") }.count == 1)
      // Where it already is: refused; a row canReorderItem refuses does not drag.
      #expect(!harness.table.fakeDrag(row: 1, toProposedRow: 2))
      harness.base.reorderingHandlers.canReorderItem = { $0 != 2 }
      #expect(!harness.table.fakeDrag(row: 0, toProposedRow: 3))
      #expect(harness.table.fakeRows == ["2", "3", "4", "1", "5"])
    }

    @Test func movesAndInsertsAreOrdered() {
      let harness = Self.showingTwoSections()
      var next = DiffableDataSourceSnapshot<Int, Int>()
      next.appendSections([1, 0])
      next.appendItems([5, 6, 4], toSection: 1)
      next.appendItems([3, 1], toSection: 0)
      harness.table.fakeClearCalls()
      harness.base.apply(next)
      #expect(harness.table.fakeFailures.isEmpty)
      #expect(harness.table.fakeRows == ["5", "6", "4", "3", "1"])
      #expect(harness.table.fakeCalls.first == "beginUpdates()")
    }
  }
#endif

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

    /// Runs `steps`; the first failure: a call the fake refused, an animation not asked for,
    /// or rows that differ from the data source's after a step.
    func check(_ steps: [AdapterStep]) async -> String? {
      for (number, step) in steps.enumerated() {
        // Other main-actor tests run between the steps (some have time limits).
        await Task.yield()
        table.fakeClearCalls()
        switch step {
        case .window(let on): window.contentView = on ? table : nil
        case .drag, .layout: break
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

    @Test func uiKitFramesAreCaught() async {
      var seeder = SeededGenerator(seed: 0x5EED_0502)
      var caught = 0
      for _ in 0..<40 {
        var g = SeededGenerator(seed: seeder.next())
        if await AppKitHarness(bug: .uiKitFrames).check(Self.session(&g)) != nil { caught += 1 }
      }
      #expect(caught >= 10)
    }

    @Test func movesAndInsertsAreOrdered() {
      let harness = AppKitHarness()
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections([0, 1])
      snapshot.appendItems([1, 2, 3], toSection: 0)
      snapshot.appendItems([4, 5], toSection: 1)
      harness.base.apply(snapshot)
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

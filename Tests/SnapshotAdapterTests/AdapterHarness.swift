// Runs against the fake (Linux): the macOS job replays the fixtures against real views.
#if os(Linux)
  import Snapshot
  import SnapshotAdapterCore

  import SnapshotAppKit
  import SnapshotUIKit
  import Foundation
  import FakeAppKit
  import FakeListSupport
  import FakeUIKit

  /// A cell whose accessibility identifier names its row: the fake reads it as the row's
  /// identity.
  final class RowCell: UICollectionViewCell {}

  /// A cell whose accessibility identifier names its row: the fake reads it as the row's
  /// identity.
  final class RowTableCell: UITableViewCell {}

  /// An item whose view's accessibility identifier names its row.
  final class RowItem: NSCollectionViewItem {}

  /// The batching list views with an adapter (NSTableView's is in AppKitTableViewTests).
  enum AdapterKind: CaseIterable {
    case collectionView, tableView, nsCollectionView
  }

  /// A list view (the fake on Linux), a window, and the adapter under test.
  @MainActor
  final class AdapterHarness {
    let window = UIWindow(frame: .zero)
    let nsWindow = NSWindow(
      contentRect: .zero, styleMask: .titled, backing: .buffered, defer: false)
    let view: AnyObject
    let fake: FakeListCore
    let base: DiffableDataSource<Int, Int>
    /// The adapter (the data source holds it weakly).
    let adapter: AnyObject
    /// Every step run and the calls the view received for it.
    var transcript: [String] = []

    init(_ kind: AdapterKind = .collectionView, bug: AdapterBug? = nil) {
      switch kind {
      case .collectionView:
        let view = UICollectionView(
          frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        view.register(RowCell.self, forCellWithReuseIdentifier: "row")
        let adapter = SnapshotUIKit.CollectionViewDiffableDataSource<Int, Int>(
          collectionView: view
        ) {
          view, indexPath, item in
          let cell = view.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
          cell.accessibilityIdentifier = "\(item)"
          return cell
        }
        adapter.plantedBug = bug
        (self.view, fake, base, self.adapter) = (view, view.fake, adapter.base, adapter)
      case .tableView:
        let view = UITableView(frame: .zero, style: .plain)
        view.register(RowTableCell.self, forCellReuseIdentifier: "row")
        let adapter = SnapshotUIKit.TableViewDiffableDataSource<Int, Int>(tableView: view) {
          view, indexPath, item in
          let cell = view.dequeueReusableCell(withIdentifier: "row", for: indexPath)
          cell.accessibilityIdentifier = "\(item)"
          return cell
        }
        adapter.plantedBug = bug
        (self.view, fake, base, self.adapter) = (view, view.fake, adapter.base, adapter)
      case .nsCollectionView:
        let view = NSCollectionView(frame: .zero)
        view.register(RowItem.self, forItemWithIdentifier: NSUserInterfaceItemIdentifier("row"))
        let adapter = SnapshotAppKit.CollectionViewDiffableDataSource<Int, Int>(
          collectionView: view
        ) { view, indexPath, item in
          let viewItem = view.makeItem(
            withIdentifier: NSUserInterfaceItemIdentifier("row"), for: indexPath)
          viewItem.view.setAccessibilityIdentifier("\(item)")
          return viewItem
        }
        adapter.plantedBug = bug
        view.delegate = adapter
        (self.view, fake, base, self.adapter) = (view, view.fake, adapter.base, adapter)
      }
      base.reorderingHandlers.canReorderItem = { _ in true }
      setWindow(true)
    }

    /// Puts the view in its window, or takes it out.
    func setWindow(_ on: Bool) {
      if let view = view as? UIView {
        if on { window.addSubview(view) } else { view.removeFromSuperview() }
      } else if let view = view as? NSView {
        nsWindow.contentView = on ? view : nil
      }
    }

    /// A layout pass.
    func layout() {
      (view as? UIView)?.layoutIfNeeded()
      _ = (view as? NSCollectionView)?.numberOfSections
    }

    /// Runs one step.
    func run(_ step: AdapterStep) async {
      switch step {
      case .drag(let from, let to):
        let (source, destination) = (
          IndexPath(indexes: [from.section, from.item]), IndexPath(indexes: [to.section, to.item])
        )
        if let view = view as? NSCollectionView {
          // AppKit: a drop before the item at `to` (the delegate moves it).
          view.fakeDrag(itemAt: source, toProposed: destination)
        } else {
          fake.interactiveMove(from: source, to: destination)
        }
      case .window(let on): setWindow(on)
      case .layout: layout()
      default: await step.run(on: base)
      }
    }

    /// The data source's rows, as the fake names them.
    var expectedRows: [[String]] { AdapterStep.rows(of: base) }

    /// Runs `steps`; the first failure: a batch the fake refused, or rows that differ from the
    /// data source's after a step (checked whenever the fake's layout is current).
    func check(_ steps: [AdapterStep]) async -> String? {
      for (number, step) in steps.enumerated() {
        // Other main-actor tests run between the steps (some have time limits).
        await Task.yield()
        fake.clearCalls()
        await run(step)
        transcript.append("step \(number): \(step)")
        transcript += fake.calls.map { "  " + $0 }
        if let failure = fake.failures.first { return "step \(number) (\(step)): \(failure)" }
        let batches = fake.calls.filter { $0.hasPrefix("performBatchUpdates") }
        if let animated = step.animated,
          batches.contains(where: { $0.hasSuffix("[without animation]") == animated })
        {
          return "step \(number) (\(step)): a batch animated \(!animated): \(fake.calls)"
        }
        if !fake.layoutIsStale && fake.rows != expectedRows {
          return "step \(number) (\(step)): the view shows \(fake.rows), the data source "
            + "\(expectedRows)"
        }
      }
      return nil
    }
  }
#endif

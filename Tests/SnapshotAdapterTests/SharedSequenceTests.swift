// Runs against the fakes (Linux).
#if os(Linux)
  import FakeAppKit
  import FakeUIKit
  import Foundation
  import Snapshot
  import SnapshotAppKit
  import SnapshotUIKit
  import Testing

  /// A view in a window and its adapter, kept for one sequence of the shared runners.
  @MainActor private final class Rig<Adapter: AnyObject> {
    let keep: [AnyObject]
    let adapter: Adapter
    init(_ adapter: Adapter, keeping: [AnyObject]) {
      self.adapter = adapter
      keep = keeping
    }
  }

  /// The shared random step sequences of the data source (applies, expand, collapse, moves,
  /// staged updates, header modes, background applies: Tests/PropertySupport) run through
  /// each adapter, the adapter's fake view checked after every step: every batch accepted,
  /// and, whenever its layout is current, the fake's rows equal the data source's. The
  /// layout pass is drawn at random after each step, so batches meet stale layouts. (30
  /// sequences each: they hold the main actor while they run.)
  @MainActor @Suite struct SharedSequenceTests {
    static func cell(_ item: Int) -> String { "\(item)" }

    /// The check of a fake after a step; then a layout pass or not, at random.
    static func failure(
      _ fake: FakeListCore, _ source: DiffableDataSource<String, Int>,
      _ g: inout SeededGenerator, layout: () -> Void
    ) -> String? {
      if let failure = fake.failures.first { return failure }
      let rows = RecordingListView<String, Int>.read(source).map { $0.items.map(cell) }
      if !fake.layoutIsStale && fake.rows != rows {
        return "the view shows \(fake.rows), the data source \(rows)"
      }
      if Bool.random(using: &g) { layout() }
      return nil
    }

    @Test func throughTheCollectionViewAdapter() async {
      var rigs: [AnyObject] = []
      var g = SeededGenerator(seed: 0x5EED_0701)
      let make = {
        let window = UIWindow(frame: .zero)
        let view = UICollectionView(
          frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        view.register(RowCell.self, forCellWithReuseIdentifier: "row")
        window.addSubview(view)
        let adapter = SnapshotUIKit.CollectionViewDiffableDataSource<String, Int>(
          collectionView: view
        ) { view, indexPath, item in
          let cell = view.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
          cell.accessibilityIdentifier = Self.cell(item)
          return cell
        }
        rigs.append(Rig(adapter, keeping: [window, view]))
        return adapter
      }
      let done = DataSourceProperty.check(
        "data source sequences, collection view adapter", .everything, count: 30,
        base: 0x5EED_0702, through: make,
        checkView: { adapter, source in
          let view = adapter.collectionView!
          return Self.failure(view.fake, source, &g) { view.layoutIfNeeded() }
        })
      #expect(done["applyWhole", default: 0] > 0 && done["moveTo", default: 0] > 0)
      await checkProperty(
        "background sequences, collection view adapter", count: 10, base: 0x5EED_0703,
        generate: BackgroundApplyProperty.generate,
        check: { steps in
          await BackgroundApplyProperty.run(
            steps, through: make,
            checkView: { adapter, source in
              let view = adapter.collectionView!
              return Self.failure(view.fake, source, &g) { view.layoutIfNeeded() }
            })
        })
    }

    @Test func throughTheTableViewAdapter() {
      var rigs: [AnyObject] = []
      var g = SeededGenerator(seed: 0x5EED_0704)
      _ = DataSourceProperty.check(
        "data source sequences, table view adapter", .everything, count: 30, base: 0x5EED_0705,
        through: {
          let window = UIWindow(frame: .zero)
          let view = UITableView(frame: .zero, style: .plain)
          view.register(RowTableCell.self, forCellReuseIdentifier: "row")
          window.addSubview(view)
          let adapter = SnapshotUIKit.TableViewDiffableDataSource<String, Int>(tableView: view) {
            view, indexPath, item in
            let cell = view.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.accessibilityIdentifier = Self.cell(item)
            return cell
          }
          rigs.append(Rig(adapter, keeping: [window, view]))
          return adapter
        },
        checkView: { adapter, source in
          let view = adapter.tableView!
          return Self.failure(view.fake, source, &g) { view.layoutIfNeeded() }
        })
    }

    @Test func throughTheNSCollectionViewAdapter() {
      var rigs: [AnyObject] = []
      var g = SeededGenerator(seed: 0x5EED_0706)
      _ = DataSourceProperty.check(
        "data source sequences, NSCollectionView adapter", .everything, count: 30,
        base: 0x5EED_0707,
        through: {
          let window = NSWindow(
            contentRect: .zero, styleMask: .titled, backing: .buffered, defer: false)
          let view = NSCollectionView(frame: .zero)
          view.register(RowItem.self, forItemWithIdentifier: NSUserInterfaceItemIdentifier("row"))
          window.contentView = view
          let adapter = SnapshotAppKit.CollectionViewDiffableDataSource<String, Int>(
            collectionView: view
          ) { view, indexPath, item in
            let viewItem = view.makeItem(
              withIdentifier: NSUserInterfaceItemIdentifier("row"), for: indexPath)
            viewItem.view.setAccessibilityIdentifier(Self.cell(item))
            return viewItem
          }
          rigs.append(Rig(adapter, keeping: [window, view]))
          return adapter
        },
        checkView: { adapter, source in
          let view = adapter.collectionView!
          return Self.failure(view.fake, source, &g) { _ = view.numberOfSections }
        })
    }

    @Test func throughTheNSTableViewAdapter() {
      var rigs: [AnyObject] = []
      _ = DataSourceProperty.check(
        "data source sequences, NSTableView adapter", .everything, count: 30, base: 0x5EED_0708,
        through: {
          let window = NSWindow(
            contentRect: .zero, styleMask: .titled, backing: .buffered, defer: false)
          let table = NSTableView(frame: .zero)
          table.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("row")))
          window.contentView = table
          let adapter = SnapshotAppKit.TableViewDiffableDataSource<String, Int>(tableView: table) {
            _, _, _, item in
            let view = NSView(frame: .zero)
            view.setAccessibilityIdentifier(Self.cell(item))
            return view
          }
          rigs.append(Rig(adapter, keeping: [window, table]))
          return adapter
        },
        checkView: { adapter, source in
          let table = adapter.tableView!
          if let failure = table.fakeFailures.first { return failure }
          let rows = RecordingListView<String, Int>.read(source).flatMap { $0.items.map(Self.cell) }
          return table.fakeRows == rows ? nil : "the table shows \(table.fakeRows), not \(rows)"
        })
    }
  }
#endif

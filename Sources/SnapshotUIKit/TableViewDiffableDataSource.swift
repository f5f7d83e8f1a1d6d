import Snapshot
import SnapshotAdapterCore

#if canImport(UIKit)
  import UIKit
#elseif os(Linux)
  import Foundation
  import FakeUIKit
#endif

#if canImport(UIKit) || os(Linux)
  /// A `UITableView` data source driven by a ``Snapshot/DiffableDataSource``: the
  /// counterpart of `UITableViewDiffableDataSource`, created the same way (a table view and
  /// a cell provider). Experimental until the macOS workflow has run it against real views.
  ///
  /// It behaves as ``CollectionViewDiffableDataSource`` does: counts and cells from its own
  /// record, advanced inside the `performBatchUpdates` closure; a reload while the table has
  /// no window; reconfigures (`reconfigureRows(at:)`) after the structural batch, at final
  /// index paths; `animated: false` inside `UIView.performWithoutAnimation`; an apply's
  /// completion once the table's batches have finished; the first visible row kept in place
  /// when ``keepsFirstVisibleRowInPlace`` is set. Rows animate with ``defaultRowAnimation``.
  ///
  /// Cost of an update: O(s + k log k) for s sections and a batch of k entries; the counts
  /// of the sections whose rows the batch inserts, deletes or moves follow from the batch
  /// (the content's counts are read again only when it changes sections).
  @MainActor
  public final class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: ListViewAdapter<SectionIdentifierType, ItemIdentifierType>, UITableViewDataSource {
    /// Apple's shape: the cell for an item at an index path.
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) ->
      UITableViewCell?

    /// The view driven.
    public private(set) weak var tableView: UITableView?
    /// The animation of inserted, deleted and reloaded rows and sections (Apple's default).
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic

    let cellProvider: CellProvider

    /// Creates the data source of `tableView` (it becomes the view's `dataSource`) and its
    /// engine.
    ///
    /// - Complexity: O(1).
    @inlinable public convenience init(tableView: UITableView, cellProvider: @escaping CellProvider)
    {
      self.init(view: tableView, cellProvider: cellProvider)
      connect(
        to: { [unowned(unsafe) self] in self.tableView },
        send: { [unowned(unsafe) self] in $0.send($1, with: self.defaultRowAnimation, reusing: &$2)
        })
    }

    /// Sets the view and the cell provider, and becomes the view's data source (the
    /// public initializer, inlinable, then connects the update path: specialized where
    /// it is called, for the caller's identifier types).
    @usableFromInline init(view: UITableView, cellProvider: @escaping CellProvider) {
      self.tableView = view
      self.cellProvider = cellProvider
      super.init()
      view.dataSource = self
    }

    // MARK: - UITableViewDataSource

    /// The record's section count. O(1).
    public func numberOfSections(in tableView: UITableView) -> Int {
      core.sectionCount
    }

    /// The record's row count of `section`. O(1).
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      core.rowCount(section)
    }

    /// The cell provider's cell for the row at `indexPath`. O(log n) plus the provider's.
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      guard let item = core.itemToDraw(at: indexPath),
        let cell = cellProvider(tableView, indexPath, item)
      else {
        preconditionFailure("TableViewDiffableDataSource: no cell for \(indexPath)")
      }
      return cell
    }

    /// Whether the user may move the row: the engine's `reorderingHandlers.canReorderItem`
    /// (false when it has none). O(log n).
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      canMoveRow(at: indexPath)
    }

    /// The user moved a row (the view shows it at `destinationIndexPath` already): the engine
    /// moves it and sends the view only the rest (the rows of its subtree, reconfigures).
    ///
    /// - Complexity: as the engine's move.
    public func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      viewMovedRow(from: sourceIndexPath, to: destinationIndexPath)
    }
  }
#endif

import Snapshot
import SnapshotAdapterCore

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#elseif os(Linux)
  import Foundation
  import FakeAppKit
#endif

#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || os(Linux)
  /// Section headers as group rows: the first row of a section whose header mode is
  /// `.firstItemInSection`. The table asks when it makes a row; a row that keeps its view
  /// across an update while it becomes or stops being a header is reloaded after it.
  extension TableViewDiffableDataSource {
    /// Whether each section of `content` shows its first row as a header. O(s) section
    /// identifier reads.
    func headerSections(of content: any ListContent<SectionIdentifierType, ItemIdentifierType>)
      -> [Bool]
    {
      (0..<content.numberOfSections).map { section in
        content.sectionIdentifier(for: section).map {
          base.headerMode(for: $0) == .firstItemInSection
            && content.numberOfItems(inSection: section) > 0
        } ?? false
      }
    }

    /// The rows after `batch` that the table keeps (not inserted) and whose group status
    /// changes: a section's first row that was not a header before, or a former header that
    /// is no longer one. O(s log k) after the batch's O(k log k) map.
    func groupRowsChanging(
      _ batch: BatchUpdate, old: RowFrame, oldHeaders: [Bool], new: RowFrame
    ) -> IndexSet {
      guard oldHeaders.contains(true) || headerSections.contains(true) else { return [] }
      let map = batch.positionMap
      let wasHeader = { (path: ListIndexPath) in
        path.item == 0 && oldHeaders.indices.contains(path.section) && oldHeaders[path.section]
      }
      let isHeader = { (path: ListIndexPath) in
        path.item == 0 && self.headerSections.indices.contains(path.section)
          && self.headerSections[path.section]
      }
      var rows = IndexSet()
      for section in headerSections.indices where new.rows(ofSection: section).count > 0 {
        let first = ListIndexPath(item: 0, section: section)
        if let before = map.oldIndexPath(forNew: first), wasHeader(before) != isHeader(first) {
          rows.insert(new.row(first))
        }
      }
      for section in oldHeaders.indices where oldHeaders[section] {
        let first = ListIndexPath(item: 0, section: section)
        if let after = map.newIndexPath(forOld: first), !isHeader(after) {
          rows.insert(new.row(after))
        }
      }
      return rows
    }
  }
#endif

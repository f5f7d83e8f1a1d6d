import Foundation
import Snapshot

/// A layout's rows, one section after another, as a table without sections numbers them.
struct RowFrame {
  /// The first row of each section.
  var starts: [Int]
  var count: Int

  /// The table row of `path`. O(1).
  func row(_ path: ListIndexPath) -> Int { starts[path.section] + path.item }

  /// The rows of section `section`. O(1).
  func rows(ofSection section: Int) -> Range<Int> {
    starts[section]..<(section + 1 < starts.count ? starts[section + 1] : count)
  }
}

/// One call to a table that applies each call at once.
enum RowCall: Equatable {
  case remove(IndexSet)
  case insert(IndexSet)
  case move(Int, Int)
}

enum RowCalls {
  /// One ordered sequence of calls that turns the old rows into the new ones, each call in
  /// the frame of the rows as they are when it is made: every row the batch removes (deletes,
  /// reloads' deletes, the rows of deleted and reloaded sections) in one call, then the new
  /// rows in ascending order, each inserted (fresh) or moved into place (kept rows out of
  /// order), so that every row before the one placed is final.
  ///
  /// - Complexity: O(n + k·d) for n rows, k rows inserted or moved, d the distance each move
  ///   looks across; the position map's O(k log k).
  static func ordered(_ batch: BatchUpdate, old: RowFrame, new: RowFrame) -> [RowCall] {
    let map = batch.positionMap
    var removed = IndexSet()
    for section in batch.deletedSections + batch.reloadedSections {
      removed.insert(integersIn: old.rows(ofSection: section))
    }
    for path in batch.deletedItems + batch.reloadedItems { removed.insert(old.row(path)) }
    var calls: [RowCall] = removed.isEmpty ? [] : [.remove(removed)]
    // The kept rows, by old row, in their order after the removal.
    var current = (0..<old.count).filter { !removed.contains($0) }
    var target: [Int?] = []
    target.reserveCapacity(new.count)
    for section in new.starts.indices {
      for row in new.rows(ofSection: section) {
        let path = ListIndexPath(item: row - new.starts[section], section: section)
        target.append(map.oldIndexPath(forNew: path).map(old.row))
      }
    }
    var t = 0
    while t < target.count {
      guard let key = target[t] else {
        var end = t
        while end < target.count && target[end] == nil { end += 1 }
        calls.append(.insert(IndexSet(integersIn: t..<end)))
        current.insert(contentsOf: repeatElement(-1, count: end - t), at: t)
        t = end
        continue
      }
      if t >= current.count || current[t] != key, let from = current[t...].firstIndex(of: key) {
        calls.append(.move(from, t))
        current.remove(at: from)
        current.insert(key, at: t)
      }
      t += 1
    }
    return calls
  }

  /// The batch as a UIKit view reads it, handed to a table that applies each call at once:
  /// wrong whenever a batch mixes its frames (a planted defect, for the tests).
  static func inUIKitFrames(_ batch: BatchUpdate, old: RowFrame, new: RowFrame) -> [RowCall] {
    var removed = IndexSet(batch.deletedItems.map(old.row))
    for section in batch.deletedSections {
      removed.insert(integersIn: old.rows(ofSection: section))
    }
    var inserted = IndexSet(batch.insertedItems.map(new.row))
    for section in batch.insertedSections {
      inserted.insert(integersIn: new.rows(ofSection: section))
    }
    return [.remove(removed), .insert(inserted)]
      + batch.movedItems.map { .move(old.row($0.source), new.row($0.destination)) }
  }
}

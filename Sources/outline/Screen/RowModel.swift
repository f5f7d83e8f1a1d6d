import Snapshot

/// The rows the screen shows, in sections: changed only by the reloads and batches the data
/// source delivers, the way a UIKit list keeps its own rows and never reads the snapshot.
struct RowModel {
  /// One section's rows.
  struct Section: Equatable {
    var id: OutlineSection
    var rows: [OutlineItem]
  }

  /// A batch that does not add up against the rows shown (the list view would crash).
  struct Inconsistency: Error, CustomStringConvertible {
    var description: String
  }

  /// The sections, in order.
  private(set) var sections: [Section] = []
  /// The number of rows in all sections.
  private(set) var count = 0

  /// Throws every row away and reads the whole list from `content`. O(n log n) for n rows
  /// read from a data source.
  mutating func reload(from content: some ListContent<OutlineSection, OutlineItem>) {
    sections = (0..<content.numberOfSections).compactMap { index in
      guard let id = content.sectionIdentifier(for: index) else { return nil }
      return Section(id: id, rows: Self.read(content, section: index))
    }
    count = sections.reduce(0) { $0 + $1.rows.count }
  }

  /// Every row of section `index` of `content`. O(k + log n) from a data source.
  static func read(
    _ content: some ListContent<OutlineSection, OutlineItem>, section index: Int
  ) -> [OutlineItem] {
    content.itemIdentifiers(in: 0..<content.numberOfItems(inSection: index), inSection: index)
  }

  /// Applies `batch` by UIKit's rules: deletes and reloads at old index paths, inserts at new
  /// ones, moves old to new; the identifiers of inserted and reloaded rows are read from
  /// `content`, every other row keeps the identifier it had. Returns where the row at
  /// `tracked` went (nil when it was deleted).
  ///
  /// - Throws: ``Inconsistency`` when the batch does not fit the rows (a count that does not
  ///   add up, an index out of range, two entries in one slot); the rows are unchanged then.
  /// - Complexity: O(n + k log n) for n rows in the sections the batch touches and k rows read
  ///   from `content`.
  mutating func apply(
    _ batch: BatchUpdate, content: some ListContent<OutlineSection, OutlineItem>,
    tracking tracked: ListIndexPath?
  ) throws(Inconsistency) -> ListIndexPath? {
    let old = sections
    let newCount = content.numberOfSections
    guard newCount == old.count - batch.deletedSections.count + batch.insertedSections.count
    else {
      throw Inconsistency(
        description: "\(newCount) sections after the batch, expected \(old.count) - "
          + "\(batch.deletedSections.count) + \(batch.insertedSections.count)")
    }
    var placed = [Section?](repeating: nil, count: newCount)
    var origin = [Int?](repeating: nil, count: newCount)
    var leaving = [Bool](repeating: false, count: old.count)
    var trackedResult: ListIndexPath?
    func slot(_ index: Int, _ what: String) throws(Inconsistency) -> Int {
      guard placed.indices.contains(index), placed[index] == nil else {
        throw Inconsistency(description: "\(what) at section \(index) is out of range or taken")
      }
      return index
    }
    for index in batch.deletedSections {
      guard old.indices.contains(index) else {
        throw Inconsistency(description: "deleted section \(index) does not exist")
      }
      leaving[index] = true
    }
    for index in batch.insertedSections {
      let at = try slot(index, "inserted section")
      guard let id = content.sectionIdentifier(for: at) else {
        throw Inconsistency(description: "no identifier for inserted section \(at)")
      }
      placed[at] = Section(id: id, rows: Self.read(content, section: at))
    }
    for move in batch.movedSections {
      guard old.indices.contains(move.source), !leaving[move.source] else {
        throw Inconsistency(description: "moved section \(move.source) does not exist")
      }
      let at = try slot(move.destination, "moved section")
      placed[at] = old[move.source]
      leaving[move.source] = true
      if let tracked, tracked.section == move.source {
        trackedResult = ListIndexPath(item: tracked.item, section: at)
      }
    }
    var next = 0
    for index in old.indices where !leaving[index] {
      while next < newCount && placed[next] != nil { next += 1 }
      guard next < newCount else {
        throw Inconsistency(description: "more sections survive than the list has")
      }
      placed[next] = old[index]
      origin[next] = index
      next += 1
    }

    // Rows, per surviving section.
    var removed = old.map { [Bool](repeating: false, count: $0.rows.count) }
    func mark(_ path: ListIndexPath, _ what: String) throws(Inconsistency) {
      guard removed.indices.contains(path.section),
        removed[path.section].indices.contains(path.item),
        !removed[path.section][path.item]
      else { throw Inconsistency(description: "\(what) \(path) does not exist or is taken") }
      removed[path.section][path.item] = true
    }
    for path in batch.deletedItems { try mark(path, "deleted row") }
    for move in batch.movedItems { try mark(move.source, "moved row") }
    // Rows that land at a new index path (inserted or moved), per section, by position.
    let rowCounts = (0..<newCount).map { content.numberOfItems(inSection: $0) }
    var incoming = [[OutlineItem?]](repeating: [], count: newCount)
    func land(_ item: OutlineItem?, at path: ListIndexPath, _ what: String) throws(Inconsistency) {
      guard incoming.indices.contains(path.section), origin[path.section] != nil,
        (0..<rowCounts[path.section]).contains(path.item), let item
      else { throw Inconsistency(description: "\(what) \(path) cannot be placed") }
      if incoming[path.section].isEmpty {
        incoming[path.section] = Array(repeating: nil, count: rowCounts[path.section])
      }
      guard incoming[path.section][path.item] == nil else {
        throw Inconsistency(description: "two rows land at \(path)")
      }
      incoming[path.section][path.item] = item
    }
    // Inserted rows are read a run of consecutive positions at a time; a section's
    // insertions that are dense (a filter's) are read as one span.
    var runStart = 0
    let inserted = batch.insertedItems
    var spans = [(lower: Int, upper: Int, count: Int)?](repeating: nil, count: newCount)
    for path in inserted where spans.indices.contains(path.section) {
      let span = spans[path.section] ?? (path.item, path.item, 0)
      spans[path.section] = (min(span.lower, path.item), max(span.upper, path.item), span.count + 1)
    }
    var read = [(lower: Int, items: [OutlineItem])?](repeating: nil, count: newCount)
    for (section, span) in spans.enumerated() {
      guard let span, span.count > 16 && span.upper - span.lower < 4 * span.count else { continue }
      read[section] = (
        span.lower,
        content.itemIdentifiers(in: span.lower..<span.upper + 1, inSection: section)
      )
    }
    // The spans' rows, a section at a time (its rows taken out of `read` once).
    var at = 0
    while at < inserted.count {
      let section = inserted[at].section
      guard read.indices.contains(section), let (lower, items) = read[section] else {
        at += 1
        continue
      }
      while at < inserted.count && inserted[at].section == section {
        let path = inserted[at]
        let offset = path.item - lower
        try land(items.indices.contains(offset) ? items[offset] : nil, at: path, "inserted row")
        at += 1
      }
    }
    while runStart < inserted.count {
      if read.indices.contains(inserted[runStart].section)
        && read[inserted[runStart].section] != nil
      {
        runStart += 1
        continue
      }
      var runEnd = runStart + 1
      while runEnd < inserted.count && inserted[runEnd].section == inserted[runStart].section
        && inserted[runEnd].item == inserted[runEnd - 1].item + 1
      {
        runEnd += 1
      }
      let first = inserted[runStart]
      let items = content.itemIdentifiers(
        in: first.item..<first.item + (runEnd - runStart), inSection: first.section)
      for (offset, path) in inserted[runStart..<runEnd].enumerated() {
        try land(offset < items.count ? items[offset] : nil, at: path, "inserted row")
      }
      runStart = runEnd
    }
    for move in batch.movedItems {
      try land(old[move.source.section].rows[move.source.item], at: move.destination, "moved row")
      if move.source == tracked { trackedResult = move.destination }
    }
    var reloaded = old.map { _ in Set<Int>() }
    for path in batch.reloadedItems {
      guard old.indices.contains(path.section), old[path.section].rows.indices.contains(path.item),
        !removed[path.section][path.item]
      else { throw Inconsistency(description: "reloaded row \(path) does not exist or leaves") }
      reloaded[path.section].insert(path.item)
    }
    for target in 0..<newCount {
      guard let source = origin[target] else { continue }
      let rowCount = rowCounts[target]
      let landing = incoming[target]
      let oldRows = old[source].rows
      var rows: [OutlineItem] = []
      rows.reserveCapacity(rowCount)
      var oldIndex = 0
      for position in 0..<rowCount {
        if !landing.isEmpty, let item = landing[position] {
          rows.append(item)
          continue
        }
        while oldIndex < oldRows.count && removed[source][oldIndex] { oldIndex += 1 }
        guard oldIndex < oldRows.count else {
          throw Inconsistency(
            description: "section \(target) has \(rowCount) rows after the batch, but the "
              + "batch does not account for them")
        }
        if reloaded[source].contains(oldIndex) {
          guard
            let item = content.itemIdentifier(for: ListIndexPath(item: position, section: target))
          else { throw Inconsistency(description: "no identifier for reloaded row") }
          rows.append(item)
        } else {
          rows.append(oldRows[oldIndex])
        }
        if let tracked, tracked.section == source, tracked.item == oldIndex {
          trackedResult = ListIndexPath(item: position, section: target)
        }
        oldIndex += 1
      }
      while oldIndex < oldRows.count && removed[source][oldIndex] { oldIndex += 1 }
      guard oldIndex == oldRows.count else {
        throw Inconsistency(
          description: "section \(target) has \(rowCount) rows after the batch, but the batch "
            + "does not account for them")
      }
      placed[target]?.rows = rows
    }
    for path in batch.reconfiguredItems {
      guard placed.indices.contains(path.section),
        let rows = placed[path.section]?.rows, rows.indices.contains(path.item)
      else { throw Inconsistency(description: "reconfigured row \(path) does not exist") }
    }
    sections = placed.compactMap { $0 }
    count = sections.reduce(0) { $0 + $1.rows.count }
    return trackedResult
  }

  /// The flat position (counting rows of earlier sections) of `path`. O(sections).
  func flatIndex(of path: ListIndexPath) -> Int {
    sections.prefix(path.section).reduce(0) { $0 + $1.rows.count } + path.item
  }

  /// The index path of flat position `index`, or nil when out of range. O(sections).
  func indexPath(ofFlat index: Int) -> ListIndexPath? {
    guard index >= 0 else { return nil }
    var rest = index
    for (number, section) in sections.enumerated() {
      if rest < section.rows.count { return ListIndexPath(item: rest, section: number) }
      rest -= section.rows.count
    }
    return nil
  }

  /// The row at flat position `index`. O(sections).
  func item(atFlat index: Int) -> OutlineItem? {
    indexPath(ofFlat: index).map { sections[$0.section].rows[$0.item] }
  }

  /// Calls `body` with each row in flat positions `range` (clamped). O(sections + rows).
  func forEach(in range: Range<Int>, _ body: (Int, OutlineItem) -> Void) {
    var start = 0
    for section in sections {
      let end = start + section.rows.count
      let lower = max(range.lowerBound, start)
      let upper = min(range.upperBound, end)
      if lower < upper {
        for flat in lower..<upper { body(flat, section.rows[flat - start]) }
      }
      start = end
    }
  }
}

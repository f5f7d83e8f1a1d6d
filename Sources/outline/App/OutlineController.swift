import OutlineCore
import Snapshot

/// The app: owns the model, the data source and the screen, and turns keys into data source
/// calls. The screen learns of every change only through the batches the data source sends
/// it.
///
/// Model → snapshot → data source → batch → screen: the controller builds snapshots from the
/// model (lazily: a parent's children enter its section snapshot on its first expand, through
/// `snapshotForExpandingParent`), and never touches the screen's rows.
final class OutlineController {
  typealias DataSource = DiffableDataSource<OutlineSection, OutlineItem>

  /// A line being typed on the status line.
  struct Prompt {
    enum Action {
      case addChild(OutlineItem)
      case rename(NodeID)
      case editValue(NodeID)
      /// `/`: a search, run on Enter.
      case search
    }
    var label: String
    var text: String
    var action: Action
  }

  /// The tree.
  let model: OutlineModel
  /// The data source: one section snapshot per section.
  let dataSource = DataSource()
  /// The list.
  let screen: OutlineScreen
  /// Whether every action is followed by a comparison of the screen with the data source.
  let checking: Bool
  /// The text typed on the status line, if any.
  var prompt: Prompt?
  /// A message for the status line (an error or what happened).
  var message = ""
  /// Set by `q` (or Ctrl-C) to end the session.
  var wantsQuit = false
  /// Whether the session ended with Ctrl-C.
  var interrupted = false
  /// Set after a first `q` with unsaved changes.
  var quitPending = false
  /// What the last action that changed rows did, and how long it took.
  var lastUpdate: (stats: OutlineScreen.BatchStats, milliseconds: Double)?
  /// Parents whose children were put in their section snapshot.
  var loadedIntoSnapshot: Set<NodeID> = []
  /// The last search, for `n` / `N` and the highlight.
  var search: Search?
  /// The filter being typed or shown, with what Esc restores.
  var filter: Filter?
  /// Whether keys are waiting to be handled (the terminal has input, or more keys of the
  /// same read follow): a long filter search gives up for the newest query.
  var inputPending: () -> Bool = { false }
  /// Bytes for the terminal besides the frame (the clipboard's OSC 52), taken by
  /// ``takeTerminalOutput()``.
  var terminalOutput: [UInt8] = []
  /// Whether the filter works out its rows off the run loop (``FilterWorker``): documents
  /// of over ``offLoopFilterNodes`` nodes.
  var filtersOffLoop: Bool
  /// The filter's off-loop worker.
  let filterWorker = FilterWorker()
  /// Builds the trees of every node off the loop, at `f` over a large document.
  let everyNodeLoader = OffLoopJob<EveryNodeLoad>()

  /// Whether work for the filter is done off the loop, whose result the loop should look
  /// for. O(1).
  var isWorkingOffLoop: Bool { filterWorker.isRunning || everyNodeLoader.isRunning }

  /// A controller for `model` on a screen of `columns` × `lines`. O(1).
  init(model: OutlineModel, columns: Int, lines: Int, checking: Bool) {
    self.model = model
    self.checking = checking
    filtersOffLoop = model.nodes.count > Self.offLoopFilterNodes
    screen = OutlineScreen(columns: columns, lines: lines)
    screen.checksEveryBatch = checking
    dataSource.listView = screen
    dataSource.defaultHeaderMode = .firstItemInSection
    screen.cellProvider = { [unowned self] in cell(for: $0) }
    screen.isHighlighted = { [unowned self] in isHighlighted($0) }
    screen.title = title
    installHandlers()
  }

  /// The title line. O(1).
  var title: String {
    switch model.source {
    case .directory(let path): "outline  \(path)/  (edits stay in memory)  ? help"
    case .json(let path): "outline  \(path)  (w writes)  ? help"
    }
  }

  private func installHandlers() {
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { [unowned self] item in
      guard let id = item.node else { return true }
      guard model[id].isContainer else { return false }
      do {
        try model.loadChildren(of: id)
        return true
      } catch {
        message = "\(error)"
        return false
      }
    }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
      [unowned self] item, current in
      guard let id = item.node, !loadedIntoSnapshot.contains(id) else { return current }
      loadedIntoSnapshot.insert(id)
      var children = DataSource.SectionSnapshot()
      children.append((model[id].children ?? []).map { .node($0) })
      return children
    }
    dataSource.reorderingHandlers.canReorderItem = { $0.node != nil }
  }

  /// Shows the top level: each section's header, then the top-level nodes (collapsed).
  /// O(n) for n top-level nodes.
  func start() {
    var snapshot = DataSource.Snapshot()
    snapshot.appendSections(model.sections)
    for section in model.sections {
      snapshot.appendItems([.header(section)], toSection: section)
    }
    for id in model.topLevel {
      snapshot.appendItems([.node(id)], toSection: model.section(ofTopLevel: id))
    }
    if model.isDirectory || model[model.root].isContainer { loadedIntoSnapshot.insert(model.root) }
    measure { dataSource.applySnapshotUsingReloadData(snapshot) }
    refreshStatus()
  }

  /// Runs `body` as one user action: counts its batches and times it. O(1) beyond `body`.
  func measure<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    screen.resetStats()
    let start = ContinuousClock.now
    defer {
      let elapsed = start.duration(to: .now)
      let stats = screen.stats
      if stats != OutlineScreen.BatchStats() {
        let (seconds, attoseconds) = elapsed.components
        lastUpdate = (stats, Double(seconds) * 1000 + Double(attoseconds) / 1e15)
      }
    }
    try body()
  }

  // MARK: Cells

  /// Whether `item` is expanded in its section snapshot; through a filter, whether a node's
  /// row shows rows below it (an ancestor of a match is opened for the filter, whatever its
  /// expansion). O(log n).
  func isExpanded(_ item: OutlineItem) -> Bool {
    let section: OutlineSection
    switch item {
    case .header(let own): section = own
    case .node(let id): section = model.section(of: id)
    }
    if let id = item.node, dataSource.isFiltered(section),
      let path = dataSource.indexPath(for: item)
    {
      let next = ListIndexPath(item: path.item + 1, section: path.section)
      guard next.item < dataSource.numberOfItems(inSection: path.section),
        let below = dataSource.itemIdentifier(for: next)?.node
      else { return false }
      return model.parent(of: below) == id
    }
    return (try? dataSource.snapshot(for: section).tryIsExpanded(item)) ?? false
  }

  /// The row of `item`: indentation by depth, a disclosure triangle on parents, the label.
  /// O(depth + label).
  func cell(for item: OutlineItem) -> OutlineScreen.Cell {
    switch item {
    case .header(let section):
      return OutlineScreen.Cell(
        text: (isExpanded(item) ? "▾ " : "▸ ") + section.description.uppercased(),
        isHeader: true)
    case .node(let id):
      let node = model[id]
      let indent = String(repeating: "  ", count: Int(max(0, node.depth)))
      let disclosure = node.isContainer ? (isExpanded(item) ? "▾ " : "▸ ") : "  "
      return OutlineScreen.Cell(text: indent + disclosure + label(of: id), isHeader: false)
    }
  }

  /// What a node's row says. O(label).
  func label(of id: NodeID) -> String {
    let node = model[id]
    let count = node.children?.count ?? 0
    switch node.kind {
    case .directory: return (node.name ?? "") + "/"
    case .file, .special: return node.name ?? ""
    case .symlink(let target): return (node.name ?? "") + " -> " + target
    case .object, .array, .scalar:
      let value: String
      switch node.kind {
      case .object: value = "{\(count)}"
      case .array: value = "[\(count)]"
      case .scalar(let scalar): value = Self.text(of: scalar)
      default: value = ""
      }
      guard let key = node.name else { return value }
      return Self.quoted(key) + ": " + value
    }
  }

  /// A scalar as JSON text. O(text).
  static func text(of value: JSONDocument.Value) -> String {
    switch value {
    case .object: "{}"
    case .array: "[]"
    case .string(let string): quoted(string)
    case .number(let literal): literal
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    }
  }

  /// `text` as a JSON string literal, escaped as the writer escapes it. O(text).
  static func quoted(_ text: String) -> String {
    var out: [UInt8] = []
    JSONWriter.appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: Status and checks

  /// Puts the row count, the last update and the message (or the prompt) on the status line.
  /// O(1).
  func refreshStatus() {
    if let filter, filter.isTyping {
      screen.status = filterStatus(filter)
      return
    }
    if let prompt {
      screen.status = prompt.label + prompt.text + "▏  (Enter: done, Esc: cancel)"
      return
    }
    var parts = ["\(screen.rows.count) rows"]
    if let (stats, milliseconds) = lastUpdate {
      var batch = "last update +\(stats.inserts) -\(stats.deletes) moved \(stats.moves)"
      if stats.reloads > 0 { batch = "reloaded" }
      parts.append(batch + " in " + Self.format(milliseconds) + " ms")
    }
    if !message.isEmpty { parts.append(message) }
    if let filter { parts.append(filterSummary(filter)) }
    screen.status = parts.joined(separator: " | ")
  }

  /// `value` with two decimals. O(1).
  static func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// The `--check` comparison: the screen's rows against each section's visible items in the
  /// data source's trees (through a filter: the rows it shows), every batch having fit, and no row on screen showing a stale cell.
  ///
  /// - Throws: ``OutlineError`` describing the first difference.
  /// - Complexity: O(n) for n rows.
  func verify(after what: String) throws(OutlineError) {
    if let failure = screen.failures.first {
      throw OutlineError("--check failed after \(what): \(failure)")
    }
    let expected = model.sections.enumerated().map { index, section in
      if dataSource.isFiltered(section) {
        // The rows shown through the filter.
        let count = dataSource.numberOfItems(inSection: index)
        return RowModel.Section(
          id: section, rows: dataSource.itemIdentifiers(in: 0..<count, inSection: index))
      }
      let tree = dataSource.snapshot(for: section)
      let header = OutlineItem.header(section)
      let rows = (try? tree.tryIsExpanded(header)) == false ? [header] : tree.visibleItems
      return RowModel.Section(id: section, rows: rows)
    }
    if let difference = OutlineScreen.difference(screen.rows.sections, expected) {
      throw OutlineError("--check failed after \(what): \(difference)")
    }
    if let stale = screen.staleCells().first {
      throw OutlineError("--check failed after \(what): \(stale) (its update was never sent)")
    }
    if let broken = dataSource._invariantViolation() {
      throw OutlineError("--check failed after \(what): data source: \(broken)")
    }
  }
}

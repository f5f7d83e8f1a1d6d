import OutlineCore
import Snapshot

/// Editing, as in seed 004: add a child, rename, edit a value, delete a subtree, move a row
/// among its siblings. Each edit changes the model, then tells the data source: a section
/// snapshot apply for structure, a whole-snapshot apply with `reconfigureItems` for a row whose
/// text changed, `moveItem(at:to:)` (the reordering entry point) for moves.
extension OutlineController {
  // MARK: Prompts

  /// `a`: asks for the new child's name (or value, in an array).
  func beginAdding() {
    guard let item = selected else { return }
    let parent: NodeID
    switch item {
    case .header:
      guard model.isDirectory || model[model.root].isContainer else {
        message = "the document is a single value: it has no children"
        return
      }
      parent = model.root
    case .node(let id):
      guard model[id].isContainer else {
        message = "only a folder, an object or an array can have children"
        return
      }
      parent = id
    }
    let label: String
    switch model[parent].kind {
    case .array: label = "New element (JSON value): "
    case .object: label = "New member's key: "
    default:
      if case .header(.files) = item {
        label = "New file's name: "
      } else if case .header(.folders) = item {
        label = "New folder's name: "
      } else {
        label = "New entry's name (end with / for a folder): "
      }
    }
    prompt = Prompt(label: label, text: "", action: .addChild(item))
  }

  /// `r`: asks for a new name (a key, or an array element's value).
  func beginRenaming() {
    guard let id = selected?.node else {
      message = "a section header cannot be renamed"
      return
    }
    if model[id].name == nil {
      if case .scalar(let value) = model[id].kind {
        prompt = Prompt(
          label: "New value (JSON): ", text: Self.text(of: value), action: .editValue(id))
      } else {
        message = "an array element has no name"
      }
      return
    }
    prompt = Prompt(label: "Rename to: ", text: model[id].name ?? "", action: .rename(id))
  }

  /// `e`: asks for a JSON node's new value.
  func beginEditingValue() {
    guard let id = selected?.node, !model.isDirectory else {
      message = "only JSON values can be edited"
      return
    }
    let text: String
    switch model[id].kind {
    case .scalar(let value): text = Self.text(of: value)
    case .object where model[id].children?.isEmpty == true: text = "{}"
    case .array where model[id].children?.isEmpty == true: text = "[]"
    default:
      message = "only a value or an empty object or array can be edited"
      return
    }
    prompt = Prompt(label: "New value (JSON): ", text: text, action: .editValue(id))
  }

  /// A key typed while a prompt is open.
  func edit(with key: Key) {
    guard var current = prompt else { return }
    switch key {
    case .escape:
      prompt = nil
      message = "cancelled"
    case .backspace:
      if !current.text.isEmpty { current.text.removeLast() }
      prompt = current
    case .enter:
      prompt = nil
      finish(current)
    case .character(let character):
      current.text.append(character)
      prompt = current
    default:
      break
    }
  }

  private func finish(_ prompt: Prompt) {
    switch prompt.action {
    case .addChild(let item): addChild(named: prompt.text, to: item)
    case .rename(let id): rename(id, to: prompt.text)
    case .editValue(let id): setValue(of: id, to: prompt.text)
    case .search: runSearch(prompt.text)
    }
  }

  // MARK: Edits

  /// A JSON value typed by the user: a scalar or an empty container if the text parses as
  /// one, else the text as a string. O(text).
  static func value(typed text: String) -> OutlineNode.Kind {
    if let document = try? JSONParser.parse(Array(text.utf8)), document.nodes.count == 1 {
      switch document.nodes[0].value {
      case .object: return .object
      case .array: return .array
      case let scalar: return .scalar(scalar)
      }
    }
    return .scalar(.string(text))
  }

  /// Why `name` cannot name a new entry in directory `parent`, or nil. O(siblings).
  private func problem(withName name: String, in parent: NodeID) -> String? {
    if name.isEmpty { return "a name cannot be empty" }
    if name == "." || name == ".." || name.contains("/") {
      return "a name cannot be . or .. or contain /"
    }
    if model[parent].children?.contains(where: { model[$0].name == name }) == true {
      return "an entry named \(name) already exists here"
    }
    return nil
  }

  private func addChild(named typed: String, to item: OutlineItem) {
    let parent = item.node ?? model.root
    var name: String? = typed
    var kind: OutlineNode.Kind
    switch model[parent].kind {
    case .array:
      name = nil
      kind = Self.value(typed: typed)
    case .object:
      kind = .scalar(.null)
    default:
      var bare = typed
      let folder = typed.hasSuffix("/") && typed.count > 1
      if folder { bare.removeLast() }
      if case .header(let section) = item {
        kind = section == .folders ? .directory : .file
      } else {
        kind = folder ? .directory : .file
      }
      do {
        try model.loadChildren(of: parent)
      } catch {
        message = "\(error)"
        return
      }
      if let problem = problem(withName: bare, in: parent) {
        message = problem
        return
      }
      name = bare
    }
    measure {
      // Open the parent first (loading its children), so the new row shows below it.
      if !isExpanded(item) {
        do {
          try dataSource.expand(item)
        } catch {
          message = "\(error)"
          return
        }
      }
      let child = model.insertNode(named: name, kind: kind, in: parent)
      model.isModified = true
      loadedIntoSnapshot.insert(child)
      let section = item.node.map { model.section(of: $0) } ?? model.section(ofTopLevel: child)
      var tree = dataSource.snapshot(for: section)
      if let id = item.node {
        tree.append([.node(child)], to: .node(id))
      } else {
        tree.append([.node(child)])
      }
      do {
        try dataSource.tryApply(tree, to: section)
        if item.node != nil && !model.isDirectory { try refresh([item]) }
      } catch {
        message = "\(error)"
        return
      }
      select(.node(child))
      message = "added " + label(of: child)
    }
  }

  /// Sends the rows of `items` a reconfigure (their text changed; the rows did not): a whole
  /// snapshot of the rows shown, with `reconfigureItems`. O(n).
  private func refresh(_ items: [OutlineItem]) throws(OutlineController.DataSource.Error) {
    var snapshot = dataSource.snapshot()
    let shown = items.filter { dataSource.indexPath(for: $0) != nil }
    guard !shown.isEmpty else { return }
    snapshot.reconfigureItems(shown)
    try dataSource.tryApply(snapshot)
  }

  private func rename(_ id: NodeID, to name: String) {
    if model.isDirectory, let parent = model.parent(of: id),
      model[id].name != name, let problem = problem(withName: name, in: parent)
    {
      message = problem
      return
    }
    model[id].name = name
    edited(id, "renamed to \(name)")
  }

  /// After `id`'s text changed in the model: marks the model modified and reconfigures the
  /// row; the status says `done`, or why the data source refused.
  private func edited(_ id: NodeID, _ done: String) {
    model.isModified = true
    measure {
      do {
        try refresh([.node(id)])
        message = done
      } catch {
        message = "\(error)"
      }
    }
  }

  private func setValue(of id: NodeID, to text: String) {
    let kind = Self.value(typed: text)
    if kind == .object || kind == .array {
      model[id].children = model[id].children ?? []
    }
    model[id].kind = kind
    edited(id, "value set to " + label(of: id))
  }

  /// `d`: deletes the selected row and its subtree (in memory, for a directory).
  func deleteSelected() {
    guard let item = selected, let id = item.node else {
      message = "a section header cannot be deleted"
      return
    }
    if id == model.root {
      message = "the document's only value cannot be deleted"
      return
    }
    let section = model.section(of: id)
    let parent = model.parent(of: id)
    let name = label(of: id)
    measure {
      var tree = dataSource.snapshot(for: section)
      tree.delete([item])
      do {
        try dataSource.tryApply(tree, to: section)
        model.remove(id)
        if let parent, parent != model.root, !model.isDirectory { try refresh([.node(parent)]) }
      } catch {
        message = "\(error)"
        return
      }
      message = "deleted " + name
    }
  }

  /// `J` / `K`: moves the selected row below its next sibling or above its previous one,
  /// through the data source's reordering entry point (`moveItem(at:to:)`).
  func moveSelected(down: Bool) {
    guard let item = selected, let id = item.node, let parent = model.parent(of: id) else {
      message = "only an entry or a value can be moved"
      return
    }
    let section = model.section(of: id)
    let siblings = (model[parent].children ?? []).filter {
      parent != model.root || model.section(ofTopLevel: $0) == section
    }
    guard let index = siblings.firstIndex(of: id) else { return }
    let neighbourIndex = down ? index + 1 : index - 1
    guard siblings.indices.contains(neighbourIndex) else {
      message = down ? "already the last among its siblings" : "already the first"
      return
    }
    let neighbour = siblings[neighbourIndex]
    // Moving up: the row lands on its previous sibling's row and becomes its previous sibling.
    // Moving down: the next sibling does the same with this row.
    let (moving, target) = down ? (OutlineItem.node(neighbour), item) : (item, .node(neighbour))
    guard let source = dataSource.indexPath(for: moving),
      let destination = dataSource.indexPath(for: target)
    else { return }
    measure {
      do {
        try dataSource.moveItem(at: source, to: destination)
        model.swapSiblings(id, neighbour)
      } catch {
        message = "\(error)"
      }
    }
  }

  /// `w`: writes the JSON document back, atomically.
  func write() {
    guard case .json(let path) = model.source else {
      message = "a directory is never written: edits stay in memory"
      return
    }
    let bytes = JSONWriter.write(model.jsonDocument())
    do {
      try FileIO.writeAtomically(bytes, to: path)
      model.isModified = false
      message = "wrote \(bytes.count) bytes to \(path)"
    } catch {
      message = "not written: \(error)"
    }
  }
}

import OutlineCore

/// What `/`, `*`, `#` and `f` look for: a piece of text, case-insensitive unless it has a
/// capital letter (smart case), found in a node's key or name and in its value.
struct SearchQuery: Equatable, Sendable {
  /// The text as typed.
  let text: String
  /// Whether the text has a capital letter, so that case counts.
  let isCaseSensitive: Bool
  /// The bytes looked for: the text's UTF-8, lowercased when case does not count.
  let needle: [UInt8]
  /// Whether case does not count and the text has a letter outside ASCII, so that texts are
  /// lowercased whole before the bytes are compared (slower than folding ASCII in place).
  let foldsWholeText: Bool

  /// A query for `text`. O(text).
  init(_ text: String) {
    self.text = text
    isCaseSensitive = text.contains { $0.isUppercase }
    let lowered = isCaseSensitive ? text : text.lowercased()
    needle = Array(lowered.utf8)
    foldsWholeText = !isCaseSensitive && lowered.utf8.contains { $0 >= 0x80 }
  }

  /// Whether `haystack` contains the query. O(haystack × query) at worst, O(haystack)
  /// typically.
  @inline(__always)
  func matches(_ haystack: String) -> Bool {
    if needle.isEmpty { return true }
    if foldsWholeText {
      return haystack.lowercased().utf8.withContiguousStorageIfAvailable { contains($0) }
        ?? contains(Array(haystack.lowercased().utf8))
    }
    return haystack.utf8.withContiguousStorageIfAvailable { contains($0) }
      ?? contains(Array(haystack.utf8))
  }

  /// Whether `haystack` (already lowercased when ``foldsWholeText``) holds the needle, ASCII
  /// capitals folded when case does not count. O(haystack × needle) at worst.
  @inline(__always)
  private func contains(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    needle.withUnsafeBufferPointer { needle in
      Self.find(needle, in: haystack, foldingASCII: !isCaseSensitive && !foldsWholeText)
    }
  }

  /// Whether `haystack` contains the query, given as a buffer (an array's, one without
  /// storage of its own converted first). O(haystack × query).
  private func contains(_ haystack: [UInt8]) -> Bool {
    haystack.withUnsafeBufferPointer { contains($0) }
  }

  /// Whether every text this query matches is matched by `wider` too: the query only grew at
  /// its end (a longer piece, in the same case or with a capital added, is found only where
  /// the shorter one is), so a filter can look among the previous matches only. O(query).
  func narrows(_ wider: SearchQuery) -> Bool {
    !wider.text.isEmpty && text.hasPrefix(wider.text)
  }

  /// Whether `needle` (not empty) occurs in `haystack`; with `foldingASCII`, ASCII capitals
  /// in `haystack` count as small letters (the needle has none). O(haystack × needle) at
  /// worst.
  private static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
    foldingASCII: Bool
  ) -> Bool {
    let count = needle.count
    guard haystack.count >= count else { return false }
    // With folding, the first byte is looked for as it is and as a capital.
    let first = needle[0]
    let other = foldingASCII && first &- 0x61 < 26 ? first ^ 0x20 : first
    var start = 0
    let last = haystack.count - count
    while start <= last {
      let byte = haystack[start]
      if byte == first || byte == other {
        var offset = 1
        while offset < count {
          var next = haystack[start + offset]
          if foldingASCII && next &- 0x41 < 26 { next |= 0x20 }
          if next != needle[offset] { break }
          offset += 1
        }
        if offset == count { return true }
      }
      start += 1
    }
    return false
  }
}

extension OutlineNode {
  /// Whether the node's key or name, or its value (a JSON scalar's text, a link's target),
  /// contains `query`. O(name + value).
  func matches(_ query: SearchQuery) -> Bool {
    withUnsafePointer(to: self) { Self.node(at: $0, matches: query) }
  }

  /// Whether the node at `node` matches `query` (``matches(_:)``), read in place: its
  /// fields are read through the pointer, the node is never copied. O(name + value).
  @inline(__always)
  static func node(at node: UnsafePointer<OutlineNode>, matches query: SearchQuery) -> Bool {
    if let name = node.pointee.name, query.matches(name) { return true }
    switch node.pointee.kind {
    case .scalar(.string(let text)): return query.matches(text)
    case .scalar(.number(let literal)): return query.matches(literal)
    case .scalar(.bool(let flag)): return query.matches(flag ? "true" : "false")
    case .scalar(.null): return query.matches("null")
    case .symlink(let target): return query.matches(target)
    default: return false
    }
  }
}

extension OutlineModel {
  /// Whether node `id`'s key or name, or its value (a JSON scalar's text, a link's target),
  /// contains `query`. O(name + value).
  func node(_ id: NodeID, matches query: SearchQuery) -> Bool {
    self[id].matches(query)
  }

  /// Calls `body` with every node the outline can show, in document order: each section's
  /// top-level nodes in turn, each followed by its subtree (preorder); folders not read yet
  /// add nothing. `body` also learns when a section starts (`section` non-nil, `id` nil).
  /// Stops when `body` returns false. O(nodes), iterative.
  func forEachInDocumentOrder(_ body: (OutlineSection?, NodeID?) -> Bool) {
    forEachNodeInDocumentOrder { section, id, _ in body(section, id) }
  }

  /// ``forEachInDocumentOrder(_:)`` with each node handed over too, as a pointer into the
  /// model's storage (so that it is read in place, not copied): `body` must not change the
  /// model. O(nodes), iterative.
  @inline(__always)
  func forEachNodeInDocumentOrder(
    _ body: (OutlineSection?, NodeID?, UnsafePointer<OutlineNode>?) -> Bool
  ) {
    let top = topLevel
    let sections = sections
    nodes.withUnsafeBufferPointer { nodes in
      guard let base = nodes.baseAddress else { return }
      var stack: [Int32] = []
      for shown in sections {
        guard body(shown, nil, nil) else { return }
        for id in top.reversed() where section(ofTopLevel: id) == shown {
          stack.append(id.index)
        }
        while let index = stack.popLast() {
          let node = base + Int(index)
          guard body(nil, NodeID(Int(index)), node) else { return }
          if let children = node.pointee.children, !children.isEmpty {
            for child in children.reversed() { stack.append(child.index) }
          }
        }
      }
    }
  }

  /// Every node that matches `query`, in document order. O(nodes × match).
  func matches(of query: SearchQuery) -> [NodeID] {
    var found: [NodeID] = []
    forEachInDocumentOrder { _, id in
      if let id, node(id, matches: query) { found.append(id) }
      return true
    }
    return found
  }

  /// The ancestors of `id` shown as rows, from the top-level one down to the parent (the
  /// root, which no row shows, left out). O(depth).
  func shownAncestors(of id: NodeID) -> [NodeID] {
    var chain: [NodeID] = []
    var current = id
    while let parent = parent(of: current), parent != root {
      chain.append(parent)
      current = parent
    }
    return chain.reversed()
  }

  /// Where `id` is, as text to copy: a JSON path such as `.animals.dog[0]` (`.` for the
  /// root; keys that are not identifiers as `["key"]`, escaped as JSON escapes them), or the
  /// directory entry's path. Control characters come out escaped (`\u001b` in a JSON path,
  /// `\x1b` in a file's path), so the text can never drive a terminal. O(depth × siblings).
  func copyablePath(of id: NodeID) -> String {
    if isDirectory {
      return Self.escapingControls(String(decoding: pathBytes(of: id), as: UTF8.self))
    }
    var parts: [String] = []
    var current = id
    while let parent = parent(of: current) {
      if self[parent].kind == .array {
        let index = self[parent].children?.firstIndex(of: current) ?? 0
        parts.append("[\(index)]")
      } else {
        let key = self[current].name ?? ""
        if Self.isIdentifier(key) {
          parts.append("." + key)
        } else {
          var out: [UInt8] = Array("[".utf8)
          JSONWriter.appendString(key, to: &out)
          out.append(UInt8(ascii: "]"))
          parts.append(String(decoding: out, as: UTF8.self))
        }
      }
      current = parent
    }
    return parts.isEmpty ? "." : parts.reversed().joined()
  }

  /// Whether `key` can follow a dot in a path: ASCII letters, digits and `_`, not starting
  /// with a digit. O(key).
  static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(0x30...0x39).contains(first) else { return false }
    return key.utf8.allSatisfy {
      (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        || $0 == 0x5F
    }
  }

  /// `text` with every control character (C0, DEL, C1) written as `\xNN` or `\u{NN}`.
  /// O(text).
  static func escapingControls(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || value == 0x7F {
        out += "\\x" + (value < 0x10 ? "0" : "") + String(value, radix: 16)
      } else if (0x80..<0xA0).contains(value) {
        out += "\\u{" + String(value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

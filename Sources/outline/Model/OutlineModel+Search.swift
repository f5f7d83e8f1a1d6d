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
  func matches(_ haystack: String) -> Bool {
    if needle.isEmpty { return true }
    if foldsWholeText {
      return Self.find(needle, in: Array(haystack.lowercased().utf8), foldingASCII: false)
    }
    var text = haystack
    return text.withUTF8 { Self.find(needle, in: $0, foldingASCII: !isCaseSensitive) }
  }

  /// Whether every text this query matches is matched by `wider` too: the query only grew at
  /// its end (a longer piece, in the same case or with a capital added, is found only where
  /// the shorter one is), so a filter can look among the previous matches only. O(query).
  func narrows(_ wider: SearchQuery) -> Bool {
    !wider.text.isEmpty && text.hasPrefix(wider.text)
  }

  private static func find(
    _ needle: [UInt8], in haystack: some RandomAccessCollection<UInt8>, foldingASCII: Bool
  ) -> Bool {
    let count = needle.count
    guard haystack.count >= count else { return false }
    let first = needle[0]
    var start = haystack.startIndex
    let last = haystack.index(haystack.endIndex, offsetBy: -count)
    while start <= last {
      var byte = haystack[start]
      if foldingASCII && byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
      if byte == first {
        var offset = 1
        var index = haystack.index(after: start)
        while offset < count {
          var next = haystack[index]
          if foldingASCII && next >= 0x41 && next <= 0x5A { next |= 0x20 }
          if next != needle[offset] { break }
          offset += 1
          index = haystack.index(after: index)
        }
        if offset == count { return true }
      }
      start = haystack.index(after: start)
    }
    return false
  }
}

extension OutlineModel {
  /// Whether node `id`'s key or name, or its value (a JSON scalar's text, a link's target),
  /// contains `query`. O(name + value).
  func node(_ id: NodeID, matches query: SearchQuery) -> Bool {
    let node = self[id]
    if let name = node.name, query.matches(name) { return true }
    switch node.kind {
    case .scalar(let value):
      switch value {
      case .string(let text): return query.matches(text)
      case .number(let literal): return query.matches(literal)
      case .bool(let flag): return query.matches(flag ? "true" : "false")
      case .null: return query.matches("null")
      case .object, .array: return false
      }
    case .symlink(let target): return query.matches(target)
    default: return false
    }
  }

  /// Calls `body` with every node the outline can show, in document order: each section's
  /// top-level nodes in turn, each followed by its subtree (preorder); folders not read yet
  /// add nothing. `body` also learns when a section starts (`section` non-nil, `id` nil).
  /// Stops when `body` returns false. O(nodes), iterative.
  func forEachInDocumentOrder(_ body: (OutlineSection?, NodeID?) -> Bool) {
    let top = topLevel
    var stack: [NodeID] = []
    for shown in sections {
      guard body(shown, nil) else { return }
      for id in top.reversed() where section(ofTopLevel: id) == shown {
        stack.append(id)
      }
      while let id = stack.popLast() {
        guard body(nil, id) else { return }
        if let children = self[id].children, !children.isEmpty {
          stack.append(contentsOf: children.reversed())
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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads directories with the C library: `opendir`/`readdir`, and `lstat` only where the
/// entry type is unknown. Symbolic links are listed, never followed.
enum DirectoryReader {
  /// One entry of a directory.
  struct Entry {
    /// The name's bytes as the file system has them.
    var bytes: [UInt8]
    /// What the entry is.
    var kind: OutlineNode.Kind
  }

  /// The entries of the directory at `path` (without `.` and `..`), folders first, each group
  /// in byte order of the names.
  ///
  /// - Throws: ``OutlineError`` naming the path and the reason (`strerror`).
  /// - Complexity: O(n log n) for n entries, plus one `readlink` per symbolic link. The names
  ///   are kept in one buffer and an index array is sorted, so sorting moves no references.
  static func entries(at path: [UInt8]) throws(OutlineError) -> [Entry] {
    let pathString = String(decoding: path, as: UTF8.self)
    guard let directory = withCString(path, { opendir($0) }) else {
      throw OutlineError("cannot read directory \(pathString): \(errorText(errno))")
    }
    defer { closedir(directory) }
    var names: [UInt8] = []
    var starts: [Int32] = [0]
    var kinds: [OutlineNode.Kind] = []
    var folder: [Bool] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 {
          throw OutlineError("cannot read directory \(pathString): \(errorText(errno))")
        }
        break
      }
      let before = names.count
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        names.append(contentsOf: raw.prefix(while: { $0 != 0 }))
      }
      let length = names.count - before
      if (length == 1 && names[before] == 0x2E)
        || (length == 2 && names[before] == 0x2E && names[before + 1] == 0x2E)
      {
        names.removeLast(length)
        continue
      }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
        let full = path + [0x2F] + names[before...]
        if type == Int32(DT_UNKNOWN) { type = fileType(at: full) }
        kinds.append(type == Int32(DT_LNK) ? .symlink(target: linkTarget(full)) : kind(type))
      } else {
        kinds.append(kind(type))
      }
      folder.append(type == Int32(DT_DIR))
      starts.append(Int32(names.count))
    }
    var order = Array(0..<Int32(kinds.count))
    names.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress
      order.sort { a, b in
        let (a, b) = (Int(a), Int(b))
        if folder[a] != folder[b] { return folder[a] }
        let aLength = Int(starts[a + 1] - starts[a])
        let bLength = Int(starts[b + 1] - starts[b])
        let common = min(aLength, bLength)
        let order = common == 0 ? 0 : memcmp(base! + Int(starts[a]), base! + Int(starts[b]), common)
        return order != 0 ? order < 0 : aLength < bLength
      }
    }
    return order.map { index in
      let i = Int(index)
      return Entry(bytes: Array(names[Int(starts[i])..<Int(starts[i + 1])]), kind: kinds[i])
    }
  }

  /// The node kind of a `DT_` type (a symbolic link's target is read by the caller). O(1).
  static func kind(_ type: Int32) -> OutlineNode.Kind {
    switch type {
    case Int32(DT_DIR): .directory
    case Int32(DT_REG): .file
    default: .special
    }
  }

  /// The `DT_` type of the entry at `path` from `lstat`, `DT_UNKNOWN` if it fails. O(1).
  static func fileType(at path: [UInt8]) -> Int32 {
    var info = stat()
    guard withCString(path, { lstat($0, &info) }) == 0 else { return Int32(DT_UNKNOWN) }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return Int32(DT_DIR)
    case S_IFREG: return Int32(DT_REG)
    case S_IFLNK: return Int32(DT_LNK)
    default: return Int32(DT_FIFO)
    }
  }

  /// The target of the symbolic link at `path`, or "?" if it cannot be read. O(target).
  static func linkTarget(_ path: [UInt8]) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = withCString(path) { name in
      buffer.withUnsafeMutableBufferPointer { out in
        out.baseAddress!.withMemoryRebound(to: CChar.self, capacity: out.count) {
          readlink(name, $0, out.count)
        }
      }
    }
    guard count >= 0 else { return "?" }
    return String(decoding: buffer.prefix(count), as: UTF8.self)
  }

  /// Calls `body` with `bytes` as a NUL-terminated C string. O(bytes).
  static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    let terminated = bytes + [0]
    return terminated.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
    }
  }

  /// `strerror(code)` as a String. O(1).
  static func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}

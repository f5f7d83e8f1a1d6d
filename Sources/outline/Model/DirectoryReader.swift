import OutlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads directories with the C library: `opendir`/`readdir`, and `lstat` only where the
/// entry type is unknown. Symbolic links are listed, never followed.
enum DirectoryReader {
  /// The entries of a directory: their names in one buffer, in display order.
  struct Listing {
    /// Every name's bytes, one after the other.
    var names: [UInt8] = []
    /// Each entry's name (a range of ``names``) and kind, folders first, each group in byte
    /// order of the names.
    var entries: [(name: Range<Int>, kind: OutlineNode.Kind)] = []
  }

  /// The entries of the directory at `path` (without `.` and `..`).
  ///
  /// - Throws: ``OutlineError`` naming the path and the reason (`strerror`).
  /// - Complexity: O(n log n) for n entries, plus one `readlink` per symbolic link. Names go
  ///   to one buffer, and the sort compares each name's first 8 bytes as one integer before
  ///   it compares the rest, so sorting moves no references and rarely reads a name.
  static func entries(at path: [UInt8]) throws(OutlineError) -> Listing {
    let pathString = String(decoding: path, as: UTF8.self)
    guard let directory = withCString(path, { opendir($0) }) else {
      throw OutlineError("cannot read directory \(pathString): \(systemErrorText())")
    }
    defer { closedir(directory) }
    var names: [UInt8] = []
    var starts: [Int] = [0]
    var kinds: [OutlineNode.Kind] = []
    // (folder first, the name's first 8 bytes big-endian, index) for each entry.
    var keys: [(Bool, UInt64, Int32)] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 {
          throw OutlineError("cannot read directory \(pathString): \(systemErrorText())")
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
      var prefix: UInt64 = 0
      for offset in 0..<8 {
        prefix = prefix << 8 | UInt64(offset < length ? names[before + offset] : 0)
      }
      keys.append((type != Int32(DT_DIR), prefix, Int32(kinds.count - 1)))
      starts.append(names.count)
    }
    names.withUnsafeBufferPointer { buffer in
      keys.sort { a, b in
        if a.0 != b.0 { return !a.0 }
        if a.1 != b.1 { return a.1 < b.1 }
        // Equal first 8 bytes (or shorter names padded with zeros): compare the whole names.
        let (x, y) = (Int(a.2), Int(b.2))
        let xLength = starts[x + 1] - starts[x]
        let yLength = starts[y + 1] - starts[y]
        let common = min(xLength, yLength)
        let order =
          common == 0
          ? 0 : memcmp(buffer.baseAddress! + starts[x], buffer.baseAddress! + starts[y], common)
        return order != 0 ? order < 0 : xLength < yLength
      }
    }
    var listing = Listing()
    listing.entries.reserveCapacity(keys.count)
    for (_, _, index) in keys {
      let i = Int(index)
      listing.entries.append((starts[i]..<starts[i + 1], kinds[i]))
    }
    listing.names = names
    return listing
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
}

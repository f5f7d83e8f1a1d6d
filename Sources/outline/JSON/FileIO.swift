// Reading files and replacing them atomically, through the C library (no Foundation).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation: the path it was about and the reason (the C library's
/// `strerror` text, e.g. "No such file or directory").
struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path the operation was given.
  var path: String
  /// Why it failed.
  var reason: String

  /// "path: reason".
  ///
  /// - Complexity: O(m) for m characters.
  var description: String { "\(path): \(reason)" }
}

/// Reading whole files and atomically replacing them.
enum FileIO {
  /// Reads the whole file at `path`.
  ///
  /// - Throws: `FileError` for missing files, directories, permissions, read errors.
  /// - Complexity: O(n) for a file of n bytes.
  static func read(_ path: String) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(path) }
    defer { _ = close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(path) }
    guard !isDirectory(info.st_mode) else { throw failure(path, errno: EISDIR) }

    var bytes: [UInt8] = []
    // + 1: room for the read that sees the end. The size is only a hint (it is 0 for /proc
    // files, and may be anything for special files), so it is capped.
    var capacity = min(max(Int(info.st_size), 0), 1 << 30) + 1
    bytes.reserveCapacity(capacity)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let wanted = min(chunk.count, max(capacity - bytes.count, 4096))
      let got = chunk.withUnsafeMutableBytes { readSome(fd, $0.baseAddress, wanted) }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      if got == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<got])
      if bytes.count >= capacity { capacity = bytes.count * 2 }
    }
  }

  /// Atomically replaces (or creates) `path` with `bytes`: writes a temporary file in the
  /// same directory (named `.<basename>.outline-<pid>.tmp`, created with
  /// `O_CREAT | O_EXCL`), keeps the original file's permission bits if it exists (else
  /// 0644, less the umask), writes everything (looping on partial writes and `EINTR`),
  /// fsyncs, closes, renames over `path`, then fsyncs the directory (best effort).
  ///
  /// If `path` is a symbolic link, the file it points to is replaced (the link stays).
  /// The owner of a replaced file is not kept (the new file belongs to the writer).
  ///
  /// - Throws: `FileError` naming `path`. On any failure the temporary file is removed and
  ///   the original is untouched, so a crash never leaves half a file.
  /// - Complexity: O(n) for n bytes.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
    guard !path.isEmpty else { throw failure(path, errno: ENOENT) }
    let target = resolvedPath(path)
    let (directory, name) = split(target)
    guard !name.isEmpty, name != ".", name != ".." else { throw failure(path, errno: EISDIR) }

    var info = stat()
    var mode: mode_t = 0o644
    var keepMode = false
    if stat(target, &info) == 0 {
      guard !isDirectory(info.st_mode) else { throw failure(path, errno: EISDIR) }
      mode = info.st_mode & 0o7777
      keepMode = true
    } else if errno != ENOENT {
      throw failure(path)
    }

    let temporary =
      (directory == "/" ? "/" : directory + "/") + ".\(name).outline-\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else {
      let code = errno
      if code == EEXIST {
        throw FileError(path: path, reason: "temporary file \(temporary) already exists")
      }
      throw failure(path, errno: code)
    }
    var closed = false
    do throws(FileError) {
      if keepMode && fchmod(fd, mode) != 0 { throw failure(path) }
      try writeAll(bytes, to: fd, path: path)
      try syncFile(fd, path: path)
      closed = true
      if close(fd) != 0 && errno != EINTR { throw failure(path) }
      if rename(temporary, target) != 0 { throw failure(path) }
    } catch {
      if !closed { _ = close(fd) }
      _ = unlink(temporary)
      throw error
    }
    syncDirectory(directory)
  }

  /// Writes all of `bytes` to `fd`, looping on partial writes and `EINTR`.
  ///
  /// - Complexity: O(n) for n bytes.
  private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(FileError) {
    var offset = 0
    while offset < bytes.count {
      let amount = min(bytes.count - offset, 1 << 30)
      let written = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + offset }, amount)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      if written == 0 { throw failure(path, errno: EIO) }
      offset += written
    }
  }

  /// fsyncs `fd`, retrying on `EINTR`; `EINVAL` (a file system without fsync) is no error.
  /// On Darwin, where `fsync` does not reach the disk, asks for `F_FULLFSYNC` first, and
  /// falls back to `fsync` where the file system refuses it.
  ///
  /// - Complexity: O(1) system calls, barring interruptions.
  private static func syncFile(_ fd: Int32, path: String) throws(FileError) {
    #if canImport(Darwin)
      while true {
        if fcntl(fd, F_FULLFSYNC) == 0 { return }
        if errno != EINTR { break }
      }
    #endif
    while fsync(fd) != 0 {
      let code = errno
      if code == EINVAL { return }
      if code != EINTR { throw failure(path, errno: code) }
    }
  }

  /// fsyncs the directory at `directory` so that a rename in it is durable; errors ignored.
  ///
  /// - Complexity: O(1) system calls.
  private static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    _ = close(fd)
  }

  /// `path` with a final symbolic link resolved (through `realpath`), so that the file it
  /// points to is replaced rather than the link; `path` itself if it is no link or cannot be
  /// resolved.
  ///
  /// - Complexity: O(m) for a path of m characters, plus the system calls.
  private static func resolvedPath(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & 0o170000 == 0o120000 else { return path }
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Splits `path` into its directory ("." when there is none, "/" at the root) and its last
  /// component.
  ///
  /// - Complexity: O(m) for a path of m characters.
  private static func split(_ path: String) -> (directory: String, name: String) {
    let bytes = Array(path.utf8)
    guard let slash = bytes.lastIndex(of: 0x2F) else { return (".", path) }
    let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    var end = slash
    while end > 0 && bytes[end - 1] == 0x2F { end -= 1 }
    let directory = end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    return (directory, name)
  }

  /// Whether a `st_mode` is a directory's.
  ///
  /// - Complexity: O(1).
  private static func isDirectory(_ mode: mode_t) -> Bool { mode & 0o170000 == 0o040000 }

  /// The error for `path` with the reason for `code` (by default the current `errno`).
  ///
  /// - Complexity: O(1).
  private static func failure(_ path: String, errno code: Int32 = errno) -> FileError {
    FileError(path: path, reason: systemErrorText(code))
  }
}

/// `read(2)`, named apart from `FileIO.read(_:)`.
///
/// - Complexity: O(count).
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

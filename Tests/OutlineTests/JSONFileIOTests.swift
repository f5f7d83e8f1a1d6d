import Testing

@testable import outline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading files and replacing them atomically, in a fresh temporary directory per test.
@Suite struct JSONFileIOTests {
  /// A fresh directory made by `mkdtemp`, removed (with its files) by `removeDirectory`.
  let directory: String

  /// Makes the directory.
  init() throws {
    var template = Array("/tmp/outline-json-tests-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
    }
    guard made else { throw FileError(path: "/tmp", reason: "mkdtemp failed") }
    directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The names in `directory` (without `.` and `..`), sorted.
  func listing(_ path: String? = nil) -> [String] {
    guard let stream = opendir(path ?? directory) else { return ["<opendir failed>"] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// The permission bits of `path`, or nil.
  func permissions(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  /// Removes the files in `directory`, then the directory.
  func removeDirectory() {
    for name in listing() { _ = unlink(directory + "/" + name) }
    _ = rmdir(directory)
  }

  @Test func writesThenReadsBack() throws {
    defer { removeDirectory() }
    let path = directory + "/doc.json"
    let bytes = utf8("{\n  \"é\": [1, 2]\n}\n")
    try FileIO.writeAtomically(bytes, to: path)
    #expect(try FileIO.read(path) == bytes)
    #expect(listing() == ["doc.json"])
    // A new file gets 0644, less the umask.
    let mode = try #require(permissions(path))
    #expect(mode & ~0o644 == 0 && mode & 0o600 == 0o600)

    // Replacing: longer, then shorter, then empty contents.
    let long = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    try FileIO.writeAtomically(long, to: path)
    #expect(try FileIO.read(path) == long)
    try FileIO.writeAtomically(utf8("1\n"), to: path)
    #expect(try FileIO.read(path) == utf8("1\n"))
    try FileIO.writeAtomically([], to: path)
    #expect(try FileIO.read(path) == [])
    #expect(listing() == ["doc.json"])
  }

  @Test func keepsPermissionBits() throws {
    defer { removeDirectory() }
    let path = directory + "/private.json"
    try FileIO.writeAtomically(utf8("[]\n"), to: path)
    #expect(chmod(path, 0o600) == 0)
    try FileIO.writeAtomically(utf8("[1]\n"), to: path)
    #expect(permissions(path) == 0o600)
    #expect(chmod(path, 0o640) == 0)
    try FileIO.writeAtomically(utf8("[2]\n"), to: path)
    #expect(permissions(path) == 0o640)
    #expect(try FileIO.read(path) == utf8("[2]\n"))
    #expect(listing() == ["private.json"])
  }

  @Test func symbolicLinkKeepsLinking() throws {
    defer { removeDirectory() }
    let target = directory + "/target.json"
    let link = directory + "/link.json"
    try FileIO.writeAtomically(utf8("1\n"), to: target)
    #expect(symlink("target.json", link) == 0)
    try FileIO.writeAtomically(utf8("2\n"), to: link)
    try FileIO.writeAtomically(utf8("3\n"), to: directory + "//./target.json")
    #expect(try FileIO.read(link) == utf8("3\n"))
    try FileIO.writeAtomically(utf8("2\n"), to: link)
    // The link still links, and the file it points to was replaced.
    var info = stat()
    #expect(lstat(link, &info) == 0 && info.st_mode & 0o170000 == 0o120000)
    #expect(try FileIO.read(target) == utf8("2\n"))
    #expect(listing() == ["link.json", "target.json"])
  }

  @Test func nonexistentDirectoryThrowsAndLeavesNothing() {
    defer { removeDirectory() }
    let path = directory + "/missing/doc.json"
    #expect(throws: FileError(path: path, reason: "No such file or directory")) {
      try FileIO.writeAtomically(utf8("1\n"), to: path)
    }
    #expect(throws: FileError(path: "", reason: "No such file or directory")) {
      try FileIO.writeAtomically(utf8("1\n"), to: "")
    }
    #expect(listing() == [])
  }

  @Test func directoryAsTargetThrows() throws {
    defer { removeDirectory() }
    let path = directory + "/sub"
    #expect(mkdir(path, 0o755) == 0)
    #expect(throws: FileError(path: path, reason: "Is a directory")) {
      try FileIO.writeAtomically(utf8("1\n"), to: path)
    }
    #expect(throws: FileError(path: path + "/", reason: "Is a directory")) {
      try FileIO.writeAtomically(utf8("1\n"), to: path + "/")
    }
    #expect(listing() == ["sub"])
    #expect(listing(path) == [])
    _ = rmdir(path)
  }

  @Test func existingTemporaryFileIsNotClobbered() throws {
    defer { removeDirectory() }
    let path = directory + "/doc.json"
    try FileIO.writeAtomically(utf8("old\n"), to: path)
    let temporary = directory + "/.doc.json.outline-\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    #expect(fd >= 0)
    _ = close(fd)
    #expect(throws: FileError.self) { try FileIO.writeAtomically(utf8("new\n"), to: path) }
    #expect(try FileIO.read(path) == utf8("old\n"))
    #expect(listing() == [".doc.json.outline-\(getpid()).tmp", "doc.json"])
  }

  @Test func readingMissingFilesAndDirectoriesThrows() {
    defer { removeDirectory() }
    let missing = directory + "/nope.json"
    #expect(throws: FileError(path: missing, reason: "No such file or directory")) {
      try FileIO.read(missing)
    }
    #expect(throws: FileError(path: directory, reason: "Is a directory")) {
      try FileIO.read(directory)
    }
    let error = FileError(path: missing, reason: "No such file or directory")
    #expect(error.description == "\(missing): No such file or directory")
  }

  @Test func readsFilesWhoseSizeIsUnknown() throws {
    // /proc files report a size of 0 but have contents: reading goes on to the end.
    defer { removeDirectory() }
    var info = stat()
    guard stat("/proc/self/status", &info) == 0 else { return }
    #expect(info.st_size == 0)
    let bytes = try FileIO.read("/proc/self/status")
    #expect(bytes.count > 100)
  }
}

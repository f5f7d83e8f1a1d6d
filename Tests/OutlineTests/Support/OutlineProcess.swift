import Foundation

/// Runs the built `outline` executable (it sits beside the test bundle in the build folder).
enum OutlineProcess {
  /// What a run printed and how it ended.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// The path of the `outline` executable built with the tests.
  static var executable: String {
    let exe =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
    // The test bundle may be a folder (…/X.xctest/…) on some platforms.
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("outline").path
  }

  /// Runs `outline arguments` with standard input from /dev/null.
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
    try runCommand(executable, arguments, in: directory)
  }

  /// Runs `command arguments` with standard input from /dev/null.
  static func runCommand(_ command: String, _ arguments: [String], in directory: URL? = nil)
    throws -> Result
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and block the child.
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }
}

/// A temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  init(_ name: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("outline-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Creates the files and folders of `paths` (a trailing "/" makes a folder).
  func make(_ paths: [String]) throws {
    for path in paths {
      let target = url.appendingPathComponent(path)
      if path.hasSuffix("/") {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      } else {
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: target)
      }
    }
  }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let target = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: target)
    return target.path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

import Foundation
import Testing

/// Bad input: one line on standard error starting "outline: ", exit code 2, never a trap or a
/// stack trace.
@Suite("outline: bad input")
struct BadInputTests {
  /// Runs `arguments` and checks the one-line error and the exit code 2; returns the line.
  @discardableResult
  static func expectRefusal(
    _ arguments: [String], in directory: URL? = nil, containing expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try OutlineProcess.run(arguments, in: directory)
    #expect(result.status == 2, "exit status", sourceLocation: sourceLocation)
    #expect(result.output == "", sourceLocation: sourceLocation)
    let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.count == 2 && lines[1].isEmpty, "one line: \(result.errors)",
      sourceLocation: sourceLocation)
    #expect(result.errors.hasPrefix("outline: "), sourceLocation: sourceLocation)
    #expect(result.errors.contains(expected), "\(result.errors)", sourceLocation: sourceLocation)
    return result.errors
  }

  @Test func missingPath() throws {
    try Self.expectRefusal(
      ["/nonexistent/outline-test"], containing: "no such file or directory: /nonexistent")
  }

  @Test func invalidJSONNamesLineAndColumn() throws {
    let folder = try TemporaryFolder("bad-json")
    defer { folder.remove() }
    let path = try folder.write("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}\n", to: "bad.json")
    try Self.expectRefusal(
      ["--script", "/dev/null", path],
      containing: "bad.json: not valid JSON: line 3, column 13: trailing comma before ']'")
  }

  @Test func notJSONAtAll() throws {
    let folder = try TemporaryFolder("not-json")
    defer { folder.remove() }
    let path = try folder.write("hello\n", to: "notes.txt")
    try Self.expectRefusal([path], containing: "not valid JSON: line 1, column 1")
  }

  @Test func symbolicLinkLoop() throws {
    let folder = try TemporaryFolder("loop")
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("loop"), withDestinationPath: "loop")
    try Self.expectRefusal([folder.path("loop")], containing: "symbolic link loop")
  }

  @Test func unreadableDirectory() throws {
    let folder = try TemporaryFolder("locked")
    defer {
      chmod(folder.path("locked"), 0o755)
      folder.remove()
    }
    try folder.make(["locked/inside.txt"])
    chmod(folder.path("locked"), 0)
    chmod(folder.url.path, 0o755)
    if geteuid() == 0 {
      // Root reads every directory: run as nobody, from a copy nobody may execute.
      let copy = "/tmp/outline-as-nobody-\(getpid())"
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: OutlineProcess.executable, toPath: copy)
      defer { try? FileManager.default.removeItem(atPath: copy) }
      chmod(copy, 0o755)
      let result = try OutlineProcess.runCommand(
        "/usr/bin/setpriv",
        ["--reuid=65534", "--regid=65534", "--clear-groups", copy, folder.path("locked")])
      #expect(result.status == 2)
      #expect(result.output == "")
      #expect(
        result.errors
          == "outline: cannot read directory \(folder.path("locked")): Permission denied\n")
    } else {
      try Self.expectRefusal([folder.path("locked")], containing: "Permission denied")
    }
  }

  @Test func notATerminal() throws {
    let folder = try TemporaryFolder("tty")
    defer { folder.remove() }
    try Self.expectRefusal([folder.url.path], containing: "not a terminal")
  }

  @Test func badArgumentsAndScripts() throws {
    try Self.expectRefusal(["--frobnicate"], containing: "unknown option --frobnicate")
    try Self.expectRefusal(["--size", "wide", "."], containing: "--size wants COLUMNSxLINES")
    try Self.expectRefusal(["--script"], containing: "--script needs a file")
    try Self.expectRefusal(["a", "b"], containing: "one path only")
    try Self.expectRefusal(
      ["--script", "/nonexistent/keys", "."], containing: "cannot read script")
    let folder = try TemporaryFolder("script")
    defer { folder.remove() }
    let script = try folder.write("j\nk\njump\n", to: "keys.txt")
    try Self.expectRefusal(
      ["--script", script, folder.url.path], containing: "keys.txt:3: unknown key name 'jump'")
  }

  @Test func anyBytesAsJSONNeverTrap() throws {
    let folder = try TemporaryFolder("bytes")
    defer { folder.remove() }
    var random = SplitMix64(state: 0x0B17_E5)
    for round in 0..<20 {
      let bytes = (0..<Int.random(in: 0..<64, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      let path = folder.path("bytes\(round).json")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let result = try OutlineProcess.run(["--script", "/dev/null", path])
      #expect(result.status == 2 || result.status == 0, "round \(round): \(result.errors)")
      if result.status == 2 {
        #expect(result.errors.hasPrefix("outline: ") && result.errors.contains("line "))
      }
    }
  }
}

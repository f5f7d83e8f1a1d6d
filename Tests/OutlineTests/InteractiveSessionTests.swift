import Foundation
import Testing

/// The real program in a real pseudo-terminal (tmux): keys in, screen read back, and the
/// terminal settings restored however the program ends.
@Suite("outline: interactive sessions in a pseudo-terminal", .serialized)
struct InteractiveSessionTests {
  /// A folder with the tree of the scripted tests, and the command that runs `outline` in it,
  /// saving the terminal settings before and after and printing the exit status.
  static func prepare() throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder("pty")
    try folder.make([
      "tree/alpha/beta/b.txt", "tree/alpha/a1.txt", "tree/gamma/", "tree/notes.md",
      "tree/zeta.txt",
    ])
    let command =
      "stty -g > before.txt; echo $$ > shell.pid; '\(OutlineProcess.executable)' --check tree; "
      + "echo \"EXIT=$?\"; stty -g > after.txt; sleep 600"
    return (folder, command)
  }

  static func masked(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"in [0-9]+(\.[0-9]*)?"#, with: "in _", options: .regularExpression)
  }

  /// The settings saved before and after the run.
  static func settings(_ folder: TemporaryFolder) throws -> (String, String) {
    (
      try String(contentsOfFile: folder.path("before.txt"), encoding: .utf8),
      try String(contentsOfFile: folder.path("after.txt"), encoding: .utf8)
    )
  }

  @Test("keys in, screen out: expand, move, add, resize, then q restores the terminal")
  func session() throws {
    let (folder, command) = try Self.prepare()
    defer { folder.remove() }
    let tmux = try TmuxSession(command, columns: 64, lines: 12, in: folder.url)
    try tmux.wait { $0.contains("FILES") }
    try tmux.send("j", "Right", "j", "l")
    var expected = """
      outline  tree/  (edits stay in memory)  ? help
       ▾ FOLDERS
       ▾ alpha/
      >  ▾ beta/
             b.txt
           a1.txt
       ▸ gamma/
       ▾ FILES
         notes.md
         zeta.txt

      9 rows | last update +1 -0 moved 0 in _ ms
      """
    // Wait for the whole screen: a frame may reach the terminal in more than one read.
    var screen = try tmux.wait { Self.masked($0) == expected }
    #expect(Self.masked(screen) == expected)
    // Close beta, move it below a1.txt, add a file to gamma.
    try tmux.send("Left", "J", "j", "a")
    try tmux.wait { $0.contains("New entry") }
    try tmux.type("todo.txt")
    try tmux.send("Enter")
    expected = """
      outline  tree/  (edits stay in memory)  ? help
       ▾ FOLDERS
       ▾ alpha/
           a1.txt
         ▸ beta/
       ▾ gamma/
      >    todo.txt
       ▾ FILES
         notes.md
         zeta.txt

      9 rows | last update +1 -0 moved 0 in _ ms | added todo.txt
      """
    screen = try tmux.wait { Self.masked($0) == expected }
    #expect(Self.masked(screen) == expected)
    // A smaller window: everything is redrawn at the new size, the cursor row in view.
    try tmux.tmux("resize-window", "-t", "t", "-x", "40", "-y", "6")
    expected = """
      outline  tree/  (edits stay in memory) …
           a1.txt
         ▸ beta/
       ▾ gamma/
      >    todo.txt
      9 rows | last update +1 -0 moved 0 in _…
      """
    screen = try tmux.wait { Self.masked($0) == expected }
    #expect(Self.masked(screen) == expected)
    try tmux.send("q")
    screen = try tmux.wait { $0.contains("EXIT=") }
    #expect(screen.contains("EXIT=0"))
    // Back on the normal screen: the outline is gone with the alternate screen.
    #expect(!screen.contains("FOLDERS"))
    try tmux.wait(seconds: 5) { _ in
      FileManager.default.fileExists(atPath: folder.path("after.txt"))
    }
    usleep(100_000)
    let (before, after) = try Self.settings(folder)
    #expect(!before.isEmpty)
    #expect(before == after)
  }

  @Test("Ctrl-C ends the session with status 130 and restores the terminal")
  func controlC() throws {
    let (folder, command) = try Self.prepare()
    defer { folder.remove() }
    let tmux = try TmuxSession(command, columns: 64, lines: 12, in: folder.url)
    try tmux.wait { $0.contains("FILES") }
    try tmux.send("j", "l", "C-c")
    let screen = try tmux.wait { $0.contains("EXIT=") }
    #expect(screen.contains("EXIT=130"))
    try tmux.wait(seconds: 5) { _ in
      FileManager.default.fileExists(atPath: folder.path("after.txt"))
    }
    usleep(100_000)
    let (before, after) = try Self.settings(folder)
    #expect(before == after)
  }

  @Test("a termination or crash signal restores the terminal", arguments: ["TERM", "SEGV"])
  func signal(_ name: String) throws {
    let (folder, command) = try Self.prepare()
    defer { folder.remove() }
    let tmux = try TmuxSession(command, columns: 64, lines: 12, in: folder.url)
    try tmux.wait { $0.contains("FILES") }
    // The shell's pid is saved; outline is its only child.
    let shell = try String(contentsOfFile: folder.path("shell.pid"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try OutlineProcess.runCommand("/usr/bin/pgrep", ["-P", shell])
    let pid = children.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(!pid.isEmpty)
    _ = try OutlineProcess.runCommand("/bin/kill", ["-\(name)", pid])
    let screen = try tmux.wait { $0.contains("EXIT=") }
    #expect(screen.contains(name == "TERM" ? "EXIT=143" : "EXIT=139"))
    try tmux.wait(seconds: 5) { _ in
      FileManager.default.fileExists(atPath: folder.path("after.txt"))
    }
    usleep(100_000)
    let (before, after) = try Self.settings(folder)
    #expect(before == after)
  }
}

import Foundation

/// A program running in a real pseudo-terminal: a detached tmux session on a private server
/// socket, driven with `send-keys` and read back with `capture-pane`.
final class TmuxSession {
  /// tmux was not found (`.ci/run` installs it).
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "tmux is needed for the pseudo-terminal tests: apt-get install tmux (.ci/run does)"
    }
  }

  let socket = "outline-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Starts `command` (run by `sh -c`) in a `columns` × `lines` terminal, in `directory`.
  init(_ command: String, columns: Int, lines: Int, in directory: URL) throws {
    guard Self.tmux != nil else { throw Missing() }
    try tmux(
      "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(lines)", "-c",
      directory.path, command)
  }

  deinit { _ = try? tmux("kill-server") }

  /// Runs `tmux -L socket arguments`; returns what it printed.
  ///
  /// Spawned directly, output to a file: the server that `new-session` starts keeps every
  /// descriptor it inherits, so neither a pipe nor Foundation's `Process` (which watches one)
  /// would ever see the client end.
  @discardableResult
  func tmux(_ arguments: String...) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(socket)-\(UInt32.random(in: 0...UInt32.max)).out").path
    defer { unlink(output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = environment["TERM"] ?? "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    let argv = [Self.tmux ?? "/usr/bin/tmux", "-L", socket] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
    guard spawned == 0 else { throw Missing() }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// Sends tmux key names ("j", "Enter", "C-c", "Down", "PageDown", …).
  func send(_ keys: String...) throws {
    for key in keys { try tmux("send-keys", "-t", "t", key) }
  }

  /// Types `text` literally.
  func type(_ text: String) throws { try tmux("send-keys", "-t", "t", "-l", text) }

  /// The screen, trailing spaces and trailing empty lines removed.
  func screen() throws -> String {
    let lines = try tmux("capture-pane", "-p", "-t", "t").split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { line in
      var line = Substring(line)
      while line.last == " " { line.removeLast() }
      return String(line)
    }
    return Array(lines.reversed().drop { $0.isEmpty }.reversed()).joined(separator: "\n")
  }

  /// Polls the screen until `condition` holds (up to `seconds`); returns the last screen.
  @discardableResult
  func wait(seconds: Double = 15, until condition: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = try screen()
    while !condition(last) && Date() < deadline {
      usleep(20_000)
      last = try screen()
    }
    return last
  }
}

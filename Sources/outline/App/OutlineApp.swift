import OutlineCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program: parses the command line, opens the tree, and runs the keys of a script or of
/// the terminal. Every failure is one line on standard error.
///
/// Exit codes: 0 done, 1 a `--check` difference, 2 bad input (arguments, path, JSON, script,
/// no terminal), 130 Ctrl-C.
enum OutlineApp {
  /// Runs with `arguments` (without the program name) and returns the exit code.
  static func run(_ arguments: [String]) -> Int32 {
    do {
      let options = try Options(arguments)
      if options.help {
        print(Options.usage)
        return 0
      }
      if let nodes = options.filterBenchNodes {
        return try FilterBench.main(
          nodes: nodes, rounds: options.rounds, columns: options.columns, lines: options.lines)
      }
      let model = try OutlineModel.open(options.path)
      if let script = options.script {
        return try runScript(script, model: model, options: options)
      }
      return try runInteractive(model: model, options: options)
    } catch let error as CheckFailure {
      printError(error.error.description)
      return 1
    } catch {
      printError("\(error)")
      return 2
    }
  }

  /// A `--check` difference (exit code 1, unlike bad input).
  struct CheckFailure: Error {
    var error: OutlineError
  }

  /// Writes "outline: MESSAGE" to standard error.
  static func printError(_ message: String) {
    let line = Array("outline: \(message)\n".utf8)
    _ = line.withUnsafeBytes { writeToStandardError($0) }
  }

  private static func writeToStandardError(_ bytes: UnsafeRawBufferPointer) -> Int {
    var offset = 0
    while offset < bytes.count {
      // Qualified by module: the C library's `write`, whichever library this platform has.
      #if canImport(Glibc)
        let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
      #else
        let written = Darwin.write(2, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    return offset
  }

  /// Runs the keys of the script file at `path` and prints the screen (at each `screen` and
  /// at the end).
  static func runScript(_ path: String, model: OutlineModel, options: Options) throws -> Int32 {
    let text: [UInt8]
    do {
      text = try FileIO.read(path)
    } catch {
      throw OutlineError("cannot read script \(error)")
    }
    guard let source = validUTF8Text(text) else {
      throw OutlineError("\(path): the script is not UTF-8 text")
    }
    let script = try Script(parsing: source, name: path)
    let controller = OutlineController(
      model: model, columns: options.columns, lines: options.lines, checking: options.check)
    controller.start()
    try check(controller, after: "the first reload")
    for (line, step) in script.steps {
      switch step {
      case .key(let key):
        let start = ContinuousClock.now
        do {
          try controller.handle(key)
          // A filter worked on off the loop shows its rows before the next step.
          controller.waitForFilter()
          if controller.checking { try controller.verify(after: "key \(key.name)") }
        } catch {
          throw CheckFailure(error: OutlineError("\(path):\(line): \(error)"))
        }
        // A script's output is the screens: clipboard sequences are dropped.
        let sequences = controller.takeTerminalOutput()
        if options.timings {
          // The frame a terminal would be sent, built as the interactive loop builds it.
          let frame = sequences + controller.screen.render()
          let (seconds, attoseconds) = start.duration(to: .now).components
          let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
          printError(
            "key \(key.name) \(OutlineController.format(milliseconds)) ms, \(frame.count) bytes")
        }
      case .printScreen:
        print(controller.screen.plainText() + "\n")
      case .resize(let columns, let lines):
        controller.resize(columns: columns, lines: lines)
      }
      if controller.wantsQuit { break }
    }
    print(controller.screen.plainText())
    return controller.interrupted ? 130 : 0
  }

  private static func check(_ controller: OutlineController, after what: String) throws {
    guard controller.checking else { return }
    do {
      try controller.verify(after: what)
    } catch {
      throw CheckFailure(error: error)
    }
  }

  /// Runs the session on the terminal: raw mode, redraw what changed after every event.
  static func runInteractive(model: OutlineModel, options: Options) throws -> Int32 {
    let terminal = try RawTerminal.open()
    defer { terminal.restore() }
    let size = terminal.size
    let controller = OutlineController(
      model: model, columns: size.columns, lines: size.rows, checking: options.check)
    controller.start()
    try check(controller, after: "the first reload")
    terminal.write(Array("\u{1B}[2J".utf8) + controller.screen.render())
    var queued = 0
    controller.inputPending = { queued > 0 || terminal.hasPendingInput() }
    while !controller.wantsQuit {
      // While the filter works off the loop, its result is looked for every millisecond.
      let events = terminal.readEvents(
        timeoutMilliseconds: controller.isWorkingOffLoop ? 1 : -1)
      for (index, event) in events.enumerated() {
        queued = events.count - 1 - index
        switch event {
        case .key(let key):
          do {
            try controller.handle(key)
          } catch {
            throw CheckFailure(error: error)
          }
        case .resize(let columns, let rows):
          controller.resize(columns: columns, lines: rows)
          terminal.write(Array("\u{1B}[2J".utf8))
        case .endOfInput:
          controller.wantsQuit = true
        }
        if controller.wantsQuit { break }
      }
      do {
        try controller.pollFilter()
      } catch {
        throw CheckFailure(error: error)
      }
      terminal.write(controller.takeTerminalOutput() + controller.screen.render())
    }
    return controller.interrupted ? 130 : 0
  }
}

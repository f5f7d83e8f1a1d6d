import Foundation
import Testing

@testable import outline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The pseudo-terminal calls: `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`. Glibc's Swift
/// module does not declare them (they need `_XOPEN_SOURCE`), so there they are looked up in the
/// process's symbols; nil if missing.
private enum PseudoTerminalCalls {
  /// A C function taking a descriptor or flags and returning an `int`.
  typealias IntCall = @convention(c) (Int32) -> Int32
  /// A C function taking a descriptor and returning a C string.
  typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
  #if canImport(Glibc)
    /// The process's global symbol scope.
    nonisolated(unsafe) static let process = dlopen(nil, RTLD_NOW)
    /// `int posix_openpt(int flags)`.
    static let posixOpenpt = unsafeBitCast(dlsym(process, "posix_openpt"), to: IntCall?.self)
    /// `int grantpt(int fd)`.
    static let grantpt = unsafeBitCast(dlsym(process, "grantpt"), to: IntCall?.self)
    /// `int unlockpt(int fd)`.
    static let unlockpt = unsafeBitCast(dlsym(process, "unlockpt"), to: IntCall?.self)
    /// `char *ptsname(int fd)`.
    static let ptsname = unsafeBitCast(dlsym(process, "ptsname"), to: NameCall?.self)
  #else
    /// `int posix_openpt(int flags)`.
    static let posixOpenpt: IntCall? = Darwin.posix_openpt
    /// `int grantpt(int fd)`.
    static let grantpt: IntCall? = Darwin.grantpt
    /// `int unlockpt(int fd)`.
    static let unlockpt: IntCall? = Darwin.unlockpt
    /// `char *ptsname(int fd)`.
    static let ptsname: NameCall? = Darwin.ptsname
  #endif
}

/// A pseudo-terminal pair: the test plays the user and the screen on `master`; the terminal
/// under test opens `slave`.
private final class PseudoTerminal {
  /// The side the test writes keys to and reads the screen from.
  let master: Int32
  /// The side a `RawTerminal` opens.
  let slave: Int32

  /// Opens a new pair, or throws a description of the failing call.
  init() throws {
    typealias Calls = PseudoTerminalCalls
    guard let posixOpenpt = Calls.posixOpenpt, let grantpt = Calls.grantpt,
      let unlockpt = Calls.unlockpt, let ptsname = Calls.ptsname
    else { throw TerminalError("no pseudo-terminal calls") }
    let master = posixOpenpt(O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw TerminalError("posix_openpt failed") }
    guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      close(master)
      throw TerminalError("grantpt, unlockpt or ptsname failed")
    }
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else {
      close(master)
      throw TerminalError("cannot open \(String(cString: name))")
    }
    self.master = master
    self.slave = slave
  }

  /// Closes both sides.
  deinit {
    close(slave)
    close(master)
  }

  /// Types `bytes` as the user would.
  func type(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Reads what the terminal wrote to the screen, until nothing more comes for `quietMilliseconds`.
  func screen(quietMilliseconds: Int32 = 100) -> [UInt8] {
    readScreen(master, quietMilliseconds: quietMilliseconds)
  }

  /// The slave's current termios.
  func attributes() -> termios {
    var attributes = termios()
    _ = tcgetattr(slave, &attributes)
    return attributes
  }
}

/// Reads what arrives on a pseudo-terminal's `master` side, until nothing more comes for
/// `quietMilliseconds`.
private func readScreen(_ master: Int32, quietMilliseconds: Int32) -> [UInt8] {
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1024)
  while true {
    var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, quietMilliseconds) == 1, ready.revents & Int16(POLLIN) != 0 else {
      return bytes
    }
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else { return bytes }
    bytes += buffer[0..<count]
  }
}

/// Whether two termios hold the same flags and control characters.
private func sameSettings(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  let sameCharacters = withUnsafeBytes(of: &a.c_cc) { x in
    withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) }
  }
  return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
    && a.c_lflag == b.c_lflag && sameCharacters
}

/// The address of the handler installed for `signal` (0 for the default action).
private func handlerAddress(_ signal: Int32) -> Int {
  var action = sigaction()
  _ = sigaction(signal, nil, &action)
  #if canImport(Glibc)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  #else
    return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
  #endif
}

/// The calling thread's alternate signal stack.
private func alternateStack() -> stack_t {
  var stack = stack_t()
  _ = sigaltstack(nil, &stack)
  return stack
}

/// The bytes of a string, for comparisons with what the screen received.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Reads events until `count` have come or a second has passed.
private func events(from terminal: RawTerminal, count: Int) -> [TerminalEvent] {
  var events: [TerminalEvent] = []
  for _ in 0..<20 where events.count < count {
    events += terminal.readEvents(timeoutMilliseconds: 50)
  }
  return events
}

/// Every signal the terminal installs a handler for.
private let handledSignals = [
  SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
]

/// `RawTerminal` on the slave side of a pseudo-terminal. Serialized: only one terminal may be
/// open in the process, and the signal handlers are the process's.
@Suite(.serialized, .timeLimit(.minutes(1))) struct KeyRawTerminalTests {
  @Test func entersRawModeAndTheAlternateScreenThenRestoresBoth() throws {
    let pty = try PseudoTerminal()
    let original = pty.attributes()
    #expect(original.c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    let handlersBefore = handledSignals.map(handlerAddress)
    let stackBefore = alternateStack()

    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    #expect(alternateStack().ss_flags & Int32(SS_DISABLE) == 0, "a stack for the crash handler")
    let raw = pty.attributes()
    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
    #expect(raw.c_cflag & tcflag_t(CS8) == tcflag_t(CS8))
    #expect(withUnsafeBytes(of: raw.c_cc) { [$0[Int(VMIN)], $0[Int(VTIME)]] } == [0, 0])
    #expect(pty.screen() == bytes("\u{1b}[?1049h\u{1b}[?25l"))
    #expect(handledSignals.map(handlerAddress) != handlersBefore)

    terminal.restore()
    #expect(pty.screen() == bytes("\u{1b}[?25h\u{1b}[?1049l"))
    #expect(sameSettings(pty.attributes(), original))
    #expect(handledSignals.map(handlerAddress) == handlersBefore)
    #expect(alternateStack().ss_sp == stackBefore.ss_sp)
    #expect(alternateStack().ss_flags == stackBefore.ss_flags)

    terminal.restore()
    #expect(pty.screen() == [])
    #expect(!terminal.isOpen)
    #expect(terminal.readEvents(timeoutMilliseconds: 0) == [.endOfInput])
  }

  @Test func readsTheKeysTypedOnTheOtherSide() throws {
    let pty = try PseudoTerminal()
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }
    _ = pty.screen()

    pty.type(bytes("j\u{1b}[A"))
    #expect(events(from: terminal, count: 2) == [.key(.character("j")), .key(.up)])

    pty.type(bytes("é\r\u{3}\u{1b}[1;5D\u{7f}"))
    #expect(
      events(from: terminal, count: 5) == [
        .key(.character("é")), .key(.enter), .key(.control("c")), .key(.left), .key(.backspace),
      ])
    #expect(pty.screen(quietMilliseconds: 20) == [], "raw mode does not echo")
  }

  @Test func aLoneEscapeComesBackAfterTheEscapeDelay() throws {
    let pty = try PseudoTerminal()
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }

    pty.type([0x1B])
    #expect(terminal.readEvents(timeoutMilliseconds: 1000) == [.key(.escape)])
    pty.type([0x1B, 0x1B])
    #expect(events(from: terminal, count: 2) == [.key(.escape), .key(.escape)])
  }

  @Test func timesOutWithNoEvents() throws {
    let pty = try PseudoTerminal()
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }

    #expect(terminal.readEvents(timeoutMilliseconds: 0) == [])
    #expect(terminal.readEvents(timeoutMilliseconds: 30) == [])
  }

  @Test func reportsResizesOnceWithTheNewSize() throws {
    let pty = try PseudoTerminal()
    var window = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }

    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &window) == 0)
    #expect(terminal.size == (columns: 120, rows: 40))
    _ = kill(getpid(), SIGWINCH)
    #expect(terminal.readEvents(timeoutMilliseconds: 1000) == [.resize(columns: 120, rows: 40)])

    // Several resizes before a read coalesce into one event. (kill, not raise: raise signals
    // the calling thread, and the test's worker threads block SIGWINCH, as libdispatch does.)
    window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &window) == 0)
    for _ in 0..<3 {
      _ = kill(getpid(), SIGWINCH)
      usleep(20_000)
    }
    usleep(30_000)
    #expect(terminal.readEvents(timeoutMilliseconds: 1000) == [.resize(columns: 100, rows: 30)])
    #expect(terminal.readEvents(timeoutMilliseconds: 30) == [])

    // A key and a resize together: both come, the resize once.
    window = winsize(ws_row: 50, ws_col: 132, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &window) == 0)
    _ = kill(getpid(), SIGWINCH)
    pty.type(bytes("q"))
    let both = events(from: terminal, count: 2)
    #expect(both.count == 2, "\(both)")
    #expect(both.contains(.key(.character("q"))), "\(both)")
    #expect(both.contains(.resize(columns: 132, rows: 50)), "\(both)")
  }

  @Test func anUnknownSizeIsEightyByTwentyFour() throws {
    let pty = try PseudoTerminal()
    var window = winsize(ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &window) == 0)
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }
    #expect(terminal.size == (columns: 80, rows: 24))
  }

  @Test func writesReachTheScreen() throws {
    let pty = try PseudoTerminal()
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    defer { terminal.restore() }
    _ = pty.screen()

    // More than the pseudo-terminal buffers, so the screen is read while the writes go on: on
    // a thread of its own, not a task, so that other tests busy on the (two) threads of the
    // concurrency pool cannot hold the reader up while the writes wait for it.
    let reader = ScreenReader(pty.master)
    terminal.write("héllo\n")
    terminal.write([0x1B, 0x5B, 0x48])
    let long = String(repeating: "0123456789", count: 20_000)
    terminal.write(long)
    #expect(reader.screen() == bytes("héllo\n\u{1b}[H" + long), "no output processing")
  }

  @Test func onlyOneTerminalMayBeOpen() throws {
    let pty = try PseudoTerminal()
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    #expect(throws: TerminalError.self) { try RawTerminal(input: pty.slave, output: pty.slave) }
    terminal.restore()
    let again = try RawTerminal(input: pty.slave, output: pty.slave)
    #expect(again.isOpen)
    again.restore()
  }

  @Test func droppingTheTerminalRestoresIt() throws {
    let pty = try PseudoTerminal()
    let original = pty.attributes()
    do {
      let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
      #expect(terminal.isOpen)
    }
    #expect(sameSettings(pty.attributes(), original))
    #expect(pty.screen() == bytes("\u{1b}[?1049h\u{1b}[?25l\u{1b}[?25h\u{1b}[?1049l"))
  }

  @Test func refusesWhatIsNotATerminalAndChangesNothing() throws {
    let pty = try PseudoTerminal()
    let original = pty.attributes()
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      for end in ends { close(end) }
    }

    let notInput = #expect(throws: TerminalError.self) {
      try RawTerminal(input: ends[0], output: pty.slave)
    }
    #expect(notInput?.description == "standard input is not a terminal")
    let notOutput = #expect(throws: TerminalError.self) {
      try RawTerminal(input: pty.slave, output: ends[1])
    }
    #expect(notOutput?.description == "standard output is not a terminal")
    #expect(sameSettings(pty.attributes(), original))
    #expect(pty.screen(quietMilliseconds: 20) == [])
    let terminal = try RawTerminal(input: pty.slave, output: pty.slave)
    #expect(terminal.isOpen)
    terminal.restore()
  }

  @Test func theOtherSideClosingEndsTheInput() throws {
    var pty: PseudoTerminal? = try PseudoTerminal()
    let slave = dup(pty!.slave)
    defer { close(slave) }
    let terminal = try RawTerminal(input: slave, output: slave)
    defer { terminal.restore() }
    pty!.type(bytes("x"))
    #expect(events(from: terminal, count: 1) == [.key(.character("x"))])
    pty = nil  // closes the master (and the original slave descriptor)
    #expect(terminal.readEvents(timeoutMilliseconds: 1000) == [.endOfInput])
  }
}

/// Reads a pseudo-terminal's screen on a thread of its own until it has been quiet for half a
/// second.
private final class ScreenReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: [UInt8] = []

  init(_ master: Int32) {
    let thread = Thread { [self] in
      result = readScreen(master, quietMilliseconds: 500)
      done.signal()
    }
    thread.start()
  }

  /// The bytes read, once the screen went quiet.
  func screen() -> [UInt8] {
    done.wait()
    return result
  }
}

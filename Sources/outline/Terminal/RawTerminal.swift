import OutlineCore
import Snapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal in raw mode, always put back the way it was found.
///
/// ``open()`` saves the terminal's settings, enters raw mode, switches to the alternate screen
/// and hides the cursor; ``restore()`` undoes all of it. So that the user never gets a broken
/// shell back, the same restore also runs:
/// - at `exit` (an `atexit` hook),
/// - on SIGINT, SIGTERM, SIGHUP and SIGQUIT, after which the process exits with 128 + the
///   signal,
/// - on the crash signals SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE, after which the
///   signal's default action is put back and the signal raised again, so that the crash is
///   reported (by the shell) and dumped as usual.
///
/// SIGWINCH is turned into a ``TerminalEvent/resize(columns:rows:)`` event by
/// ``readEvents(timeoutMilliseconds:)``, through a self-pipe.
///
/// Only one terminal may be open at a time in a process (the signal handlers are the
/// process's). Use it from one thread at a time.
final class RawTerminal {
  /// How long a lone ESC (or an incomplete sequence) waits for more bytes before it is resolved.
  static let escapeDelayMilliseconds: Int32 = 30

  /// What the terminal reads keys from.
  let input: Int32
  /// What the terminal writes to, and whose window size it reports.
  let output: Int32
  /// The read end of the self-pipe the SIGWINCH handler writes a byte to.
  private let resizeRead: Int32
  /// The write end of the self-pipe.
  private let resizeWrite: Int32
  /// The signal actions that were installed before ours, put back by ``restore()``.
  var previousActions: [(signal: Int32, action: sigaction)] = []
  /// The calling thread's signal mask before ``installHandlers()`` unblocked the handled
  /// signals, when it did.
  var previousMask: sigset_t?
  /// Turns the bytes read from `input` into keys, across reads.
  private var decoder = KeyDecoder()
  /// Where `read` puts the input's bytes.
  private var readBuffer = [UInt8](repeating: 0, count: 4096)
  /// True if the initializer gave the thread an alternate signal stack, which ``restore()``
  /// takes away again.
  var installedAlternateStack = false
  /// False once ``restore()`` has run.
  private(set) var isOpen = true

  /// Opens the process's terminal (standard input and output) in raw mode.
  ///
  /// Requires standard input and standard output to be terminals; throws
  /// `TerminalError("standard input is not a terminal")` or
  /// `TerminalError("standard output is not a terminal")` otherwise, and an error if another
  /// terminal is open or a system call fails. When it throws, nothing has changed.
  static func open() throws(TerminalError) -> RawTerminal {
    try RawTerminal(input: STDIN_FILENO, output: STDOUT_FILENO)
  }

  /// Opens a terminal that reads `input` and writes `output` (both must be terminals; the raw
  /// mode is set on `input`). ``open()`` uses standard input and output; tests use a
  /// pseudo-terminal.
  ///
  /// Saves `input`'s termios, enters raw mode (no ECHO, ICANON, ISIG, IEXTEN, IXON, ICRNL,
  /// BRKINT, INPCK, ISTRIP, OPOST; CS8; VMIN 0 and VTIME 0, since reads are polled), installs
  /// the signal handlers and the `atexit` hook, then switches to the alternate screen
  /// (`ESC[?1049h`) and hides the cursor (`ESC[?25l`). The descriptors stay the caller's: they
  /// are not closed.
  init(input: Int32, output: Int32) throws(TerminalError) {
    guard isatty(input) == 1 else { throw TerminalError("standard input is not a terminal") }
    guard isatty(output) == 1 else { throw TerminalError("standard output is not a terminal") }
    guard
      terminalClaim.withLock({ claimed in
        defer { claimed = true }
        return !claimed
      })
    else { throw TerminalError("a terminal is already open") }
    var original = termios()
    guard tcgetattr(input, &original) == 0 else {
      terminalClaim.withLock { $0 = false }
      throw TerminalError("cannot read the terminal's settings: \(systemErrorText())")
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      terminalClaim.withLock { $0 = false }
      throw TerminalError("cannot create the resize pipe: \(systemErrorText())")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
    }
    self.input = input
    self.output = output
    resizeRead = ends[0]
    resizeWrite = ends[1]

    // Everything the handlers read is in place before any handler can run.
    _ = exitHookRegistration
    saved.pointee = SavedTerminal(
      isRaw: false, input: input, output: output, resizeWrite: resizeWrite, original: original)
    installAlternateStack()
    installHandlers()
    var raw = RawTerminal.rawAttributes(from: original)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      let message = systemErrorText()
      uninstallHandlers()
      uninstallAlternateStack()
      close(resizeRead)
      close(resizeWrite)
      saved.pointee.resizeWrite = -1
      terminalClaim.withLock { $0 = false }
      isOpen = false
      throw TerminalError("cannot put the terminal in raw mode: \(message)")
    }
    saved.pointee.isRaw = true
    let enter: StaticString = "\u{1b}[?1049h\u{1b}[?25l"
    writeFully(output, enter.utf8Start, enter.utf8CodeUnitCount, waitWhenFull: true)
  }

  /// Restores the terminal if it is still open.
  deinit {
    restore()
  }

  /// Leaves raw mode: shows the cursor (`ESC[?25h`), leaves the alternate screen
  /// (`ESC[?1049l`), restores the saved termios (TCSAFLUSH: unread input is discarded), puts
  /// back the signal actions that were there before, and closes the resize pipe.
  ///
  /// Idempotent: later calls do nothing. The signal handlers and the `atexit` hook do the same
  /// restore of the screen and the termios, from bytes prepared in static storage.
  func restore() {
    guard isOpen else { return }
    isOpen = false
    restoreSavedTerminal()
    uninstallHandlers()
    uninstallAlternateStack()
    saved.pointee.resizeWrite = -1
    close(resizeRead)
    close(resizeWrite)
    terminalClaim.withLock { $0 = false }
  }

  /// The window size from `ioctl(TIOCGWINSZ)` on the output, in character cells; 80 columns
  /// or 24 rows where it is unknown or zero.
  ///
  /// Complexity: one system call.
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0 else { return (80, 24) }
    return (
      columns: window.ws_col > 0 ? Int(window.ws_col) : 80,
      rows: window.ws_row > 0 ? Int(window.ws_row) : 24
    )
  }

  /// Waits up to `timeoutMilliseconds` (-1: forever) for input or a resize, and returns the
  /// events that arrived: keys in the order they were typed, then at most one
  /// ``TerminalEvent/resize(columns:rows:)`` with the current size (several window changes
  /// coalesce into one), then ``TerminalEvent/endOfInput`` if the input ended. Returns `[]` on
  /// timeout.
  ///
  /// A lone ESC is resolved within the call: it becomes ``Key/escape`` once no byte has come
  /// for ``escapeDelayMilliseconds`` (which may take that long past the timeout); an
  /// incomplete sequence is likewise dropped. Interrupted waits (EINTR) are resumed. After
  /// ``restore()``, returns `[.endOfInput]`.
  ///
  /// Complexity: O(n) in the bytes read, plus the waiting.
  func readEvents(timeoutMilliseconds: Int32) -> [TerminalEvent] {
    guard isOpen else { return [.endOfInput] }
    var events: [TerminalEvent] = []
    var resized = false
    var ended = false
    let deadline =
      timeoutMilliseconds < 0 ? nil : monotonicMilliseconds() + Int(timeoutMilliseconds)
    waiting: while true {
      let waitingForSequence = decoder.isPending
      let timeout: Int32
      if waitingForSequence {
        timeout = RawTerminal.escapeDelayMilliseconds
      } else if !events.isEmpty || resized {
        break waiting
      } else if let deadline {
        timeout = Int32(clamping: max(0, deadline - monotonicMilliseconds()))
      } else {
        timeout = -1
      }
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: resizeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue waiting }
        break waiting
      }
      if ready == 0 {
        if waitingForSequence {
          events += decoder.flush().map(TerminalEvent.key)
          continue waiting
        }
        break waiting
      }
      if descriptors[1].revents != 0 {
        drainResizePipe()
        resized = true
      }
      let inputEvents = descriptors[0].revents
      if inputEvents & Int16(POLLNVAL) != 0 {
        ended = true
      } else if inputEvents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = readBuffer.withUnsafeMutableBytes { buffer in
          read(input, buffer.baseAddress, buffer.count)
        }
        if count > 0 {
          events += decoder.feed(Array(readBuffer[0..<count])).map(TerminalEvent.key)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
          ended = true
        }
      }
      if ended {
        events += decoder.flush().map(TerminalEvent.key)
        break waiting
      }
    }
    if resized {
      let size = self.size
      events.append(.resize(columns: size.columns, rows: size.rows))
    }
    if ended { events.append(.endOfInput) }
    return events
  }

  /// Writes all the bytes to the output, resuming after partial writes and interruptions.
  /// Gives up silently if the output fails (there is nowhere left to report it).
  ///
  /// Complexity: O(n) in the number of bytes.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      writeFully(output, base, buffer.count, waitWhenFull: true)
    }
  }

  /// Writes the string's UTF-8 bytes to the output, as ``write(_:)-([UInt8])`` does.
  ///
  /// Complexity: O(n) in the string's UTF-8 length.
  func write(_ string: String) {
    write(Array(string.utf8))
  }

  /// Empties the resize pipe, so that any number of SIGWINCHs make one resize event.
  ///
  /// Complexity: O(k) in the bytes in the pipe.
  private func drainResizePipe() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while true {
      let count = scratch.withUnsafeMutableBytes { read(resizeRead, $0.baseAddress, $0.count) }
      if count > 0 { continue }
      if count < 0 && errno == EINTR { continue }
      return
    }
  }

  /// The raw-mode settings derived from `original`, as kilo sets them: no echo, no canonical
  /// mode, no signals from keys, no Ctrl-V, no flow control, no CR-to-NL translation, no
  /// output processing, 8-bit characters, and reads that return at once.
  ///
  /// Complexity: O(1).
  static func rawAttributes(from original: termios) -> termios {
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      for index in [Int(VMIN), Int(VTIME)] where characters.indices.contains(index) {
        characters[index] = 0
      }
    }
    return raw
  }
}

/// A monotonic clock reading, in milliseconds.
///
/// Complexity: one system call.
private func monotonicMilliseconds() -> Int {
  var now = timespec()
  _ = clock_gettime(CLOCK_MONOTONIC, &now)
  return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
}

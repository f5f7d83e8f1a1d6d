// The raw terminal's signal handling: the handlers that put the terminal back on termination
// and crash signals, the SIGWINCH self-pipe, the alternate signal stack, and the state they
// share with the `atexit` hook (`RawTerminal.swift` has the terminal itself).

import Snapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RawTerminal {
  /// Installs the SIGWINCH, termination and crash handlers, saving the actions they replace.
  ///
  /// Complexity: one `sigaction` call per signal.
  func installHandlers() {
    install(resizeHandler, for: [SIGWINCH], flags: SA_RESTART)
    install(terminationHandler, for: [SIGINT, SIGTERM, SIGHUP, SIGQUIT], flags: 0)
    // SA_ONSTACK: on the alternate stack if the thread has one, so a stack overflow's SIGSEGV
    // can still restore the terminal.
    install(
      crashHandler, for: [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE],
      flags: Int32(SA_ONSTACK))
    // A program started with these signals blocked (a parent's mask is inherited) would never
    // see a resize or a kill: unblock them on this thread.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [
      SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
      SIGABRT, SIGFPE,
    ] {
      sigaddset(&handled, signal)
    }
    var previous = sigset_t()
    if pthread_sigmask(SIG_UNBLOCK, &handled, &previous) == 0 { previousMask = previous }
  }

  /// Gives the calling thread an alternate signal stack if it has none (the Swift runtime's
  /// backtracer usually gives it one), so that the crash handler can run after a stack
  /// overflow. The stack is allocated once per process and never freed.
  ///
  /// Complexity: one or two `sigaltstack` calls.
  func installAlternateStack() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else {
      return
    }
    // Field by field: Glibc declares `ss_sp, ss_flags, ss_size` and Darwin `ss_sp, ss_size,
    // ss_flags`, so the memberwise initializers differ.
    var ours = stack_t()
    ours.ss_sp = alternateStack
    ours.ss_flags = 0
    ours.ss_size = alternateStackSize
    installedAlternateStack = sigaltstack(&ours, nil) == 0
  }

  /// Takes away the alternate signal stack ``installAlternateStack()`` gave, if it gave one and
  /// the calling thread still has it (a thread that has another keeps that one).
  ///
  /// Complexity: one or two `sigaltstack` calls.
  func uninstallAlternateStack() {
    guard installedAlternateStack else { return }
    installedAlternateStack = false
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_sp == alternateStack,
      current.ss_flags & Int32(SS_ONSTACK) == 0
    else { return }
    var disabled = stack_t()
    disabled.ss_sp = nil
    disabled.ss_flags = Int32(SS_DISABLE)
    disabled.ss_size = 0
    _ = sigaltstack(&disabled, nil)
  }

  /// Installs `handler` for each of `signals` with `flags` and all signals unmasked, saving the
  /// actions it replaces.
  ///
  /// Complexity: one `sigaction` call per signal.
  func install(
    _ handler: @escaping @convention(c) (Int32) -> Void, for signals: [Int32], flags: Int32
  ) {
    for signal in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
      #else
        action.__sigaction_u.__sa_handler = handler
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = flags
      var previous = sigaction()
      if sigaction(signal, &action, &previous) == 0 {
        previousActions.append((signal, previous))
      }
    }
  }

  /// Puts back the signal actions ``installHandlers()`` replaced.
  ///
  /// Complexity: one `sigaction` call per signal.
  func uninstallHandlers() {
    for (signal, action) in previousActions {
      var action = action
      _ = sigaction(signal, &action, nil)
    }
    previousActions = []
    if var mask = previousMask {
      _ = pthread_sigmask(SIG_SETMASK, &mask, nil)
      previousMask = nil
    }
  }
}

/// What the signal handlers and the `atexit` hook need to put the terminal back.
struct SavedTerminal {
  /// True while the terminal is in raw mode and must be restored.
  var isRaw = false
  /// The descriptor whose termios was saved.
  var input: Int32 = -1
  /// The descriptor the alternate screen was entered on.
  var output: Int32 = -1
  /// The write end of the resize self-pipe, or -1.
  var resizeWrite: Int32 = -1
  /// The termios before raw mode.
  var original = termios()
}

/// The state of the open terminal, for the handlers.
///
/// Safe to share unsynchronized: it is a plain struct in memory allocated once and never freed,
/// written by `RawTerminal`'s initializer and `restore()` (one terminal at a time, claimed
/// through `terminalClaim`) before the handlers are installed and after they are uninstalled,
/// except `isRaw`, whose worst race is a second, harmless restore. It is reached through a
/// pointer, not a global `var`, so that a handler interrupting a Swift access to it cannot trip
/// the runtime's exclusivity checks; and it is initialized (the pointer's lazy global
/// initializer has run) before any handler is installed.
nonisolated(unsafe) let saved: UnsafeMutablePointer<SavedTerminal> = {
  let pointer = UnsafeMutablePointer<SavedTerminal>.allocate(capacity: 1)
  pointer.initialize(to: SavedTerminal())
  return pointer
}()

/// The size of the alternate signal stack, in bytes: ample for the crash handler.
let alternateStackSize = 64 * 1024

/// The alternate signal stack `RawTerminal` gives a thread that has none; allocated once.
///
/// Safe to share unsynchronized: only the kernel writes to it, while a handler runs on it.
nonisolated(unsafe) let alternateStack = UnsafeMutableRawPointer.allocate(
  byteCount: alternateStackSize, alignment: 16)

/// True while a `RawTerminal` is open: only one may be.
let terminalClaim = Locked(false)

/// Registers the `atexit` hook once per process (`atexit` cannot unregister; the hook does
/// nothing when no terminal is in raw mode).
let exitHookRegistration: Void = {
  _ = atexit { restoreSavedTerminal() }
}()

/// Shows the cursor, leaves the alternate screen and restores the saved termios, if the
/// terminal is in raw mode. Async-signal-safe: it only reads the saved state and calls `write`
/// and `tcsetattr`, with bytes from static storage.
func restoreSavedTerminal() {
  guard saved.pointee.isRaw else { return }
  saved.pointee.isRaw = false
  let leave: StaticString = "\u{1b}[?25h\u{1b}[?1049l"
  writeFully(saved.pointee.output, leave.utf8Start, leave.utf8CodeUnitCount, waitWhenFull: false)
  _ = tcsetattr(saved.pointee.input, TCSAFLUSH, &saved.pointee.original)
}

/// SIGWINCH: writes one byte to the resize self-pipe (non-blocking: a full pipe already holds
/// a pending resize). Async-signal-safe; keeps `errno`.
func resizeHandler(_ signal: Int32) {
  let savedErrno = errno
  var byte: UInt8 = 0x57
  _ = write(saved.pointee.resizeWrite, &byte, 1)
  errno = savedErrno
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restores the terminal and exits with 128 + the signal.
/// Async-signal-safe.
func terminationHandler(_ signal: Int32) {
  restoreSavedTerminal()
  _exit(128 + signal)
}

/// The crash signals: restores the terminal, puts back the signal's default action and raises
/// it again. The signal is blocked while its handler runs, so it is delivered, with the default
/// action (a core dump where enabled), as the handler returns. Async-signal-safe.
///
/// The default action, not the one the signal had before: that may be the Swift runtime's
/// backtracer, which on a terminal stops for the user, and which, raised rather than faulted
/// into, reports a wrong fault address.
func crashHandler(_ signal: Int32) {
  restoreSavedTerminal()
  var action = sigaction()
  sigemptyset(&action.sa_mask)
  _ = sigaction(signal, &action, nil)
  _ = raise(signal)
}

/// Writes `count` bytes from `base` to `descriptor`, resuming after partial writes and EINTR.
/// When the descriptor is non-blocking and full, waits for it with `poll` if `waitWhenFull`,
/// else gives up; gives up on any other error. Async-signal-safe.
///
/// Complexity: O(n) in `count`.
func writeFully(
  _ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int, waitWhenFull: Bool
) {
  var offset = 0
  while offset < count {
    let written = write(descriptor, base + offset, count - offset)
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && waitWhenFull {
      var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&writable, 1, -1)
    } else {
      return
    }
  }
}

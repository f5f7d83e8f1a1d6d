/// Turns the bytes a terminal sends into keys, incrementally: a sequence may be split across
/// reads, and what is left over waits in the decoder for the next ``feed(_:)``.
///
/// It understands:
/// - the arrows as CSI or SS3 sequences (`ESC [ A`…`D`, `ESC O A`…`D`);
/// - Home and End (`ESC [ H`/`F`, `ESC [ 1 ~`/`4 ~`, `ESC [ 7 ~`/`8 ~`, `ESC O H`/`F`);
/// - Page Up and Page Down (`ESC [ 5 ~`/`6 ~`) and Delete (`ESC [ 3 ~`);
/// - the same with modifier parameters (`ESC [ 1 ; 5 A` is ``Key/up``);
/// - UTF-8 characters, Enter (0x0D or 0x0A), Backspace (0x7F or 0x08), Tab (0x09) and the
///   control letters 0x01–0x1A.
///
/// Whatever else is consumed and dropped, never delivered as stray characters: unknown escape
/// sequences (CSI and SS3 ones up to their final byte, `ESC` with a printable ASCII byte such as
/// Alt-x, the Linux console's `ESC [ [ A`), invalid UTF-8 (each byte that cannot start or
/// continue a character), C1 controls, and the control bytes that are no key (0x00, 0x1C–0x1F).
/// An `ESC` followed by a control byte or a non-ASCII byte is ``Key/escape`` and then that byte,
/// so that an Escape typed just before Ctrl-C never swallows the Ctrl-C.
///
/// A lone `ESC` is ambiguous until more bytes come or none do: while it (or any incomplete
/// sequence) is buffered, ``isPending`` is true, and the caller waits briefly for more bytes
/// and then calls ``flush()``.
///
/// The decoder keeps a constant amount of state, however long a sequence is.
public struct KeyDecoder {
  /// Where the decoder is within a sequence.
  private enum State {
    /// Between keys.
    case ground
    /// Inside a UTF-8 character: the scalar bits so far, the continuation bytes still due and
    /// the least scalar the sequence's length may encode (a smaller one is overlong).
    case utf8(scalar: UInt32, remaining: Int, minimum: UInt32)
    /// After an `ESC`.
    case escape
    /// After `ESC [` (CSI) or `ESC O` (SS3), reading parameter and intermediate bytes.
    case sequence(Sequence)
    /// After the Linux console's `ESC [ [`: one more byte (its function key) ends it.
    case linuxFunctionKey
  }

  /// What has been read of a CSI or SS3 sequence's parameters; only what the keys need.
  private struct Sequence {
    /// True for SS3 (`ESC O`), false for CSI (`ESC [`).
    var isSS3: Bool
    /// The first numeric parameter, clamped; nil while none has been given.
    var firstParameter: Int? = nil
    /// True once a separator (`;` or `:`) ended the first parameter.
    var pastFirstParameter = false
    /// True once any parameter byte has been read.
    var hasParameterBytes = false
    /// True if a private marker (`<` `=` `>` `?`) or an intermediate byte appeared, or bytes
    /// came in the wrong order: no key is such a sequence.
    var isForeign = false
    /// True once an intermediate byte (0x20–0x2F) has been read; parameters may not follow.
    var hasIntermediates = false
  }

  /// The decoder's state between calls.
  private var state = State.ground

  /// Creates a decoder with nothing buffered.
  public init() {}

  /// True while a lone `ESC` or an incomplete sequence (escape or UTF-8) is buffered.
  ///
  /// - Complexity: O(1).
  public var isPending: Bool {
    if case .ground = state { return false }
    return true
  }

  /// Feeds bytes; returns the keys they complete, in order.
  ///
  /// - Complexity: O(n) in the number of bytes.
  public mutating func feed(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      consume(byte, into: &keys)
    }
    return keys
  }

  /// Resolves what is buffered: a lone `ESC` becomes ``Key/escape``; an incomplete sequence is
  /// dropped. Afterwards nothing is pending.
  ///
  /// - Complexity: O(1).
  public mutating func flush() -> [Key] {
    defer { state = .ground }
    if case .escape = state { return [.escape] }
    return []
  }

  /// Advances the state machine by one byte, appending any key it completes.
  ///
  /// A byte that cannot continue the current sequence ends it (dropped) and is read again
  /// from the ground state, so a key typed after a broken sequence is not lost.
  ///
  /// - Complexity: O(1).
  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground:
      consumeInGround(byte, into: &keys)
    case .utf8(let scalar, let remaining, let minimum):
      guard (0x80...0xBF).contains(byte) else {
        state = .ground
        consumeInGround(byte, into: &keys)
        return
      }
      let value = scalar << 6 | UInt32(byte & 0x3F)
      if remaining > 1 {
        state = .utf8(scalar: value, remaining: remaining - 1, minimum: minimum)
        return
      }
      state = .ground
      // Overlong forms, surrogates and values past U+10FFFF are dropped, as are C1 controls.
      if value >= minimum, let unicode = Unicode.Scalar(value), !(0x80...0x9F).contains(value) {
        keys.append(.character(Character(unicode)))
      }
    case .escape:
      switch byte {
      case 0x5B:  // [
        state = .sequence(Sequence(isSS3: false))
      case 0x4F:  // O
        state = .sequence(Sequence(isSS3: true))
      case 0x1B:
        // A second ESC: the first was a key of its own; the second waits like the first.
        keys.append(.escape)
      case 0x20...0x7E:
        // A two-byte escape sequence (Alt with a printable key): unknown, dropped.
        state = .ground
      default:
        // A control byte, DEL or non-ASCII byte: the ESC was a key, and so may this byte be.
        keys.append(.escape)
        state = .ground
        consumeInGround(byte, into: &keys)
      }
    case .sequence(var sequence):
      switch byte {
      case 0x30...0x3F:
        if sequence.hasIntermediates { sequence.isForeign = true }
        switch byte {
        case 0x30...0x39:
          if !sequence.pastFirstParameter {
            let digit = Int(byte - 0x30)
            // Clamped, so that a long run of digits never overflows.
            sequence.firstParameter = min((sequence.firstParameter ?? 0) * 10 + digit, 10_000)
          }
        case 0x3A, 0x3B:
          sequence.pastFirstParameter = true
        default:
          // A private marker (`<` `=` `>` `?`): a report or a mode, not a key.
          sequence.isForeign = true
        }
        sequence.hasParameterBytes = true
        state = .sequence(sequence)
      case 0x20...0x2F:
        sequence.hasIntermediates = true
        sequence.isForeign = true
        state = .sequence(sequence)
      case 0x40...0x7E:
        state = .ground
        if byte == 0x5B, !sequence.isSS3, !sequence.hasParameterBytes,
          !sequence.hasIntermediates
        {
          state = .linuxFunctionKey
        } else if let key = KeyDecoder.key(final: byte, of: sequence) {
          keys.append(key)
        }
      default:
        // A control byte, DEL or non-ASCII byte cannot be inside a sequence: the sequence is
        // broken and dropped; the byte is read afresh (an ESC starts a new sequence).
        state = .ground
        consumeInGround(byte, into: &keys)
      }
    case .linuxFunctionKey:
      state = .ground
      if !(0x40...0x7E).contains(byte) {
        consumeInGround(byte, into: &keys)
      }
    }
  }

  /// Reads one byte from the ground state.
  ///
  /// - Complexity: O(1).
  private mutating func consumeInGround(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x1B:
      state = .escape
    case 0x00...0x1F:
      if let key = Key.controlByte(byte) { keys.append(key) }
    case 0x20...0x7E:
      keys.append(.character(Character(Unicode.Scalar(byte))))
    case 0x7F:
      keys.append(.backspace)
    case 0xC2...0xDF:
      state = .utf8(scalar: UInt32(byte & 0x1F), remaining: 1, minimum: 0x80)
    case 0xE0...0xEF:
      state = .utf8(scalar: UInt32(byte & 0x0F), remaining: 2, minimum: 0x800)
    case 0xF0...0xF4:
      state = .utf8(scalar: UInt32(byte & 0x07), remaining: 3, minimum: 0x1_0000)
    default:
      // A stray continuation byte, or one that never appears in UTF-8 (0xC0, 0xC1, 0xF5–0xFF).
      break
    }
  }

  /// The key a complete CSI or SS3 sequence stands for, or nil when it is no key.
  ///
  /// Modifier parameters are ignored: `ESC [ 1 ; 5 A` is ``Key/up``, `ESC [ 3 ; 2 ~` is
  /// ``Key/delete``.
  ///
  /// - Complexity: O(1).
  private static func key(final: UInt8, of sequence: Sequence) -> Key? {
    guard !sequence.isForeign else { return nil }
    switch final {
    case 0x41: return .up  // A
    case 0x42: return .down  // B
    case 0x43: return .right  // C
    case 0x44: return .left  // D
    case 0x48: return .home  // H
    case 0x46: return .end  // F
    case 0x7E where !sequence.isSS3:  // ~
      switch sequence.firstParameter {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }
}

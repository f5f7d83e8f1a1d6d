// What every fuzz target shares: a reader that turns libFuzzer's bytes into choices, and the
// way a target reports a broken property (a message on standard error, then a crash that
// libFuzzer records with the input).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer's input, read front to back as small choices. Once the bytes run out every
/// choice is the smallest one, so any input, the empty one included, is a valid case.
public struct FuzzInput {
  /// The bytes.
  public let bytes: [UInt8]
  /// The next byte to read.
  public private(set) var position = 0

  /// A reader at the start of `bytes`.
  ///
  /// - Complexity: O(1).
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// A reader over the `size` bytes at `data` (copied).
  ///
  /// - Complexity: O(size).
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Whether every byte has been read.
  ///
  /// - Complexity: O(1).
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  ///
  /// - Complexity: O(1).
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `range` from the next byte (modulo its size; `range` should span at most
  /// 256 values).
  ///
  /// - Complexity: O(1).
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(byte()) % range.count
  }

  /// Whether the next byte is odd.
  ///
  /// - Complexity: O(1).
  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// The bytes not read yet; afterwards the reader is at its end.
  ///
  /// - Complexity: O(n) for the n bytes returned.
  public mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return Array(bytes[min(position, bytes.count)...])
  }
}

/// Stops the fuzzer with `message` when `condition` is false: the message goes to standard
/// error and the process aborts, so libFuzzer saves the input as a crash file.
///
/// - Complexity: O(1) when the condition holds.
public func fuzzCheck(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  guard !condition else { return }
  fuzzFail(message(), file: file, line: line)
}

/// Writes `message` to standard error and aborts (libFuzzer saves the input).
///
/// - Complexity: O(m) for a message of m bytes.
public func fuzzFail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
  let text = "FUZZ PROPERTY BROKEN (\(file):\(line)): \(message)\n"
  _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
  abort()
}

// Validating UTF-8 without `String(validating:as:)`, which needs macOS 15 and iOS 18.

/// The text `bytes` hold when they are valid UTF-8, else nil.
///
/// Decoding replaces each invalid sequence with U+FFFD, whose own encoding is valid and would
/// have been kept: so the decoded text has the same bytes exactly when every byte was valid.
///
/// - Complexity: O(n) for n bytes.
func validUTF8Text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
  let text = String(decoding: bytes, as: UTF8.self)
  return text.utf8.elementsEqual(bytes) ? text : nil
}

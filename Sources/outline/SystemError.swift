#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's words for the error `code` (`strerror`), e.g. "No such file or directory".
/// O(1).
func systemErrorText(_ code: Int32 = errno) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  return String(cString: text)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What built the bench and what it runs on, recorded in every run so that `compare` can
/// warn when two runs differ in more than the code, and in the allocation baseline (counts
/// change with the standard library's inlined code).
enum Toolchain {
  /// The version of the compiler that built this binary, from `#if compiler(>=…)` (Swift has
  /// no macro for the version string): "6.3.1"; versions past the last listed read
  /// "newer than …".
  static let swift: String = {
    #if compiler(>=6.5.4)
      return "newer than 6.5.3"
    #elseif compiler(>=6.5.3)
      return "6.5.3"
    #elseif compiler(>=6.5.2)
      return "6.5.2"
    #elseif compiler(>=6.5.1)
      return "6.5.1"
    #elseif compiler(>=6.5)
      return "6.5"
    #elseif compiler(>=6.4.3)
      return "6.4.3"
    #elseif compiler(>=6.4.2)
      return "6.4.2"
    #elseif compiler(>=6.4.1)
      return "6.4.1"
    #elseif compiler(>=6.4)
      return "6.4"
    #elseif compiler(>=6.3.3)
      return "6.3.3"
    #elseif compiler(>=6.3.2)
      return "6.3.2"
    #elseif compiler(>=6.3.1)
      return "6.3.1"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2.3)
      return "6.2.3"
    #elseif compiler(>=6.2.2)
      return "6.2.2"
    #elseif compiler(>=6.2.1)
      return "6.2.1"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1.3)
      return "6.1.3"
    #elseif compiler(>=6.1.2)
      return "6.1.2"
    #elseif compiler(>=6.1.1)
      return "6.1.1"
    #elseif compiler(>=6.1)
      return "6.1"
    #elseif compiler(>=6.0.3)
      return "6.0.3"
    #elseif compiler(>=6.0.2)
      return "6.0.2"
    #elseif compiler(>=6.0.1)
      return "6.0.1"
    #else
      return "6.0"
    #endif
  }()

  /// The compiler as the allocation baseline names it: "Swift 6.3.1".
  static var swiftVersion: String { "Swift " + swift }

  /// "release" or "debug".
  static var buildMode: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  /// The C library the process runs with: "glibc 2.36" (its version from
  /// `gnu_get_libc_version`, looked up at run time), "musl" or "Darwin libSystem".
  static let libc: String = {
    #if canImport(Glibc)
      typealias Version = @convention(c) () -> UnsafePointer<CChar>?
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gnu_get_libc_version"),
        let version = unsafeBitCast(symbol, to: Version.self)()
      else { return "glibc" }
      return "glibc " + String(cString: version)
    #elseif canImport(Musl)
      return "musl"
    #elseif canImport(Darwin)
      return "Darwin libSystem"
    #else
      return "unknown"
    #endif
  }()
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What built the bench and what it runs on, recorded in every run so that `compare` can
/// warn when two runs differ in more than the code.
enum Toolchain {
  /// The version of the compiler that built this binary, from `#if compiler(>=…)` (Swift has
  /// no macro for the version string): "6.3.1".
  static let swift: String = {
    #if compiler(>=6.5)
      return "6.5 or later"
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
    #else
      return "6.0.x"
    #endif
  }()

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

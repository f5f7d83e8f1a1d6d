/// The Swift compiler this binary was built with, for the allocation baseline (allocation
/// counts change with the standard library's inlined code). `#if compiler` is the only way to
/// know it at run time; versions past the last listed read "newer than …".
enum Toolchain {
  static var swiftVersion: String {
    #if compiler(>=6.5.4)
      "Swift newer than 6.5.3"
    #elseif compiler(>=6.5.3)
      "Swift 6.5.3"
    #elseif compiler(>=6.5.2)
      "Swift 6.5.2"
    #elseif compiler(>=6.5.1)
      "Swift 6.5.1"
    #elseif compiler(>=6.5)
      "Swift 6.5"
    #elseif compiler(>=6.4.3)
      "Swift 6.4.3"
    #elseif compiler(>=6.4.2)
      "Swift 6.4.2"
    #elseif compiler(>=6.4.1)
      "Swift 6.4.1"
    #elseif compiler(>=6.4)
      "Swift 6.4"
    #elseif compiler(>=6.3.3)
      "Swift 6.3.3"
    #elseif compiler(>=6.3.2)
      "Swift 6.3.2"
    #elseif compiler(>=6.3.1)
      "Swift 6.3.1"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2.3)
      "Swift 6.2.3"
    #elseif compiler(>=6.2.2)
      "Swift 6.2.2"
    #elseif compiler(>=6.2.1)
      "Swift 6.2.1"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #elseif compiler(>=6.1.3)
      "Swift 6.1.3"
    #elseif compiler(>=6.1.2)
      "Swift 6.1.2"
    #elseif compiler(>=6.1.1)
      "Swift 6.1.1"
    #elseif compiler(>=6.1)
      "Swift 6.1"
    #elseif compiler(>=6.0.3)
      "Swift 6.0.3"
    #elseif compiler(>=6.0.2)
      "Swift 6.0.2"
    #elseif compiler(>=6.0.1)
      "Swift 6.0.1"
    #else
      "Swift 6.0"
    #endif
  }

  /// "release" or "debug".
  static var buildMode: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }
}

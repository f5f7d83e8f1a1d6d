#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Timing and memory probes shared by the runner.
enum Measure {
  /// Monotonic nanoseconds.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Runs `body` once and returns its duration in seconds and its result.
  @inline(never)
  static func time(_ body: () -> Int) -> (seconds: Double, result: Int) {
    let start = now()
    let result = body()
    return (Double(now() - start) / 1e9, result)
  }

  /// Starts a peak-memory measurement: hands freed heap memory back to the system (so that
  /// what the next operation allocates shows up as new resident pages, whatever ran
  /// before), then returns the resident bytes now and (on Linux) resets the peak to them,
  /// so that ``peakResidentBytes()`` afterwards is the peak since.
  static func startPeakMeasurement() -> Int {
    #if os(Linux)
      trimHeap()
      // "5" resets the address space's resident high-water mark (VmHWM) to the current RSS.
      if let file = fopen("/proc/self/clear_refs", "w") {
        fputs("5", file)
        fclose(file)
      }
      if let resident = procStatus("VmRSS:") { return resident }
    #endif
    return peakResidentBytes()
  }

  /// Peak resident set size, in bytes: on Linux the address space's high-water mark
  /// (VmHWM). Not `getrusage`'s `ru_maxrss`, which survives `execve` and so, under
  /// `swift run`, starts at SwiftPM's own peak.
  static func peakResidentBytes() -> Int {
    #if os(Linux)
      if let peak = procStatus("VmHWM:") { return peak }
    #endif
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1024
    #endif
  }

  #if os(Linux)
    /// glibc's `malloc_trim(0)`, looked up at run time (the Glibc module does not export it):
    /// returns free heap pages to the system.
    static func trimHeap() {
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return
      }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// A `kB` field of /proc/self/status, in bytes.
    static func procStatus(_ field: String) -> Int? {
      guard let file = fopen("/proc/self/status", "r") else { return nil }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 256)
      while fgets(&line, Int32(line.count), file) != nil {
        let text = String(
          decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix(field) else { continue }
        let digits = text.dropFirst(field.count).filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
      }
      return nil
    }
  #endif

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

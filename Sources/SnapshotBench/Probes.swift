import Foundation

/// Counters that do not depend on load, installed by the executable.
///
/// The library has no C dependency (its tests run under sanitizers with their own malloc): the
/// `snapshot-bench` executable links the `BenchCounters` C target and hands its functions over
/// as closures. Without them (tests, or a platform where a counter cannot work) the tables
/// print "–" and the notes say why.
package struct Probes: Sendable {
  /// Counts allocations between `start` and `stop`.
  package struct Allocations: Sendable {
    package var start: @Sendable () -> Void
    package var stop: @Sendable () -> (count: Int, bytes: Int)

    package init(
      start: @escaping @Sendable () -> Void,
      stop: @escaping @Sendable () -> (count: Int, bytes: Int)
    ) {
      self.start = start
      self.stop = stop
    }
  }

  /// Counts instructions retired between `start` and `stop` (nil from `stop`: the read failed).
  package struct Instructions: Sendable {
    package var start: @Sendable () -> Void
    package var stop: @Sendable () -> Int?

    package init(start: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> Int?) {
      self.start = start
      self.stop = stop
    }
  }

  package var allocations: Allocations?
  /// Why allocations are not counted, when `allocations` is nil.
  package var whyNoAllocations =
    "not counted: this build has no malloc counter (only the snapshot-bench executable on "
    + "Linux with glibc has one)"
  package var instructions: Instructions?
  /// Why instructions are not counted, when `instructions` is nil.
  package var whyNoInstructions = "not counted: this build has no instruction counter"
  /// The C library and its version (e.g. "glibc 2.36"), when known.
  package var libc: String?

  package init() {}

  /// Whether the runner needs its extra, untimed pass.
  var counts: Bool { allocations != nil || instructions != nil }

  /// What the notes say about counters that are missing.
  var notes: [String] {
    var notes: [String] = []
    if allocations == nil { notes.append("Allocations " + whyNoAllocations + ".") }
    if instructions == nil { notes.append("Instructions retired " + whyNoInstructions + ".") }
    return notes
  }
}

/// What one untimed run of an operation allocated and executed.
struct Counts: Codable, Sendable, Equatable {
  var allocations: Int?
  var allocatedBytes: Int?
  var instructions: Int?
}

extension Runner {
  /// Runs `operation` once (after its reset and a heap trim), untimed, counting its allocations and
  /// instructions; the counters start after the reset and stop when the body returns.
  func count(_ operation: Operation) -> Counts {
    operation.reset?()
    // Consolidate the heap first: an array's capacity is its block's usable size, so what an
    // operation allocates can depend on which free blocks earlier work left behind.
    #if os(Linux)
      Measure.trimHeap()
    #endif
    var counts = Counts()
    probes.allocations?.start()
    probes.instructions?.start()
    let result = operation.body()
    let instructions = probes.instructions?.stop()
    let allocated = probes.allocations?.stop()
    keep(result)
    counts.instructions = instructions ?? nil
    counts.allocations = allocated?.count
    counts.allocatedBytes = allocated?.bytes
    return counts
  }
}

extension Measurement {
  /// The counts of its untimed run.
  var counts: Counts {
    get {
      Counts(allocations: allocations, allocatedBytes: allocatedBytes, instructions: instructions)
    }
    set {
      allocations = newValue.allocations
      allocatedBytes = newValue.allocatedBytes
      instructions = newValue.instructions
    }
  }
}

extension Probes {
  /// Why `perf_event_open` refused an instruction counter, from its errno.
  package static func whyNoInstructions(errno code: Int32) -> String {
    let paranoid =
      (try? String(contentsOfFile: "/proc/sys/kernel/perf_event_paranoid", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    switch code {
    case ENOENT, EOPNOTSUPP:
      return "not counted: perf_event_open has no hardware instruction counter here (errno "
        + "\(code): a virtual machine or container whose hypervisor hides the CPU's "
        + "performance counters)"
    case EACCES, EPERM:
      return "not counted: perf_event_open was refused (errno \(code); "
        + "perf_event_paranoid is \(paranoid ?? "unknown"), user-space counting needs 2 or "
        + "less; a container's seccomp filter can also block it)"
    case ENOSYS:
      return "not counted: perf_event_open exists only on Linux"
    default:
      return
        "not counted: perf_event_open failed (errno \(code): \(String(cString: strerror(code))))"
    }
  }
}

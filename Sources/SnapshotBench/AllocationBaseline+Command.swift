import Foundation

extension AllocationBaseline {
  /// A baseline file that cannot be used: one line naming the file and what is wrong.
  struct FileError: Error, Equatable {
    var message: String
  }

  /// Reads a baseline file's contents; `file` names it in errors.
  static func decode(_ data: Data, file: String) throws(FileError) -> AllocationBaseline {
    let baseline: AllocationBaseline
    do {
      baseline = try JSONDecoder().decode(AllocationBaseline.self, from: data)
    } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
      throw FileError(message: "\(file): not valid JSON")
    } catch let error as DecodingError {
      throw FileError(message: "\(file): \(describe(error))")
    } catch {
      throw FileError(message: "\(file): \(error)")
    }
    guard baseline.schema == 1 else {
      throw FileError(message: "\(file): schema \(baseline.schema) is not one this tool reads (1)")
    }
    for (index, entry) in baseline.entries.enumerated() {
      let place = "\(file): entries[\(index)] (\(entry.scenario))"
      guard Options.sizeRange.contains(entry.size) else {
        throw FileError(message: "\(place): size \(entry.size) is out of range")
      }
      guard entry.allocations >= 0, entry.bytes >= 0 else {
        throw FileError(message: "\(place): a count is negative")
      }
      guard !baseline.entries[..<index].contains(where: entry.matches) else {
        throw FileError(message: "\(place): the same operation and size appear twice")
      }
    }
    return baseline
  }

  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
        .joined().drop { $0 == "." }.description
    }
    switch error {
    case .keyNotFound(let key, let context):
      let at = path(context)
      return "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)")
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      let at = path(context)
      return (at.isEmpty ? "the top level" : at) + ": \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// Encodes the baseline as the committed file (sorted keys, one field a line).
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
  }
}

/// `--check-allocation-baseline` and `--update-allocation-baseline`.
enum AllocationBaselineCommand {
  /// The exit status of a check in which a count rose (1 is a failed result check, 2 a usage
  /// error or an unreadable file).
  static let increaseStatus: Int32 = 4

  static func environment(_ probes: Probes) -> AllocationBaseline.Environment {
    AllocationBaseline.Environment(
      toolchain: Toolchain.swiftVersion, libc: probes.libc ?? "unknown C library",
      build: Toolchain.buildMode)
  }

  static func check(probes: Probes) -> Never {
    guard let root = packageRoot() else {
      fail(
        "--check-allocation-baseline reads \(AllocationBaseline.path): run it from the "
          + "package root", status: 2)
    }
    let url = root.appendingPathComponent(AllocationBaseline.path)
    guard let data = try? Data(contentsOf: url) else {
      fail("could not read \(AllocationBaseline.path)", status: 2)
    }
    let baseline: AllocationBaseline
    do {
      baseline = try AllocationBaseline.decode(data, file: AllocationBaseline.path)
    } catch {
      fail(error.message, status: 2)
    }
    guard probes.allocations != nil else {
      print("warning: allocation baseline skipped: allocations " + probes.whyNoAllocations)
      exit(0)
    }
    let environment = environment(probes)
    var measured: [AllocationBaseline.Entry] = []
    if baseline.environment == environment {
      measured = count(baseline.entries.map { ($0.scenario, $0.operation, $0.size) })
    }
    let verdict = AllocationCheck.check(baseline, environment: environment, measured: measured)
    print("Allocation baseline (\(AllocationBaseline.path), \(baseline.environment.description))")
    for line in verdict.lines { print(line) }
    exit(verdict.outcome == .failed ? increaseStatus : 0)
  }

  static func update(probes: Probes) -> Never {
    guard let root = packageRoot() else {
      fail(
        "--update-allocation-baseline writes \(AllocationBaseline.path): run it from the "
          + "package root", status: 2)
    }
    guard probes.allocations != nil else {
      fail(
        "cannot update the allocation baseline: allocations " + probes.whyNoAllocations,
        status: 2)
    }
    guard Toolchain.buildMode == "release" else {
      fail(
        "--update-allocation-baseline counts what CI checks, a release build: run "
          + "`swift run -c release snapshot-bench --update-allocation-baseline`", status: 2)
    }
    let entries = count(AllocationBaseline.keys)
    let baseline = AllocationBaseline(environment: environment(probes), entries: entries)
    let url = root.appendingPathComponent(AllocationBaseline.path)
    do {
      try baseline.encoded().write(to: url, options: .atomic)
    } catch {
      fail("could not write \(url.path): \(error.localizedDescription)", status: 1)
    }
    for entry in entries {
      print(
        "\(entry.label): \(Format.count(entry.allocations)) allocations "
          + "(\(Format.bytes(entry.bytes)))")
    }
    print("wrote \(AllocationBaseline.path) (\(baseline.environment.description))")
    exit(0)
  }
}

extension AllocationBaselineCommand {
  /// Makes allocation counts repeatable: hash tables (the label index's buckets among them)
  /// grow as the identifiers' hashes fall, and Swift seeds hashing per process, so a count
  /// can move by a few allocations from one run to the next. Runs the program again with
  /// `SWIFT_DETERMINISTIC_HASHING=1` (on Linux, through `/proc/self/exe`) unless it is set;
  /// elsewhere it warns that counts may vary.
  static func ensureDeterministicHashing() {
    guard ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] != "1" else { return }
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    let arguments = CommandLine.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    execv("/proc/self/exe", &argv)
    // Only reached when the program cannot be run again.
    FileHandle.standardError.write(
      Data(
        ("warning: set SWIFT_DETERMINISTIC_HASHING=1: allocation counts depend on hash seeds, "
          + "which vary between runs without it\n").utf8))
  }
}

import Foundation

/// Counting allocations for the baseline: each scenario and size in a fresh process.
///
/// An array's capacity is the usable size of the block malloc returns, and that depends on
/// which free blocks earlier work left behind; so one operation's count can differ by one or
/// two with what ran before it in the process (seen: `outline/move-diff` at 10^4 counts 355
/// after the other key scenarios, 356 alone). In a process of its own, each count depends only
/// on its own scenario, and adding, removing or changing another scenario cannot move it.
extension AllocationBaselineCommand {
  /// `--count-allocations`: in this process, for each selected scenario and size, prepares the
  /// inputs, runs every operation once in the runner's order (the state one leaves can change
  /// what the next allocates, as in a full run), then counts each; prints the counts as a
  /// JSON array of baseline entries, the scenario's own operation first.
  static func countHere(_ options: Options, probes: Probes) -> Never {
    guard probes.allocations != nil else {
      fail("cannot count allocations: allocations " + probes.whyNoAllocations, status: 2)
    }
    var allocationsOnly = probes
    allocationsOnly.instructions = nil
    var runner = Runner(policy: RepeatPolicy(), progress: Progress(total: 0, enabled: false))
    runner.probes = allocationsOnly
    var entries: [AllocationBaseline.Entry] = []
    for scenario in options.selected {
      for size in options.sizes(for: scenario) {
        let trial = scenario.prepare(size)
        let operations =
          [trial.measured] + trial.baselines.filter { $0.skipped == nil }.map(\.operation)
        for operation in operations {
          operation.reset?()
          keep(operation.body())
        }
        for operation in operations {
          let counts = runner.count(operation)
          entries.append(
            AllocationBaseline.Entry(
              scenario: scenario.name, operation: operation.name, size: size,
              allocations: counts.allocations ?? 0, bytes: counts.allocatedBytes ?? 0))
        }
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(entries) else {
      fail("could not encode the counts", status: 1)
    }
    print(String(decoding: data, as: UTF8.self))
    exit(0)
  }

  /// Counts the named operations (nil: the scenario's own), each scenario and size by this
  /// executable run again with `--count-allocations`. What cannot be counted (an unknown
  /// scenario or operation, a failed child) is left out, with a warning; the check reports it.
  static func count(_ wanted: [(scenario: String, operation: String?, size: Int)])
    -> [AllocationBaseline.Entry]
  {
    var groups: [(scenario: String, size: Int, operations: [String?])] = []
    for (name, operation, size) in wanted {
      if let index = groups.firstIndex(where: { $0.scenario == name && $0.size == size }) {
        groups[index].operations.append(operation)
      } else {
        groups.append((name, size, [operation]))
      }
    }
    let progress = Progress(total: groups.count, enabled: true)
    var entries: [AllocationBaseline.Entry] = []
    for group in groups {
      progress.begin(group.scenario, size: group.size, phase: "counting allocations")
      guard registry.contains(where: { $0.name == group.scenario }) else { continue }
      let counted = countInChild(scenario: group.scenario, size: group.size)
        .filter { $0.scenario == group.scenario && $0.size == group.size }
      for operation in group.operations {
        let name = operation ?? counted.first?.operation
        entries += counted.filter { $0.operation == name }
      }
    }
    progress.finish("snapshot-bench: counted \(Format.count(entries.count)) operations")
    return entries
  }

  /// Runs `snapshot-bench --count-allocations` for one scenario and size.
  private static func countInChild(scenario: String, size: Int) -> [AllocationBaseline.Entry] {
    func warn(_ text: String) {
      FileHandle.standardError.write(Data("snapshot-bench: \(scenario): \(text)\n".utf8))
    }
    let child = Process()
    let executable =
      FileManager.default.fileExists(atPath: "/proc/self/exe")
      ? "/proc/self/exe" : Bundle.main.executablePath ?? CommandLine.arguments[0]
    child.executableURL = URL(fileURLWithPath: executable)
    child.arguments = ["--count-allocations", "--scenario", scenario, "--size", String(size)]
    // A fixed environment: the child's heap, which the counts follow by a reallocation or so
    // (arrays take their capacity from malloc's usable size), then starts the same whatever
    // the caller's environment holds (Foundation copies it onto the heap when read).
    child.environment = ["SWIFT_DETERMINISTIC_HASHING": "1"]
    let output = Pipe()
    child.standardOutput = output
    do {
      try child.run()
    } catch {
      warn("could not run \(executable): \(error.localizedDescription)")
      return []
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    guard child.terminationStatus == 0 else {
      warn("counting exited with status \(child.terminationStatus)")
      return []
    }
    guard let entries = try? JSONDecoder().decode([AllocationBaseline.Entry].self, from: data)
    else {
      warn("counting printed no counts")
      return []
    }
    return entries
  }
}

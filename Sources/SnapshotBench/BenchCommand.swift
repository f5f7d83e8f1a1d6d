// snapshot-bench's command: parse the arguments, run the selected scenarios, print or record
// the results. `--help` lists the options; `Registry.swift` lists the scenarios. The executable
// target (`Sources/snapshot-bench/main.swift`) only calls `BenchCommand.main(_:)`, so that the
// tests import this library without the executable's malloc interposer.

import Foundation

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data(("snapshot-bench: " + message + "\n").utf8))
  exit(status)
}

/// The package root, for `--record`: the current directory when it is the package, else the
/// one this source file was compiled from.
func packageRoot() -> URL? {
  let manager = FileManager.default
  func isRoot(_ url: URL) -> Bool {
    manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
      && manager.fileExists(atPath: url.appendingPathComponent("Sources/snapshot-bench").path)
  }
  let current = URL(fileURLWithPath: manager.currentDirectoryPath)
  if isRoot(current) { return current }
  let compiled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return isRoot(compiled) ? compiled : nil
}

func write(_ text: String, to url: URL) {
  do {
    try text.write(to: url, atomically: true, encoding: .utf8)
  } catch {
    fail("could not write \(url.path): \(error.localizedDescription)", status: 1)
  }
}

/// The command line tool, callable from the executable and from tests.
package enum BenchCommand {
  /// Runs `snapshot-bench` with `arguments` (without the program name) and exits; `probes`
  /// are the executable's allocation and instruction counters.
  package static func main(_ arguments: [String], probes: Probes = Probes()) -> Never {
    if arguments.first == "diff" { DiffCommand.main(Array(arguments.dropFirst())) }
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      fail(error.message, status: 2)
    }

    if options.help {
      print(Options.help)
      exit(0)
    }

    if let files = options.compareFiles {
      CompareCommand.main(files, options: options)
    }
    let earlier = options.compareWith.map(CompareCommand.load)

    // With --input, the scenarios of the file's tree (a bad file exits here with status 2).
    let selected = options.input.map(options.inputScenarios) ?? options.selected
    if options.list {
      let width = selected.map(\.name.count).max() ?? 0
      for scenario in selected {
        let sizes = scenario.sizes.map(Format.size).joined(separator: ", ")
        print("\(scenario.name.rightPadded(to: width))  [\(sizes)]")
        print(String(repeating: " ", count: width + 2) + scenario.summary)
      }
      exit(0)
    }

    if options.checkAllocationBaseline || options.updateAllocationBaseline {
      AllocationBaselineCommand.ensureDeterministicHashing()
    }
    if options.checkAllocationBaseline { AllocationBaselineCommand.check(probes: probes) }
    if options.updateAllocationBaseline { AllocationBaselineCommand.update(probes: probes) }
    if options.countAllocations { AllocationBaselineCommand.countHere(options, probes: probes) }

    #if DEBUG
      let optimized = false
      FileHandle.standardError.write(
        Data("warning: debug build; measure with `swift run -c release snapshot-bench`\n".utf8))
    #else
      let optimized = true
    #endif

    let root: URL? = options.record ? packageRoot() : nil
    if options.record && root == nil {
      fail("--record writes into Benchmarks/: run it from the package root", status: 2)
    }

    // Run.
    let plan = selected.flatMap { scenario in
      options.sizes(for: scenario).map { (scenario, $0) }
    }
    var policy = RepeatPolicy(fixed: options.repeats)
    if options.smoke && options.repeats == nil { policy.fixed = 3 }
    let progress = Progress(total: plan.count, enabled: true)
    var runner = Runner(policy: policy, progress: progress)
    runner.probes = probes
    let started = Measure.now()
    var results: [ScenarioResult] = []
    for (scenario, size) in plan {
      results.append(runner.run(scenario, size: size))
    }
    let wallSeconds = Double(Measure.now() - started) / 1e9
    progress.finish("snapshot-bench: \(Format.measurements(plan.count)) done")

    let date = Date()
    let stamp = ISO8601DateFormatter()
    stamp.formatOptions = [.withInternetDateTime]
    var run = RunReport(
      date: stamp.string(from: date),
      command: (["snapshot-bench"] + arguments).joined(separator: " "),
      machine: Machine.current(), optimized: optimized, wallSeconds: wallSeconds,
      results: results, scalingFlags: [], notes: Report.notes(results) + probes.notes)
    run.scalingFlags = Report.flags(Report(run: run).scalingLines)

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    if options.json {
      guard let data = try? encoder.encode(run) else {
        fail("could not encode the results", status: 1)
      }
      print(String(decoding: data, as: UTF8.self))
    } else {
      print(Report(run: run).text, terminator: "")
    }

    if let chart = options.chart {
      write(Chart(report: Report(run: run)).svg, to: URL(fileURLWithPath: chart))
      FileHandle.standardError.write(Data("snapshot-bench: wrote the chart to \(chart)\n".utf8))
    }

    if let root {
      // The dated JSON first; RESULTS.md and the chart are then generated from that file.
      let folder = root.appendingPathComponent("Benchmarks")
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let name = "results-" + run.date.replacingOccurrences(of: ":", with: "") + ".json"
      run.recordFile = name
      let file = folder.appendingPathComponent(name)
      guard let data = try? encoder.encode(run) else {
        fail("could not encode the results", status: 1)
      }
      write(String(decoding: data, as: UTF8.self) + "\n", to: file)
      guard let stored = try? Data(contentsOf: file),
        let recorded = try? JSONDecoder().decode(RunReport.self, from: stored)
      else { fail("could not read back \(file.path)", status: 1) }
      let report = Report(run: recorded)
      write(report.markdown, to: folder.appendingPathComponent("RESULTS.md"))
      write(Chart(report: report).svg, to: folder.appendingPathComponent("scaling.svg"))
      FileHandle.standardError.write(
        Data("snapshot-bench: recorded Benchmarks/\(name), RESULTS.md and scaling.svg\n".utf8))
    }

    var status: Int32 = results.contains { $0.failure != nil } ? 1 : 0
    if let earlier {
      let outcome = CompareCommand.outcome(
        old: earlier, new: RunFile(current: run), options: options)
      if options.json {
        FileHandle.standardError.write(Data(("\n" + outcome.text).utf8))
      } else {
        print("\nCompared with an earlier run (--compare)\n" + outcome.text, terminator: "")
      }
      if status == 0 { status = outcome.status }
    }
    exit(status)
  }
}

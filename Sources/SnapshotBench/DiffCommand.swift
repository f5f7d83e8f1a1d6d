// `snapshot-bench diff OLD.json NEW.json`: what the diff engine makes of the change between
// two files, as one batch and as stages, against the fewest moves computed here, with the
// time of the diff and of a data-source apply.

import Foundation
import Snapshot

enum DiffCommand {
  /// The command line of `diff`.
  struct Arguments: Equatable {
    var old = ""
    var new = ""
    var verbose = false
    var format: InputFormat?
    var repeats: Int?
    var help = false
  }

  static func parse(_ arguments: [String]) throws(Options.UsageError) -> Arguments {
    var parsed = Arguments()
    var files: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      let (name, inline) = Options.split(argument)
      func value() throws(Options.UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else {
          throw Options.UsageError(message: "diff: \(name) needs a value")
        }
        return next
      }
      switch name {
      case "--verbose", "-v": parsed.verbose = true
      case "--help", "-h": parsed.help = true
      case "--format": parsed.format = try Options.inputFormat(try value())
      case "--repeat":
        let text = try value()
        guard let count = Options.wholeNumber(text), Options.repeatRange.contains(count) else {
          throw Options.UsageError(message: "diff: --repeat needs a whole number from 1 to 1,000")
        }
        parsed.repeats = count
      default:
        if argument.hasPrefix("-") && argument != "-" {
          throw Options.UsageError(message: "diff: unknown option '\(argument)' (see diff --help)")
        }
        files.append(argument)
      }
    }
    guard parsed.help || files.count == 2 else {
      throw Options.UsageError(
        message: "diff needs two files, OLD.json and NEW.json (given \(files.count))")
    }
    if files.count == 2 { (parsed.old, parsed.new) = (files[0], files[1]) }
    return parsed
  }

  /// Runs `snapshot-bench diff` with `arguments` (after `diff`) and exits.
  static func main(_ arguments: [String]) -> Never {
    let parsed: Arguments
    do {
      parsed = try parse(arguments)
    } catch {
      fail(error.message, status: 2)
    }
    if parsed.help {
      print(help)
      exit(0)
    }
    do {
      let report = try run(parsed) { line in
        FileHandle.standardError.write(Data(("snapshot-bench: " + line + "\n").utf8))
      }
      print(report, terminator: "")
      exit(0)
    } catch {
      fail(error.description, status: 2)
    }
  }

  /// Reads both files (as `String` where either has a non-integer identifier) and returns
  /// the report; `log` gets what was read.
  static func run(_ arguments: Arguments, log: (String) -> Void = { _ in }) throws(InputError)
    -> String
  {
    var old = try InputFile.read(arguments.old, format: arguments.format)
    var new = try InputFile.read(arguments.new, format: arguments.format)
    let common = old.input.kinds.common(new.input.kinds)
    if old.input.kinds != common {
      old = try InputFile.read(arguments.old, format: old.input.format, allowed: common)
    }
    if new.input.kinds != common {
      new = try InputFile.read(arguments.new, format: new.input.format, allowed: common)
    }
    log(old.description)
    log(new.description)
    guard
      let report = old.input.diffReport(
        to: new.input, verbose: arguments.verbose, repeats: arguments.repeats)
    else {
      throw InputError(
        arguments.new,
        "its identifiers (\(new.input.kinds.description)) cannot be compared "
          + "with \(arguments.old)'s (\(old.input.kinds.description))")
    }
    return report
  }

  static let help = """
    snapshot-bench diff: what the diff engine makes of the change from one file to another.

    Usage: snapshot-bench diff OLD.json NEW.json [--verbose] [--format FORM] [--repeat K]

    The files are read as --input reads them (see snapshot-bench --help); the rows compared
    are each section's visible items (a plain JSON document: every item, with the items
    whose scalar value changed marked for reconfigure). Prints the single batch's counts
    (section and item inserts, deletes, moves, reloads, reconfigures), how many moves and
    reloads it had to say as delete + insert, the staged form's stages and moves, the fewest
    moves possible computed independently (longest increasing subsequences) beside the
    engine's count, and the median time of the diff and of a data-source apply of it.

    Options:
      --verbose, -v    Also list the index paths (old frame for deletes, reloads and move
                       sources; new frame for inserts, move destinations, reconfigures).
      --format FORM    Read both files as FORM: section, sectioned, outline or json.
      --repeat K       Time the diff and the apply K times each (default: 5 to 101, about
                       half a second each).

    Exit status: 0 on success; 2 on a usage error or a file that cannot be read.
    """
}

extension InputTree {
  func diffReport(to other: any LoadedInput, verbose: Bool, repeats: Int?) -> String? {
    guard let newTree = other as? Self else { return nil }
    let old = rows
    var new = newTree.rows
    if format == .json && newTree.format == .json {
      let changed = newTree.values.compactMap { item, value -> ItemID? in
        guard let before = values[item], before != value else { return nil }
        return item
      }
      new.reconfigureItems(changed)
    }
    let single = new.batchUpdate(from: old)
    let staged = new.stagedBatchUpdate(from: old)
    let fewest = fewestMoves(old: old.layout, new: new.layout)
    let stagedReloads = staged.stages.reduce(0) {
      $0 + $1.batch.reloadedItems.count + $1.batch.reloadedSections.count
    }
    let singleReloads = single.reloadedItems.count + single.reloadedSections.count

    let diffTime = medianTime(repeats) { new.batchUpdate(from: old).moveCount }
    let view = CountingListView<SectionID, ItemID>()
    let source = DiffableDataSource<SectionID, ItemID>(listView: view)
    let applyTime = medianTime(
      repeats, reset: { source.apply(old, animatingDifferences: false) },
      body: {
        source.apply(new)
        return view.rows
      })

    func count(_ value: Int, _ noun: String) -> String {
      "\(Format.count(value)) \(noun)\(value == 1 ? "" : "s")"
    }
    var lines = [
      "\(file) → \(newTree.file): \(count(old.numberOfSections, "section")), "
        + "\(count(old.numberOfItems, "row")) → \(count(new.numberOfSections, "section")), "
        + "\(count(new.numberOfItems, "row"))",
      "single batch:",
      "  sections: \(Format.count(single.insertedSections.count)) inserted, "
        + "\(Format.count(single.deletedSections.count)) deleted, "
        + "\(Format.count(single.movedSections.count)) moved, "
        + "\(Format.count(single.reloadedSections.count)) reloaded",
      "  items:    \(Format.count(single.insertedItems.count)) inserted, "
        + "\(Format.count(single.deletedItems.count)) deleted, "
        + "\(Format.count(single.movedItems.count)) moved, "
        + "\(Format.count(single.reloadedItems.count)) reloaded, "
        + "\(Format.count(single.reconfiguredItems.count)) reconfigured",
      "  said as delete + insert: \(count(staged.moveCount - single.moveCount, "move")), "
        + "\(count(stagedReloads - singleReloads, "reload"))",
      "staged form: \(count(staged.stages.count, "stage"))"
        + (staged.stages.isEmpty
          ? "" : " (" + staged.stages.map { "\($0.kind)" }.joined(separator: ", ") + ")")
        + ", \(count(staged.moveCount, "move"))",
      "fewest moves possible: \(Format.count(fewest)) (longest increasing subsequences, "
        + "computed here); the engine's: \(Format.count(staged.moveCount)) "
        + (staged.moveCount == fewest ? "(equal)" : "(DIFFERENT)"),
      "time: diff \(Format.duration(diffTime.seconds)), data-source apply "
        + "\(Format.duration(applyTime.seconds)) (medians of \(diffTime.repeats) and "
        + "\(applyTime.repeats) runs\(isOptimized ? "" : ", debug build"))",
    ]
    if verbose { lines += indexPaths(single, old: old.layout, new: new.layout) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The batch's index paths, each with its identifier, one kind a line.
  private func indexPaths(
    _ batch: BatchUpdate, old: [LayoutSection<SectionID, ItemID>],
    new: [LayoutSection<SectionID, ItemID>]
  ) -> [String] {
    func item(_ path: ListIndexPath, in layout: [LayoutSection<SectionID, ItemID>]) -> String {
      "\(path) \(layout[path.section].items[path.item])"
    }
    func line(_ title: String, _ entries: [String]) -> String? {
      entries.isEmpty ? nil : "  \(title): " + entries.joined(separator: ", ")
    }
    return ["index paths:"]
      + [
        line("deleted sections", batch.deletedSections.map { "\($0) \(old[$0].id)" }),
        line("inserted sections", batch.insertedSections.map { "\($0) \(new[$0].id)" }),
        line(
          "moved sections",
          batch.movedSections.map { "\($0.source)->\($0.destination) \(old[$0.source].id)" }),
        line("reloaded sections", batch.reloadedSections.map { "\($0) \(old[$0].id)" }),
        line("deleted items", batch.deletedItems.map { item($0, in: old) }),
        line("inserted items", batch.insertedItems.map { item($0, in: new) }),
        line(
          "moved items",
          batch.movedItems.map {
            "\($0.source)->\($0.destination) \(old[$0.source.section].items[$0.source.item])"
          }),
        line("reloaded items", batch.reloadedItems.map { item($0, in: old) }),
        line("reconfigured items", batch.reconfiguredItems.map { item($0, in: new) }),
      ].compactMap { $0 }
  }
}

#if DEBUG
  let isOptimized = false
#else
  let isOptimized = true
#endif

/// The median time of `body` over `repeats` runs (adaptive when nil: at least 5, up to 101,
/// until half a second), `reset` run untimed before each.
func medianTime(
  _ repeats: Int?, reset: () -> Void = {}, body: () -> Int
) -> (seconds: Double, repeats: Int) {
  var times: [Double] = []
  var spent = 0.0
  var sink = 0
  while times.count < (repeats ?? 5) || (repeats == nil && times.count < 101 && spent < 0.5) {
    reset()
    let (seconds, result) = Measure.time(body)
    sink &+= result
    times.append(seconds)
    spent += seconds
  }
  keep(sink)
  return (Measure.median(times), times.count)
}

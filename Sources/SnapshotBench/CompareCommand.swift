import Foundation

/// `snapshot-bench compare OLD.json NEW.json` and `--compare OLD.json`: what they print and
/// the status they exit with.
enum CompareCommand {
  /// The exit status of a regression `--fail-on-regression` finds (1 is a failed check, 2 a
  /// usage error).
  static let regressionStatus: Int32 = 3

  /// What a comparison prints, and the status it asks to exit with.
  struct Outcome: Equatable {
    var status: Int32
    /// The comparison (stdout), or the one-line error of a file that cannot be read (stderr).
    var text: String
  }

  /// The rule, with `--threshold` applied.
  static func rule(_ options: Options) -> CompareRule {
    var rule = CompareRule()
    if let threshold = options.threshold { rule.threshold = threshold / 100 }
    return rule
  }

  /// Compares the runs in two files: status 2 when one cannot be read, 3 on a regression
  /// over `--fail-on-regression`, else 0.
  static func outcome(oldPath: String, newPath: String, options: Options) -> Outcome {
    let old: RunFile
    let new: RunFile
    do {
      old = try RunFile.load(oldPath)
      new = try RunFile.load(newPath)
    } catch {
      return Outcome(status: 2, text: error.message)
    }
    return outcome(old: old, new: new, options: options)
  }

  /// Compares two loaded runs: status 3 on a regression over `--fail-on-regression`, else 0.
  static func outcome(old: RunFile, new: RunFile, options: Options) -> Outcome {
    let comparison = Comparison(old: old, new: new, rule: rule(options))
    var text = comparison.text
    guard let percent = options.failOnRegression else { return Outcome(status: 0, text: text) }
    let limit = Comparison.percent(percent / 100)
    let regressions = comparison.regressions(over: percent)
    if regressions.isEmpty {
      let unjudged = comparison.results.count { result in
        [.tooFewRepeats, .mediansOnly].contains(result.time.verdict) && result.metric == .time
      }
      text += "--fail-on-regression \(limit): no regression"
      if unjudged > 0 {
        text += " (\(unjudged) could not be judged: too few repeats or no repeat times)"
      }
      text += ".\n"
      return Outcome(status: 0, text: text)
    }
    let cases = regressions.map { result in
      let ratio: String
      switch result.metric {
      case .time: ratio = result.time.ratio.map(Format.ratio) ?? "–"
      case .memory:
        ratio =
          result.oldPeak > 0 ? Format.ratio(Double(result.newPeak) / Double(result.oldPeak)) : "–"
      }
      return "\(result.scenario) at \(Format.size(result.size)) (\(ratio)×)"
    }
    text +=
      "REGRESSION over \(limit) (--fail-on-regression, exit status \(regressionStatus)): "
      + cases.joined(separator: ", ") + "\n"
    return Outcome(status: regressionStatus, text: text)
  }

  /// Runs `compare OLD.json NEW.json` and exits.
  static func main(_ files: [String], options: Options) -> Never {
    guard files.count == 2 else { fail("compare needs two files", status: 2) }
    let outcome = outcome(oldPath: files[0], newPath: files[1], options: options)
    if outcome.status == 2 { fail(outcome.text, status: 2) }
    print(outcome.text, terminator: "")
    exit(outcome.status)
  }

  /// Reads `--compare`'s file before the run, so that a bad file stops it at once.
  static func load(_ path: String) -> RunFile {
    do {
      return try RunFile.load(path)
    } catch {
      fail(error.message, status: 2)
    }
  }
}

import Testing

@testable import SnapshotBench

@Suite struct OptionsTests {
  @Test func flagsAndValuesParse() throws {
    let options = try Options.parse(["--scenario", "diff/flat", "--size=1e4", "--repeat", "5"])
    #expect(options.scenarios == ["diff/flat"])
    #expect(options.sizes == [10_000])
    #expect(options.repeats == 5)
  }

  @Test func unknownFlagsAndBadValuesAreUsageErrors() {
    #expect(throws: Options.UsageError.self) { try Options.parse(["--no-such-flag"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--size", "12"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--repeat"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--json=yes"]) }
  }

  @Test func compareTakesTwoFilesAndItsFlags() throws {
    let options = try Options.parse([
      "compare", "old.json", "new.json", "--fail-on-regression", "7.5%", "--threshold=3",
    ])
    #expect(options.compareFiles == ["old.json", "new.json"])
    #expect(options.failOnRegression == 7.5)
    #expect(options.threshold == 3)
    #expect(try Options.parse(["compare", "--help"]).help)
    let plain = try Options.parse(["--scenario", "diff"])
    #expect(plain.compareFiles == nil && plain.compareWith == nil)
  }

  @Test func aRunComparesWithCompare() throws {
    let options = try Options.parse(["--json", "--compare", "a.json", "--fail-on-regression=0"])
    #expect(options.compareWith == "a.json" && options.json)
    #expect(options.failOnRegression == 0)
    #expect(options.compareFiles == nil)
  }

  @Test func comparisonMisuseIsAUsageError() {
    let cases: [([String], String)] = [
      (["compare", "a.json"], "compare needs two files, OLD.json and NEW.json (given 1)"),
      (["compare", "a", "b", "c"], "compare needs two files, OLD.json and NEW.json (given 3)"),
      (
        ["compare", "a", "b", "--size", "1000"],
        "compare reads two recorded runs; --size is for a run: drop it"
      ),
      (
        ["compare", "a", "b", "--compare", "c"],
        "compare reads two recorded runs; --compare is for a run: drop it"
      ),
      (
        ["--fail-on-regression", "5"],
        "--fail-on-regression judges a comparison: use it with compare OLD.json NEW.json or --compare OLD.json"
      ),
      (
        ["--threshold", "5"],
        "--threshold judges a comparison: use it with compare OLD.json NEW.json or --compare OLD.json"
      ),
      (["compare", "a", "b", "--fail-on-regression"], "--fail-on-regression needs a value"),
      (
        ["compare", "a", "b", "--fail-on-regression=-1"],
        "--fail-on-regression needs a percentage from 0 % to 1000 %, not '-1'"
      ),
      (
        ["compare", "a", "b", "--threshold", "101"],
        "--threshold needs a percentage from 0 % to 100 %, not '101'"
      ),
      (
        ["compare", "a", "b", "--threshold", "nan"],
        "--threshold needs a percentage from 0 % to 100 %, not 'nan'"
      ),
      (["--compare", "a", "--compare", "b"], "--compare given twice"),
      (["--compare"], "--compare needs a value"),
      (
        ["a.json", "b.json"],
        "unexpected argument 'a.json'; to choose scenarios use --scenario a.json (see --help)"
      ),
    ]
    for (arguments, message) in cases {
      #expect(throws: Options.UsageError(message: message), "\(arguments)") {
        try Options.parse(arguments)
      }
    }
  }

  @Test func helpStatesTheRuleAndTheExitStatuses() {
    #expect(Options.help.contains("Mann–Whitney U test"))
    #expect(Options.help.contains("more than 10 %") && Options.help.contains("more than 1 MiB"))
    #expect(Options.help.contains("3 when --fail-on-regression finds a regression"))
    // The figures the help states are the rule's.
    let rule = CompareRule()
    #expect(rule.alpha == 0.01 && rule.threshold == 0.05 && rule.memoryTolerance == 0.1)
    #expect(rule.memoryFloor == 1 << 20 && rule.resamples == 2_000 && rule.confidence == 0.95)
    #expect(Statistics.exactLimit == 60)
    #expect(Options.help.contains("p < 0.01 and the ratio of medians above 1 + threshold"))
    #expect(
      Options.help.contains("The threshold is 5 %") && Options.help.contains("2,000 resamples"))
    #expect(Options.help.contains("at most 60 repeats"))
  }
}

@Suite struct AllocationBaselineOptionsTests {
  @Test func theBaselineFlagsParse() throws {
    #expect(try Options.parse(["--check-allocation-baseline"]).checkAllocationBaseline)
    #expect(try Options.parse(["--update-allocation-baseline"]).updateAllocationBaseline)
    let counting = try Options.parse(["--count-allocations", "--scenario", "outline/build"])
    #expect(counting.countAllocations && counting.scenarios == ["outline/build"])
    let plain = try Options.parse([])
    #expect(!plain.checkAllocationBaseline && !plain.updateAllocationBaseline)
  }

  @Test(arguments: [
    ["--check-allocation-baseline", "--update-allocation-baseline"],
    ["--check-allocation-baseline=yes"],
    ["--update-allocation-baseline", "--size", "1000"],
    ["--check-allocation-baseline", "--scenario", "diff"],
    ["--check-allocation-baseline", "--smoke"],
    ["--update-allocation-baseline", "--json"],
    ["--check-allocation-baseline", "--repeat", "3"],
    ["--count-allocations", "--check-allocation-baseline"],
    ["--count-allocations", "--json"],
    ["--count-allocations=1"],
  ])
  func theBaselineFlagsRunAlone(_ arguments: [String]) {
    #expect(throws: Options.UsageError.self) { try Options.parse(arguments) }
  }
}

@Suite struct InputOptionsTests {
  @Test func inputFormatAndSeedParse() throws {
    let options = try Options.parse([
      "--input", "tree.json", "--format=outline", "--seed", "42", "--scenario", "input/diff",
    ])
    #expect(options.input == "tree.json")
    #expect(options.format == .outline)
    #expect(options.seed == 42)
    #expect(options.scenarios == ["input/diff"])
    #expect(try Options.parse(["--input", "t.json", "--smoke"]).smoke)
  }

  @Test func inputRulesAreUsageErrors() {
    func message(_ arguments: [String]) -> String? {
      do {
        _ = try Options.parse(arguments)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(
      message(["--format", "json"])
        == "--format and --seed are about --input's file: add --input FILE")
    #expect(
      message(["--seed", "3"]) == "--format and --seed are about --input's file: add --input FILE")
    #expect(
      message(["--input", "t.json", "--format", "xml"])?.hasPrefix(
        "--format is one of section, sectioned, outline, json") == true)
    #expect(
      message(["--input", "t.json", "--seed", "-1"])?.hasPrefix("--seed needs a whole number")
        == true)
    #expect(
      message(["--input", "t.json", "--size", "1000"])
        == "--input runs at the file's own size: drop --size")
    #expect(
      message(["--input", "t.json", "--record"])
        == "--record stores the standard suite: drop --input")
    #expect(
      message(["--input", "t.json", "--scenario", "diff/flat"])?.hasPrefix(
        "with --input, scenarios are named input/") == true)
    #expect(
      message(["--scenario", "input/build"])
        == "'input/build' names an --input scenario: add --input FILE")
    #expect(message(["--input", "a.json", "--input", "b.json"]) == "--input given twice")
    #expect(message(["--input"]) == "--input needs a value")
  }

  @Test func diffArgumentsParse() throws {
    let parsed = try DiffCommand.parse(["old.json", "--verbose", "new.json", "--format", "json"])
    #expect(
      parsed
        == DiffCommand.Arguments(old: "old.json", new: "new.json", verbose: true, format: .json))
    #expect(try DiffCommand.parse(["a", "b", "--repeat=3"]).repeats == 3)
    #expect(try DiffCommand.parse(["--help"]).help)
    #expect(throws: Options.UsageError.self) { try DiffCommand.parse(["only-one.json"]) }
    #expect(throws: Options.UsageError.self) { try DiffCommand.parse(["a", "b", "c"]) }
    #expect(throws: Options.UsageError.self) { try DiffCommand.parse(["a", "b", "--frobnicate"]) }
    #expect(throws: Options.UsageError.self) { try DiffCommand.parse(["a", "b", "--repeat", "0"]) }
  }
}

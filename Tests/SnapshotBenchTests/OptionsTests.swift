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

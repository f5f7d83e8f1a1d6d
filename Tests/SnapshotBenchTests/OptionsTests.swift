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

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

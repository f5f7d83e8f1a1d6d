extension Options {
  /// `--check-allocation-baseline` and `--update-allocation-baseline` run the baseline's own
  /// scenarios and sizes, once each and untimed: they take no other option.
  /// `--count-allocations` takes `--scenario` and `--size` only.
  func checkAllocationBaselineFlags() throws(UsageError) {
    let flags = [
      ("--check-allocation-baseline", checkAllocationBaseline),
      ("--update-allocation-baseline", updateAllocationBaseline),
      ("--count-allocations", countAllocations),
    ].filter(\.1).map(\.0)
    guard let first = flags.first else { return }
    if flags.count > 1 {
      throw UsageError(message: "give one of \(flags.joined(separator: ", ")), not several")
    }
    var others = [
      ("--list", list), ("--repeat", repeats != nil), ("--json", json), ("--record", record),
      ("--smoke", smoke), ("--chart", chart != nil),
    ]
    if !countAllocations {
      others += [("--scenario", !scenarios.isEmpty), ("--size", !sizes.isEmpty)]
    }
    if let other = others.first(where: \.1)?.0 {
      throw UsageError(
        message: countAllocations
          ? "--count-allocations takes only --scenario and --size: drop \(other)"
          : "\(first) runs the baseline's own scenarios and sizes: drop \(other)")
    }
  }
}

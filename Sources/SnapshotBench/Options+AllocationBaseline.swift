extension Options {
  /// `--check-allocation-baseline` and `--update-allocation-baseline` run the baseline's own
  /// scenarios and sizes, once each and untimed: they take no other option.
  func checkAllocationBaselineFlags() throws(UsageError) {
    let flags = [
      ("--check-allocation-baseline", checkAllocationBaseline),
      ("--update-allocation-baseline", updateAllocationBaseline),
    ].filter(\.1).map(\.0)
    guard let first = flags.first else { return }
    if flags.count > 1 {
      throw UsageError(
        message: "give --check-allocation-baseline or --update-allocation-baseline, not both")
    }
    let others = [
      ("--list", list), ("--scenario", !scenarios.isEmpty), ("--size", !sizes.isEmpty),
      ("--repeat", repeats != nil), ("--json", json), ("--record", record), ("--smoke", smoke),
      ("--chart", chart != nil),
    ].filter(\.1).map(\.0)
    if let other = others.first {
      throw UsageError(
        message: "\(first) runs the baseline's own scenarios and sizes: drop \(other)")
    }
  }
}

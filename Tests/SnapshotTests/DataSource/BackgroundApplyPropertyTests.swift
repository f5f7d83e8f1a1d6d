import Testing

/// The background applies' random interleavings (``BackgroundApplyProperty``): after every
/// step the view accepted every batch and shows the data source's rows, and the invariants
/// hold; every background apply ends as the rules say (cancelled, superseded by a later apply,
/// or applied and then showing its snapshot).
@MainActor
@Suite("DiffableDataSource background apply properties", .timeLimit(.minutes(2)))
struct BackgroundApplyPropertyTests {
  typealias Outcome = BackgroundApplyProperty.Outcome

  @Test("random interleavings of background applies with everything else")
  func interleavings() async {
    let coverage = BackgroundApplyProperty.Coverage()
    await checkProperty(
      "background applies", count: 300, base: 0xB4C6_A991,
      generate: BackgroundApplyProperty.generate,
      check: { await BackgroundApplyProperty.run($0, coverage: coverage) })
    for outcome in [Outcome.applied, .superseded, .cancelled] {
      #expect(coverage.outcomes[outcome, default: 0] >= 20, "\(outcome)")
    }
    #expect(coverage.rediffed >= 10)
  }
}

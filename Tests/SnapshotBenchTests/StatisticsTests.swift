import Testing

@testable import SnapshotBench

@Suite struct MannWhitneyTests {
  /// Reference p-values from scipy 1.17.1:
  /// `scipy.stats.mannwhitneyu(a, b, alternative="two-sided", method=…)`.
  @Test func exactPValuesMatchScipy() throws {
    let cases: [(a: [Double], b: [Double], u: Double, p: Double)] = [
      ([1, 2, 3], [4, 5, 6], 0, 0.1),
      ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 0, 0.007936507936507936),
      (
        [1.1, 2.3, 0.7, 5.2, 3.3, 4.8, 2.9], [3.1, 6.2, 5.9, 4.1, 7.7, 6.6, 2.2], 10,
        0.07284382284382285
      ),
      (
        [12.5, 10.1, 11.7, 9.8, 13.2, 10.9, 12.0, 11.1, 9.5, 10.4, 12.9, 11.4],
        [11.9, 13.8, 12.2, 14.1, 13.5, 12.7, 14.6, 11.3, 13.0], 16, 0.00562038580614432
      ),
      // [(i*7)%31 + 0.5 for i in range(30)], [(j*11)%29 + 3.25 for j in range(25)]
      (
        (0..<30).map { Double($0 * 7 % 31) + 0.5 }, (0..<25).map { Double($0 * 11 % 29) + 3.25 },
        339, 0.5514176575258893
      ),
      // [(i*61)%127 + 0.5 for i in range(60)], [(j*59)%131 + 30.25 for j in range(60)]
      (
        (0..<60).map { Double($0 * 61 % 127) + 0.5 },
        (0..<60).map { Double($0 * 59 % 131) + 30.25 }, 1080, 0.00012625580577584327
      ),
    ]
    for (a, b, u, p) in cases {
      let test = try #require(Statistics.mannWhitney(a, b))
      #expect(test.exact)
      #expect(test.u == u)
      #expect(abs(test.p - p) <= 1e-12 * max(1, p), "\(a) against \(b): \(test.p), scipy \(p)")
    }
  }

  @Test func normalApproximationMatchesScipy() throws {
    let cases: [(a: [Double], b: [Double], u: Double, p: Double)] = [
      // Ties: tie-corrected variance, continuity correction.
      ([1, 2, 2, 3, 3, 3, 4, 5], [3, 4, 4, 5, 5, 6, 7], 7.5, 0.018530522991017574),
      // [i % 10 for i in range(80)], [i % 12 + 1 for i in range(75)]
      (
        (0..<80).map { Double($0 % 10) }, (0..<75).map { Double($0 % 12 + 1) }, 2124,
        0.001652526638501181
      ),
      // More than 60 values: [(i*37)%101 + 0.5 for i in range(70)],
      // [(j*53)%97 + 10.25 for j in range(65)]
      (
        (0..<70).map { Double($0 * 37 % 101) + 0.5 },
        (0..<65).map { Double($0 * 53 % 97) + 10.25 }, 1988, 0.2070734960222269
      ),
    ]
    for (a, b, u, p) in cases {
      let test = try #require(Statistics.mannWhitney(a, b))
      #expect(!test.exact)
      #expect(test.u == u)
      #expect(abs(test.p - p) <= 1e-9 * max(1, p), "\(test.p), scipy \(p)")
    }
  }

  /// The exact p-value against a count over every way to split the ranks 1…m+n between
  /// the two samples, on seeded random samples of up to 6 + 6 distinct values.
  @Test func exactPValuesMatchEnumeration() throws {
    var generator = BenchGenerator(seed: 16)
    for round in 0..<40 {
      let m = 1 + generator.below(6)
      let n = 1 + generator.below(6)
      var pool = Array(0..<(m + n)).map(Double.init)
      pool.shuffle(using: &generator)
      let a = Array(pool[..<m])
      let b = Array(pool[m...])
      let test = try #require(Statistics.mannWhitney(a, b))
      // U of every split: the pairs (x in the first, y in the second) with x > y.
      var splits = 0
      var asExtreme = 0
      let observed = min(test.u, Double(m * n) - test.u)
      for mask in 0..<(1 << (m + n)) where mask.nonzeroBitCount == m {
        var u = 0
        for x in 0..<(m + n) where mask & (1 << x) != 0 {
          for y in 0..<x where mask & (1 << y) == 0 { u += 1 }
        }
        splits += 1
        if Double(min(u, m * n - u)) <= observed { asExtreme += 1 }
      }
      let expected = min(1, Double(asExtreme) / Double(splits))
      #expect(
        abs(test.p - expected) < 1e-12,
        "round \(round) (seed 16): \(a) against \(b): p \(test.p), enumeration \(expected)")
      let swapped = try #require(Statistics.mannWhitney(b, a))
      #expect(swapped.p == test.p && swapped.u == Double(m * n) - test.u)
    }
  }

  @Test func degenerateSamples() throws {
    #expect(Statistics.mannWhitney([], [1]) == nil)
    let equal = try #require(Statistics.mannWhitney([2, 2, 2], [2, 2]))
    #expect(equal.p == 1 && !equal.exact)
    #expect(Statistics.smallestPValue(3, 3) == 0.1)
    #expect(Statistics.smallestPValue(4, 4) > 0.01)
    #expect(Statistics.smallestPValue(5, 5) < 0.01)
    #expect(Statistics.combinations(102, 51) > 1e29)
  }
}

@Suite struct BootstrapTests {
  @Test func intervalHoldsTheRatioAndIsReproducible() throws {
    var generator = BenchGenerator(seed: 7)
    let old = (0..<31).map { _ in 1.0 + Double(generator.below(1_000)) / 10_000 }
    let new = (0..<31).map { _ in 1.5 + Double(generator.below(1_000)) / 10_000 }
    let interval = try #require(Statistics.bootstrapRatioInterval(old: old, new: new, seed: 1))
    let ratio = Measure.median(new) / Measure.median(old)
    #expect(interval.contains(ratio))
    #expect(interval.lowerBound > 1.4 && interval.upperBound < 1.6)
    #expect(Statistics.bootstrapRatioInterval(old: old, new: new, seed: 1) == interval)
    let another = try #require(Statistics.bootstrapRatioInterval(old: old, new: new, seed: 2))
    #expect(another != interval)
  }

  @Test func intervalNarrowsWithMoreRepeats() throws {
    var generator = BenchGenerator(seed: 8)
    func draw(_ count: Int) -> [Double] {
      (0..<count).map { _ in 1.0 + Double(generator.below(2_000)) / 10_000 }
    }
    let few = try #require(Statistics.bootstrapRatioInterval(old: draw(7), new: draw(7), seed: 3))
    let many = try #require(
      Statistics.bootstrapRatioInterval(old: draw(201), new: draw(201), seed: 3))
    #expect(many.contains(1))
    #expect(many.upperBound - many.lowerBound < (few.upperBound - few.lowerBound) / 2)
    let same = try #require(
      Statistics.bootstrapRatioInterval(old: [1, 1, 1], new: [1, 1, 1], seed: 3))
    #expect(same == 1...1)
    #expect(Statistics.bootstrapRatioInterval(old: [], new: [1], seed: 3) == nil)
    #expect(Statistics.bootstrapRatioInterval(old: [0, 0], new: [1], seed: 3) == nil)
  }

  /// Two runs of one distribution: the 95 % interval should hold 1 about 95 % of the time
  /// (the percentile bootstrap of a median runs a little under with 15 repeats).
  @Test func intervalCoversOneForOneDistribution() throws {
    var generator = BenchGenerator(seed: 9)
    func draw() -> [Double] {
      (0..<15).map { _ in 1.0 + Double(generator.below(2_000)) / 10_000 }
    }
    var covered = 0
    let pairs = 60
    for pair in 0..<pairs {
      let interval = try #require(
        Statistics.bootstrapRatioInterval(
          old: draw(), new: draw(), seed: UInt64(pair), resamples: 1_000))
      if interval.contains(1) { covered += 1 }
    }
    #expect(covered >= 51, "\(covered) of \(pairs) intervals hold 1 (seed 9)")
  }

  @Test func seedsAreStable() {
    // FNV-1a of "a": a fixed value, the same in every process.
    #expect(Statistics.seed("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Statistics.seed("diff@1000") != Statistics.seed("diff@10000"))
  }
}

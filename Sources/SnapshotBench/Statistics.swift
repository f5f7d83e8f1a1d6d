#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The statistics `compare` judges two runs by: a Mann–Whitney U test on the repeats and a
/// bootstrap interval for the ratio of the medians.
enum Statistics {
  /// The outcome of a two-sided Mann–Whitney U test.
  struct MannWhitney: Equatable {
    /// U of the first sample: the pairs (x, y), x from the first and y from the second, with
    /// x > y, ties counting one half.
    var u: Double
    /// The two-sided p-value: how likely a U at least this far from n₁n₂/2 is when both
    /// samples come from one distribution.
    var p: Double
    /// Whether `p` is exact (the distribution of U over every ordering) or the normal
    /// approximation.
    var exact: Bool
  }

  /// Samples larger than this (on either side), or with tied values, get the normal
  /// approximation instead of the exact distribution.
  static let exactLimit = 60

  /// The two-sided Mann–Whitney U test of `first` against `second`.
  ///
  /// Exact when no value occurs twice and neither sample has more than ``exactLimit`` values;
  /// otherwise the normal approximation: tied values share their mean rank, the variance is
  /// corrected for ties, and z has a continuity correction of one half (as scipy's
  /// `mannwhitneyu(method="asymptotic")`). Nil when a sample is empty.
  ///
  /// - Complexity: O(n log n) for the ranks, plus O(n₁ · n₂ · U) for an exact p-value.
  static func mannWhitney(_ first: [Double], _ second: [Double]) -> MannWhitney? {
    let m = first.count
    let n = second.count
    guard m > 0, n > 0 else { return nil }
    // Mid-ranks of the pooled values (1-based), and the tie term Σ(t³ − t).
    let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
    var rankSum = 0.0
    var tieTerm = 0.0
    var start = 0
    while start < pooled.count {
      var end = start + 1
      while end < pooled.count && pooled[end].0 == pooled[start].0 { end += 1 }
      let rank = Double(start + end + 1) / 2
      rankSum += rank * Double(pooled[start..<end].count { $0.1 })
      let tied = Double(end - start)
      tieTerm += tied * tied * tied - tied
      start = end
    }
    let u = rankSum - Double(m * (m + 1)) / 2
    let product = Double(m) * Double(n)
    if tieTerm == 0 && max(m, n) <= exactLimit {
      let lower = min(u, product - u)
      let p = min(1, 2 * lowerTail(Int(lower), m, n) / combinations(m + n, m))
      return MannWhitney(u: u, p: p, exact: true)
    }
    let total = Double(m + n)
    let variance = product / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else { return MannWhitney(u: u, p: 1, exact: false) }
    let z = (max(u, product - u) - product / 2 - 0.5) / variance.squareRoot()
    // Two-sided: 2 · P(Z ≥ z) = erfc(z / √2).
    return MannWhitney(u: u, p: min(1, max(0, erfc(z / 2.0.squareRoot()))), exact: false)
  }

  /// The smallest two-sided p-value the exact test can give for samples of `m` and `n`
  /// values (every value of one below every value of the other): 2 / C(m + n, m).
  static func smallestPValue(_ m: Int, _ n: Int) -> Double {
    min(1, 2 / combinations(m + n, m))
  }

  /// The number of orderings of m + n distinct values whose U is at most `bound`.
  ///
  /// The count c(m, n, u) of orderings with U = u follows from where the largest value is:
  /// c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u), with c(0, n, u) = c(m, 0, u) = [u = 0].
  /// Only additions, so the counts stay exact until they pass 2⁵³ and accurate after.
  private static func lowerTail(_ bound: Int, _ m: Int, _ n: Int) -> Double {
    guard bound >= 0 else { return 0 }
    let width = bound + 1
    // row[j * width + u] = c(i, j, u) for the current i.
    var row = [Double](repeating: 0, count: (n + 1) * width)
    for j in 0...n { row[j * width] = 1 }  // i = 0
    if m > 0 {
      for _ in 1...m {
        var next = [Double](repeating: 0, count: (n + 1) * width)
        next[0] = 1  // j = 0
        if n > 0 {
          for j in 1...n {
            for u in 0..<width {
              var count = next[(j - 1) * width + u]
              if u >= j { count += row[j * width + u - j] }
              next[j * width + u] = count
            }
          }
        }
        row = next
      }
    }
    return row[(n * width)...].reduce(0, +)
  }

  /// C(total, chosen) as a Double.
  static func combinations(_ total: Int, _ chosen: Int) -> Double {
    let k = min(chosen, total - chosen)
    guard k >= 0 else { return 0 }
    var result = 1.0
    if k > 0 {
      for i in 1...k { result = result * Double(total - k + i) / Double(i) }
    }
    return result.rounded()
  }

  /// A percentile-bootstrap interval for median(`new`) ÷ median(`old`): resamples each side
  /// with replacement `resamples` times from a SplitMix64 generator seeded with `seed`, and
  /// returns the central `confidence` share of the ratios. Nil when a side is empty or a
  /// resampled median is not positive.
  ///
  /// - Complexity: O(resamples · n log n).
  static func bootstrapRatioInterval(
    old: [Double], new: [Double], seed: UInt64, resamples: Int = 2_000,
    confidence: Double = 0.95
  ) -> ClosedRange<Double>? {
    guard !old.isEmpty, !new.isEmpty, resamples > 0 else { return nil }
    var generator = BenchGenerator(seed: seed)
    func resampledMedian(_ values: [Double]) -> Double {
      Measure.median((0..<values.count).map { _ in values[generator.below(values.count)] })
    }
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    for _ in 0..<resamples {
      let denominator = resampledMedian(old)
      let numerator = resampledMedian(new)
      guard denominator > 0, numerator.isFinite else { return nil }
      ratios.append(numerator / denominator)
    }
    ratios.sort()
    let tail = (1 - confidence) / 2
    let low = Int((tail * Double(resamples)).rounded(.down))
    let high = min(resamples - 1, Int(((1 - tail) * Double(resamples)).rounded(.up)) - 1)
    return ratios[low]...ratios[max(low, high)]
  }

  /// A stable 64-bit FNV-1a hash of `text` (Swift's `Hasher` is seeded per process), for
  /// seeds that depend on a name.
  static func seed(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

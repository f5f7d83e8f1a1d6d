import Snapshot

/// Issue 2's scenario: build a section snapshot of roots × children × grandchildren,
/// appended parent by parent with `append(_:to:)`, against inserting the same identifiers
/// into a `Dictionary` in the same run.
enum BuildBenchmark {
  /// The arguments of every `append(_:to:)` call, made before anything is measured.
  struct Plan {
    var calls: [(items: [Int], parent: Int?)] = []
    var identifiers: [Int] = []

    init(roots: Int, children: Int, grandchildren: Int) {
      var next = 0
      func take(_ count: Int) -> [Int] {
        defer { next += count }
        return Array(next..<next + count)
      }
      let rootItems = take(roots)
      calls.append((rootItems, nil))
      for root in rootItems {
        let childItems = take(children)
        calls.append((childItems, root))
        for child in childItems {
          calls.append((take(grandchildren), child))
        }
      }
      identifiers = Array(0..<next)
    }

    func build() -> DiffableDataSourceSectionSnapshot<Int> {
      var snapshot = DiffableDataSourceSectionSnapshot<Int>()
      for call in calls { snapshot.append(call.items, to: call.parent) }
      return snapshot
    }

    func buildDictionary() -> [Int: Int] {
      var dictionary: [Int: Int] = [:]
      for (offset, identifier) in identifiers.enumerated() { dictionary[identifier] = offset }
      return dictionary
    }
  }

  /// Peak memory growth per item of one build, caches included. Run it first in the
  /// process, before other scenarios raise the peak.
  static func memory(roots: Int, children: Int, grandchildren: Int) {
    let plan = Plan(roots: roots, children: children, grandchildren: grandchildren)
    let before = Measure.startPeakMeasurement()
    let snapshot = plan.build()
    // Queries build the position, level and visibility caches; count them too.
    let lastIndex = snapshot.index(of: plan.identifiers.last!)
    let level = snapshot.level(of: plan.identifiers.last!)
    let after = Measure.peakResidentBytes()
    let perItem = Double(after - before) / Double(plan.identifiers.count)
    print(
      "memory  \(plan.identifiers.count) items: peak RSS growth \((after - before) / 1024) KiB"
        + " = \(Measure.format(perItem, 1)) bytes/item (target <= 80)"
        + "  [check: index \(lastIndex ?? -1), level \(level)]")
  }

  /// Build time against the Dictionary baseline, interleaved, median of `runs`.
  static func time(roots: Int, children: Int, grandchildren: Int, runs: Int) {
    let plan = Plan(roots: roots, children: children, grandchildren: grandchildren)
    let count = plan.identifiers.count
    var builds: [Double] = []
    var baselines: [Double] = []
    var ratios: [Double] = []
    var sink = 0
    for _ in 0..<runs {
      var snapshot = DiffableDataSourceSectionSnapshot<Int>()
      let build = Measure.seconds { snapshot = plan.build() }
      var dictionary: [Int: Int] = [:]
      let baseline = Measure.seconds { dictionary = plan.buildDictionary() }
      sink &+= snapshot.count &+ dictionary.count
      builds.append(build)
      baselines.append(baseline)
      ratios.append(build / baseline)
    }
    let build = Measure.median(builds)
    let baseline = Measure.median(baselines)
    print(
      "build   \(count) items (\(roots)x\(children)x\(grandchildren)), median of \(runs):"
        + " snapshot \(Measure.milliseconds(build))"
        + " (\(Measure.format(build / Double(count) * 1e9, 1)) ns/item),"
        + " Dictionary \(Measure.milliseconds(baseline)),"
        + " ratio \(Measure.format(Measure.median(ratios))) (target <= 3)"
        + (sink == 0 ? "" : ""))
  }
}

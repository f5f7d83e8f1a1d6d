import Snapshot

/// The sectioned snapshot on the workload users report as slow in UIKit (reference doc:
/// building 10k items ~1.2 ms, `itemIdentifiers` 100 times ~46 ms on a phone), against a
/// `Dictionary` insert of the same identifiers in the same run.
enum SectionedBenchmark {
  static func run(sections: Int, itemsPerSection: Int, runs: Int) {
    let count = sections * itemsPerSection
    let ids = (0..<sections).map { section in
      Array(section * itemsPerSection..<(section + 1) * itemsPerSection)
    }
    var builds: [Double] = []
    var queries: [Double] = []
    var baselines: [Double] = []
    var sink = 0
    for _ in 0..<runs {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      builds.append(
        Measure.seconds {
          snapshot.appendSections(Array(0..<sections))
          for (section, items) in ids.enumerated() {
            snapshot.appendItems(items, toSection: section)
          }
        })
      queries.append(
        Measure.seconds {
          for _ in 0..<100 { sink &+= snapshot.itemIdentifiers.count }
        })
      var dictionary: [Int: Int] = [:]
      baselines.append(
        Measure.seconds {
          for items in ids { for item in items { dictionary[item] = item } }
        })
      sink &+= dictionary.count
    }
    let build = Measure.median(builds)
    let baseline = Measure.median(baselines)
    print(
      "sectioned \(count) items in \(sections) sections, median of \(runs):"
        + " build \(Measure.milliseconds(build)), Dictionary \(Measure.milliseconds(baseline)),"
        + " ratio \(Measure.format(build / baseline));"
        + " itemIdentifiers x100 \(Measure.milliseconds(Measure.median(queries)))"
        + (sink == 42 ? "" : ""))
  }
}

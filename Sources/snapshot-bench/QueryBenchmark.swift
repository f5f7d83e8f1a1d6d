import Snapshot

/// Issue 2's query costs on the built tree: O(1) lookups (after one O(n) cache rebuild),
/// and `visibleItems` in O(visible), not O(all items).
enum QueryBenchmark {
  static func run(roots: Int, children: Int, grandchildren: Int) {
    let plan = BuildBenchmark.Plan(roots: roots, children: children, grandchildren: grandchildren)
    var snapshot = plan.build()
    let count = plan.identifiers.count
    var sink = 0
    let rebuild = Measure.seconds { sink &+= snapshot.index(of: 0) ?? 0 }
    let probes = plan.identifiers.shuffled()
    let lookups = Measure.seconds {
      for item in probes {
        sink &+= snapshot.index(of: item)! &+ snapshot.level(of: item)
        sink &+= snapshot.isVisible(item) ? 1 : 0
      }
    }
    let collapsed = Measure.seconds { sink &+= snapshot.visibleItems.count }
    snapshot.expand(Array(plan.identifiers.prefix(roots)))
    let rootsExpanded = Measure.seconds { sink &+= snapshot.visibleItems.count }
    snapshot.expand(plan.identifiers)
    let allExpanded = Measure.seconds { sink &+= snapshot.visibleItems.count }
    let all = Measure.seconds { sink &+= snapshot.items.count }
    print(
      "queries \(count) items: first index(of:) after a mutation (cache rebuild)"
        + " \(Measure.milliseconds(rebuild)); then index+level+isVisible"
        + " \(Measure.format(lookups / Double(count) * 1e9, 1)) ns/item")
    print(
      "visible \(count) items: visibleItems with \(roots) collapsed roots"
        + " \(Measure.format(collapsed * 1e6, 1)) µs;"
        + " roots expanded (\(roots * (children + 1)) visible) \(Measure.milliseconds(rootsExpanded));"
        + " all expanded \(Measure.milliseconds(allExpanded)); items \(Measure.milliseconds(all))"
        + (sink == 42 ? "" : ""))
  }
}

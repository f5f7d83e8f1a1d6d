import Snapshot

/// Diffing a list of 100 sections (1,000 items each in the standard 10^5-item case) after a
/// share of its items changed: a quarter deleted, a quarter inserted, a quarter moved within
/// their section, a quarter moved to another section. The new snapshot is rebuilt from the
/// model, as apps do, so the two snapshots share no storage.
enum SectionedDiffScenarios {
  static let sections = 100

  static let all = [
    scenario("unchanged", percent: 0, charted: false),
    scenario("1pct", percent: 1, charted: false),
    scenario("10pct", percent: 10, charted: true),
    scenario("50pct", percent: 50, charted: false),
  ]

  static func scenario(_ suffix: String, percent: Int, charted: Bool) -> Scenario {
    Scenario(
      name: "diff/sectioned/\(suffix)",
      group: "Diffing a list of 100 sections after a share of its items changed "
        + "(¼ deleted, ¼ inserted, ¼ moved within their section, ¼ to another)",
      summary: "new.batchUpdate(from: old) on 100 sections with "
        + (percent == 0 ? "no change" : "\(percent) % of the items changed")
        + ", against the hash-pass floor over all items",
      sizes: Scenario.decades, charted: charted
    ) { size in
      let input = Input(size: size, percent: percent)
      let old = input.snapshot(input.old)
      let new = input.snapshot(input.new)
      var batch = BatchUpdate()
      return Trial(
        items: size, detail: input.detail,
        measured: Operation("new.batchUpdate(from: old)") {
          batch = new.batchUpdate(from: old)
          return batch.moveCount
        },
        baselines: [
          Floor.baseline(
            old: input.old.flatMap { $0 }, new: input.new.flatMap { $0 },
            whenFaster: "sections whose items did not change are compared, not hashed; in "
              + "changed sections the common prefix and suffix are matched by position and "
              + "runs extended by comparing neighbours; the floor hashes every identifier")
        ],
        notes: input.notes,
        verify: {
          if percent == 0 { return batch.isEmpty ? nil : "no change, yet the batch is not empty" }
          return batch.isEmpty ? "items changed, yet the batch is empty" : nil
        })
    }
  }

  struct Input {
    var old: [[Int]]
    var new: [[Int]]
    var detail: String
    var notes: [String]

    init(size: Int, percent: Int) {
      var source = IdentifierSource<Int>(seed: 0x5EC7_0000 &+ UInt64(size * 100 + percent))
      let sections = SectionedDiffScenarios.sections
      old = (0..<sections).map { section in
        source.fresh(size / sections + (section < size % sections ? 1 : 0))
      }
      let changes = size * percent / 100
      let deleted = changes / 4
      let inserted = changes / 4
      let movedWithin = changes / 4
      let movedAcross = changes - deleted - inserted - movedWithin
      // Roles by flat position: 0 stays, 1 deleted, 2 moved within, 3 moved across.
      var roles = [UInt8](repeating: 0, count: size)
      var positions = Array(0..<size)
      let touched = deleted + movedWithin + movedAcross
      for i in 0..<touched {
        positions.swapAt(i, i + source.generator.below(size - i))
        roles[positions[i]] = i < deleted ? 1 : i < deleted + movedWithin ? 2 : 3
      }
      // Each section keeps its staying items in order; the others land at random places.
      var staying = [[Int]](repeating: [], count: sections)
      var landing = [[Int]](repeating: [], count: sections)
      var flat = 0
      for (section, items) in old.enumerated() {
        for item in items {
          switch roles[flat] {
          case 0: staying[section].append(item)
          case 2: landing[section].append(item)
          case 3:
            let other = (section + 1 + source.generator.below(sections - 1)) % sections
            landing[other].append(item)
          default: break
          }
          flat += 1
        }
      }
      for item in source.fresh(inserted) {
        landing[source.generator.below(sections)].append(item)
      }
      new = (0..<sections).map { section in
        let stay = staying[section]
        let places = landing[section].map { (at: source.generator.below(stay.count + 1), item: $0) }
          .sorted { $0.at < $1.at }
        var items: [Int] = []
        items.reserveCapacity(stay.count + places.count)
        var next = 0
        for place in places {
          while next < place.at {
            items.append(stay[next])
            next += 1
          }
          items.append(place.item)
        }
        items.append(contentsOf: stay[next...])
        return items
      }
      detail = percent == 0 ? "nothing changed" : "\(percent) % changed"
      notes = [
        percent == 0
          ? "the new snapshot is rebuilt from equal arrays"
          : "\(Format.count(deleted)) deleted, \(Format.count(inserted)) inserted, "
            + "\(Format.count(movedWithin)) moved within a section, "
            + "\(Format.count(movedAcross)) moved to another"
      ]
    }

    func snapshot(_ sections: [[Int]]) -> DiffableDataSourceSnapshot<Int, Int> {
      var snapshot = DiffableDataSourceSnapshot<Int, Int>()
      snapshot.appendSections(Array(sections.indices))
      for (section, items) in sections.enumerated() {
        snapshot.appendItems(items.map { $0 }, toSection: section)
      }
      return snapshot
    }
  }
}

import Snapshot

/// Diffing one flat list in DifferenceKit's published shapes: 5,000 items with 1,000
/// deleted, 1,000 inserted and 200 shuffled; 100,000 with 10,000 / 10,000 / 2,000. Other
/// sizes keep the proportions of the nearer published shape.
enum FlatDiffScenarios {
  static let all =
    scenarios(for: Int.self, charted: true) + scenarios(for: Identifier16.self, charted: false)

  static let sizes = [1_000, 5_000, 10_000, 100_000, 1_000_000]

  /// A stdlib run estimated to take longer than this is skipped.
  static let stdlibLimit = 10.0

  static func scenarios<ID: BenchIdentifier>(for _: ID.Type, charted: Bool) -> [Scenario] {
    let group = "Diffing a flat list of \(ID.label) identifiers (DifferenceKit's shapes)"
    return [
      Scenario(
        name: "diff/flat/\(ID.key)/arrays",
        group: group,
        summary: "BatchUpdate(from:to:) on two arrays (checks both for duplicates), against "
          + "the hash-pass floor and the standard library's difference(from:).inferringMoves()",
        sizes: sizes, charted: charted
      ) { size in
        let input = Input<ID>(size: size)
        var batch = BatchUpdate()
        return Trial(
          items: size, detail: input.detail,
          measured: Operation("BatchUpdate(from:to:)") {
            batch = input.arrayDiff()
            return batch.moveCount
          },
          baselines: [
            Floor.baseline(
              old: input.old, new: input.new,
              whenFaster: Floor.whenFaster
                + "; the array path hashes every old identifier (to find duplicates) but "
                + "probes new ones only where a run starts"),
            stdlibBaseline(input),
          ],
          notes: input.notes,
          verify: { input.check(batch) })
      },
      Scenario(
        name: "diff/flat/\(ID.key)/snapshots",
        group: group,
        summary: "new.batchUpdate(from: old) on two one-section snapshots built from the "
          + "arrays, against the hash-pass floor",
        sizes: sizes
      ) { size in
        let input = Input<ID>(size: size)
        let old = flatSnapshot(input.old)
        let new = flatSnapshot(input.new)
        var batch = BatchUpdate()
        return Trial(
          items: size, detail: input.detail,
          measured: Operation("new.batchUpdate(from: old)") {
            batch = new.batchUpdate(from: old)
            return batch.moveCount
          },
          baselines: [
            Floor.baseline(
              old: input.old, new: input.new,
              whenFaster: Floor.whenFaster
                + "; snapshots hold no duplicates, so nothing outside the changed middle "
                + "is hashed at all")
          ],
          notes: input.notes,
          verify: {
            if let failure = input.check(batch) { return failure }
            return batch == input.arrayDiff()
              ? nil : "the snapshot path and the array path give different batches"
          })
      },
    ]
  }

  /// The stdlib diff, or a note saying why it is skipped: it is quadratic in the changes,
  /// so above 10,000 items a run is estimated from one at 10,000 items in the same shape.
  static func stdlibBaseline<ID: BenchIdentifier>(_ input: Input<ID>) -> Baseline {
    let operation = Operation("stdlib difference+moves") {
      input.new.difference(from: input.old).inferringMoves().count
    }
    let whenFaster = "CollectionDifference is Myers' algorithm, O((n + m) · d) for d changes"
    guard input.old.count > 10_000 else { return Baseline(operation, whenFaster: whenFaster) }
    let probe = Input<ID>(size: 10_000)
    let (seconds, _) = Measure.time {
      probe.new.difference(from: probe.old).inferringMoves().count
    }
    let scale = Double(input.old.count) / 10_000
    let estimate = seconds * scale * scale
    guard estimate > stdlibLimit else { return Baseline(operation, whenFaster: whenFaster) }
    return Baseline(
      operation, whenFaster: whenFaster,
      skipped: "skipped: a run would take about \(Int(estimate.rounded())) s (over "
        + "\(Int(stdlibLimit)) s; estimated as \(Format.duration(seconds)) at 10,000 items "
        + "× (size / 10,000)²)")
  }

  /// The old and new lists of one size.
  struct Input<ID: BenchIdentifier> {
    var old: [ID]
    var new: [ID]
    var detail: String
    var minimum: Int

    init(size: Int) {
      // Below 10,000 items the 5,000-item shape's proportions, from there the 100,000's.
      let small = size < 10_000
      let deleteAt = small ? size * 2 / 5 : size / 5
      let deleted = small ? size / 5 : size / 10
      let insertAt = small ? size * 3 / 5 : size * 3 / 10
      let inserted = deleted
      let shuffled = small ? size / 25 : size / 50
      var source = IdentifierSource<ID>(seed: 0xD1FF_0000 &+ UInt64(size))
      old = source.fresh(size)
      new = old
      new.removeSubrange(deleteAt..<deleteAt + deleted)
      new.insert(contentsOf: source.fresh(inserted), at: insertAt)
      for i in stride(from: shuffled - 1, to: 0, by: -1) {
        new.swapAt(i, source.generator.below(i + 1))
      }
      detail =
        "−\(Format.count(deleted)) +\(Format.count(inserted)), "
        + "\(Format.count(shuffled)) shuffled"
      minimum = Floor.minimumMoves(old: old, new: new)
    }

    func arrayDiff() -> BatchUpdate {
      (try? BatchUpdate(from: [LayoutSection(0, items: old)], to: [LayoutSection(0, items: new)]))
        ?? BatchUpdate()
    }

    var notes: [String] {
      ["fewest moves possible: \(Format.count(minimum))"]
    }

    func check(_ batch: BatchUpdate) -> String? {
      batch.moveCount == minimum ? nil : "\(batch.moveCount) moves where \(minimum) suffice"
    }
  }
}

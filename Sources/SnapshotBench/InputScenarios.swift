import Foundation
import Snapshot

/// The scenarios `--input FILE` runs on the file's tree, at the file's size: building it,
/// `index(of:)`, `visibleItems`, expanding and collapsing its biggest parents through the data
/// source, and diffs and data-source applies of edits generated from `--seed`.
enum InputScenarios {
  /// How many of the parents with the most descendants are expanded and collapsed.
  static let expandedParents = 3

  /// Every name an input run can have, for `--scenario` (the scenarios themselves depend on
  /// the file).
  static let names: [String] =
    ["input/build", "input/index-of", "input/visible-items"]
    + (1...expandedParents).map { "input/expand-collapse/\($0)" }
    + InputEdit.allCases.map { "input/diff/\($0.key)" }
    + InputEdit.allCases.map { "input/apply/\($0.key)" }
}

extension InputTree {
  func scenarios(seed: UInt64) -> [Scenario] {
    let forests = self.forests
    let sections = outline.sectionIdentifiers
    return [build(forests), indexOf(forests), visibleItems(forests)]
      + expandCollapse(forests, sections)
      + InputEdit.allCases.map { diff($0, forests, sections, seed: seed) }
      + InputEdit.allCases.map { apply($0, forests, sections, seed: seed) }
  }

  private var name: String { file.split(separator: "/").last.map(String.init) ?? file }

  private func scenario(
    _ suffix: String, group: String, summary: String,
    prepare: @escaping @Sendable (_ size: Int) -> Trial
  ) -> Scenario {
    Scenario(
      name: "input/" + suffix, group: "\(name): \(group)", summary: summary,
      sizes: [itemCount], smokeSize: itemCount, scales: false, prepare: prepare)
  }

  private func build(_ forests: [InputForest<ItemID>]) -> Scenario {
    scenario(
      "build", group: "building and querying the tree",
      summary: "append(_:to:) every parent's children into each section's snapshot, "
        + "against inserting the same identifiers into a Dictionary"
    ) { _ in
      let calls = forests.map(\.calls)
      var built: [DiffableDataSourceSectionSnapshot<ItemID>] = []
      return Trial(
        items: itemCount, detail: "\(summary) (\(format.rawValue))",
        measured: Operation("section snapshot append(_:to:)") {
          built = calls.map { calls in
            var snapshot = DiffableDataSourceSectionSnapshot<ItemID>()
            for call in calls { snapshot.append(call.items, to: call.parent) }
            return snapshot
          }
          return built.reduce(0) { $0 + $1.count }
        },
        baselines: [OutlineScenarios.dictionaryInsert(forests.flatMap(\.depthFirstIDs))],
        verify: {
          zip(built, sections()).allSatisfy { $0.items == $1.items }
            ? nil : "the built trees differ from the file's"
        })
    }
  }

  /// The file's section snapshots, in order.
  private func sections() -> [DiffableDataSourceSectionSnapshot<ItemID>] {
    outline.sectionIdentifiers.map { outline.snapshot(for: $0)! }
  }

  private func indexOf(_ forests: [InputForest<ItemID>]) -> Scenario {
    scenario(
      "index-of", group: "building and querying the tree",
      summary: "index(of:) for every item of each section, every parent expanded, just "
        + "after a mutation (the first call rebuilds the cache), against a Dictionary lookup"
    ) { _ in
      OutlineScenarios.queryTrial(
        sections: forests.map { $0.snapshot(expanded: true) },
        detail: "every parent expanded, caches invalid at the start",
        name: "index(of:) every item"
      ) { snapshot, item in snapshot.index(of: item) ?? -1 }
    }
  }

  private func visibleItems(_ forests: [InputForest<ItemID>]) -> Scenario {
    scenario(
      "visible-items", group: "building and querying the tree",
      summary: "visibleItems of each section with every parent expanded, against a "
        + "depth-first walk of the same tree held as arrays of children"
    ) { _ in
      let snapshots = forests.map { $0.snapshot(expanded: true) }
      return Trial(
        items: itemCount, detail: "every parent expanded",
        measured: Operation("visibleItems") {
          snapshots.reduce(0) { $0 + $1.visibleItems.count }
        },
        baselines: [
          Baseline(
            Operation("walk of [[Int]] children") {
              forests.reduce(0) {
                $0 + OutlineScenarios.walk(roots: $1.roots, children: $1.children).count
              }
            },
            whenFaster: "visibleItems follows child and sibling links inside one node array; "
              + "the walk keeps a stack of child arrays")
        ],
        verify: {
          zip(snapshots, forests).allSatisfy { $0.visibleItems == $1.depthFirstIDs }
            ? nil : "visibleItems differs from a depth-first walk of the same tree"
        })
    }
  }

  /// Expanding and collapsing each of the parents with the most descendants, every other
  /// parent expanded, against applying the section's snapshot open and closed.
  private func expandCollapse(_ forests: [InputForest<ItemID>], _ sections: [SectionID])
    -> [Scenario]
  {
    var ranked: [(descendants: Int, section: Int, node: Int)] = []
    for (section, forest) in forests.enumerated() {
      for (node, count) in forest.descendantCounts().enumerated() where count > 0 {
        ranked.append((count, section, node))
      }
    }
    ranked.sort {
      ($0.descendants, -$0.section, -$0.node) > ($1.descendants, -$1.section, -$1.node)
    }
    return ranked.prefix(InputScenarios.expandedParents).enumerated().map { rank, pick in
      let forest = forests[pick.section]
      let parent = forest.ids[pick.node]
      let section = sections[pick.section]
      let descendants = pick.descendants
      return scenario(
        "expand-collapse/\(rank + 1)",
        group: "expanding and collapsing the parents with the most descendants",
        summary: "expand then collapse the parent with the \(ordinal(rank + 1)) most "
          + "descendants through the data source (every other parent expanded), against "
          + "applying its section snapshot open and closed"
      ) { _ in
        let expanded = forest.snapshot(expanded: true)
        var collapsed = expanded
        collapsed.collapse([parent])
        return DataSourceScenarios.expandCollapseTrial(
          section: section, parent: parent, collapsed: collapsed, expanded: expanded,
          descendants: descendants,
          detail: "\(Format.count(descendants)) descendants of \(parent) in a section of "
            + "\(Format.count(expanded.count)) rows",
          notes: ["per item = per row that appears and disappears"])
      }
    }
  }

  private func diff(
    _ edit: InputEdit, _ forests: [InputForest<ItemID>], _ sections: [SectionID], seed: UInt64
  ) -> Scenario {
    scenario(
      "diff/\(edit.key)", group: "diffing the rows after generated edits (every parent expanded)",
      summary: "new.batchUpdate(from: old) after \(edit.summary), against the hash-pass floor"
    ) { _ in
      let outcome = edit.apply(to: forests, seed: seed)
      let old = expandedSnapshot(sections, forests)
      let new = expandedSnapshot(sections, outcome.forests)
      let staged = new.stagedBatchUpdate(from: old)
      let fewest = fewestMoves(old: old.layout, new: new.layout)
      var batch = BatchUpdate()
      return Trial(
        items: itemCount, detail: outcome.detail,
        measured: Operation("new.batchUpdate(from: old)") {
          batch = new.batchUpdate(from: old)
          return batch.moveCount
        },
        baselines: [Floor.baseline(old: old.itemIdentifiers, new: new.itemIdentifiers)],
        notes: [
          "\(edit.key): \(Format.count(staged.moveCount)) moves, the fewest possible "
            + "\(Format.count(fewest)) (longest increasing subsequence)"
        ],
        verify: {
          if staged.moveCount != fewest {
            return "the staged form makes \(staged.moveCount) moves, the fewest is \(fewest)"
          }
          let grown = batch.insertedItems.count - batch.deletedItems.count
          return grown == new.numberOfItems - old.numberOfItems
            ? nil
            : "inserts minus deletes is \(grown), the rows grew by "
              + "\(new.numberOfItems - old.numberOfItems)"
        })
    }
  }

  private func apply(
    _ edit: InputEdit, _ forests: [InputForest<ItemID>], _ sections: [SectionID], seed: UInt64
  ) -> Scenario {
    scenario(
      "apply/\(edit.key)", group: "applying generated edits through the data source",
      summary: "apply(_:to:) of each changed section's new snapshot (every parent expanded) "
        + "after \(edit.summary), the batch delivered to a list view"
    ) { _ in
      let outcome = edit.apply(to: forests, seed: seed)
      let changed = outcome.changedSections
      let old = changed.map { forests[$0].snapshot(expanded: true) }
      let new = changed.map { outcome.forests[$0].snapshot(expanded: true) }
      let view = CountingListView<SectionID, ItemID>()
      let source = DiffableDataSource<SectionID, ItemID>(listView: view)
      for (section, forest) in zip(sections, forests) {
        source.apply(
          forest.snapshot(expanded: true), to: section, animatingDifferences: false,
          expansion: .useSnapshot)
      }
      return Trial(
        items: itemCount, detail: outcome.detail,
        measured: Operation(
          "data source apply(_:to:)",
          reset: {
            for (index, section) in changed.enumerated() {
              source.apply(
                old[index], to: sections[section], animatingDifferences: false,
                expansion: .useSnapshot)
            }
          },
          body: {
            view.rows = 0
            for (index, section) in changed.enumerated() {
              source.apply(new[index], to: sections[section], expansion: .useSnapshot)
            }
            return view.rows
          }),
        baselines: [],
        verify: {
          for (index, section) in changed.enumerated()
          where source.snapshot(for: sections[section]).visibleItems != new[index].visibleItems {
            return "section \(sections[section]) shows other rows than its new snapshot"
          }
          return nil
        })
    }
  }

  private func ordinal(_ rank: Int) -> String {
    switch rank {
    case 1: "1st"
    case 2: "2nd"
    case 3: "3rd"
    default: "\(rank)th"
    }
  }
}

extension Options {
  /// The seed of the generated edits when `--seed` is not given.
  static let defaultSeed: UInt64 = 1

  /// The rules of `--input`, `--format` and `--seed` among the other flags.
  static func checkInput(_ options: Options) throws(UsageError) {
    guard options.input != nil else {
      if options.format != nil || options.seed != nil {
        throw UsageError(message: "--format and --seed are about --input's file: add --input FILE")
      }
      if let prefix = options.scenarios.first(where: { prefix in
        !registry.contains { $0.name.hasPrefix(prefix) }
      }) {
        throw UsageError(message: "'\(prefix)' names an --input scenario: add --input FILE")
      }
      return
    }
    if !options.sizes.isEmpty {
      throw UsageError(message: "--input runs at the file's own size: drop --size")
    }
    if options.record {
      throw UsageError(message: "--record stores the standard suite: drop --input")
    }
    if let prefix = options.scenarios.first(where: { prefix in
      !InputScenarios.names.contains { $0.hasPrefix(prefix) }
    }) {
      throw UsageError(
        message: "with --input, scenarios are named input/... ('\(prefix)' is not; see --list)")
    }
  }

  /// The scenarios of `all` that `--scenario` selects, in order.
  func selecting(_ all: [Scenario]) -> [Scenario] {
    guard !scenarios.isEmpty else { return all }
    return all.filter { scenario in scenarios.contains { scenario.name.hasPrefix($0) } }
  }

  /// The input scenarios for `--input`'s file, after saying on stderr what was read and the
  /// seed; a file that cannot be read stops the program with its one-line message (exit 2).
  func inputScenarios(_ file: String) -> [Scenario] {
    let reading: InputFile.Reading
    do {
      reading = try InputFile.read(file, format: format)
    } catch {
      fail(error.description, status: 2)
    }
    let seed = self.seed ?? Options.defaultSeed
    FileHandle.standardError.write(
      Data("snapshot-bench: \(reading.description); edits from --seed \(seed)\n".utf8))
    return selecting(reading.input.scenarios(seed: seed))
  }
}

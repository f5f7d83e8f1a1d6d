import Testing

/// The data source's random sequences (``DataSourceProperty``), with the batch-rule simulator
/// as its list view: after every step the view's rows equal what the data source shows, every
/// batch is valid, the data source's invariants hold, a refused step changed nothing, and
/// every section has the header mode it was given (its own, else the default when it was
/// added). After every move, the transaction's differences give its final states.
@Suite("DiffableDataSource properties")
struct DataSourcePropertyTests {
  typealias Kind = DataSourceProperty.Kind
  typealias Mix = DataSourceProperty.Mix

  @Test("random applies, expands, collapses, moves and bad input keep the view valid")
  func randomSequences() {
    let done = DataSourceProperty.check("data source", .everything, count: 3_200, base: 0xDA7A_5017)
    for (kind, _) in Mix.everything.weights {
      #expect(
        done[kind.rawValue, default: 0] >= PropertySeeds.scaled(200),
        "too few \(kind) steps carried out")
    }
    #expect(
      done["editSection of a tree of several leaves", default: 0] >= PropertySeeds.scaled(200),
      "too few edits of a section tree that spans several leaves")
    #expect(
      done["applyWhole of related snapshots", default: 0] >= PropertySeeds.scaled(100),
      "too few whole applies diffed as related snapshots")
    #expect(
      done["applyApart with alike ends and a middle", default: 0] >= PropertySeeds.scaled(200),
      "too few applies of trees built apart with alike ends")
    #expect(
      done["applyApart whose alike suffix shows other rows", default: 0]
        >= PropertySeeds.scaled(50),
      "too few applies of trees built apart whose alike suffix shows other rows")
  }

  @Test("sections with headers, folded and not, and rows moved between them")
  func foldingSequences() {
    let done = DataSourceProperty.check(
      "data source, folding", .folding, count: 600, base: 0xF01D_5EC7)
    for (kind, _) in Mix.folding.weights {
      #expect(
        done[kind.rawValue, default: 0] >= PropertySeeds.scaled(50),
        "too few \(kind) steps carried out")
    }
    #expect(
      done["moveTo a folded section", default: 0] >= PropertySeeds.scaled(50),
      "too few moves into a folded section")
  }

  @Test("reveal, expand all and collapse all keep the view valid and open what they say")
  func revealingSequences() {
    let done = DataSourceProperty.check(
      "data source, revealing", .revealing, count: 800, base: 0x5E7E_A11)
    for (kind, weight) in Mix.revealing.weights {
      // Steps naming an absent item are refused and not counted: about 35 to 75 of each
      // weight unit are carried out; 25 is the floor.
      #expect(
        done[kind.rawValue, default: 0] >= PropertySeeds.scaled(25 * weight),
        "too few \(kind) steps carried out")
    }
  }
}

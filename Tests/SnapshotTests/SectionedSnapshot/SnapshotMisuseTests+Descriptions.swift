import Testing

@testable import Snapshot

// The names of the operations and the descriptions of the errors.

extension SnapshotMisuseTests {
  // MARK: Error descriptions

  @Test func everyOperationIsNamedAsInTheAPI() {
    let names: [(SectionedError.Operation, String)] = [
      (.appendSections, "appendSections(_:)"),
      (.insertSectionsBefore, "insertSections(_:beforeSection:)"),
      (.insertSectionsAfter, "insertSections(_:afterSection:)"),
      (.moveSectionBefore, "moveSection(_:beforeSection:)"),
      (.moveSectionAfter, "moveSection(_:afterSection:)"),
      (.reloadSections, "reloadSections(_:)"),
      (.appendItems, "appendItems(_:toSection:)"),
      (.insertItemsBefore, "insertItems(_:beforeItem:)"),
      (.insertItemsAfter, "insertItems(_:afterItem:)"),
      (.moveItemBefore, "moveItem(_:beforeItem:)"),
      (.moveItemAfter, "moveItem(_:afterItem:)"),
      (.reloadItems, "reloadItems(_:)"),
      (.reconfigureItems, "reconfigureItems(_:)"),
      (.numberOfItems, "numberOfItems(inSection:)"),
      (.itemIdentifiers, "itemIdentifiers(inSection:)"),
    ]
    for (operation, name) in names {
      #expect(operation.rawValue == name)
    }
  }

  @Test func descriptionsNameTheOperationAndTheIdentifier() {
    let prefix = "DiffableDataSourceSnapshot."
    let expected: [(SectionedError, String)] = [
      (
        SectionedError(.appendSections, .duplicateSection("S")),
        "appendSections(_:): section S appears more than once in the argument"
      ),
      (
        SectionedError(.appendSections, .sectionAlreadyInSnapshot("S")),
        "appendSections(_:): section S is already in the snapshot; section identifiers must be "
          + "unique"
      ),
      (
        SectionedError(.moveSectionBefore, .unknownSection("S")),
        "moveSection(_:beforeSection:): section S is not in the snapshot"
      ),
      (
        SectionedError(.insertSectionsAfter, .destinationInInsertedSections("S")),
        "insertSections(_:afterSection:): destination section S is itself among the inserted "
          + "sections"
      ),
      (
        SectionedError(.moveSectionAfter, .sectionMovedRelativeToItself("S")),
        "moveSection(_:afterSection:): section S cannot be moved relative to itself"
      ),
      (
        SectionedError(.appendItems, .noSections),
        "appendItems(_:toSection:): there are no sections to append items to; append a section "
          + "first"
      ),
      (
        SectionedError(.insertItemsBefore, .duplicateItem("i")),
        "insertItems(_:beforeItem:): item i appears more than once in the argument; identifiers "
          + "must be unique"
      ),
      (
        SectionedError(.appendItems, .itemAlreadyInSnapshot("i")),
        "appendItems(_:toSection:): item i is already in the snapshot; item identifiers must be "
          + "unique"
      ),
      (
        SectionedError(.reloadItems, .unknownItem("i")),
        "reloadItems(_:): item i is not in the snapshot"
      ),
      (
        SectionedError(.insertItemsAfter, .destinationInInsertedItems("i")),
        "insertItems(_:afterItem:): destination item i is itself among the inserted items"
      ),
      (
        SectionedError(.moveItemBefore, .itemMovedRelativeToItself("i")),
        "moveItem(_:beforeItem:): item i cannot be moved relative to itself"
      ),
      (
        SectionedError(.numberOfItems, .unknownSection("S")),
        "numberOfItems(inSection:): section S is not in the snapshot"
      ),
    ]
    for (error, description) in expected {
      #expect(error.description == prefix + description)
      #expect("\(error)" == prefix + description)
    }
  }

  @Test func theErrorTypeAliasIsTheSnapshotError() {
    let error = Sectioned.Error(.appendItems, .noSections)
    #expect(error == SectionedError(.appendItems, .noSections))
    #expect(error != SectionedError(.appendSections, .noSections))
    #expect(error.operation == .appendItems)
    #expect(error.reason == .noSections)
  }

  @Test func theThrownErrorsDescriptionNamesTheIdentifier() {
    var snapshot = makeFixtureSnapshot()
    do {
      try snapshot.tryMoveItem("nope", beforeItem: "a")
      Issue.record("nothing thrown")
    } catch {
      #expect(error.description.contains("moveItem(_:beforeItem:)"))
      #expect(error.description.contains("item nope"))
    }
  }
}

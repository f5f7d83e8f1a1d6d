// Shared pieces of the wire formats: coding keys and the error that points at bad data.

/// The coding key of an array element: its position.
struct IndexCodingKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ index: Int) {
    intValue = index
  }

  init?(intValue: Int) {
    self.intValue = intValue
  }

  init?(stringValue: String) {
    return nil
  }
}

/// The keys of the section snapshot's wire format.
enum SectionSnapshotCodingKeys: String, CodingKey {
  case items
  case levels
  case expanded
}

/// The keys of the sectioned snapshot's and the sectioned outline's wire formats.
enum SectionedCodingKeys: String, CodingKey {
  case sections
  case items
  case snapshots
}

/// A `DecodingError.dataCorrupted` at `path` below `container`, saying what is wrong.
func corruptedData(
  at container: [any CodingKey], _ path: [any CodingKey], _ description: String
) -> DecodingError {
  .dataCorrupted(.init(codingPath: container + path, debugDescription: description))
}

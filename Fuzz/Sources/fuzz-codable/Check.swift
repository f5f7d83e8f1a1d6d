// The property of the Codable target, for one type and its plain model.

import Foundation
import FuzzSupport
import Snapshot

/// A decodable value under test: equatable, encodable, with an invariant check.
protocol CheckedValue: Codable, Equatable {
  /// The first broken internal invariant, or nil.
  func _invariantViolation() -> String?
}

extension DiffableDataSourceSectionSnapshot: CheckedValue
where ItemIdentifierType: Codable {}
extension DiffableDataSourceSnapshot: CheckedValue
where SectionIdentifierType: Codable, ItemIdentifierType: Codable {}
extension SectionedOutline: CheckedValue
where SectionIdentifierType: Codable, ItemIdentifierType: Codable {}

/// Decodes `data` as `Value` and checks the outcome against the plain model's verdict.
func check<Value: CheckedValue, Plain: PlainModel>(
  _: Value.Type, _: Plain.Type, _ data: Data
) {
  let coders = Coders()
  let plain = try? coders.decoder.decode(Plain.self, from: data)
  let value: Value
  do {
    value = try coders.decoder.decode(Value.self, from: data)
  } catch {
    guard let plain else { return }  // not the wire format at all: any error will do
    let flaggedIDs = plain.flaggedIdentifiers
    guard plain.shapeProblem != nil || !flaggedIDs.isEmpty else {
      fuzzFail("a well-formed document without duplicates was refused: \(error)")
    }
    guard case DecodingError.dataCorrupted(let context) = error else {
      fuzzFail("refused with \(error), not dataCorrupted")
    }
    guard let named = plain.identifier(at: numericPath(context.codingPath)) else {
      // An error at a column, not an identifier: only a misshapen document has one.
      fuzzCheck(plain.shapeProblem != nil, "error at \(context.codingPath) names no identifier")
      return
    }
    let isFlagged = named != named || flaggedIDs.contains(named)
    fuzzCheck(isFlagged, "the error names \(named), which neither repeats nor is NaN: \(error)")
    // (An empty string is in every message, but Foundation's `contains` says no.)
    let shown = "\(named)"
    fuzzCheck(
      shown.isEmpty || context.debugDescription.contains(shown),
      "the message does not mention \(named): \(context.debugDescription)")
    return
  }
  guard let plain else { fuzzFail("decoded, but is not the wire format") }
  fuzzCheck(plain.shapeProblem == nil, "decoded a misshapen document: \(plain.shapeProblem!)")
  fuzzCheck(
    plain.flaggedIdentifiers.isEmpty, "decoded despite repeats \(plain.flaggedIdentifiers)")
  if let violation = value._invariantViolation() { fuzzFail("decoded value: \(violation)") }
  do {
    let encoded = try coders.encoder.encode(value)
    let again = try coders.decoder.decode(Value.self, from: encoded)
    fuzzCheck(again == value, "re-decoded value differs")
    fuzzCheck(try coders.encoder.encode(again) == encoded, "re-encoding gives other bytes")
    let plainAgain = try coders.decoder.decode(Plain.self, from: encoded)
    fuzzCheck(plainAgain == plain, "the encoding holds other columns than the input")
  } catch {
    fuzzFail("round trip failed: \(error)")
  }
}

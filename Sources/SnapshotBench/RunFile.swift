import Foundation

/// A run read back from a file `--json` or `--record` wrote, for `compare`.
struct RunFile {
  /// How the comparison names the run: the file's path, or "this run".
  var label: String
  var run: RunReport
  /// What is missing from the file, to print before the comparison.
  var warnings: [String] = []

  /// Why a file cannot be compared: one line naming the file.
  struct LoadError: Error, Equatable {
    var message: String
  }

  /// The run being made, compared without a round trip through JSON.
  init(current run: RunReport) {
    label = "this run"
    self.run = run
  }

  /// Reads and decodes the run in the file at `path`.
  static func load(_ path: String) throws(LoadError) -> RunFile {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw LoadError(message: "\(path): cannot read it: \(Self.reason(error))")
    }
    return try decode(data, label: path)
  }

  /// The start of every run file, read first so that a file of another kind or schema gets
  /// its own message rather than a missing key.
  private struct Header: Decodable {
    var tool: String?
    var schema: Int?
  }

  /// Decodes a run from `data`; `label` names it in messages and in the comparison.
  static func decode(_ data: Data, label: String) throws(LoadError) -> RunFile {
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data)
    } catch {
      throw LoadError(message: "\(label): " + describe(error, in: data))
    }
    guard header.tool == "snapshot-bench", let schema = header.schema else {
      throw LoadError(
        message: "\(label): not a snapshot-bench run (no \"tool\": \"snapshot-bench\" with a "
          + "\"schema\"; write one with snapshot-bench --json)")
    }
    guard (1...RunReport.currentSchema).contains(schema) else {
      throw LoadError(
        message: "\(label): schema \(schema); this snapshot-bench reads schemas 1 to "
          + "\(RunReport.currentSchema)")
    }
    var file: RunFile
    do {
      file = RunFile(label: label, run: try JSONDecoder().decode(RunReport.self, from: data))
    } catch {
      throw LoadError(message: "\(label): " + describe(error, in: data))
    }
    file.dropEmptySamples()
    let measurements = file.run.results.flatMap { result in
      [result.measurement] + result.baselines.compactMap(\.measurement)
    }
    let missing = measurements.count { $0.samples == nil }
    if missing == measurements.count && !measurements.isEmpty {
      file.warnings.append(
        "\(label) has no repeat times (schema \(schema)): only medians can be compared, "
          + "with no verdicts")
    } else if missing > 0 {
      file.warnings.append(
        "\(label): \(missing) of \(measurements.count) measurements have no repeat times: "
          + "only their medians can be compared")
    }
    return file
  }

  private init(label: String, run: RunReport) {
    self.label = label
    self.run = run
  }

  /// An empty list of repeat times says as little as none (and has no median).
  private mutating func dropEmptySamples() {
    for index in run.results.indices {
      if run.results[index].measurement.samples?.isEmpty == true {
        run.results[index].measurement.samples = nil
      }
      for baseline in run.results[index].baselines.indices
      where run.results[index].baselines[baseline].measurement?.samples?.isEmpty == true {
        run.results[index].baselines[baseline].measurement?.samples = nil
      }
    }
  }

  /// A decoding error of `data` in one line: the JSON syntax error with its line and column,
  /// or what is wrong at which coding path.
  static func describe(_ error: any Error, in data: Data) -> String {
    guard let decoding = error as? DecodingError else { return reason(error) }
    func path(_ context: DecodingError.Context) -> String {
      var text = ""
      for key in context.codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    switch decoding {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "not valid JSON: " + syntaxError(in: data) }
      return "\(path(context)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      let parent = context.codingPath.isEmpty ? "the top level" : path(context)
      return "\(parent): no \"\(key.stringValue)\" (not a snapshot-bench run?)"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return reason(error)
    }
  }

  /// What `JSONSerialization` says is wrong with `data`, its "around character N" turned
  /// into a line and column (JSONDecoder's own error says only that the JSON is not valid).
  static func syntaxError(in data: Data) -> String {
    guard !data.isEmpty else { return "the file is empty" }
    let message: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return "cannot parse it"
    } catch {
      message = reason(error).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    }
    let marker = " around character "
    guard let range = message.range(of: marker),
      let offset = Int(message[range.upperBound...].prefix { $0.isNumber })
    else { return message }
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column): " + message[..<range.lowerBound].lowercased()
  }

  /// The one-line description of a Foundation error.
  private static func reason(_ error: any Error) -> String {
    let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    return (text ?? error.localizedDescription).split(separator: "\n").joined(separator: " ")
  }
}

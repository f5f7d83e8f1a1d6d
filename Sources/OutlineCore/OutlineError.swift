/// What went wrong, in one line for the user ("outline: " is added in front).
public struct OutlineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message.
  public var description: String

  /// Wraps `description`.
  ///
  /// - Complexity: O(1).
  public init(_ description: String) { self.description = description }
}

/// A recording of the real-data suite that cannot be used, with the file and the reason.
public struct EvaluationDataError: Error, CustomStringConvertible {
  /// The file, as the suite names it.
  public var path: String
  /// What is wrong with it.
  public var reason: String

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}

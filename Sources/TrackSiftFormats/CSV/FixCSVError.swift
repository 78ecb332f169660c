/// Why a CSV file of fixes was refused, and where.
public struct FixCSVError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String
  /// The line of the error, from 1 (the header is line 1); 0 when the error has no place in
  /// the file (it could not be read at all).
  public var line: Int
  /// The header name of the field at fault, as the file spells it, when one field is at fault.
  public var field: String?

  /// Creates an error.
  public init(reason: String, line: Int, field: String? = nil) {
    self.reason = reason
    self.line = line
    self.field = field
  }

  /// `line 3, field "lat": not a number: "abc"`; parts without a value are left out.
  public var description: String {
    var location = line > 0 ? "line \(line)" : ""
    if let field { location += (location.isEmpty ? "" : ", ") + "field \"\(field)\"" }
    return location.isEmpty ? reason : "\(location): \(reason)"
  }
}

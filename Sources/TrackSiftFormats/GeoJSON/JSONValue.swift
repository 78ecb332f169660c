/// A JSON value (RFC 8259) as ``JSONParser`` reads it. Numbers are `Double`; an object keeps
/// the last of repeated names.
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The member `name` of an object; `nil` for a missing member or a value that is not an
  /// object.
  subscript(name: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[name]
  }

  /// The elements of an array, or `nil`.
  var array: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The string, or `nil`.
  var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// The number, or `nil`.
  var number: Double? {
    guard case .number(let value) = self else { return nil }
    return value
  }

  /// What kind of value this is, in words, for errors: `a string`, `an array`.
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

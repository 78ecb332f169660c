/// A file or store that cannot be used, with the reason.
struct InputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "\(path): \(reason)" }
}

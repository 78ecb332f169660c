/// A test's own failure, with a message.
struct TestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

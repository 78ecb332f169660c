/// Why a gpsd line was refused or a connection to gpsd failed, and where.
///
/// `context` names the place: the offending line (shortened to ``maximumContextLength``
/// characters) for a report that could not be read, or the endpoint (`127.0.0.1:2947`,
/// `[::1]:2947`) for a connection error.
public struct GPSDError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The most characters of a line that ``context`` keeps; longer lines end with `…`.
  public static let maximumContextLength = 120

  /// What is wrong, in words, such as `TPV field "lat" is not a number`.
  public var reason: String
  /// Where: the line or the endpoint; empty when the error has no place.
  public var context: String

  /// Creates an error.
  public init(reason: String, context: String = "") {
    self.reason = reason
    self.context = context
  }

  /// An error about `line`, which is shortened to ``maximumContextLength`` characters.
  init(reason: String, line: some StringProtocol) {
    var context = String(line.prefix(Self.maximumContextLength))
    if line.count > Self.maximumContextLength { context += "…" }
    self.init(reason: reason, context: context)
  }

  /// `reason [context]`, or the reason alone when the error has no context.
  public var description: String {
    context.isEmpty ? reason : "\(reason) [\(context)]"
  }
}

import Foundation

/// One line of gpsd's JSON protocol, decoded.
///
/// gpsd sends one JSON object per line, named by its `class`. The classes a track recorder
/// needs are decoded; any other (`PPS`, `TOFF`, `GST`, `ATT`, `AIS`, ...) is
/// ``other(className:)``. See gpsd's `gpsd_json(5)` for the protocol.
public enum GPSDReport: Sendable, Hashable {
  /// `VERSION`: sent first on every connection.
  case version(GPSDVersionReport)
  /// `DEVICES`: the receivers gpsd reads, sent after a `?WATCH`.
  case devices([GPSDDevice])
  /// `DEVICE`: a receiver was activated or deactivated.
  case device(GPSDDevice)
  /// `WATCH`: the watch policy in force.
  case watch(GPSDWatchReport)
  /// `TPV`: time, position and velocity.
  case tpv(GPSDTPVReport)
  /// `SKY`: satellites and dilutions of precision.
  case sky(GPSDSkyReport)
  /// `ERROR`: gpsd refused a command.
  case error(message: String)
  /// Any other class, by name.
  case other(className: String)

  /// Decodes one line of gpsd output (without or with its line ending).
  ///
  /// - Parameter line: one JSON object, such as `{"class":"TPV","mode":3,...}`.
  /// - Throws: ``GPSDError`` when the line is not a JSON object, has no `class`, or a known
  ///   class has a field of the wrong type (`"lat":"north"`) or a `time` that is not ISO 8601.
  ///   The error's context is the line.
  public init(parsing line: some StringProtocol) throws(GPSDError) {
    try self.init(parsing: Data(line.utf8))
  }

  /// Decodes one line of gpsd output from its UTF-8 bytes.
  /// - Throws: ``GPSDError``, as the initializer from a string does.
  public init(parsing bytes: Data) throws(GPSDError) {
    self = try GPSDReportDecoder.decode(bytes)
  }
}
